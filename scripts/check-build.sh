#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series gates that build, on the tree gate 1 made from patches/
# (build/check, on the last series' branch), in their own output directory
# (build/gate-out) and configuration: the test configuration without the
# guest's drivers and without Debian's values (configs/gate.config in
# place of configs/guest.config), BTF and the BTF arguments kept, so that
# they too are compiled patch by patch.  Everything is compiled with W=1.
# The full configuration is built once, for ftracetest, by
# scripts/build.sh.
#   4. every patch of every series builds on its own, checked for what it
#      can break, as the kernel's build bots do: base is built whole, then
#      each commit is checked out in order and
#      - the objects whose sources or headers it changes (kbuild's own
#        dependency lists in the .cmd files) are compiled; the C files it
#        changes are checked with sparse (C=2, the one scripts/sparse.sh
#        gives) and kernel-doc; a message that base does not have fails
#        the patch;
#      - the whole image (bzImage and modules) is built and linked
#        instead at the last patch of each series, and at a patch that
#        changes anything but C files and headers (Kconfig, a Makefile, a
#        linker script) or a header that the link or a host tool
#        depends on; a link that fails is bisected among the patches
#        since the last image that linked, to name the first one;
#      a patch of documentation and selftests only needs none;
#   5. sparse on the C files the series touches, and kernel-doc on the
#      C files and headers it touches, report nothing new compared with
#      base over the whole stack (messages compared without line
#      numbers; W=1 is checked patch by patch in gate 4).
# Ends with the tree back on its branch.
#
# Environment: GATE_TREE (default build/check), GATE_OUT (default
# build/gate-out), GATE_JOBS (make -j, default nproc + 1), GATE_FROM
# (a series: check it and those after it only, against the tree it
# applies on instead of base, for a quicker run while working on it).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

OUT_TEST=$OUT
TREE=$(realpath -m "${GATE_TREE:-$BUILD/check}")
OUT=$(realpath -m "${GATE_OUT:-$BUILD/gate-out}")
[ -e "$TREE/.git" ] || die "no tree in $TREE: run 'make check-series' (gate 1 makes it) first"
branch=$(git -C "$TREE" symbolic-ref -q --short HEAD) || die "$TREE is not on a branch"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] || die "$TREE has uncommitted changes"
# GATE_FROM=SERIES: from that series on only, on what it applies on.
from=base
if [ -n "${GATE_FROM:-}" ]; then
	prev=base
	for s in $(STACK='' stack_names); do
		[ "$s" = "$GATE_FROM" ] && from=$prev && break
		prev=$s
	done
	[ "$prev" = "$from" ] || die "GATE_FROM=$GATE_FROM: no such series in patches/series"
fi
commits=$(git -C "$TREE" rev-list --reverse "$from..HEAD")
res=$BUILD/results/gates
rm -rf "$res"
mkdir -p "$res"
# From scratch: the first build is the baseline of W=1's messages, so it
# must compile every object (ccache makes it quick when it has them).
[ "$OUT" != "$OUT_TEST" ] && [ ! -e "$OUT/.git" ] && [ "$OUT" != "$TREE" ] ||
	die "GATE_OUT=$OUT: gate 4 empties its output directory first, give it one of its own"
rm -rf "$OUT"
trap 'git -C "$TREE" checkout -q "$branch"' EXIT

# gate.config first in place of guest.config, and last, so that its
# choices win over the selftests' config.  Not Debian's values
# (DEBIAN=0): its mitigations would double the time of every build; the
# full configuration of ftracetest has them.
TREE=$TREE OUT=$OUT DEBIAN=0 GUEST_CONFIG="$TOP/configs/gate.config" \
	EXTRA_CONFIGS="$TOP/configs/gate.config" "$TOP/scripts/config.sh"

jobs=${GATE_JOBS:-$(($(nproc) + 1))}
# W=1 on every build, so that an object is never compiled again only for
# a change of flags.  W=1 also runs kernel-doc on every C file compiled;
# kernel-doc reads nothing but the file itself, and lint() runs it (with
# -Wall) on each file a patch changes, so the build's own run of it on
# the dependents, a tenth of a cold compile's time, is turned off.
kmake()
{
	make -C "$TREE" O="$OUT" CC="ccache gcc" HOSTCC="ccache gcc" -j"$jobs" W=1 \
		KERNELDOC=/dev/null "$@"
}

# The series each commit belongs to, for the messages, and each series'
# last commit (where the image is linked).
declare -A series_of last_of
for s in $(STACK='' stack_names); do
	last_of[$(git -C "$TREE" rev-parse "$s")]=$s
done
for c in $commits; do
	for s in $(STACK='' stack_names); do
		if git -C "$TREE" merge-base --is-ancestor "$c" "$s" 2>/dev/null; then
			series_of[$c]=$s
			break
		fi
	done
done
# The C files and headers the whole stack changes (gate 5's lists, and
# the baseline of gate 4's sparse and kernel-doc at base).
files=$(git -C "$TREE" diff --no-renames --name-only --diff-filter=AM "$from" "$branch" -- '*.c' '*.h')

