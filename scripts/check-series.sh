#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series gates that need no build, on patches/ as committed:
#   1. the series applies with "git am" to a fresh base tree (build/check);
#   2. the mirror equals the post-series files byte for byte, and holds
#      nothing else;
#   3. scripts/checkpatch.pl --strict on every patch: no ERROR or WARNING,
#      and every CHECK justified in .checkpatch-checks.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

check=$BUILD/check
fail=0

# 1. git am onto a fresh base.
info "gate 1: git am of patches/series onto a fresh base tree ($check)"
FORCE=1 "$TOP/scripts/mktree.sh" "$check"

# 2. The mirror.
info "gate 2: the mirror equals the post-series files"
touched=$(git -C "$check" diff --name-only --no-renames base HEAD)
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
for r in $(mirror_roots); do
	[ -d "$TOP/$r" ] || continue
	while read -r f; do
		f=${f#"$TOP"/}
		grep -qxF "$f" <<<"$touched" && continue
		echo "  mirror: $f is not touched by the series (remove it, or 'make export')" >&2
		fail=1
	done < <(find "$TOP/$r" -type f)
done
[ $fail = 0 ] && info "gate 2: $n mirror files match"

# 3. checkpatch.
info "gate 3: checkpatch.pl --strict on every patch"
just=$TOP/.checkpatch-checks
np=0
while read -r p; do
	np=$((np + 1))
	name=$(basename "$p")
	out=$(cd "$check" && ./scripts/checkpatch.pl --strict --terse --show-types --no-summary "$p" 2>&1) || true
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		case $line in
		*": CHECK:"*)
			type=$(sed -n 's/.*: CHECK:\([A-Z_0-9]*\):.*/\1/p' <<<"$line")
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
done < <(series_patches)
[ $fail = 0 ] || die "series gates failed (above)"
info "gates 1-3: $np patches apply, the mirror matches, checkpatch is clean"
