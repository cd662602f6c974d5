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

echo >$T/dynamic_events
echo
echo "demo: done"
