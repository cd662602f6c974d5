#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the benchmark guest by scripts/bench.sh:
#
#   guest-bench.sh LOOP ITERATIONS RUNS [PATTERN]
#
# For each scenario, set up the probe, run LOOP (bench/loop.c) RUNS times
# on the scenario's system call, and write "SCENARIO NS_PER_CALL" (the
# least of the runs: what else runs in the guest only ever adds) to
# $PS_RES/bench.txt, or "SCENARIO -" when this kernel cannot run the
# scenario.  Every run's figure goes to the output.
#
# A scenario named "BASE+WHAT" is the scenario BASE with a probe added:
# its cost per hit is computed against BASE.  Other scenarios are loops of
# getppid(), with the probe on the getppid() function, computed against
# "none".  With PATTERN (a shell pattern, extglob on: "!(bt-*)" is all but
# the bpftrace ones), only the scenarios whose names match it run, and
# "none".
set -euo pipefail
shopt -s extglob

loop=$1 iters=$2 runs=$3 only=${4:-*}
T=/sys/kernel/tracing
SYS=__x64_sys_getppid
out=$PS_RES/bench.txt
: >"$out"

# What the kernel mitigates on the CPU QEMU emulates: the same kernel
# takes other paths on another CPU, so the figures hold with these
for f in /sys/devices/system/cpu/vulnerabilities/*; do
	[ -f "$f" ] && echo "${f##*/}: $(cat "$f")"
done >"$PS_RES/vulnerabilities.txt"

cd $T
# The trace clock the guest chose at boot (some scenarios change it)
clock0=$(sed 's/.*\[\(.*\)\].*/\1/' trace_clock)
echo 0 > tracing_on
echo 0 > events/enable
echo > dynamic_events
echo 1 > tracing_on

# measure WRAPPER CALL...: the least of the RUNS figures of one scenario
measure()
{
	local wrap=$1 i vals=()

	shift
	for ((i = 0; i < runs; i++)); do
		vals+=("$($wrap "$loop" "$iters" "$@" | cut -d' ' -f3)")
	done
	echo "  runs: ${vals[*]}" >&2
	printf '%s\n' "${vals[@]}" | sort -n | head -n 1
}

