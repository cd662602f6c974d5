#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run ftracetest in the guest on the built kernel and compare the results
# with the base's expectations.
#
# Usage: scripts/test.sh [CASE_OR_DIR...]   (default: all of test.d but tests/skip)
# Environment: EXPECT (default tests/expected), TIMEOUT (seconds, default 3600),
# RES (results directory, default build/results/ftracetest), NEW_ONLY=1 (only
# the cases the series in the tree add or change: "make check-fixes"),
# PARTS (the cases in that many guests side by side, each on one host CPU
# with single-threaded TCG, dealt out by their recorded durations
# (DURATIONS, default tests/durations: see scripts/durations.py) so that
# the guests end together: default the number of CPUs
# for the whole suite, 1 when cases are given; results in RES/part1,
# RES/part2, ... judged as one run); KSELFTEST (the installed selftests
# to run, default $OUT/kselftest: make check-stable runs the series' new
# cases on the plain kernel with it); KTAP_RESULTS (a file for every
# case's result, "CASE<tab>RESULT" a line); SKIP (the list of cases left
# out, default tests/skip).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

expect=${EXPECT:-$TOP/tests/expected}
res=$(realpath -m "${RES:-$BUILD/results/ftracetest}")
kst=$(realpath -m "${KSELFTEST:-$OUT/kselftest}")
skipfile=$(realpath -m "${SKIP:-$TOP/tests/skip}")
durations=$(realpath -m "${DURATIONS:-$TOP/tests/durations}")
[ -f "$skipfile" ] || die "no list of cases to leave out $skipfile"
[ -d "$kst/ftrace" ] || die "no ftrace selftests in $kst: run 'make build' first"
[ -f "$expect" ] || die "no expectations file $expect"
[ -f "$durations" ] || die "no record of the cases' durations $durations: create it empty to split the cases blindly"

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
if [ $# = 0 ]; then
	parts=${PARTS:-$(nproc)}
else
	parts=${PARTS:-1}
fi
[[ $parts =~ ^[1-9][0-9]*$ ]] || die "PARTS must be a positive number, not '$parts'"
vmrc=0
if [ "$parts" = 1 ]; then
	dirs=$res
	"$TOP/scripts/vm.sh" -t "${TIMEOUT:-3600}" -r "$res" -- \
		"$TOP/scripts/guest-ftracetest.sh" "$kst" "$skipfile" "$@" || vmrc=$?
	[ -f "$res/ktap.txt" ] || die "ftracetest did not run (above)"
else
	# Every case of test.d (or of the cases and directories given) but
	# those of tests/skip, dealt out in turn so that each part gets cases
	# of every directory.
	skip=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$skipfile" | awk '{print $1}')
	given=("$@")
	[ $# -gt 0 ] || given=(.)
	all=$(cd "$kst/ftrace/test.d" &&
		for c in "${given[@]}"; do
			if [ -d "$c" ]; then
				find "$c" -name '*.tc'
			else
				echo "$c"
			fi
		done | sed -e 's|//*|/|g' -e 's|^\./||' | sort -u |
		grep -v -F -f <(printf '%s\n' "$skip" | sed '/^$/d') || true)
	[ -n "$all" ] || die "no ftracetest case in $kst/ftrace/test.d"
	n=$(grep -c . <<<"$all")
	[ "$parts" -le "$n" ] || parts=$n
	info "ftracetest: $n cases in $parts guests side by side"
	pids=()
	# Leaving early (a part that did not run, an interrupt): stop the
	# other guests too, rather than leave them running for their timeout.
	kill_tree()
	{
		local c

		for c in $(pgrep -P "$1" || true); do
			kill_tree "$c"
		done
		kill "$1" 2>/dev/null || true
	}
	trap 'for p in "${pids[@]}"; do kill_tree "$p"; done' EXIT
	trap 'exit 130' INT TERM
	# Dealt out by each case's recorded seconds (tests/durations), so
	# that the guests end together.
	split=$("$TOP/scripts/durations.py" split "$parts" "$durations" <<<"$all" 2>"$res/split.txt") ||
		die "could not split the cases by $durations: $(cat "$res/split.txt")"
	info "ftracetest: $(cat "$res/split.txt")"
	dirs=
	for i in $(seq 1 "$parts"); do
		mkdir -p "$res/part$i"
		dirs=${dirs:+$dirs,}$res/part$i
		mine=$(awk -v i="$i" '$1 == i { print $2 }' <<<"$split")
		rm -f "$res/part$i.rc"
		(
			set +e
			t=$(date +%s)
			# shellcheck disable=SC2086
			"$TOP/scripts/vm.sh" -t "${TIMEOUT:-3600}" -r "$res/part$i" -- \
				"$TOP/scripts/guest-ftracetest.sh" "$kst" "$skipfile" $mine 2>&1 |
				sed -u "s/^/[part $i] /"
			echo "${PIPESTATUS[0]}" >"$res/part$i.rc"
			echo $(($(date +%s) - t)) >"$res/part$i.secs"
		) &
		pids+=($!)
	done
	for i in $(seq 1 "$parts"); do
		wait "${pids[$((i - 1))]}" || true
		[ -f "$res/part$i/ktap.txt" ] || die "ftracetest did not run in part $i (above)"
		[ "$(cat "$res/part$i.rc" 2>/dev/null)" = 0 ] || vmrc=1
	done
	trap - EXIT INT TERM
	took=$(for i in $(seq 1 "$parts"); do
		s=$(cat "$res/part$i.secs"); printf '%dm%02ds\n' $((s / 60)) $((s % 60)); done | paste -sd ' ')
	# Each case's seconds in this run, for tests/durations ("make
	# durations" copies them after a run of the whole suite).
	if "$TOP/scripts/durations.py" measure "$kst/ftrace/test.d" "$dirs" >"$res/durations.txt"; then
		# "make durations" takes only a whole run whose guests ended well.
		[ $# -gt 0 ] || [ $vmrc != 0 ] || touch "$res/whole-suite"
		info "ftracetest: the guests took $took; each case's time in $res/durations.txt"
	else
		info "ftracetest: the guests took $took"
	fi
fi
krc=0
KTAP_SUBSET=$([ $# -gt 0 ] && echo 1 || echo 0) "$TOP/scripts/ktap_check.py" "$dirs" \
	"$kst/ftrace/test.d" "$expect" "$res/new.txt" >"$res/ktap-check.txt" || krc=$?
cat "$res/ktap-check.txt"
[ $vmrc = 0 ] || die "the guest run failed (above), whatever the test results say"
exit $krc
