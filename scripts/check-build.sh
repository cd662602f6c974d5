#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series gates that build, on the tree gate 1 made from patches/
# (build/check, on the last series' branch), in their own output directory
# (build/gate-out) and configuration: the test configuration less debug
# information and BTF and without the guest's drivers (configs/gate.config in
# place of configs/guest.config), which compiles and links in a
# fraction of the time.  The full configuration is built once, for
# ftracetest, by scripts/build.sh.
#   4. every patch of every series builds on its own: each commit since
#      base is checked out and rebuilt incrementally in order (bzImage and
#      modules; a patch of documentation and selftests only needs none);
#   5. sparse (C=2, the one scripts/sparse.sh gives) and W=1 on the C
#      files the series touches, and kernel-doc on the C files and headers
#      it touches, report nothing new compared with base (messages
#      compared without line numbers).
# Ends with the tree back on its branch.
#
# Environment: GATE_TREE (default build/check), GATE_OUT (default
# build/gate-out), GATE_JOBS (make -j, default nproc + 1).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

TREE=$(realpath -m "${GATE_TREE:-$BUILD/check}")
OUT=$(realpath -m "${GATE_OUT:-$BUILD/gate-out}")
[ -e "$TREE/.git" ] || die "no tree in $TREE: run 'make check-series' (gate 1 makes it) first"
branch=$(git -C "$TREE" symbolic-ref -q --short HEAD) || die "$TREE is not on a branch"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] || die "$TREE has uncommitted changes"
commits=$(git -C "$TREE" rev-list --reverse base..HEAD)
res=$BUILD/results/gates
mkdir -p "$res"
trap 'git -C "$TREE" checkout -q "$branch"' EXIT

# gate.config first in place of guest.config, and last, so that its "no
# debug information" wins over the selftests' config.  Not Debian's
# values (DEBIAN=0): its mitigations and BPF would double the time of
# every rebuild; the full configuration of ftracetest has them.
TREE=$TREE OUT=$OUT DEBIAN=0 GUEST_CONFIG="$TOP/configs/gate.config" \
	EXTRA_CONFIGS="$TOP/configs/gate.config" "$TOP/scripts/config.sh"

jobs=${GATE_JOBS:-$(($(nproc) + 1))}
kmake()
{
	make -C "$TREE" O="$OUT" CC="ccache gcc" HOSTCC="ccache gcc" -j"$jobs" "$@"
}

# The series each commit belongs to, for the messages: the first series
# branch, in stack order, that holds it.
declare -A series_of
for c in $commits; do
	for s in $(STACK='' stack_names); do
		if git -C "$TREE" merge-base --is-ancestor "$c" "$s" 2>/dev/null; then
			series_of[$c]=$s
			break
		fi
	done
done

start=$(date +%s)
fail=0
i=0
total=$(grep -c . <<<"$commits" || true)
for c in $commits; do
	i=$((i + 1))
	subj=$(git -C "$TREE" log -1 --format=%s "$c")
	# A patch of documentation and selftests only leaves the kernel as the
	# patch before it built it.
	if [ -z "$(git -C "$TREE" diff --name-only "$c^" "$c" -- . ':!Documentation' ':!tools/testing')" ]; then
		info "gate 4: patch $i/$total (${series_of[$c]:-?}): $subj: documentation and selftests only, nothing to build"
		continue
	fi
	info "gate 4: building patch $i/$total (${series_of[$c]:-?}): $subj"
	git -C "$TREE" checkout -q "$c"
	if ! kmake bzImage modules >"$res/build-$i.log" 2>&1; then
		grep -E ': error:|: undefined reference' "$res/build-$i.log" | head -20 >&2
		echo "  build: patch $i/$total (${series_of[$c]:-?}: $subj) does not build on its own, see $res/build-$i.log" >&2
		fail=1
		break
	fi
done
[ $fail = 0 ] || die "gate 4 failed (above)"
info "gate 4: $total patches built one by one in $(elapsed "$start") ($OUT, configs/gate.config)"

# 5. sparse, W=1 and kernel-doc, base against the series.
files=$(git -C "$TREE" diff --name-only --diff-filter=AM base "$branch" -- '*.c' '*.h')
if [ -z "$files" ]; then
	info "gate 5: the series touches no C file"
	exit 0
fi

# lint REV: sparse and W=1 messages for the objects of the touched C files
# that the configuration builds, kernel-doc for the touched files, without
# line and column numbers ("file:12:3:" and kernel-doc's "Warning: file:12
# "), so that code moved by the series compares equal, and without the
# length in sparse's "trying to concatenate N-character string" (the
# tracefs README of trace.c is over sparse's 8191 bytes on base already:
# a line added to it is the same warning).
lint()
{
	local f objs=()

	git -C "$TREE" checkout -q "$1"
	for f in $(grep '\.c$' <<<"$files" || true); do
		# Built in this configuration: kbuild left its .cmd file.
		[ -f "$TREE/$f" ] && [ -f "$OUT/$(dirname "$f")/.$(basename "${f%.c}").o.cmd" ] &&
			objs+=("${f%.c}.o")
	done
	{
	# C=2: sparse on each object; W=1 recompiles it with the extra warnings.
	[ ${#objs[@]} = 0 ] || kmake C=2 CHECK="$sparse" W=1 "${objs[@]}" 2>&1 >/dev/null |
		grep -E 'warning:|error:' || true
	for f in $files; do
		[ -f "$TREE/$f" ] && (cd "$TREE" && ./scripts/kernel-doc -none -Wall "$f" 2>&1) || true
	done
	} | sed -E 's/:[0-9]+(:[0-9]+)?:/:/; s/^(Warning: [^ :]+):[0-9]+ /\1: /
		s/concatenate [0-9]+-character string/concatenate N-character string/' |
		sed -E 's|'"$TREE"'/||; s|'"$OUT"'/||; s|^\.\./[^/]*/||' | sort -u
}

# Linux 7.3 needs a sparse that parses __typeof_unqual__ (Debian 12's
# 0.6.4 cannot): scripts/sparse.sh sets up sid's from pinned packages.
sparse=$(SPARSE_CHECK_TREE=$TREE "$TOP/scripts/sparse.sh") || die "gate 5: no sparse for this kernel (above)"
nobjs=$(git -C "$TREE" diff --name-only --diff-filter=AM base "$branch" -- '*.c' | while read -r f; do
	[ -f "$OUT/$(dirname "$f")/.$(basename "${f%.c}").o.cmd" ] && echo "$f"; done | grep -c . || true)
info "gate 5: sparse $("$sparse" --version) on the $nobjs C files of this configuration that the series touches, W=1 on them, kernel-doc on the $(grep -c . <<<"$files") C files and headers (base, then the series)"
lint base >"$res/lint-base.txt"
lint "$branch" >"$res/lint-series.txt"
new=$(comm -13 "$res/lint-base.txt" "$res/lint-series.txt")
if [ -n "$new" ]; then
	printf '  new: %s\n' "$new" >&2
	die "gate 5: the series adds the warnings above (whole lists in $res/lint-*.txt)"
fi
info "gate 5: nothing new ($(wc -l <"$res/lint-series.txt") messages on base and series alike)"