# Linux 7.3 needs a sparse that parses __typeof_unqual__ (Debian 12's
# 0.6.4 cannot): scripts/sparse.sh sets up sid's from pinned packages.
sparse=$(SPARSE_CHECK_TREE=$TREE "$TOP/scripts/sparse.sh") || die "gates 4-5: no sparse for this kernel (above)"

# norm: compiler, sparse and kernel-doc messages of a log, without line
# and column numbers ("file:12:3:" and kernel-doc's "Warning: file:12 "),
# so that code moved by a patch compares equal, and without the length
# in sparse's "trying to concatenate N-character string" (the tracefs
# README of trace.c is over sparse's 8191 bytes on base already: a line
# added to it is the same warning).
norm()
{
	{ grep -E 'warning:|error:|^Warning: ' || true; } | sed -E 's/:[0-9]+(:[0-9]+)?:/:/; s/^(Warning: [^ :]+):[0-9]+ /\1: /
		s/concatenate [0-9]+-character string/concatenate N-character string/' |
		sed -E 's|'"$TREE"'/||g; s|'"$OUT"'/||g; s|^\.\./[^/]*/||' | sort -u
}

# built FILE.c: kbuild compiled it in this configuration (left its .cmd).
built()
{
	[ -f "$OUT/$(dirname "$1")/.$(basename "${1%.c}").o.cmd" ]
}

