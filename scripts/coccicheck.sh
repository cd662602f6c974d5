#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The kernel's own coccicheck (MODE=report, every semantic patch of
# scripts/coccinelle) on each C file the series touches, in the base
# (build/base) and in the series ($TREE), then the reports compared
# without line numbers: a report the series adds fails.
#
# Each file is checked the way the kernel documents for one file
# (make C=2 CHECK=scripts/coccicheck MODE=report FILE.o, with the
# checker's absolute path, which an O= build needs), in gate 4's light
# configuration (build/cocci-base-out, build/cocci-out).  Headers are
# not checked on their own: most semantic patches run with
# --no-includes, so a header the series touches is seen only where a
# rule parses it for a C file.  Results: build/results/cocci.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v spatch >/dev/null || die "coccinelle (spatch) is missing: run 'make deps-cocci'"
BASE_TREE=$(realpath -m "$BUILD/base")
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
		if [ -f "$tree/$f" ]; then
			objs+=("${f%.c}.o")
		fi
	done
	if [ ${#objs[@]} = 0 ]; then
		: >"$res/$side.txt"
		info "cocci: $side: none of the files exists"
		return 0
	fi
	t=$(date +%s)
	# C=2 checks every file that make compiles: prepare first, without it
	make -C "$tree" O="$out" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" \
		prepare >"$res/$side-prepare.log" 2>&1 ||
		die "make prepare for the $side failed, see $res/$side-prepare.log"
	info "cocci: $side: $(ls "$tree"/scripts/coccinelle/*/*.cocci | wc -l) semantic patches on ${#objs[@]} files"
	make -C "$tree" O="$out" CC="ccache gcc" HOSTCC="ccache gcc" -j"$(($(nproc) + 1))" \
		C=2 CHECK="$tree/scripts/coccicheck" MODE=report "${objs[@]}" >"$res/$side.log" 2>&1 ||
		die "coccicheck of the $side failed, see $res/$side.log"
	# make skips the checker silently when it cannot run it.
	! grep -q 'not available or not up to date' "$res/$side.log" ||
		die "make did not run scripts/coccicheck for the $side, see $res/$side.log"
	[ "$(grep -c '^  CHECK ' "$res/$side.log")" -ge ${#objs[@]} ] ||
		die "coccicheck ran on fewer files than the ${#objs[@]} asked for, see $res/$side.log"
	# "path/file.c:LINE:COL-COL: message" with the tree's path and the
	# positions taken off, also those some rules put in the message
	# ("on line 123", "lines 12-34").
	sed -n -E "s|^($tree/)?([^ :]+\\.[ch]):[0-9]+:[0-9]+-[0-9]+: |\\2: |p" "$res/$side.log" |
		sed -E 's/\b(lines?) [0-9]+(-[0-9]+)?/\1 N/g' | sort >"$res/$side.txt"
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
