#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# What the tests reach, measured with gcov:
#
#   scripts/coverage.sh            (make coverage)
#
# Builds the stack with configs/coverage.config in $OUT (default
# build/cov-out, never the test kernel's build/out),
# gcov's counters only in the C files of the probe events and those the
# series touches (GCOV_PROFILE_<object>.o=y on the make command line: the
# rest of the kernel is built and runs as in the test kernel), runs
# ftracetest's probe cases on it in two guests and one short stress pass
# (scripts/stress.sh), reads the counters the guests copied out
# (scripts/guest-gcov.sh) with lcov, and writes
#
#   build/coverage/html/index.html   lines, branches and functions, per
#                                    file and per source line (genhtml)
#   build/coverage/functions.txt     every function: lines and branches
#   tests/coverage.txt               the summary: per file, the functions
#                                    nothing reached, the parse errors of
#                                    trace_probe.h's list nothing reported
#
# A failing test case or stress run is reported at the end and fails the
# command, but the report is written all the same: what did run counts.
#
# Environment: COV_TESTS (ftracetest cases or directories, default
# "kprobe dynevent event"), COV_FILES (the C files to profile, paths in
# the tree; default below), STRESS_DEFS/STRESS_SECS/STRESS_MODS/STRESS_SEED
# (the stress pass, default 3000 definitions or 90 s, 5 module cycles,
# seed 1, as make check's: the same definitions from run to run),
# COV_SUMMARY (default tests/coverage.txt), COV_RUN=0 (no build and no
# run: the report again from the counters of the last run).
set -euo pipefail
OUT=${OUT:-$(dirname "$0")/../build/cov-out}
. "$(dirname "$0")/lib.sh"
export OUT
[ "$OUT" != "$BUILD/out" ] || die "OUT=$OUT is the test kernel's: coverage builds its own (default build/cov-out)"

tests=${COV_TESTS:-kprobe dynevent event}
summary=$(realpath -m "${COV_SUMMARY:-$TOP/tests/coverage.txt}")
work=$BUILD/coverage
start=$(date +%s)

for c in lcov genhtml gcov; do
	command -v $c >/dev/null || die "$c is missing: run 'make deps-coverage'"
done
[ -d "$TREE" ] || die "no work tree in $TREE: run 'make tree' first"

# The probe events and their parser, then every other C file the series
# changes.
if [ -n "${COV_FILES:-}" ]; then
	files=$COV_FILES
else
	files=$({ printf 'kernel/trace/%s.c\n' trace_probe trace_kprobe trace_fprobe \
			trace_eprobe trace_uprobe trace_tracepoints trace_dynevent
		  git -C "$TREE" diff --name-only base HEAD -- '*.c'; } | sort -u)
fi
vars=
for f in $files; do
	[ -f "$TREE/$f" ] || die "COV_FILES: $f is not a file of $TREE"
	# Kbuild matches the object's name without its directory: a file of
	# the same name elsewhere gets counters too, and is left out below.
	vars+=" GCOV_PROFILE_$(basename "$f" .c).o=y"
done

failed=()
res=$BUILD/results/coverage
sres=$BUILD/results/stress-$(basename "$OUT")
if [ "${COV_RUN:-1}" != 0 ]; then
	info "coverage: $(wc -w <<<"$files") files profiled: $(tr '\n' ' ' <<<"$files")"
	EXTRA_CONFIGS="$TOP/configs/coverage.config ${EXTRA_CONFIGS:-}" "$TOP/scripts/config.sh"
	KBUILD_VARS=$vars "$TOP/scripts/build.sh"

	info "coverage: ftracetest $tests, in two guests"
	# shellcheck disable=SC2086
	PARTS=${PARTS:-2} RES=$res "$TOP/scripts/test.sh" $tests ||
		failed+=("ftracetest (see $res/ktap-check.txt)")

	rm -rf "$sres/gcov"
	info "coverage: one stress pass"
	STRESS_SEED=${STRESS_SEED:-1} "$TOP/scripts/stress.sh" || failed+=("the stress pass (see $sres)")
fi
[ -f "$OUT/.built-from" ] || die "no kernel built in $OUT: run 'make coverage'"
built=$(cat "$OUT/.built-from")

