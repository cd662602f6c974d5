#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# "make check" after gates 1-3 and the configuration: the full
# configuration is built once (scripts/build.sh), then ftracetest and the
# short probe stress pass run in guests (one host CPU each, single-threaded
# TCG) while gates 4-5 (scripts/check-build.sh: every patch built, in the
# lighter configuration of build/gate-out) use the rest of the machine at a
# lower priority, their lines marked "[gates 4-5]".  Fails when any of the
# three fails; ends with ftracetest's counts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$TOP/scripts/build.sh"

res=$BUILD/results
mkdir -p "$res"
info "check: gates 4-5 start beside ftracetest (log: $res/gates.log)"
(
	set -o pipefail
	GATE_JOBS=${GATE_JOBS:-$(nproc)} nice -n 10 "$TOP/scripts/check-build.sh" 2>&1 |
		tee "$res/gates.log" | sed -u 's/^/[gates 4-5] /'
) &
gates=$!

trc=0
"$TOP/scripts/test.sh" || trc=$?
src=0
STRESS_SEED=1 STRESS_DEFS=600 STRESS_SECS=150 STRESS_MODS=5 "$TOP/scripts/stress.sh" || src=$?
grc=0
if kill -0 $gates 2>/dev/null; then
	info "check: waiting for gates 4-5"
fi
wait $gates || grc=$?

counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$res/ftracetest/ktap-check.txt" 2>/dev/null | tail -n 1 || true)
info "check: done in $(elapsed "$start"): gates 4-5 $([ $grc = 0 ] && echo ok || echo FAILED)," \
	"ftracetest $([ $trc = 0 ] && echo ok || echo FAILED), stress pass $([ $src = 0 ] && echo ok || echo FAILED)"
[ -z "$counts" ] || echo "$counts"
[ $grc = 0 ] && [ $trc = 0 ] && [ $src = 0 ] || die "make check failed (above)"
