#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the benchmark guest by scripts/bench.sh:
#
#   guest-bench.sh LOOP ITERATIONS RUNS
#
# For each scenario, set up the probe on the getppid() function, run LOOP
# (bench/loop.c) RUNS times, and write "SCENARIO NS_PER_CALL" (the least
# of the runs: what else runs in the guest only ever adds) to
# $PS_RES/bench.txt, or "SCENARIO -" when this kernel
# cannot run the scenario.  Every run's figure goes to the output.
set -euo pipefail

loop=$1 iters=$2 runs=$3
T=/sys/kernel/tracing
SYS=__x64_sys_getppid
out=$PS_RES/bench.txt
: >"$out"

cd $T
echo 0 > tracing_on
echo 0 > events/enable
echo > dynamic_events
echo 1 > tracing_on

# the least of the RUNS figures of one scenario
measure()
{
	local i vals=()

	for ((i = 0; i < runs; i++)); do
		vals+=("$("$loop" "$iters" getppid | cut -d' ' -f3)")
	done
	echo "  runs: ${vals[*]}" >&2
	printf '%s\n' "${vals[@]}" | sort -n | head -n 1
}

# scenario NAME SETUP...: run SETUP (a shell command), measure, clean up
scenario()
{
	local name=$1 setup=$2 v

	echo "$name: $setup" >&2
	if ! (eval "$setup") 2>/dev/null; then
		echo "  not supported by this kernel" >&2
		echo "$name -" >>"$out"
		cleanup
		return
	fi
	v=$(measure)
	echo "$name $v" >>"$out"
	cleanup
}

cleanup()
{
	echo 0 > events/enable
	[ ! -f probe_profile_timing ] || echo 0 > probe_profile_timing
	echo > dynamic_events
	echo > trace
}

# ftrace names the function after the first symbol at its address, which
# can be the wrapped __do_sys_getppid; kprobe and fprobe events need that name.
if ! grep -qw "$SYS" available_filter_functions; then
	SYS=__do_sys_getppid
	grep -qw "$SYS" available_filter_functions || { echo "no getppid() function to probe" >&2; exit 1; }
fi
echo "probing $SYS" >&2

scenario none ":"
scenario kprobe-disabled "echo 'p:bench/k $SYS' >> dynamic_events"
scenario kprobe "echo 'p:bench/k $SYS' >> dynamic_events && echo 1 > events/bench/enable"
scenario kprobe-1arg "echo 'p:bench/k $SYS a=%di:x64' >> dynamic_events && echo 1 > events/bench/enable"
scenario kprobe-4args "echo 'p:bench/k $SYS a=%di:x64 b=%si:x64 c=%dx:x64 d=%cx:x64' >> dynamic_events && echo 1 > events/bench/enable"
scenario kretprobe "echo 'r:bench/k $SYS' >> dynamic_events && echo 1 > events/bench/enable"
scenario fentry "echo 'f:bench/f $SYS' >> dynamic_events && echo 1 > events/bench/enable"
scenario fexit "echo 'f:bench/f $SYS%return' >> dynamic_events && echo 1 > events/bench/enable"
scenario tprobe "echo 't:bench/t sys_enter' >> dynamic_events && echo 1 > events/bench/enable"
# The series' probe_profile timing, on a kprobe event
scenario kprobe-timing "test -f probe_profile_timing && echo 'p:bench/k $SYS' >> dynamic_events && echo 1 > events/bench/enable && echo 1 > probe_profile_timing"
