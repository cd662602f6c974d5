#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Shows why the stress program once reported "after loading, kfoo missing
# from dynamic_events": a reader of dynamic_events that takes it in more
# than one read() misses a live event when an event listed before it is
# deleted between two of its reads.  read() of a seq_file returns at most
# a page of records and the next one resumes at an index into the list,
# which has shifted by one.  Run in the guest:
#
#   scripts/vm.sh -- $PWD/stress/dynevents-skip.sh
#
# Prints, for three rounds, the event deleted between the reads and the
# live events the reader did not see.
cd /sys/kernel/tracing || exit 1
echo > dynamic_events
n=150
for i in $(seq 1 $n); do
	echo "p:race/e$i vfs_read a=%di b=%si c=%dx" >> dynamic_events || exit 1
done
echo "listing: $(wc -c < dynamic_events) bytes, $(grep -c . dynamic_events) lines"
for round in 1 2 3; do
	exec 3< dynamic_events
	first=$(dd bs=65536 count=1 <&3 2>/dev/null)
	echo "round $round: first read() returned $(printf '%s\n' "$first" | wc -c) bytes, $(printf '%s\n' "$first" | grep -c .) lines"
	victim=$(printf '%s\n' "$first" | head -n 1 | sed 's/^p:\([^ ]*\) .*/\1/')
	echo "-:$victim" >> dynamic_events
	rest=$(cat <&3)
	exec 3<&-
	all=$(printf '%s\n%s\n' "$first" "$rest" | grep . | sed 's/^p:\([^ ]*\) .*/\1/' | sort)
	live=$(sed 's/^p:\([^ ]*\) .*/\1/' dynamic_events | sort)
	missing=$(comm -13 <(printf '%s\n' "$all") <(printf '%s\n' "$live"))
	echo "round $round: deleted $victim between the reads; live events the reader did not see: ${missing:-none}"
done
echo > dynamic_events
