#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the guest by "make run": a short tour of what the series adds.
# Each feature of the series adds its own step here.
set -eu
T=/sys/kernel/tracing

step()
{
	printf '\n### %s\n' "$*"
}

step "Kernel"
uname -a
echo "CPUs: $(nproc)"

step "A kprobe event with fetch arguments, and its return probe"
for def in 'p:demo/file_open do_file_open dfd=$arg1:s32 path=+0(+0($arg2)):string' \
	   'r:demo/file_open_ret do_file_open ret=$retval:x64'; do
	echo "# echo '$def' >> dynamic_events"
	echo "$def" >>$T/dynamic_events
done
echo 'comm == "cat"' >$T/events/demo/filter
echo 1 >$T/events/demo/enable
cat /etc/hostname /etc/debian_version >/dev/null
echo 0 >$T/events/demo/enable
echo "trace:"
grep -v '^#' $T/trace | head -n 8

step "kprobe_profile (event, hits, misses)"
cat $T/kprobe_profile

if [ -f $T/probe_profile ]; then
	step "probe_profile: every probe kind, with filtered and dropped records and handler times"
	for def in 'f:demo/clone_fexit kernel_clone%return ret=$retval' \
		   't:demo/fork_tp sched_process_fork'; do
		echo "# echo '$def' >> dynamic_events"
		echo "$def" >>$T/dynamic_events
	done
	echo "# echo 'reset demo/' > probe_profile; echo 1 > probe_profile_timing"
	echo 'reset demo/' >$T/probe_profile
	echo 1 >$T/probe_profile_timing
	echo 1 >$T/events/demo/enable
	echo "# (ten forks; then tracing_on=0 and ten more)"
	for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
	echo 0 >$T/tracing_on
	for i in 1 2 3 4 5 6 7 8 9 10; do /bin/true; done
	echo 1 >$T/tracing_on
	echo 0 >$T/events/demo/enable
	echo 0 >$T/probe_profile_timing
	echo "# cat probe_profile"
	cat $T/probe_profile
fi

if grep -q 'errno, %pe, bool, %pGg, devt' $T/README; then
	echo >$T/dynamic_events
	step "Semantic fetch types: errors, GFP flags, devices and socket addresses by name"
	for def in 'r:sem/open __x64_sys_openat ret=$retval:errno' \
		   't:sem/kmalloc kmalloc size=bytes_req gfp=gfp_flags:%pGg' \
		   'f:sem/chrdev chrdev_open dev=inode->i_rdev:devt' \
		   'f:sem/connect __sys_connect addr=+u0($arg2):%pISpc'; do
		echo "# echo '$def' >> dynamic_events"
		echo "$def" >>$T/dynamic_events 2>/dev/null || echo "(not available here)"
	done
	echo 'comm == "bash" || comm == "cat"' >$T/events/sem/filter
	ip link set lo up 2>/dev/null || true
	echo 1 >$T/events/sem/enable
	echo "# (in bash: cat a missing file and /dev/null, connect to 127.0.0.1:4242 and [::1]:4242)"
	bash -c 'cat /missing/file /dev/null; exec 3<> /dev/tcp/127.0.0.1/4242' 2>/dev/null || true
	bash -c 'exec 3<> /dev/tcp/::1/4242' 2>/dev/null || true
	echo 0 >$T/events/sem/enable
	for e in open chrdev connect kmalloc; do
		grep " $e: " $T/trace | tail -n 3
	done
fi

echo >$T/dynamic_events
K=$T/events/skb/kfree_skb
if grep -q "enumerators' names" $T/README && [ -d $K ] &&
   echo 'f:btf/drop sk_skb_reason_drop reason' >>$T/dynamic_events 2>/dev/null; then
	step "Enum names for every event: skb:kfree_skb filtered and keyed by drop reason; a probe's BTF enum and gfp_t printed by name"
	echo "# echo 'reason == SKB_DROP_REASON_NO_SOCKET' > events/skb/kfree_skb/filter"
	echo 'reason == SKB_DROP_REASON_NO_SOCKET' >$K/filter
	echo "# echo 'hist:keys=reason.enum' > events/skb/kfree_skb/trigger"
	echo 'hist:keys=reason.enum' >$K/trigger
	echo "# echo 'f:btf/drop sk_skb_reason_drop reason' >> dynamic_events"
	echo "# echo 'f:btf/kmalloc __kmalloc_noprof size flags' >> dynamic_events"
	echo 'f:btf/kmalloc __kmalloc_noprof size flags' >>$T/dynamic_events
	echo 'comm == "bash"' >$T/events/btf/kmalloc/filter
	ip link set lo up 2>/dev/null || true
	echo 1 >$T/events/btf/enable
	echo 1 >$K/enable
	echo "# (in bash: two UDP datagrams to 127.0.0.1:9, where nobody listens)"
	bash -c 'echo x > /dev/udp/127.0.0.1/9; echo y > /dev/udp/127.0.0.1/9' 2>/dev/null || true
	echo 0 >$K/enable
	echo 0 >$T/events/btf/enable
	grep -m 1 ' kfree_skb: ' $T/trace | sed 's/skbaddr=.*location/... location/'
	grep -m 1 ' drop: ' $T/trace
	grep -m 2 ' kmalloc: ' $T/trace
	echo "# grep '^{' events/skb/kfree_skb/hist"
	grep '^{' $K/hist
	echo '!hist:keys=reason.enum' >$K/trigger
	echo 0 >$K/filter