# Each guest's counters with the compiler's notes (.gcno) beside them, as
# lcov wants them, then one trace file per guest, merged.
rm -rf "$work"
mkdir -p "$work"
infos=()
n=0
for d in "$res"/part*/gcov "$res"/gcov "$sres"/gcov; do
	[ -d "$d$OUT" ] || continue
	n=$((n + 1))
	cap=$work/data$n
	mkdir -p "$cap"
	cp -r "$d$OUT/." "$cap/"
	(cd "$cap" && find . -name '*.gcda') | while read -r g; do
		ln -s "$OUT/${g%.gcda}.gcno" "$cap/${g%.gcda}.gcno"
	done
	lcov -q --rc lcov_branch_coverage=1 --capture --directory "$cap" \
		--base-directory "$OUT" -o "$work/data$n.info" >"$work/lcov$n.log" 2>&1 ||
		die "lcov could not read the counters of $d (see $work/lcov$n.log)"
	infos+=(-a "$work/data$n.info")
done
[ $n -gt 0 ] || die "no guest copied gcov counters (is CONFIG_GCOV_KERNEL=y in $OUT/.config?)"
lcov -q --rc lcov_branch_coverage=1 "${infos[@]}" -o "$work/all.info" >"$work/lcov.log" 2>&1 ||
	die "lcov could not merge the counters (see $work/lcov.log)"
# Only the files asked for, and the headers of the probe events (their
# inline functions), under the tree's paths.
pats=()
for f in $files; do
	pats+=("$TREE/$f")
done
pats+=("$TREE/kernel/trace/trace_probe*.h")
lcov -q --rc lcov_branch_coverage=1 --extract "$work/all.info" "${pats[@]}" \
	-o "$work/coverage.info" >>"$work/lcov.log" 2>&1 ||
	die "lcov could not select the files (see $work/lcov.log)"
# The sources as built (the work tree may have moved on since): lines
# and error call sites are read there.
src=$work/src
mkdir -p "$src"
# shellcheck disable=SC2086
git -C "$TREE" archive "$built" -- kernel/trace $files | tar -x -C "$src" ||
	die "cannot read the sources of $built, which $OUT was built from"
sed -i "s|^SF:$TREE/|SF:$src/|" "$work/coverage.info"
genhtml -q --branch-coverage --legend --prefix "$src" -t "probe series" \
	-o "$work/html" "$work/coverage.info" >"$work/genhtml.log" 2>&1 ||
	die "genhtml failed (see $work/genhtml.log)"

ncases=$(cat "$res"/tests.txt "$res"/part*/tests.txt 2>/dev/null | grep -c . || true)
nguests=$(find "$res" -maxdepth 1 -type d -name 'part[0-9]*' | wc -l)
seed=$(sed -n 's/^seed \([0-9]*\).*/\1/p' "$sres/summary.txt" 2>/dev/null | head -n 1)
{
	echo "# Coverage of the probe events (make coverage)"
	echo
	echo "Kernel: $(cat "$OUT/include/config/kernel.release"), built from" \
		"$(git -C "$TREE" describe --tags --always "$built")" \
		"($(git -C "$TREE" rev-list --count "base..$built") patches on base), gcc $(gcc -dumpfullversion), $(lcov --version | sed 's/.*: //')."
	echo "Ran: ftracetest $tests ($ncases cases in $((nguests > 0 ? nguests : 1)) guests), then one stress pass (seed ${seed:-unknown})."
	[ ${#failed[@]} = 0 ] || echo "Failed: ${failed[*]}."
	echo
	"$TOP/scripts/cov_summary.py" --tree "$src" --functions "$work/functions.txt" \
		--reasons "$TOP/tests/coverage-reasons.txt" "$work/coverage.info"
} >"$summary.new" || die "cov_summary.py failed"
mv "$summary.new" "$summary"
cat "$summary"
info "coverage: $summary, $work/functions.txt and $work/html/index.html, in $(elapsed "$start")"
[ ${#failed[@]} = 0 ] || die "coverage: ${failed[*]} failed; the report above is still what ran"
