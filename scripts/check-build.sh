#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series gates that build, in the work tree (which must equal patches/):
#   4. every patch builds on its own: each commit since base is checked out
#      and rebuilt incrementally in order (bzImage and modules);
#   5. sparse (C=2) and W=1 on the directories the series touches, and
#      kernel-doc on the files it touches, report nothing new compared with
#      base (messages compared without line numbers).
# Ends with the work tree back on its branch.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -f "$OUT/.config" ] || die "no $OUT/.config: run 'make config' first"
branch=$(git -C "$TREE" symbolic-ref -q --short HEAD) || die "$TREE is not on a branch"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] || die "$TREE has uncommitted changes"
commits=$(git -C "$TREE" rev-list --reverse base..HEAD)
res=$BUILD/results/gates
mkdir -p "$res"
trap 'git -C "$TREE" checkout -q "$branch"' EXIT

kmake()
{
	make -C "$TREE" O="$OUT" CC="ccache gcc" HOSTCC="ccache gcc" -j$(($(nproc) + 1)) "$@"
}

fail=0
i=0
total=$(grep -c . <<<"$commits" || true)
for c in $commits; do
	i=$((i + 1))
	subj=$(git -C "$TREE" log -1 --format=%s "$c")
	info "gate 4: building patch $i/$total: $subj"
	git -C "$TREE" checkout -q "$c"
	if ! kmake bzImage modules >"$res/build-$i.log" 2>&1; then
		grep -E ': error:|: undefined reference' "$res/build-$i.log" | head -20 >&2
		echo "  build: patch $i/$total ($subj) does not build on its own, see $res/build-$i.log" >&2
		fail=1
		break
	fi
done
[ $fail = 0 ] || die "gate 4 failed (above)"

# 5. sparse, W=1 and kernel-doc, base against the series.
files=$(git -C "$TREE" diff --name-only --diff-filter=AM base "$branch" -- '*.c' '*.h')
dirs=$(for f in $(grep '\.c$' <<<"$files" || true); do dirname "$f"; done | sort -u)
if [ -z "$files" ]; then
	info "gate 5: the series touches no C file"
	exit 0
fi

# lint REV: sparse and W=1 messages for $dirs, kernel-doc for $files,
# without line and column numbers ("file:12:3:" and kernel-doc's
# "Warning: file:12 "), so that code moved by the series compares equal.
lint()
{
	local d f

	git -C "$TREE" checkout -q "$1"
	{
	for d in $dirs; do
		# C=2: sparse on every file of the directory; W=1 rebuilds
		# the objects whose flags it changes.
		kmake C=2 W=1 "$d/" 2>&1 >/dev/null | grep -E 'warning:|error:' |
			grep -v 'specified, but sparse is not available' || true
	done
	for f in $files; do
		[ -f "$TREE/$f" ] && (cd "$TREE" && ./scripts/kernel-doc -none -Wall "$f" 2>&1) || true
	done
	} | sed -E 's/:[0-9]+(:[0-9]+)?:/:/; s/^(Warning: [^ :]+):[0-9]+ /\1: /' |
		sed -E 's|'"$TREE"'/||; s|'"$OUT"'/||; s|^\.\./[^/]*/||' | sort -u
}

# The kernel turns C=2 into nothing, with a make warning, when the sparse
# found cannot parse what the kernel needs (Linux 7.3 needs
# __typeof_unqual__, which Debian 12's sparse 0.6.4 lacks): say so loudly.
if [ "$("$TREE/scripts/checker-valid.sh" sparse -m64 2>/dev/null)" != 1 ]; then
	warn "gate 5: the installed sparse ($(sparse --version 2>/dev/null || echo none)) is too old for this kernel: sparse is NOT run; W=1 and kernel-doc are"
fi
info "gate 5: sparse, W=1 and kernel-doc on $(echo $dirs) (base, then the series)"
lint base >"$res/lint-base.txt"
lint "$branch" >"$res/lint-series.txt"
new=$(comm -13 "$res/lint-base.txt" "$res/lint-series.txt")
if [ -n "$new" ]; then
	printf '  new: %s\n' "$new" >&2
	die "gate 5: the series adds the warnings above (whole lists in $res/lint-*.txt)"
fi
info "gate 5: nothing new ($(wc -l <"$res/lint-series.txt") messages on base and series alike)"
# Leave the objects built for the series (W=1 rebuilt some).
git -C "$TREE" checkout -q "$branch"
kmake bzImage modules >"$res/build-final.log" 2>&1 || die "rebuilding the series failed, see $res/build-final.log"