fi

if [ -f $T/available_tracepoints ]; then
	echo >$T/dynamic_events
	step "available_tracepoints: every tracepoint, its static key, its users by kind, event and arguments"
	echo "# grep '^sched_s[ew]' available_tracepoints"
	grep '^sched_s[ew]' $T/available_tracepoints
	echo "# wc -l available_tracepoints; grep -c ' event=- ' available_tracepoints   (tracepoints, those without an event)"
	wc -l <$T/available_tracepoints
	grep -c ' event=- ' $T/available_tracepoints
	echo "# echo 1 > events/sched/sched_switch/enable"
	echo "# echo 't sched_set_state_tp state=\$arg2:x32' >> dynamic_events; echo 1 > events/tracepoints/enable"
	echo 't sched_set_state_tp state=$arg2:x32' >>$T/dynamic_events
	echo 1 >$T/events/sched/sched_switch/enable
	echo 1 >$T/events/tracepoints/enable
	grep '^sched_s[ew]' $T/available_tracepoints
	echo 0 >$T/events/tracepoints/enable
	echo 0 >$T/events/sched/sched_switch/enable
	echo "# echo 't sched_swich' >> dynamic_events"
	echo 't sched_swich' >>$T/dynamic_events 2>/dev/null || tail -n 3 $T/error_log
fi

if grep -q 'kernel return probes support:.*\$duration' $T/README; then
	echo >$T/dynamic_events
	step "\$duration: the latency histogram of a function, one event and one trigger"
	echo "# echo 'r:lat/nsleep hrtimer_nanosleep \$duration' >> dynamic_events"
	echo 'r:lat/nsleep hrtimer_nanosleep $duration' >>$T/dynamic_events
	echo "# echo 'hist:keys=duration.log2:sort=duration' > events/lat/nsleep/trigger"
	echo 'hist:keys=duration.log2:sort=duration' >$T/events/lat/nsleep/trigger
	echo 1 >$T/events/lat/nsleep/enable
	echo "# for t in 0.001 0.01 0.01 0.1 0.3; do sleep \$t; done; cat events/lat/nsleep/hist"
	for t in 0.001 0.01 0.01 0.1 0.3; do sleep $t; done
	echo 0 >$T/events/lat/nsleep/enable
	grep '^{' $T/events/lat/nsleep/hist
	echo '!hist:keys=duration.log2:sort=duration' >$T/events/lat/nsleep/trigger
fi

if grep -q '<func-list>' $T/README; then
	echo >$T/dynamic_events
	step "fprobe events on a list of functions: the vfs_* functions but the write ones, latency per function"
	echo "# echo 'f:lat/vfs vfs_*,!vfs_write*:exit \$duration' >> dynamic_events"
	echo 'f:lat/vfs vfs_*,!vfs_write*:exit $duration' >>$T/dynamic_events
	echo "# echo 'hist:keys=__probe_func.sym:vals=hitcount,duration:sort=duration.descending' > events/lat/vfs/trigger"
	echo 'hist:keys=__probe_func.sym:vals=hitcount,duration:sort=duration.descending' >$T/events/lat/vfs/trigger
	echo 1 >$T/events/lat/vfs/enable
	echo "# functions: \$(grep -c . enabled_functions); ls -l /usr/bin > /dev/null; cat events/lat/vfs/hist"
	echo "functions: $(grep -c . $T/enabled_functions)"
	ls -l /usr/bin >/dev/null
	echo 0 >$T/events/lat/vfs/enable
	grep '^{' $T/events/lat/vfs/hist | head -n 8
	echo '!hist:keys=__probe_func.sym:vals=hitcount,duration:sort=duration.descending' >$T/events/lat/vfs/trigger
	echo >$T/dynamic_events
	echo "# echo 'f vfs_read,vfs_open' >> dynamic_events    (a list needs an event name)"
	echo 'f vfs_read,vfs_open' >>$T/dynamic_events 2>/dev/null || tail -n 3 $T/error_log
