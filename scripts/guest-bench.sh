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
# The static events of the budget scenarios: getppid()'s system call
# tracepoint, and one that the loops do not hit
SYSTP=events/syscalls/sys_enter_getppid
OTHERTP=events/syscalls/sys_enter_fsync
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
	[ ! -f $SYSTP/budget ] || echo 0 > $SYSTP/budget
	[ ! -f $OTHERTP/budget ] || echo 0 > $OTHERTP/budget
	[ ! -f probe_profile_timing ] || echo 0 > probe_profile_timing
	echo > dynamic_events
	echo > trace
}

# struct_members: the arguments "regs->*" on sys_enter expands to
struct_members()
{
	echo 't:bench/x sys_enter regs->*' >> dynamic_events
	sed -n 's/^t:bench\/x sys_enter //p' dynamic_events
	echo '-:bench/x' >> dynamic_events
}

# symstr_place: the symbol that kprobe-symstr formats and its place in its
# block of 256 names in kallsyms, into symstr.txt. To find a name,
# kallsyms_lookup() walks the names of the block up to it
# (get_symbol_offset(), 9 instructions a name on x86_64), so the figure
# of kprobe-symstr moves with that place whenever a build adds or removes
# a symbol before it. /proc/kallsyms lists the kernel's names in that order.
symstr_place()
{
	local sym n

	echo "p:bench/k $SYS s=+0(%sp):symstr" >> dynamic_events
	eval "$on"
	"$loop" 1 getppid > /dev/null
	echo 0 > events/enable
	sym=$(sed -n 's/.* s="\([^+"]*\)+.*/\1/p' trace | head -n 1)
	cleanup
	n=$(grep -n " $sym\$" /proc/kallsyms | head -n 1 | cut -d: -f1)
	[ -n "$sym" ] && [ -n "$n" ] || { echo "  symstr: no symbol found" >&2; return 0; }
	echo "$sym $(((n - 1) & 255))" > "$PS_RES/symstr.txt"
	echo "  symstr: $sym, name $(((n - 1) & 255)) of its block of 256 in kallsyms" >&2
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
# shellcheck disable=SC2053
[[ kprobe-symstr != $only ]] || symstr_place
scenario kretprobe "echo 'r:bench/k $SYS' >> dynamic_events && $on"
# A semantic type against the basic type of the same size (series only)
scenario kprobe-s32 "echo 'p:bench/k $SYS a=%di:s32' >> dynamic_events && $on"
scenario kprobe-errno "echo 'p:bench/k $SYS a=%di:errno' >> dynamic_events && $on"
scenario kprobe-x32 "echo 'p:bench/k $SYS a=%di:x32' >> dynamic_events && $on"
scenario kprobe-gfp "echo 'p:bench/k $SYS a=%di:%pGg' >> dynamic_events && $on"
scenario kretprobe-s32 "echo 'r:bench/k $SYS r=\$retval:s32' >> dynamic_events && $on"
scenario kretprobe-errno "echo 'r:bench/k $SYS r=\$retval:errno' >> dynamic_events && $on"
# $duration against a u64 argument (series only), with the guest's trace
# clock ("global": TCG's sched_clock is not stable) and with "local", the
# default where the TSC is stable
scenario kretprobe-u64 "echo 'r:bench/k $SYS r=\$retval:u64' >> dynamic_events && $on"
scenario kretprobe-duration "echo 'r:bench/k $SYS d=\$duration' >> dynamic_events && $on"
# A u64 saved at the entry, as $duration's entry time is: what the entry
# data costs by itself, without a clock
scenario kretprobe-arg-u64 "echo 'r:bench/k $SYS a=\$arg1:u64' >> dynamic_events && $on"
lclock="echo local > trace_clock"
scenario kretprobe-u64-local "$lclock && echo 'r:bench/k $SYS r=\$retval:u64' >> dynamic_events && $on"
scenario kretprobe-duration-local "$lclock && echo 'r:bench/k $SYS d=\$duration' >> dynamic_events && $on"
scenario fentry "echo 'f:bench/f $SYS' >> dynamic_events && $on"
scenario fexit "echo 'f:bench/f $SYS%return' >> dynamic_events && $on"
# An fprobe event on a list of the one function, given twice (the series'
# fprobe-list: the kernel probes it once, through the same handler as
# fentry and fexit-duration), and with $duration on its exit; the base
# kernel refuses the list (no function is named "$SYS,$SYS")
scenario fentry-list1 "echo 'f:bench/f $SYS,$SYS' >> dynamic_events && $on"
scenario fexit-duration-list1 "echo 'f:bench/f $SYS,$SYS:exit d=\$duration' >> dynamic_events && $on"
scenario fexit-u64 "echo 'f:bench/f $SYS%return r=\$retval:u64' >> dynamic_events && $on"
scenario fexit-duration "echo 'f:bench/f $SYS%return d=\$duration' >> dynamic_events && $on"
scenario fexit-arg-u64 "echo 'f:bench/f $SYS%return a=\$arg1:u64' >> dynamic_events && $on"
scenario fexit-u64-local "$lclock && echo 'f:bench/f $SYS%return r=\$retval:u64' >> dynamic_events && $on"
scenario fexit-duration-local "$lclock && echo 'f:bench/f $SYS%return d=\$duration' >> dynamic_events && $on"
scenario tprobe "echo 't:bench/t sys_enter' >> dynamic_events && $on"
scenario tprobe-1arg "echo 't:bench/t sys_enter id=\$arg2:s64' >> dynamic_events && $on"
# PTR->* (struct-args): every member of sys_enter's pt_regs, then the
# same members written by hand, as dynamic_events lists the expansion
scenario tprobe-struct "echo 't:bench/t sys_enter regs->*' >> dynamic_events && $on"
scenario tprobe-struct-byhand "echo \"t:bench/t sys_enter \$(struct_members)\" >> dynamic_events && $on"
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

# cpu_ns: set CPU to the CPU time this shell has run, in ns: under
# -icount shift=0 a guest ns is one instruction, and the time the shell
# sleeps (waiting for RCU grace periods, when the guest clock jumps ahead
# over idle) is not in it.  Reading /proc/$$/stat brings the shell's
# sum_exec_runtime up to date (thread_group_cputime() updates the current
# task; /proc/$$/sched alone shows it as of the last tick), /proc/$$/sched
# prints it, in ms with 6 decimals.  Builtins only: $(...) would fork.
cpu_ns()
{
	local l x=

	read -r l < "/proc/$$/stat"
	while read -r l; do
		case $l in se.sum_exec_runtime*) x=${l##* }; break ;; esac
	done < "/proc/$$/sched"
	[ -n "$x" ] || { echo "no se.sum_exec_runtime in /proc/$$/sched" >&2; return 1; }
	x=${x/./}
	CPU=$((10#$x))
}

# timed FILE VALUE: write VALUE to FILE, the write done by this shell (echo
# is a builtin, so the kernel's work runs in this task), and set INSNS to
# the instructions it executed for it, less CAL (what the same steps cost
# around a write to /dev/null), and WALL to the guest time it took, in us
# (for information: it includes the idle jumps).  Fails as the write does.
CAL=0
timed()
{
	local a w0 w1 rc=0

	cpu_ns
	a=$CPU
	w0=$EPOCHREALTIME
	if ! echo "$2" 2>/dev/null > "$1"; then
		rc=1
	fi
	w1=$EPOCHREALTIME
	cpu_ns
	INSNS=$((CPU - a - CAL)) WALL=$((${w1//[.,]/} - ${w0//[.,]/}))
	return $rc
}

# median VALUE...: the middle one (of an odd number of values)
median()
{
	printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"
}

# attach N PATTERN...: the cost of enabling and of disabling an fprobe
# event on a pattern ("f:bench/g PATTERN", as the base kernel takes it
# too), for the PATTERN whose number of functions in
# available_filter_functions is nearest N (for 100 and 1000, prefixes of
# subsystems that the probe's own path does not use).  The median of 5
# rounds of "echo 1 > enable" and "echo 0 > enable", with tracing_on off
# (no record is written while the functions are hit meanwhile).  Writes
# "attachN PATTERN FUNCTIONS ENABLE DISABLE ENABLE_US DISABLE_US" to
# $PS_RES/attach.txt: the functions as enabled_functions counts them, the
# instructions the writing shell executed (cpu_ns), and the guest time.
attach()
{
	local n=$1 best='' bestd='' p c d r es=() xs=() ew=() xw=() cal=()

	shift
	# shellcheck disable=SC2053
	[[ attach$n = $only ]] || return 0
	if [ "$CAL" = 0 ]; then
		for r in 1 2 3 4 5 6; do
			timed /dev/null 1
			cal+=("$INSNS")
		done
		# the first round warms up
		CAL=$(median "${cal[@]:1}")
		echo "attach: the measuring steps cost ${cal[*]} instructions, $CAL taken off" >&2
	fi
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
		echo "attach$n $best - - - - -" >> "$PS_RES/attach.txt"
		cleanup
		return
	fi
	echo 0 > tracing_on
	for r in 1 2 3 4 5; do
		if ! timed events/bench/g/enable 1; then
			echo "  round $r: enable failed" >&2
			echo "attach$n $best - - - - -" >> "$PS_RES/attach.txt"
			echo 1 > tracing_on
			cleanup
			return
		fi
		es+=("$INSNS") ew+=("$WALL")
		c=$(grep -c . enabled_functions)
		timed events/bench/g/enable 0
		xs+=("$INSNS") xw+=("$WALL")
		echo "  round $r, $c functions: enable ${es[-1]} instructions (${ew[-1]} us), disable ${xs[-1]} instructions (${xw[-1]} us)" >&2
	done
	echo 1 > tracing_on
	echo "attach$n $best $c $(median "${es[@]}") $(median "${xs[@]}") $(median "${ew[@]}") $(median "${xw[@]}")" >> "$PS_RES/attach.txt"
	cleanup
}
: > "$PS_RES/attach.txt"
attach 100 'kernfs_*' 'input_*' 'device_*' 'tty_*' 'v9fs_*'
attach 1000 'acpi*' 'pci*' 'tcp_*' 'proc_*' '__x64_sys_*'
attach 10000 '[a-h]*' '[a-i]*' '[j-t]*' '[k-t]*'

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

# An enum argument printed by its enumerators (series only), against the
# same argument as a u32: getppid() takes its parent's tgid through
# __task_pid_nr_ns(task, PIDTYPE_TGID, NULL), whose "type" is an enum
# pid_type. The record and the fetch are the same; only printing differs.
scenario kprobe-enum "echo 'p:bench/k __task_pid_nr_ns t=type' >> dynamic_events && $on"
scenario kprobe-enum-u32 "echo 'p:bench/k __task_pid_nr_ns t=type:u32' >> dynamic_events && $on"

# Budgets (series only), on a kprobe and on a static event, the system
# call tracepoint of getppid() (events/syscalls/.../budget). A hit that
# the budget skips (sample=1000000000: all but the first), against the
# same event recorded, and the kprobe counted by perf (kprobe-perf); an
# event without a budget while another event has one; one hit in 100
# recorded; every hit timed by cpu=100, which skips none. Then, on
# access() of a 64-byte name, 4 arguments and the
# string: every hit recorded, every hit skipped, and one in 100 recorded.
skip="echo sample=1000000000 > events/bench/k/budget"
args4="a=%di:x64 b=%si:x64 c=%dx:x64 d=%cx:x64"
scenario kprobe-skipped "echo 'p:bench/k $SYS' >> dynamic_events && $on && $skip"
scenario kprobe-4args-skipped "echo 'p:bench/k $SYS $args4' >> dynamic_events && $on && $skip"
scenario kprobe-sample100 "echo 'p:bench/k $SYS' >> dynamic_events && $on && echo sample=100 > events/bench/k/budget"
scenario kprobe-other-budget "echo 'p:bench/k $SYS' >> dynamic_events && echo 'p:bench/o vfs_fsync' >> dynamic_events && echo rate=1 > events/bench/o/budget && $on"
scenario kprobe-cpu100 "echo 'p:bench/k $SYS' >> dynamic_events && $on && echo cpu=100 > events/bench/k/budget"
scenario syscall-tp "echo 1 > $SYSTP/enable"
scenario syscall-tp-skipped "echo sample=1000000000 > $SYSTP/budget && echo 1 > $SYSTP/enable"
scenario syscall-tp-sample100 "echo sample=100 > $SYSTP/budget && echo 1 > $SYSTP/enable"
scenario syscall-tp-other-budget "echo rate=1 > $OTHERTP/budget && echo 1 > $SYSTP/enable"
scenario syscall-tp-cpu100 "echo cpu=100 > $SYSTP/budget && echo 1 > $SYSTP/enable"
path=/tmp/$(printf "%059d" 0 | tr 0 a)
str4="p:bench/s filename_lookup $args4 name=+0(+0(%si)):string"
scenario access64+kprobe-4args-string "echo '$str4' >> dynamic_events && $on" "" access "$path"
scenario access64+kprobe-4args-string-skipped \
	"echo '$str4' >> dynamic_events && $on && echo sample=1000000000 > events/bench/s/budget" \
	"" access "$path"
scenario access64+kprobe-4args-string-sample100 \
	"echo '$str4' >> dynamic_events && $on && echo sample=100 > events/bench/s/budget" \
	"" access "$path"

# budget_load PCT: a cpu= budget under load (series only). The loop calls
# access() of a 256-byte name as fast as it can, a kprobe on the path
# lookup fetches the name; with probe_profile_timing on, NSECS is the time
# of every hit's handler, the skipped ones' decision included, and
# budget_stats counts the hits cpu= skipped and the time it counted of
# the kept ones (cpu_ns). Write to budget.txt: the budget ("off" without
# one), the loop's guest time (ns), hits, hits skipped, the handlers' time
# (ns) and their share of the loop (%), cpu_ns and its share (%).
budget_load()
{
	local pct=$1 path line t0 t1 hits skip nsecs cpu

	# shellcheck disable=SC2053
	[[ budget-load = $only ]] || return 0
	[ -f probe_profile_timing ] || return 0
	path=/tmp/$(printf "%0251d" 0 | tr 0 a)
	echo "p:bench/s filename_lookup name=+0(+0(%si)):string" >> dynamic_events
	[ -f events/bench/s/budget ] || { cleanup; return 0; }
	[ "$pct" = off ] || echo "cpu=$pct" > events/bench/s/budget
	echo 1 > probe_profile_timing
	eval "$on"
	t0=$EPOCHREALTIME
	"$loop" "$iters" access "$path" > /dev/null
	t1=$EPOCHREALTIME
	echo 0 > events/enable
	# EVENT KIND HITS MISSED FILTERED DROPPED CONSUMED TIMED NSECS MAX_NSECS
	line=$(awk '$1 == "bench/s"' probe_profile)
	read -r _ _ hits _ _ _ _ _ nsecs _ <<< "$line"
	skip=$(awk '$1 == "skipped_cpu" { print $2 }' events/bench/s/budget_stats)
	cpu=$(awk '$1 == "cpu_ns" { print $2 }' events/bench/s/budget_stats)
	t0=${t0/./} t1=${t1/./}
	t1=$(( (10#$t1 - 10#$t0) * 1000 ))
	echo "budget-load cpu=$pct: $hits hits, ${skip:-0} skipped, handlers $nsecs ns, cpu= counted ${cpu:-0} ns, of $t1 ns" >&2
	echo "$pct $t1 $hits ${skip:-0} $nsecs $(awk -v n="$nsecs" -v t="$t1" 'BEGIN { printf "%.2f", 100 * n / t }') ${cpu:-0} $(awk -v n="${cpu:-0}" -v t="$t1" 'BEGIN { printf "%.2f", 100 * n / t }')" >> "$PS_RES/budget.txt"
	echo 0 > events/bench/s/budget
	cleanup
}
: > "$PS_RES/budget.txt"
budget_load off
budget_load 5