# scenario NAME SETUP [WRAPPER [CALL...]]: run SETUP (a shell command),
# measure CALL (default: getppid) run by WRAPPER (default: none), clean up
scenario()
{
	local name=$1 setup=$2 wrap=${3:-} v

	shift $(($# < 3 ? $# : 3))
	[ $# -gt 0 ] || set -- getppid
	# shellcheck disable=SC2053
	[[ $name = none || $name = $only ]] || return 0
	echo "$name: $setup${wrap:+ (run by $wrap)}" >&2
	if ! (eval "$setup") 2>/dev/null; then
		echo "  not supported by this kernel" >&2
		echo "$name -" >>"$out"
		cleanup
		return
	fi
	v=$(measure "$wrap" "$@")
	echo "$name $v" >>"$out"
	cleanup
}

cleanup()
{
	bt_stop
	echo "$clock0" > trace_clock
	echo 0 > events/enable
	[ ! -f probe_profile_timing ] || echo 0 > probe_profile_timing
	echo > dynamic_events
	echo > trace
}

# bpftrace: its perf ring buffer (pages of 4 KiB, a power of 2) holds
# every record of a scenario, so that none is lost while it is stopped
export BPFTRACE_PERF_RB_PAGES=32768

# bt_start PROGRAM: run bpftrace with PROGRAM in the background, wait until
# its probes are attached (its BEGIN probe prints "ready"), or fail if it
# stops first, and stop it (SIGSTOP): while the loops run, its records
# wait in the perf ring buffer as a probe event's do in the trace, and
# nothing reads them.
bt_start()
{
	command -v bpftrace > /dev/null || return 1
	rm -f /tmp/bt.out /tmp/bt.log
	bpftrace -e "BEGIN { printf(\"ready\\n\"); } $1" >/tmp/bt.out 2>/tmp/bt.log &
	until grep -qx ready /tmp/bt.out 2>/dev/null; do
		pgrep -x bpftrace > /dev/null || { cat /tmp/bt.log >&2; return 1; }
		sleep 1
	done
	pkill -STOP -x bpftrace
}

# bt_stop: let bpftrace read its records, stop it once it has printed one
# for each call of the loops (a tracepoint's go on with every system call,
# bpftrace's own too) or no more come, and say how many it printed and
# what it said (lost records)
bt_stop()
{
	local n m=-1 calls=$((runs * (iters + iters / 50)))

	pgrep -x bpftrace > /dev/null || return 0
	pkill -CONT -x bpftrace
	n=$(wc -l < /tmp/bt.out)
	while [ "$n" -lt "$calls" ] && [ "$n" != "$m" ]; do
		sleep 5
		m=$n
		n=$(wc -l < /tmp/bt.out)
	done
	pkill -INT -x bpftrace
	while pgrep -x bpftrace > /dev/null; do
		sleep 1
	done
	echo "  bpftrace printed $(grep -cx '[0-9a-fk -]\+' /tmp/bt.out) records, for $calls calls" >&2
	grep -vx -e '[0-9a-fk -]\+' -e ready -e '' /tmp/bt.out | sed 's/^/  bpftrace: /' >&2 || true
	sed '/^$/d; s/^/  bpftrace: /' /tmp/bt.log >&2
	rm -f /tmp/bt.out
}

# ftrace names the function after the first symbol at its address, which
# can be the wrapped __do_sys_getppid; kprobe and fprobe events need that name.
if ! grep -qw "$SYS" available_filter_functions; then
	SYS=__do_sys_getppid
	grep -qw "$SYS" available_filter_functions || { echo "no getppid() function to probe" >&2; exit 1; }
fi
echo "probing $SYS" >&2

on="echo 1 > events/bench/enable"
scenario none ":"
scenario kprobe-disabled "echo 'p:bench/k $SYS' >> dynamic_events"
scenario kprobe "echo 'p:bench/k $SYS' >> dynamic_events && $on"
scenario kprobe-1arg "echo 'p:bench/k $SYS a=%di:x64' >> dynamic_events && $on"
scenario kprobe-4args "echo 'p:bench/k $SYS a=%di:x64 b=%si:x64 c=%dx:x64 d=%cx:x64' >> dynamic_events && $on"
# symstr of the caller's address (the return address on the stack)
scenario kprobe-symstr "echo 'p:bench/k $SYS s=+0(%sp):symstr' >> dynamic_events && $on"
scenario kretprobe "echo 'r:bench/k $SYS' >> dynamic_events && $on"
# A semantic type against the basic type of the same size (series only)
scenario kprobe-s32 "echo 'p:bench/k $SYS a=%di:s32' >> dynamic_events && $on"
scenario kprobe-errno "echo 'p:bench/k $SYS a=%di:errno' >> dynamic_events && $on"
scenario kprobe-x32 "echo 'p:bench/k $SYS a=%di:x32' >> dynamic_events && $on"
scenario kprobe-gfp "echo 'p:bench/k $SYS a=%di:gfp' >> dynamic_events && $on"
scenario kretprobe-s32 "echo 'r:bench/k $SYS r=\$retval:s32' >> dynamic_events && $on"
scenario kretprobe-errno "echo 'r:bench/k $SYS r=\$retval:errno' >> dynamic_events && $on"
# $duration against a u64 argument (series only), with the guest's trace
# clock ("global": TCG's sched_clock is not stable) and with "local", the
# default where the TSC is stable
scenario kretprobe-u64 "echo 'r:bench/k $SYS r=\$retval:u64' >> dynamic_events && $on"
scenario kretprobe-duration "echo 'r:bench/k $SYS d=\$duration' >> dynamic_events && $on"
lclock="echo local > trace_clock"
scenario kretprobe-u64-local "$lclock && echo 'r:bench/k $SYS r=\$retval:u64' >> dynamic_events && $on"
scenario kretprobe-duration-local "$lclock && echo 'r:bench/k $SYS d=\$duration' >> dynamic_events && $on"
scenario fentry "echo 'f:bench/f $SYS' >> dynamic_events && $on"
scenario fexit "echo 'f:bench/f $SYS%return' >> dynamic_events && $on"
# An fprobe event on a pattern that matches the one function (the series'
# glob-fprobe: it records the name in its func field), and with $duration
scenario fentry-glob1 "echo 'f:bench/f ${SYS%?}[${SYS: -1}]' >> dynamic_events && grep -q 'func;' events/bench/f/format && $on"
scenario fexit-duration-glob1 "echo 'f:bench/f ${SYS%?}[${SYS: -1}]%return d=\$duration' >> dynamic_events && grep -q 'func;' events/bench/f/format && $on"
scenario fexit-u64 "echo 'f:bench/f $SYS%return r=\$retval:u64' >> dynamic_events && $on"
scenario fexit-duration "echo 'f:bench/f $SYS%return d=\$duration' >> dynamic_events && $on"
scenario fexit-u64-local "$lclock && echo 'f:bench/f $SYS%return r=\$retval:u64' >> dynamic_events && $on"
scenario fexit-duration-local "$lclock && echo 'f:bench/f $SYS%return d=\$duration' >> dynamic_events && $on"
scenario tprobe "echo 't:bench/t sys_enter' >> dynamic_events && $on"
scenario tprobe-1arg "echo 't:bench/t sys_enter id=\$arg2:s64' >> dynamic_events && $on"
# The same kprobe event counted by perf instead of written to the trace
# (the event name must not read as perf modifiers, hence "ppid")
if command -v perf > /dev/null; then
	scenario kprobe-perf "echo 'p:bench/ppid $SYS' >> dynamic_events" \
		"perf stat -x, -o /dev/null -e bench:ppid --"
fi
# bpftrace on the same function (and tracepoint), printing the same
# values as the probe events above: a BPF program, JIT-compiled, writes
# them to a perf ring buffer, and bpftrace reads and formats each one in
# user space, which a probe event leaves to whoever reads the trace.
scenario bt-kprobe "bt_start 'kprobe:$SYS { printf(\"k\\n\"); }'"
scenario bt-kprobe-1arg "bt_start 'kprobe:$SYS { printf(\"%lx\\n\", reg(\"di\")); }'"
scenario bt-kprobe-4args "bt_start 'kprobe:$SYS { printf(\"%lx %lx %lx %lx\\n\", reg(\"di\"), reg(\"si\"), reg(\"dx\"), reg(\"cx\")); }'"
scenario bt-kretprobe "bt_start 'kretprobe:$SYS { printf(\"%lu\\n\", retval); }'"
scenario bt-tracepoint "bt_start 'tracepoint:raw_syscalls:sys_enter { printf(\"%ld\\n\", args->id); }'"
# The series' probe_profile timing, on a kprobe event
scenario kprobe-timing "test -f probe_profile_timing && echo 'p:bench/k $SYS' >> dynamic_events && $on && echo 1 > probe_profile_timing"

# attach N PATTERN...: the time to enable and to disable an fprobe event
# on a pattern, for the PATTERN whose number of functions in
# available_filter_functions is nearest N (the patterns are prefixes of
# subsystems that the probe's own path does not use). Writes "attachN
# PATTERN FUNCTIONS ENABLE_US DISABLE_US" to $PS_RES/attach.txt, the
# functions as enabled_functions counts them; under -icount a guest
# microsecond is a thousand instructions.
attach()
{
	local n=$1 best='' bestd='' p c d t0 t1 t2 t3 r e x emin xmin

	shift
	# shellcheck disable=SC2053
	[[ attach$n = $only ]] || return 0
	for p in "$@"; do
		c=$(cut -d' ' -f1 available_filter_functions | grep -c "^${p%\*}")
		d=$((c > n ? c - n : n - c))
		if [ -z "$bestd" ] || [ $d -lt "$bestd" ]; then
			best=$p bestd=$d
		fi
	done
	echo "attach$n: f:bench/g $best" >&2
	if ! echo "f:bench/g $best" >> dynamic_events 2>/dev/null; then
		echo "  not supported by this kernel" >&2
		echo "attach$n $best - - -" >> "$PS_RES/attach.txt"
		cleanup
		return
	fi
	# No record is written while the functions are hit meanwhile. The
	# least of 3 rounds: a round can also wait for RCU grace periods,
	# which under -icount cost guest time but few instructions.
	echo 0 > tracing_on
	for r in 1 2 3; do
		t0=$(date +%s%N)
		echo 1 > events/bench/g/enable
		t1=$(date +%s%N)
		c=$(grep -c . enabled_functions)
		t2=$(date +%s%N)
		echo 0 > events/bench/g/enable
		t3=$(date +%s%N)
		e=$(((t1 - t0) / 1000)) x=$(((t3 - t2) / 1000))
		echo "  round $r, $c functions: enable $e us, disable $x us" >&2
		if [ "$r" = 1 ] || [ "$e" -lt "$emin" ]; then emin=$e; fi
		if [ "$r" = 1 ] || [ "$x" -lt "$xmin" ]; then xmin=$x; fi
	done
	echo 1 > tracing_on
	echo "attach$n $best $c $emin $xmin" >> "$PS_RES/attach.txt"
	cleanup
}
: > "$PS_RES/attach.txt"
attach 100 'kernfs_*' 'input_*' 'device_*' 'tty_*' 'v9fs_*'
attach 1000 'acpi*' 'pci*' 'tcp_*' 'proc_*' '__x64_sys_*'

# A kernel string: access() of a missing file in /tmp (a tmpfs: no I/O),
# the name of LEN bytes, probed where the kernel has copied it: the
# struct filename that filename_lookup() takes points to it with its first
# member (+0(%si) is that pointer, +0(+0(%si)) the string). The string's
# own cost is kprobe-string minus kprobe, the same probe without it.
for len in 8 64 256; do
	path=/tmp/$(printf "%0$((len - 5))d" 0 | tr 0 a)
	scenario access$len ":" "" access "$path"
	scenario access$len+kprobe \
		"echo 'p:bench/s filename_lookup' >> dynamic_events && $on" \
		"" access "$path"
	scenario access$len+kprobe-string \
		"echo 'p:bench/s filename_lookup name=+0(+0(%si)):string' >> dynamic_events && $on" \
		"" access "$path"
done
