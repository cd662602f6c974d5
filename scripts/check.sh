#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# "make check" after gates 1-3 and the configuration, one step after the
# other, each using both CPUs: the full configuration built once
# (scripts/build.sh); gates 4-5 (scripts/check-build.sh: every patch
# checked on its own, in the lighter configuration of build/gate-out);
# ftracetest in two guests side by side, the cases split by their
# recorded seconds (scripts/test.sh); the short probe stress pass
# (scripts/stress.sh, fixed seed: the same 600 definitions every time).
# A guest beside a kernel build was tried: the two slowed each other
# down more than they gained.  Every step runs even when one before it
# failed; ends with ftracetest's counts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

start=$(date +%s)
"$TOP/scripts/build.sh"

res=$BUILD/results
mkdir -p "$res"
step()
{
	local t=$(date +%s) rc=0

	"$@" || rc=$?
	info "check: ${*##*/} $([ $rc = 0 ] && echo ok || echo FAILED) in $(elapsed "$t")"
	return $rc
}
grc=0
step "$TOP/scripts/check-build.sh" || grc=$?
trc=0
step "$TOP/scripts/test.sh" || trc=$?
src=0
STRESS_SEED=1 STRESS_DEFS=600 STRESS_SECS=150 STRESS_MODS=5 step "$TOP/scripts/stress.sh" || src=$?

counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$res/ftracetest/ktap-check.txt" 2>/dev/null | tail -n 1 || true)
info "check: done in $(elapsed "$start"): gates 4-5 $([ $grc = 0 ] && echo ok || echo FAILED)," \
	"ftracetest $([ $trc = 0 ] && echo ok || echo FAILED), stress pass $([ $src = 0 ] && echo ok || echo FAILED)"
[ -z "$counts" ] || echo "$counts"
[ $grc = 0 ] && [ $trc = 0 ] && [ $src = 0 ] || die "make check failed (above)"
