#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Export the work tree's commits since base into the project:
#   patches/  per series of patches/series, from the work tree's branch of
#             that name: its folder with the cover letter (subject and text
#             kept from the folder's 0000-cover-letter.patch, the rest made
#             anew), one numbered "git format-patch" file per commit and
#             "series";
#   mirror    the post-series copy of every file the series touches, at its
#             in-tree path; mirror files the series no longer touches go.
# Deterministic: no hashes or dates that change from run to run.
#
# With BASE_FILE=BASE-6.12 (make export-stable), the series on that base
# (patches/series: "stable-6.12 BASE-6.12") from its own work tree
# (TREE=build/stable-6.12-work): subjects "[PATCH 6.12.y ...]"
# ($SUBJECT_PREFIX of the base file), no mirror, no .b4-config, and the
# other folders of patches/ left alone.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -e "$TREE/.git" ] || die "no work tree in $TREE: run 'make tree' first"
git -C "$TREE" symbolic-ref -q HEAD >/dev/null ||
	die "$TREE is not on a branch (a rebase, or 'make check' building each patch?): finish that first"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes: commit them (git commit --fixup=...) first"

stack_base=1
[ "$BASE_FILE" = BASE ] || stack_base=0
prefix=()
[ -z "${SUBJECT_PREFIX:-}" ] || prefix=(--subject-prefix="$SUBJECT_PREFIX")

# The mirror must not write the project's own files.
touched=$(git -C "$TREE" diff --name-only --no-renames base HEAD)
[ $stack_base = 1 ] || touched=
for f in $touched; do
	case " $PROJECT_PATHS " in
	*" ${f%%/*} "*) die "the series touches $f, which would overwrite the project's ${f%%/*}" ;;
	esac
done

# The stack: one branch per series (patches/series), each on the one before
# it, the last one checked out.
names=$(STACK='' stack_names)
if [ -z "$names" ] && [ $stack_base = 0 ]; then
	die "patches/series names no series on $BASE_FILE: add a line \"$(basename "$TREE" | sed 's/-work$//') $BASE_FILE\" to it"
fi
[ -n "$names" ] || die "patches/series names no series: write the series' names there, one a line, in order"
last=$(tail -n 1 <<<"$names")
[ "$(git -C "$TREE" symbolic-ref -q --short HEAD)" = "$last" ] ||
	die "$TREE is on branch $(git -C "$TREE" symbolic-ref -q --short HEAD), not on $last, the last series of patches/series"
prev=base
for s in $names; do
	git -C "$TREE" rev-parse -q --verify "refs/heads/$s" >/dev/null ||
		die "$TREE has no branch $s (patches/series names it): create it at the last patch of the series"
	git -C "$TREE" merge-base --is-ancestor "$prev" "$s" ||
		die "branch $s does not contain $prev: the series branches must be stacked in the order of patches/series"
	[ "$(git -C "$TREE" rev-list --count "$prev..$s")" -gt 0 ] ||
		die "series $s has no patch (branch $s is where $prev is)"
	prev=$s
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prev=base
total=0
for s in $names; do
	cover=$TOP/patches/$s/0000-cover-letter.patch
	[ -f "$cover" ] || die "patches/$s/0000-cover-letter.patch is missing: write it as a 'Subject: ' line, an empty line and the cover letter's text"
	subject=$(mail_subject "$cover" | sed -E 's/^\[[^]]*\] *//')
	[ -n "$subject" ] || die "patches/$s/0000-cover-letter.patch has no Subject: line"
	ph=$(cover_placeholder "$cover") &&
		die "patches/$s/0000-cover-letter.patch still says \"$ph\": write its subject and text first"
	cover_blurb "$cover" >"$tmp/$s.blurb"
	[ -s "$tmp/$s.blurb" ] || die "patches/$s/0000-cover-letter.patch has no text after its headers"
	mkdir -p "$tmp/$s"
	# base-commit: the base; prerequisite-patch-id: the series before.
	git -C "$TREE" format-patch -q --zero-commit --no-signature --cover-letter ${prefix[@]+"${prefix[@]}"} \
		--base="$(git -C "$TREE" rev-parse base)" -o "$tmp/$s" "$prev..$s"
	# The cover letter: subject and text kept from the last export, dated
	# like the newest patch of the series rather than now.
	date=$(git -C "$TREE" log -1 --format='%aD' "$s")
	awk -v subject="$subject" -v date="$date" -v blurb="$tmp/$s.blurb" '
		/^Date: / && !dated { print "Date: " date; dated = 1; next }
		{ sub(/\*\*\* SUBJECT HERE \*\*\*/, subject) }
		/^\*\*\* BLURB HERE \*\*\*$/ {
			while ((getline line < blurb) > 0)
				print line
			next
		}
		{ print }' "$tmp/$s/0000-cover-letter.patch" >"$tmp/$s/cover" &&
		mv "$tmp/$s/cover" "$tmp/$s/0000-cover-letter.patch"
	{
		echo "# The $s series, in the order \"git am\" applies it (quilt format)."
		(cd "$tmp/$s" && ls [0-9][0-9][0-9][0-9]-*.patch | grep -v '^0000-cover-letter.patch$')
	} >"$tmp/$s/series"
	total=$((total + $(grep -c '^[0-9]' "$tmp/$s/series")))
	prev=$s
