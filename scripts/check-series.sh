#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series gates that need no build, on patches/ as committed:
#   1. each series of the stack applies with "git am" to a fresh base tree
#      plus the series before it (build/check);
#   2. the mirror equals the post-series files byte for byte, and holds
#      nothing else;
#   3. scripts/checkpatch.pl --strict on every patch: no ERROR or WARNING,
#      and every CHECK justified in .checkpatch-checks (and a MISSING_FIXES_TAG
#      warning, for a fix sent to stable whose introducing commit cannot be
#      named); every subject (cover letters too) at most 75 characters,
#      "[PATCH n/N]" aside; a cover letter in every series, with no
#      placeholder left in it (lib.sh: cover_placeholder);
#      every fix of the "fixes" series (all but its selftests) with a
#      Fixes: tag, or a message that says why it has none ("No Fixes: tag").
#
# Then the same gates for the series on another base (patches/series:
# "stable-6.12 BASE-6.12"), run by this script with BASE_FILE=BASE-6.12:
# gate 1 on that base (build/check-6.12), no mirror, checkpatch.pl of
# that tree; every subject begins with "[$SUBJECT_PREFIX" (BASE-6.12);
# every patch but the selftests has a Fixes: tag, and the first paragraph
# of its message names what it backports: "commit <40-hex> upstream." or
# the 7.3 patch, by its subject in double quotes or its patches/ path; or
# it starts "This is a fix for 6.12.y only" (the bug is not upstream).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
stack_base=1
[ "$BASE_FILE" = BASE ] || stack_base=0
check=$BUILD/check
[ $stack_base = 1 ] || check=$BUILD/check-${BASE_FILE#BASE-}
fail=0

# 1. git am onto a fresh base.
if [ $stack_base = 0 ]; then
	info "gates 1-3 of the series on $BASE_FILE ($BASE_PACKAGE $BASE_VERSION)"
	"$TOP/scripts/fetch-base.sh"
fi
info "gate 1: git am of each series in patches/series onto a fresh base tree ($check)"
check_stack
STACK='' FORCE=1 "$TOP/scripts/mktree.sh" "$check"

# 2. The mirror.
[ $stack_base = 1 ] && info "gate 2: the mirror equals the post-series files"
touched=$(git -C "$check" diff --name-only --no-renames base HEAD)
# No mirror for the series of another base.
[ $stack_base = 1 ] || touched=
n=0
for f in $touched; do
	git -C "$check" cat-file -e "HEAD:$f" 2>/dev/null || continue
	n=$((n + 1))
	if [ ! -f "$TOP/$f" ]; then
		echo "  mirror: $f is missing" >&2
		fail=1
	elif ! git -C "$check" show "HEAD:$f" | cmp -s - "$TOP/$f"; then
		echo "  mirror: $f differs from the series (hand-edited? edit the work tree and 'make export')" >&2
		fail=1
	fi
done
while read -r f; do
	[ -n "$f" ] || continue
	echo "  mirror: $f is not touched by the series (remove it, or 'make export')" >&2
	fail=1
done < <([ $stack_base = 0 ] || stray_mirror_files "$touched")
[ $fail = 0 ] && [ $stack_base = 1 ] && info "gate 2: $n mirror files match"

# 3. checkpatch, subjects, cover letters, Fixes: tags.
info "gate 3: checkpatch.pl --strict on every patch; subjects, cover letters, Fixes: tags"
just=$TOP/.checkpatch-checks
np=0

for s in $(STACK='' stack_names); do
	cover=$TOP/patches/$s/0000-cover-letter.patch
	if [ ! -f "$cover" ]; then
		echo "  cover: patches/$s has no 0000-cover-letter.patch" >&2
		fail=1
	elif ph=$(cover_placeholder "$cover"); then
		echo "  cover: patches/$s/0000-cover-letter.patch still says \"$ph\": write its subject and text" >&2
		fail=1
	fi
	# Every patch of the folder is in its series file.
	for f in "$TOP/patches/$s"/[0-9]*.patch; do
		[ -f "$f" ] || continue
		f=$(basename "$f")
		[ "$f" = 0000-cover-letter.patch ] && continue
		grep -qxF "$f" "$TOP/patches/$s/series" ||
			{ echo "  series: patches/$s/$f is not in patches/$s/series" >&2; fail=1; }
	done
	for p in "$cover" $(series_patches "$s"); do
		[ -f "$p" ] || continue
		# The summary, as "git log --oneline" shows it: no "[PATCH n/N]".
		if [ $stack_base = 0 ] && [[ $(mail_subject "$p") != "[${SUBJECT_PREFIX:-PATCH}"* ]]; then
			echo "  subject: $s/$(basename "$p"): does not begin with \"[${SUBJECT_PREFIX:-PATCH}\" (make export-stable writes it): $(mail_subject "$p")" >&2
			fail=1
		fi
		subj=$(mail_subject "$p" | sed -E 's/^\[[^]]*\] *//')
		if [ ${#subj} -gt 75 ]; then
			echo "  subject: $s/$(basename "$p"): ${#subj} characters, at most 75 (without [PATCH n/N]): $subj" >&2
			fail=1
		fi
	done
done

# A backport: a Fixes: tag, and the first paragraph of its message names
# the 7.3 patch it backports or the upstream commit.
first_body_para()
{
	awk 'body == 2 && !NF { exit } body == 2 { printf "%s%s", sep, $0; sep = " " }
	     body == 1 && NF { body = 2; printf "%s", $0; sep = " " }
	     body == 0 && /^$/ { body = 1 }
	     END { print "" }' "$1"
}
if [ $stack_base = 0 ]; then
	stack73=$(BASE_FILE=BASE STACK='' stack_patches)
	subjects73=$(while read -r p; do
		mail_subject "$p" | sed -E 's/^\[[^]]*\] *//'
	done <<<"$stack73")
	while read -r p; do
		name=$(basename "$(dirname "$p")")/$(basename "$p")
		case $(mail_subject "$p") in *"] selftests/"*) continue ;; esac
		if ! grep -q '^Fixes: [0-9a-f]\{12,\} ("' "$p"; then
			echo "  stable: $name: no Fixes: tag (a backport carries the one of the commit it backports)" >&2
			fail=1
		fi
		first=$(first_body_para "$p")
		quoted=$(sed -n -E 's/.*"(.+)".*/\1/p' <<<"$first")
		path=$(grep -o -E 'patches/[^ /]+/[0-9]{4}-[^ ]+\.patch' <<<"$first" || true)
		if grep -qE '^(commit [0-9a-f]{40} upstream\.|\[ Upstream commit [0-9a-f]{40} \])$' <<<"$first"; then
			:
		elif grep -qE '^This is a fix for [0-9]+\.[0-9]+\.y only' <<<"$first"; then
			:
		elif [ -n "$quoted" ] && grep -qxF -- "$quoted" <<<"$subjects73"; then
			:
		elif [ -n "$path" ] && grep -qxF "$TOP/$path" <<<"$stack73"; then
			:
		else
			echo "  stable: $name: the first paragraph of the message must name what it backports:" >&2
			echo "    \"commit <40-hex> upstream.\", or the 7.3 patch: its subject in double quotes or its patches/SERIES/NNNN-....patch path;" >&2
			echo "    or start \"This is a fix for ${BASE_FILE#BASE-}.y only\"; it is: $first" >&2
			fail=1
		fi
	done < <(STACK='' stack_patches)
fi

# The fixes: a Fixes: tag, or the reason for none.
if [ $stack_base = 1 ] && STACK='' stack_names | grep -qx fixes; then
	while read -r p; do
		subj=$(mail_subject "$p")
		case $subj in *"] selftests/"*) continue ;; esac
		if ! grep -q '^Fixes: [0-9a-f]\{12,\} ("' "$p" && ! grep -qi 'No Fixes: tag' "$p"; then
			echo "  fixes: $(basename "$p"): no Fixes: tag, and the message does not say why (\"No Fixes: tag: ...\")" >&2
			fail=1
		fi
	done < <(series_patches fixes)
fi

while read -r p; do
	np=$((np + 1))
	# The patch as named in .checkpatch-checks: SERIES/FILE.
	name=$(basename "$(dirname "$p")")/$(basename "$p")
	# Debian's python3 first: spdxcheck.py needs its python3-ply and
	# python3-git.  UNKNOWN_COMMIT_ID is ignored because the base is
	# imported from a tarball without upstream history, where no Fixes:
	# commit can be found (checkpatch still checks the form of the tag).
	out=$(cd "$check" && PATH=/usr/bin:$PATH ./scripts/checkpatch.pl --strict --terse --show-types \
		--no-summary --ignore UNKNOWN_COMMIT_ID "$p" 2>&1) || true
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		case $line in
		*": WARNING:FILE_PATH_CHANGES:"*)
			# "does MAINTAINERS need updating?": not when every file the
			# patch adds already has a maintainer.
			for f in $(git -C "$check" apply --numstat --summary "$p" 2>/dev/null |
				   sed -n 's/^ create mode [0-9]* //p'); do
				if ! (cd "$check" && ./scripts/get_maintainer.pl --nogit --nogit-fallback \
				      --nol --norolestats -f "$f" 2>/dev/null) | grep -q '@'; then
					echo "  checkpatch: $name: $f has no maintainer: add it to MAINTAINERS" >&2
					fail=1
				fi
			done
			;;
		*": ERROR:GIT_COMMIT_ID:"*)
			# A backport's "commit <40-hex> upstream." line, the form
			# the stable trees use, is not a commit description.
			ln=$(sed -nE 's/^[^:]*:([0-9]+): .*/\1/p' <<<"$line")
			if [ $stack_base = 1 ] || [ -z "$ln" ] ||
			   ! sed -n "${ln}p" "$p" | grep -qE '^commit [0-9a-f]{40} upstream\.$'; then
				echo "  checkpatch: $name: $line" >&2
				fail=1
			fi
			;;
		*": CHECK:"* | *": WARNING:MISSING_FIXES_TAG:"*)
			# A CHECK, or a fix for stable whose introducing commit
			# cannot be named: each justified in .checkpatch-checks.
			type=$(sed -nE 's/.*: (CHECK|WARNING):([A-Z_0-9]*):.*/\2/p' <<<"$line")
			if ! grep -qE "^${name}[[:space:]]+${type}[[:space:]]+[^[:space:]]" "$just" 2>/dev/null; then
				echo "  checkpatch: $name: $line" >&2
				echo "    (fix it, or justify it in .checkpatch-checks as \"$name $type reason\")" >&2
				fail=1
			fi
			;;
		*)
			echo "  checkpatch: $name: $line" >&2
			fail=1
			;;
		esac
	done <<<"$out"
done < <(STACK='' stack_patches)
if [ $stack_base = 0 ]; then
	[ $fail = 0 ] || die "series gates on $BASE_FILE failed (above)"
	info "gates 1-3 on $BASE_FILE: $np patches in $(STACK='' stack_names | grep -c .) series apply, checkpatch is clean, subjects, Fixes: tags and backport lines are in order ($(elapsed "$start"))"
	exit 0
fi
# The series of the other bases (patches/series: "NAME BASE-...").
for b in $(other_bases); do
	BASE_FILE=$b "$0" || fail=1
done
[ $fail = 0 ] || die "series gates failed (above)"
info "gates 1-3: $np patches in $(STACK='' stack_names | grep -c .) series apply, the mirror matches, checkpatch is clean, subjects and Fixes: tags are in order"
