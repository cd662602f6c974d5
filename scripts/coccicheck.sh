#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own coccicheck (MODE=report, every semantic patch of
# scripts/coccinelle) on each C file the series touches, in the base
# (build/base) and in the series ($TREE), then the reports compared
# without line numbers: a report the series adds fails.
#
# Each file is checked the way the kernel documents for one file
# (make C=2 CHECK=scripts/coccicheck MODE=report FILE.o), in gate 4's
# light configuration (build/cocci-base-out, build/cocci-out).  Headers
# are checked as the C files include them.  Results: build/results/cocci.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v spatch >/dev/null || die "coccinelle (spatch) is missing: run 'make deps-cocci'"
BASE_TREE=$BUILD/base
res=$BUILD/results/cocci
mkdir -p "$res"
start=$(date +%s)

[ -d "$BASE_TREE/.git" ] ||
	TREE=$BASE_TREE OUT=$BUILD/base-out BASE_ONLY=1 "$TOP/scripts/mktree.sh" "$BASE_TREE"
[ "$(git -C "$BASE_TREE" rev-parse HEAD)" = "$(git -C "$BASE_TREE" rev-parse base)" ] ||
	die "$BASE_TREE is not at base: remove it and run again"

files=$(git -C "$TREE" diff --name-only base HEAD -- '*.c')
[ -n "$files" ] || die "the series in $TREE touches no C file"

# check SIDE TREE OUT: the reports of SIDE, "FILE: MESSAGE" a line, sorted.
check()
{
	local side=$1 tree=$2 out=$3 objs=() f t

	TREE=$tree OUT=$out DEBIAN=0 GUEST_CONFIG="$TOP/configs/gate.config" \
		EXTRA_CONFIGS="$TOP/configs/gate.config" "$TOP/scripts/config.sh"
	for f in $files; do
		[ -f "$tree/$f" ] && objs+=("${f%.c}.o")
	done
	t=$(date +%s)
	info "cocci: $side: $(ls "$tree"/scripts/coccinelle/*/*.cocci | wc -l) semantic patches on ${#objs[@]} files"
	make -C "$tree" O="$out" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" \
		C=2 CHECK=scripts/coccicheck MODE=report "${objs[@]}" >"$res/$side.log" 2>&1 ||
		die "coccicheck of the $side failed, see $res/$side.log"
	# "path/file.c:LINE:COL-COL: message" with the tree's path and the
	# positions taken off.
	sed -n -E "s|^($tree/)?([^ :]+\\.[ch]):[0-9]+:[0-9]+-[0-9]+: |\\2: |p" "$res/$side.log" |
		sed "s|^$(realpath --relative-to="$out" "$tree")/||" | sort >"$res/$side.txt"
	info "cocci: $side: $(grep -c . "$res/$side.txt" || true) reports in $(elapsed "$t")"
}

check base "$BASE_TREE" "$BUILD/cocci-base-out"
check series "$TREE" "$BUILD/cocci-out"

comm -13 "$res/base.txt" "$res/series.txt" >"$res/new.txt"
if [ -s "$res/new.txt" ]; then
	sed 's/^/  /' "$res/new.txt" >&2
	die "coccicheck: the series adds $(grep -c . "$res/new.txt") reports (above; the whole output in $res/series.log)"
fi
info "cocci: nothing new: base $(grep -c . "$res/base.txt" || true) reports, series $(grep -c . "$res/series.txt" || true), on $(echo $files | wc -w) files, in $(elapsed "$start")"
