#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the guest by "scripts/vm.sh": ftracetest as installed from the work
# tree, in KTAP mode, every test.d case but those excluded in tests/skip.
# Writes to $PS_RES: tests.txt (the cases in ftracetest's order),
# ktap.txt, times.txt (KTAP lines with the time they came), logs/ (one log
# per case) and ftracetest.rc.
#
# Usage: guest-ftracetest.sh KSELFTEST_DIR SKIP_FILE [CASE_OR_DIR...]
set -u
kst=$1/ftrace
skip=$2
shift 2
cd "$kst" || exit 1

if [ $# -gt 0 ]; then
	cases=$(for c in "$@"; do
		[ -d "test.d/$c" ] && find "test.d/$c" -name '*.tc' || echo "test.d/$c"
	done | sort)
else
	cases=$(find test.d -name '*.tc' | sort)
fi
# tests/skip: "DIR/" or "DIR/CASE.tc", then the reason.
pat=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$skip" | awk '{print "^test.d/" $1}')
[ -n "$pat" ] && cases=$(printf '%s\n' "$cases" | grep -v -F -f <(printf '%s\n' "$pat" | sed 's/^\^//'))
if [ -z "$cases" ]; then
	echo "ftracetest: no case to run (all of them are in tests/skip?)"
	exit 1
fi
printf '%s\n' "$cases" | sed 's|^test.d/||' >"$PS_RES/tests.txt"
echo "ftracetest: $(printf '%s\n' "$cases" | wc -l) cases ($(grep -c . <<<"$pat") entries of tests/skip left out)"

mkdir -p "$PS_RES/logs"
# shellcheck disable=SC2086
# times.txt: when each KTAP line came, to measure how long each case takes.
./ftracetest -K -k -l "$PS_RES/logs" $cases | while IFS= read -r line; do
	printf '%s %s\n' "$(date +%s)" "$line" >>"$PS_RES/times.txt"
	printf '%s\n' "$line"
done | tee "$PS_RES/ktap.txt"
echo "${PIPESTATUS[0]}" >"$PS_RES/ftracetest.rc"