fi

if [ -f $T/events/sched/sched_switch/budget ]; then
	echo >$T/dynamic_events
	step "Budgets on any event, in one instance: one context switch in 10, a probe at 20 records a second, then at 5% of a CPU"
	I=$T/instances/demo_budget
	echo "# mkdir instances/demo_budget; cd instances/demo_budget"
	mkdir $I
	echo "# echo sample=10 > events/sched/sched_switch/budget"
	echo sample=10 >$I/events/sched/sched_switch/budget
	echo "# echo 'p:hot/null write_null' >> /sys/kernel/tracing/dynamic_events"
	echo 'p:hot/null write_null' >>$T/dynamic_events
	echo "# echo rate=20 > events/hot/null/budget"
	echo rate=20 >$I/events/hot/null/budget
	echo 1 >$I/events/sched/sched_switch/enable
	echo 1 >$I/events/hot/null/enable
	echo "# dd if=/dev/zero of=/dev/null bs=1 count=5000    (on CPU 0, with the top instance recording too)"
	echo 1 >$T/events/hot/null/enable
	taskset -c 0 dd if=/dev/zero of=/dev/null bs=1 count=5000 status=none
	echo 0 >$T/events/hot/null/enable
	echo 0 >$I/events/hot/null/enable
	echo 0 >$I/events/sched/sched_switch/enable
	echo "# cat events/sched/sched_switch/budget_stats; grep -c sched_switch: trace"
	cat $I/events/sched/sched_switch/budget_stats
	grep -c ' sched_switch: ' $I/trace || true
	echo "# cat events/hot/null/budget_stats; grep -c ' null: ' trace; grep -c ' null: ' ../../trace"
	cat $I/events/hot/null/budget_stats
	grep -c ' null: ' $I/trace || true
	grep -c ' null: ' $T/trace || true
	echo "# grep -m 1 'budget: ' trace"
	grep -m 1 'budget: ' $I/trace || true
	echo "# echo cpu=5 > events/hot/null/budget    (at most 5% of each CPU's time spent recording it)"
	echo cpu=5 >$I/events/hot/null/budget
	echo 1 >$I/events/hot/null/enable
	echo "# dd if=/dev/zero of=/dev/null bs=1 count=100000; cat events/hot/null/budget_stats"
	taskset -c 0 dd if=/dev/zero of=/dev/null bs=1 count=100000 status=none
	echo 0 >$I/events/hot/null/enable
	cat $I/events/hot/null/budget_stats
	echo "# echo sample=0 > events/sched/sched_switch/budget"
	echo sample=0 >$I/events/sched/sched_switch/budget 2>/dev/null || tail -n 3 $I/error_log
	echo "# cat events/sched/sched_switch/budget    (unchanged)"
	cat $I/events/sched/sched_switch/budget
	rmdir $I
fi

if grep -q '<ptr>->\*' $T/README; then
	echo >$T/dynamic_events
	echo >$T/trace
	step "PTR->*: every member of a structure as fields, the struct file of a write"
	echo "# echo 'f:vfs/write vfs_write count file->*' >> dynamic_events"
	echo 'f:vfs/write vfs_write count file->*' >>$T/dynamic_events
	echo "# grep vfs/write dynamic_events    (cut)"
	grep 'vfs/write' $T/dynamic_events | cut -c1-200
	echo "# echo 'count == 6 && file_f_pos > 0' > events/vfs/write/filter"
	echo 'count == 6 && file_f_pos > 0' >$T/events/vfs/write/filter
	echo 1 >$T/events/vfs/write/enable
	echo "# (in bash: 'hello' and 'world' appended to a file)"
	f=$(mktemp)
	bash -c "echo hello >> $f; echo world >> $f"
	rm -f $f
	echo 0 >$T/events/vfs/write/enable
	grep -m 1 ' write: ' $T/trace | tr ' ' '\n' | grep -E '^(count|file_f_flags|file_f_pos|file_f_mode)='
fi

echo >$T/dynamic_events
echo
echo "demo: done"
