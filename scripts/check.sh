#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# "make check" after gates 1-3 and the configuration: the full
# configuration is built once (scripts/build.sh), then two jobs share the
# two CPUs: ftracetest in a guest (single-threaded TCG: one host CPU), and
# beside it gates 4-5 (scripts/check-build.sh: every patch built, in the
# lighter configuration of build/gate-out) at a lower priority followed
# by the short probe stress pass in a guest of its own, their lines
# marked "[gates 4-5]" and "[stress]".  Fails when any of the three fails;
# ends with ftracetest's counts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$TOP/scripts/build.sh"

res=$BUILD/results
mkdir -p "$res"
info "check: gates 4-5, then the stress pass, beside ftracetest (logs: $res/gates.log, $res/stress.log)"
# The side job writes each status to a file, and its lines go to the
# console through tails that end with it.
rm -f "$res/gates.rc" "$res/stress.rc"
: >"$res/gates.log"
: >"$res/stress.log"
(
	rc=0
	GATE_JOBS=${GATE_JOBS:-$(nproc)} nice -n 10 "$TOP/scripts/check-build.sh" \
		>"$res/gates.log" 2>&1 || rc=$?
	echo $rc >"$res/gates.rc"
	rc=0
	STRESS_SEED=1 STRESS_DEFS=600 STRESS_SECS=150 STRESS_MODS=5 "$TOP/scripts/stress.sh" \
		>"$res/stress.log" 2>&1 || rc=$?
	echo $rc >"$res/stress.rc"
) &
side=$!
tail --pid=$side -n +1 -F "$res/gates.log" 2>/dev/null | sed -u 's/^/[gates 4-5] /' &
tail --pid=$side -n +1 -F "$res/stress.log" 2>/dev/null | sed -u 's/^/[stress] /' &

trc=0
"$TOP/scripts/test.sh" || trc=$?
if kill -0 $side 2>/dev/null; then
	info "check: ftracetest done, waiting for $([ -f "$res/gates.rc" ] && echo 'the stress pass' || echo 'gates 4-5 and the stress pass')"
fi
wait $side || true
wait
grc=$(cat "$res/gates.rc" 2>/dev/null || echo 1)
src=$(cat "$res/stress.rc" 2>/dev/null || echo 1)

counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$res/ftracetest/ktap-check.txt" 2>/dev/null | tail -n 1 || true)
info "check: done in $(elapsed "$start"): gates 4-5 $([ $grc = 0 ] && echo ok || echo FAILED)," \
	"ftracetest $([ $trc = 0 ] && echo ok || echo FAILED), stress pass $([ $src = 0 ] && echo ok || echo FAILED)"
[ -z "$counts" ] || echo "$counts"
[ $grc = 0 ] && [ $trc = 0 ] && [ $src = 0 ] || die "make check failed (above)"
