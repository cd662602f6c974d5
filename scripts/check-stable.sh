#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check-stable: the stable backports (patches/series: "stable-6.12
# BASE-6.12") against plain 6.12, with BASE_FILE=BASE-6.12:
#   1. the base of BASE-6.12, fetched and imported once (cached);
#   2. build/stable-6.12 = base + the series (FORCE=changed, like
#      check-fixes' build/fixes) and build/stable-6.12-base = the base;
#   3. both configured as the 7.3 test kernel is (configs/, Debian's
#      6.12 values of configs/debian.scope; fragment options 6.12 does
#      not have are left out) and built, one after the other, in
#      build/stable-6.12-out and build/stable-6.12-base-out;
#   4. ftracetest's probe cases ($CASES) on plain 6.12, judged against
#      its record (tests/expected-6.12); the cases the series adds or
#      changes, taken from the series' build, on plain 6.12 too, one
#      guest each (a fix's test may crash plain 6.12);
#   5. the probe cases and the series' cases on the series' kernel,
#      judged against tests/expected-6.12: nothing worse than plain
#      6.12, and every case the series adds or changes passes;
#   6. a table of the series' cases: plain 6.12's result and the
#      series'. A case that fails on plain 6.12 and passes with the
#      series is the expected outcome of a fix's regression test.
# Cases left out: tests/skip-6.12 (those that crash plain 6.12).
#
# Environment: CASES (default "kprobe dynevent event"), PARTS (guests side
# by side for the probe cases, default 2).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ "$BASE_FILE" != BASE ] || die "the stable series has its own base: run 'make check-stable' (BASE_FILE=BASE-6.12)"
v=${BASE_FILE#BASE-}
names=$(STACK='' stack_names)
[ -n "$names" ] ||
	die "patches/series names no series on $BASE_FILE: add the line \"stable-$v $BASE_FILE\" to it, and patches/stable-$v/ ('make export-stable')"
series_tree=$BUILD/stable-$v
series_out=$BUILD/stable-$v-out
base_tree=$BUILD/stable-$v-base
base_out=$BUILD/stable-$v-base-out
res=$BUILD/results/stable-$v
expect=$TOP/tests/expected-$v
cases=${CASES:-kprobe dynevent event}
[ -f "$expect" ] ||
	die "no $expect: record plain $v's results of the probe cases there (make check-stable prints them; format of tests/expected)"
export PARTS=${PARTS:-2}
export SKIP=$TOP/tests/skip-$v
[ -f "$SKIP" ] || SKIP=$TOP/tests/skip

start=$(date +%s)
times=()
step()
{
	local what=$1 t=$(date +%s) rc=0

	shift
	info "check-stable: $what"
	"$@" || rc=$?
	times+=("$what: $(elapsed "$t")$([ $rc = 0 ] || echo ", FAILED")")
	info "check-stable: $what: $([ $rc = 0 ] && echo "done" || echo FAILED) in $(elapsed "$t")"
	return $rc
}
on_series()
{
	TREE=$series_tree OUT=$series_out "$@"
}
on_base()
{
	TREE=$base_tree OUT=$base_out "$@"
}

step "fetch the $v base" "$TOP/scripts/fetch-base.sh"
step "trees: $series_tree (base + $(echo $names)), $base_tree (base)" \
	eval 'on_series env FORCE=changed STACK= "$TOP/scripts/mktree.sh" &&
	      on_base env BASE_ONLY=1 "$TOP/scripts/mktree.sh"'
step "configure both" eval 'on_series "$TOP/scripts/config.sh" && on_base "$TOP/scripts/config.sh"'
step "build plain $v" on_base "$TOP/scripts/build.sh"
step "build $v + the series" on_series "$TOP/scripts/build.sh"

# The cases the series adds or changes, and those of them outside $cases.
mine=$(git -C "$series_tree" diff --name-only --diff-filter=AM base HEAD -- \
	'tools/testing/selftests/ftrace/test.d/*.tc' | sed 's|^tools/testing/selftests/ftrace/test.d/||')
extra=$(for c in $mine; do
	for d in $cases; do
		case $c in "${d%/}"/* | "$d") continue 2 ;; esac
	done
	echo "$c"
done)
info "check-stable: the series adds or changes $(grep -c . <<<"$mine" || true) ftracetest cases: $(echo $mine)"

mkdir -p "$res"
brc=0 nrc=0 src=0
# shellcheck disable=SC2086
step "ftracetest on plain $v: $cases" on_base env RES="$res/base" EXPECT="$expect" \
	KTAP_RESULTS="$res/base.results" "$TOP/scripts/test.sh" $cases || brc=$?
# Judged by the table below, not against the record: one guest each.
mine_on_base()
{
	local c i=0

	: >"$res/new-on-base.results"
	for c in $mine; do
		i=$((i + 1))
		info "check-stable: $c on plain $v ($i of $(echo $mine | wc -w))"
		on_base env RES="$res/new-on-base/$i" PARTS=1 EXPECT="$expect" \
			KSELFTEST="$series_out/kselftest" KTAP_RESULTS="$res/new-on-base/$i.results" \
			"$TOP/scripts/test.sh" "$c" >"$res/new-on-base/$i.log" 2>&1 || true
		# A kernel splat during the case counts against plain 6.12.
		if grep -q 'splat on the console' "$res/new-on-base/$i.log"; then
			sed -i 's/\t.*/&, splat/' "$res/new-on-base/$i.results" 2>/dev/null || true
		fi
		cat "$res/new-on-base/$i.results" >>"$res/new-on-base.results" 2>/dev/null ||
			printf '%s\tCRASHED\n' "$c" >>"$res/new-on-base.results"
	done
}
rm -rf "$res/new-on-base"
mkdir -p "$res/new-on-base"
[ -z "$mine" ] || step "the series' cases on plain $v, one guest each (logs in $res/new-on-base)" mine_on_base || nrc=$?
# shellcheck disable=SC2086
step "ftracetest on $v + the series: $cases $(echo $extra)" on_series env RES="$res/series" \
	EXPECT="$expect" KTAP_RESULTS="$res/series.results" "$TOP/scripts/test.sh" $cases $extra || src=$?

# The series' cases: plain 6.12 against the series.
if [ -n "$mine" ]; then
	echo
	echo "| Case | plain $v | $v + series | Verdict |"
	echo "| --- | --- | --- | --- |"
	for c in $mine; do
		for n in "$c" "$c (instance)"; do
			p=$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$res/new-on-base.results" 2>/dev/null)
			s=$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$res/series.results" 2>/dev/null)
			[ -n "$p$s" ] || [ "$n" = "$c" ] || continue
			if [ "$s" != PASS ]; then
				verdict="FAILS with the series"
			elif [ -z "$p" ]; then
				verdict="passes; not run on plain $v"
			elif [ "$p" = PASS ]; then
				verdict="passes on both (shows no bug of plain $v)"
			else
				verdict="fixed by the series (the expected outcome)"
			fi
			echo "| $n | ${p:-not run} | ${s:-not run} | $verdict |"
		done
	done
	echo
fi

for t in "${times[@]}"; do
	info "check-stable: $t"
done
[ $brc = 0 ] ||
	warn "plain $v's probe cases differ from $expect (above): flaky, or the record is out of date"
[ $nrc = 0 ] || [ -s "$res/new-on-base.results" ] ||
	warn "the series' cases did not run on plain $v (above)"
counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$res/series/ktap-check.txt" 2>/dev/null | tail -n 1 || true)
info "check-stable: done in $(elapsed "$start"): $(echo $names) on $BASE_PACKAGE $BASE_VERSION: ${counts:-no result}"
[ $src = 0 ] || die "check-stable: the series is worse than plain $v, or a case it adds or changes does not pass (above)"
