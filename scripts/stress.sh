#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Stress the dynamic probe events of the built kernel ($OUT) in a guest:
#
#   scripts/stress.sh
#
# Builds stress/*.c (probe_stress), boots the kernel with scripts/vm.sh and
# runs it there through scripts/guest-stress.sh: random probe definitions,
# valid and mutated, written to dynamic_events and checked against what
# the kernel lists and logs, while other threads enable, filter, trigger
# and profile the events, run a workload under them and load and unload
# a module with probes on it, and create and remove trace instances and
# enable the events there too.  Then prints the summary and fails when the
# program failed (an inconsistency, an unclean cleanup, too few module
# cycles), or the kernel splatted or leaked memory (with kmemleak).
#
# Environment: STRESS_DEFS (definitions, default 3000), STRESS_SECS (time
# bound of the definitions, default 90; the run goes on up to twice that
# for the module cycles), STRESS_MODS (module load/unload cycles wanted,
# default 5), STRESS_SEED (default: from the clock; printed, replays the
# same definitions), TIMEOUT (of the guest, default 2 x STRESS_SECS +
# 600), OUT (the kernel).  Results in build/results/stress-KERNEL, KERNEL
# the last part of OUT (stress-out, stress-debug-out).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

defs=${STRESS_DEFS:-3000}
secs=${STRESS_SECS:-90}
mods=${STRESS_MODS:-5}
seed=${STRESS_SEED:-$(date +%s)}
for v in defs secs mods seed; do
	[[ ${!v} =~ ^[0-9]+$ ]] || die "STRESS_${v^^} must be a decimal number, not '${!v}'"
done
timeout=${TIMEOUT:-$((2 * 10#$secs + 600))}
[[ $timeout =~ ^[0-9]+$ ]] || die "TIMEOUT must be a number of seconds, not '$timeout'"
res=$BUILD/results/stress-$(basename "$OUT")

command -v gcc >/dev/null || die "gcc is missing: run 'make deps'"
mkdir -p "$BUILD/stress"
prog=$BUILD/stress/probe_stress
# The program is every stress/*.c but perf-uprobe-inherit.c, a reproducer
# that is a program of its own (built by hand: see its head).
srcs=()
for f in "$TOP"/stress/*.c; do
	[ "${f##*/}" = perf-uprobe-inherit.c ] || srcs+=("$f")
done
gcc -O2 -Wall -Wextra -pthread -o "$prog" "${srcs[@]}" ||
	die "cannot build stress/*.c (probe_stress)"

info "stress: seed $seed, $defs definitions or ${secs}s, $mods module cycles"
start=$(date +%s)
rm -f "$res/summary.txt" "$res/dmesg.txt" "$res/kmemleak.txt"
set +e
"$TOP/scripts/vm.sh" -t "$timeout" -r "$res" -- \
	"$TOP/scripts/guest-stress.sh" "$prog" -s "$seed" -n "$defs" \
	-t "$secs" -m "$mods"
vrc=$?
set -e

sum=$res/summary.txt
replay="replay with: OUT=$OUT STRESS_SEED=$seed STRESS_DEFS=$defs STRESS_SECS=$secs STRESS_MODS=$mods scripts/stress.sh"
if [ ! -f "$sum" ]; then
	warn "no summary from the guest; see $res/console.log and $res/output.log"
	info "$replay"
	die "stress run failed after $(elapsed "$start")"
fi
printf '\n'
cat "$sum"
printf '\n'

fails=()
# val KEY: the value of the summary line "KEY VALUE"
val()
{
	awk -v k="$1" '{ v = $NF; $NF = ""; sub(/ $/, ""); if ($0 == k) r = v }
		END { print r }' "$sum"
}
[ $vrc = 0 ] || fails+=("the guest run failed (status $vrc: program, kernel splat or timeout)")
[ "$(val inconsistent)" = 0 ] || fails+=("inconsistent $(val inconsistent)")
[ "$(val cleanup)" = ok ] || fails+=("cleanup $(val cleanup)")
[ "$(val splats)" = 0 ] || fails+=("splats $(val splats) (see $res/dmesg.txt)")
# "leaks n/a (...)": nothing scanned, acceptable only without kmemleak.
leaks=$(sed -n 's/^leaks //p' "$sum" | tail -n 1)
if grep -q '^CONFIG_DEBUG_KMEMLEAK=y' "$OUT/.config" 2>/dev/null; then
	[ "$leaks" = 0 ] || fails+=("leaks ${leaks:-?} (see $res/kmemleak.txt)")
else
	[ "$leaks" = "n/a (no kmemleak)" ] || fails+=("leaks ${leaks:-?} on a kernel without kmemleak")
fi
# A kernel that refuses everything, or whose probes never fire, must
# not pass: at least a fifth accepted (271 of 600 for seed 1) and hits.
t=$(val 'definitions tried')
a=$(val accepted)
if [ -n "$t" ] && [ -n "$a" ]; then
	[ $((a * 5)) -ge "$t" ] || fails+=("only $a of $t definitions accepted")
	[ "$t" -ge "$defs" ] ||
		warn "only $t of the $defs definitions were tried within ${secs}s (a slow guest?): raise STRESS_SECS"
fi
[ "$(val 'events hit')" != 0 ] || fails+=("no probe hit at all")
i=$(val 'instance ops')
[ -n "$i" ] && [ "$i" != 0 ] || fails+=("no operation in a trace instance (instance ops ${i:-missing})")
m=$(val 'module cycles')
[ -n "$m" ] && [ "$m" -ge "$mods" ] || fails+=("module cycles ${m:-?} of $mods wanted")
n=$(val 'rejected without error_log')
[ "${n:-0}" = 0 ] || warn "$n rejections without an error_log entry: listed in $res/output.log ('no error_log:')"

if [ ${#fails[@]} -gt 0 ]; then
	for f in "${fails[@]}"; do
		warn "$f"
	done
	info "$replay"
	die "stress failed after $(elapsed "$start"): read $sum and $res/output.log"
fi
info "$replay"
info "stress: done in $(elapsed "$start"), results in $res"