# lint FILE...: sparse (C=2) on the objects of the C files given that
# this configuration builds, and kernel-doc on every file given that
# exists, on the commit checked out.  W=1 is the build's own flag: the
# objects are not compiled again.
lint()
{
	local f objs=()

	for f in "$@"; do
		[[ $f == *.c ]] && [ -f "$TREE/$f" ] && built "$f" && objs+=("${f%.c}.o")
	done
	{
	[ ${#objs[@]} = 0 ] || kmake C=2 CHECK="$sparse" "${objs[@]}" 2>&1 >/dev/null || true
	for f in "$@"; do
		[ -f "$TREE/$f" ] && (cd "$TREE" && ./scripts/kernel-doc -none -Wall "$f" 2>&1) || true
	done
	} | norm
}

# targets: what a commit's changed files (stdin) need compiled: the
# objects whose kbuild dependency list names one of them, or "FULL" when
# one of them is not a C file or header (a Kconfig, a Makefile: a new
# file comes with one), or is a header that a linker script, the boot
# image or a host tool depends on.
targets()
{
	local f re=() cmd tree_re

	while read -r f; do
		case $f in
		*.c | *.h) re+=("$(sed 's/[].[\*^$]/\\&/g' <<<"$f")") ;;
		*) echo FULL; return ;;
		esac
	done
	[ ${#re[@]} -gt 0 ] || return 0
	# The sources' paths as the .cmd files give them: absolute, or
	# relative to the output directory (ccache's base_dir rewrites them).
	tree_re=$(sed 's/[].[\*^$]/\\&/g' <<<"$TREE|$(realpath -m --relative-to="$OUT" "$TREE")" | sed 's/\\|/|/')
	{ grep -rlE --include='.*.cmd' "(^| )($tree_re)/($(IFS='|'; echo "${re[*]}"))( |\$)" "$OUT" || true; } |
	while read -r cmd; do
		cmd=${cmd#"$OUT"/}
		# Host tools, linker scripts and the boot image: the whole
		# image.  The module stubs (.mod.o) and the generated
		# assembler (asm-offsets.s) are remade by the build's own
		# steps, the image's link and "prepare" (which a build of
		# objects runs first).
		case $cmd in
		scripts/* | tools/* | arch/*/boot/* | arch/*/realmode/* | *.lds.cmd | .*) echo FULL ;;
		*.mod.o.cmd) ;;
		*.o.cmd) echo "$(dirname "$cmd")/$(basename "$cmd" .cmd | sed 's/^\.//')" ;;
		esac
	done | sed 's|^\./||' | sort -u
}

# full: the whole image, on the commit checked out.
full()
{
	kmake bzImage modules
}

start=$(date +%s)
info "gate 4: building $from whole ($OUT, configs/gate.config, W=1)"
git -C "$TREE" checkout -q "$from"
if ! full >"$res/build-base.log" 2>&1; then
	tail -20 "$res/build-base.log" >&2
	die "gate 4: $from does not build in configs/gate.config, see $res/build-base.log"
fi
norm <"$res/build-base.log" >"$res/warn-base.txt"
# The baseline of sparse and kernel-doc: every file the stack touches,
# on base (gate 5's too).
# shellcheck disable=SC2086
lint $files >"$res/lint-base.txt"
info "gate 4: $from built in $(elapsed "$start"): $(wc -l <"$res/warn-base.txt") W=1 messages, $(wc -l <"$res/lint-base.txt") of sparse and kernel-doc on the $(grep -c . <<<"$files") files the stack touches"

# bisect_link GOOD BAD: the first commit after GOOD (whose image linked)
# up to BAD (whose image compiles but does not link) from which the image
# does not build, as "COMMIT LOG" (BAD's log is $res/bisect-BAD.log).
bisect_link()
{
	local lo=0 hi mid list

	mapfile -t list < <(git -C "$TREE" rev-list --reverse "$1..$2")
	hi=$((${#list[@]} - 1))
	while [ "$lo" -lt "$hi" ]; do
		mid=$(((lo + hi) / 2))
		git -C "$TREE" checkout -q "${list[$mid]}"
		if full >"$res/bisect-${list[$mid]}.log" 2>&1; then
			lo=$((mid + 1))
		else
			hi=$mid
		fi
	done
	echo "${list[$lo]} $res/bisect-${list[$lo]}.log"
}

fail=0
i=0
# The last commit whose whole image was built and linked.
linked=$(git -C "$TREE" rev-parse "$from")
nfull=0
nobj=0
total=$(grep -c . <<<"$commits" || true)
for c in $commits; do
	i=$((i + 1))
	t=$(date +%s)
	subj=$(git -C "$TREE" log -1 --format=%s "$c")
	name="patch $i/$total (${series_of[$c]:-?}: $subj)"
	changed=$(git -C "$TREE" diff --no-renames --name-only "$c^" "$c" -- . ':!Documentation' ':!tools/testing')
	if [ -z "$changed" ] && [ -z "${last_of[$c]:-}" ]; then
		info "gate 4: patch $i/$total (${series_of[$c]:-?}): $subj: documentation and selftests only, nothing to build"
		continue
	fi
	git -C "$TREE" checkout -q "$c"
	log=$res/build-$i.log
	what=$(targets <<<"$changed")
	if [ -n "${last_of[$c]:-}" ] || grep -qx FULL <<<"$what"; then
		why=$([ -n "${last_of[$c]:-}" ] && echo "the last of its series" || echo "not only C files and headers")
		nfull=$((nfull + 1))
		rc=0
		full >"$log" 2>&1 || rc=$?
		info "gate 4: $name: built and linked whole ($why) in $(elapsed "$t")"
		if [ $rc = 0 ]; then
			linked=$c
		elif ! grep -qE ': error:' "$log"; then
			# It compiled but did not link: a patch since the last
			# image that linked, whose objects compiled, broke the
			# link; name it.
			cp "$log" "$res/bisect-$c.log"
			info "gate 4: the image compiles but does not link: bisecting the patches since the last one that linked"
			read -r bad log < <(bisect_link "$linked" "$c")
			name="patch $(git -C "$TREE" rev-list --count "$from..$bad")/$total (${series_of[$bad]:-?}: $(git -C "$TREE" log -1 --format=%s "$bad"))"
			info "gate 4: $name is the first whose image does not link ($(elapsed "$t") with the bisection)"
		fi
	else
		# shellcheck disable=SC2086
		n=$(grep -c . <<<"$what" || true)
		nobj=$((nobj + n))
		rc=0
		: >"$log"
		[ "$n" = 0 ] || kmake $what >"$log" 2>&1 || rc=$?
		info "gate 4: $name: $n objects compiled in $(elapsed "$t")"
	fi
	if [ $rc != 0 ]; then
		{ grep -E ': error:|undefined reference|undefined!' "$log" || tail -5 "$log"; } | head -20 >&2
		echo "  build: $name does not build on its own, see $log" >&2
		fail=1
		break
	fi
	# What the patch's compilation, and sparse and kernel-doc on the C
	# files and headers it changes, report that base does not.
	# shellcheck disable=SC2046
	new=$({ norm <"$log"; lint $(grep -E '\.[ch]$' <<<"$changed" || true); } | sort -u |
		comm -23 - <(sort -u "$res/warn-base.txt" "$res/lint-base.txt"))
	if [ -n "$new" ]; then
		sed 's/^/  new: /' <<<"$new" >&2
		echo "  lint: $name adds the messages above, see $log" >&2
		fail=1
		break
	fi
done
[ $fail = 0 ] || die "gate 4 failed (above)"
info "gate 4: $total patches checked one by one in $(elapsed "$start") ($OUT, configs/gate.config): $nfull linked whole, $nobj objects compiled on their own in the others"

# 5. sparse and kernel-doc, base against the series.
if [ -z "$files" ]; then
	info "gate 5: the series touches no C file"
	exit 0
fi
git -C "$TREE" checkout -q "$branch"
nobjs=$(grep '\.c$' <<<"$files" | while read -r f; do built "$f" && echo "$f"; done | grep -c . || true)
info "gate 5: sparse $("$sparse" --version) on the $nobjs C files of this configuration that the series touches, kernel-doc on the $(grep -c . <<<"$files") C files and headers ($from, then the series)"
# shellcheck disable=SC2086
lint $files >"$res/lint-series.txt"
new=$(comm -13 "$res/lint-base.txt" "$res/lint-series.txt")
if [ -n "$new" ]; then
	sed 's/^/  new: /' <<<"$new" >&2
	die "gate 5: the series adds the warnings above (whole lists in $res/lint-*.txt)"
fi
info "gate 5: nothing new ($(wc -l <"$res/lint-series.txt") messages on $from and series alike)"
