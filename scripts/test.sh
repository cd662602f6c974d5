#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run ftracetest in the guest on the built kernel and compare the results
# with the base's expectations.
#
# Usage: scripts/test.sh [CASE_OR_DIR...]   (default: all of test.d but tests/skip)
# Environment: EXPECT (default tests/expected), TIMEOUT (seconds, default 3600),
# RES (results directory, default build/results/ftracetest), NEW_ONLY=1 (only
# the cases the series in the tree add or change: "make check-fixes").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

expect=${EXPECT:-$TOP/tests/expected}
res=$(realpath -m "${RES:-$BUILD/results/ftracetest}")
[ -d "$OUT/kselftest/ftrace" ] || die "no ftrace selftests in $OUT/kselftest: run 'make build' first"
[ -f "$expect" ] || die "no expectations file $expect"

rm -rf "$res"
mkdir -p "$res"
built=$(cat "$OUT/.built-from" 2>/dev/null || echo HEAD)
# The cases the series adds: they must pass, whatever the base does.
git -C "$TREE" diff --name-only --diff-filter=A base "$built" -- tools/testing/selftests/ftrace/test.d |
	sed 's|^tools/testing/selftests/ftrace/test.d/||' >"$res/new.txt"

if [ "${NEW_ONLY:-0}" = 1 ]; then
	[ $# = 0 ] || die "NEW_ONLY=1 runs the cases the series add or change: give no case"
	set -- $(git -C "$TREE" diff --name-only --diff-filter=AM base "$built" -- \
		 'tools/testing/selftests/ftrace/test.d/*.tc' | sed 's|^tools/testing/selftests/ftrace/test.d/||')
	[ $# -gt 0 ] || die "the series in $TREE add or change no ftracetest case"
fi
info "ftracetest: kernel built from $(git -C "$TREE" describe --tags --always "$built") ($(git -C "$TREE" rev-list --count "base..$built") patches on base)"
vmrc=0
"$TOP/scripts/vm.sh" -t "${TIMEOUT:-3600}" -r "$res" -- \
	"$TOP/scripts/guest-ftracetest.sh" "$OUT/kselftest" "$TOP/tests/skip" "$@" || vmrc=$?
[ -f "$res/ktap.txt" ] || die "ftracetest did not run (above)"
krc=0
KTAP_SUBSET=$([ $# -gt 0 ] && echo 1 || echo 0) "$TOP/scripts/ktap_check.py" "$res" \
	"$OUT/kselftest/ftrace/test.d" "$expect" "$res/new.txt" >"$res/ktap-check.txt" || krc=$?
cat "$res/ktap-check.txt"
[ $vmrc = 0 ] || die "the guest run failed (above), whatever the test results say"
exit $krc