done

# Write patches/: each series' folder anew; folders and patches of series
# no longer in patches/series go (those of the stack only: not the
# series of another base, named in patches/series by a "NAME BASE-..."
# line or, "stable-X", with a pin BASE-X).
if [ $stack_base = 0 ]; then
	for s in $names; do
		rm -rf "${TOP:?}/patches/$s"
		cp -r "$tmp/$s" "$TOP/patches/$s"
	done
	info "export: $total patches in patches/$(echo $names) (on $BASE_FILE: no mirror)"
	exit 0
fi
rm -f "$TOP"/patches/*.patch
for d in "$TOP"/patches/*/; do
	[ -d "$d" ] || continue
	d=$(basename "$d")
	grep -qxF "$d" <<<"$names" && continue
	sed -e 's/#.*//' "$TOP/patches/series" | awk 'NF > 1 { print $1 }' | grep -qxF "$d" && continue
	case $d in stable-*) [ -f "$TOP/BASE-${d#stable-}" ] && continue ;; esac
	info "export: removing patches/$d (not in patches/series)"
	rm -rf "${TOP:?}/patches/$d"
done
for s in $names; do
	rm -rf "${TOP:?}/patches/$s"
	cp -r "$tmp/$s" "$TOP/patches/$s"
done

# The mirror.
for f in $touched; do
	mode=$(git -C "$TREE" ls-tree HEAD -- "$f" | awk '{print $1}')
	[ -n "$mode" ] || continue	# deleted by the series
	mkdir -p "$TOP/$(dirname "$f")"
	git -C "$TREE" show "HEAD:$f" >"$TOP/$f"
	[ "$mode" = 100755 ] && chmod 755 "$TOP/$f" || chmod 644 "$TOP/$f"
done
stale=0
while read -r f; do
	[ -n "$f" ] || continue
	rm -f "$TOP/$f"
	stale=$((stale + 1))
done < <(stray_mirror_files "$touched")
for r in $(mirror_roots); do
	[ -d "$TOP/$r" ] && find "$TOP/$r" -depth -type d -empty -delete
done
info "export: $total patches in $(grep -c . <<<"$names") series in patches/ ($(echo $names)), $(grep -c . <<<"$touched") files in the mirror ($stale stale ones removed)"

# .b4-config: the maintainers (To) and lists (Cc) that every series goes
# to, those of the tracing files (kernel/trace/) the stack touches.  The
# rest (x86, documentation, kselftest) depends on the series: "b4 prep
# --auto-to-cc" adds it per series from the files each one touches.
core=$(grep '^kernel/trace/' <<<"$touched" || true)
if [ -n "$core" ]; then
	gm()
	{
		(cd "$TREE" && ./scripts/get_maintainer.pl --nogit --nogit-fallback \
			--nogit-chief-penguins --norolestats -f "$@" $core) | paste -sd, | sed 's/,/, /g'
	}
	to=$(gm --nol)
	cc=$(gm --nom)
	{
		echo "# Generated by 'make export' from scripts/get_maintainer.pl for the"
		echo "# tracing files the stack touches; b4 adds each series' own"
		echo "# maintainers and lists ('make send-dry-run')."
		echo "[b4]"
		echo "	send-series-to = $to"
		echo "	send-series-cc = $cc"
	} >"$TOP/.b4-config"
fi
