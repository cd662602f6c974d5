#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the test guest by scripts/stress.sh:
#
#   guest-stress.sh PROBE_STRESS [ARG...]
#
# Runs PROBE_STRESS (built from stress/*.c) with ARGs and its summary
# written to $PS_RES/summary.txt, then judges the kernel: with kmemleak
# (scans only when asked for here), two scans after the run and the
# "unreferenced object" reports counted (kept in $PS_RES/kmemleak.txt);
# the kernel messages of the run (kept in $PS_RES/dmesg.txt) searched for
# splats with the expressions in tests/splats, as scripts/vm.sh does.
# Appends "splats N" and "leaks N" to the summary; exits non-zero when the
# program failed or either count is not 0.
set -uo pipefail

prog=$1
shift
sum=$PS_RES/summary.txt
leak=/sys/kernel/debug/kmemleak
rm -f "$sum" "$PS_RES/kmemleak.txt" "$PS_RES/dmesg.txt"

# The reports scripts/vm.sh fails a run on (one expression per line)
splats=$(dirname "$0")/../tests/splats
[ -r "$splats" ] || { echo "guest-stress: cannot read $splats" >&2; exit 1; }

ip link set lo up 2>/dev/null || busybox ifconfig lo 127.0.0.1 up 2>/dev/null
# The run's messages only (the console keeps the boot's): a line count
# would go wrong once the ring buffer wraps.
dmesg -C
if [ -e $leak ]; then
	# Report what boot left unreferenced first (an object needs two
	# scans), forget it, then scan only when asked for.
	{ echo scan > $leak && sleep 5 && echo scan > $leak &&
	  echo clear > $leak && echo scan=off > $leak; } 2>/dev/null ||
		echo "guest-stress: kmemleak does not answer (disabled?)" >&2
fi

echo "guest-stress: $(uname -r), $(nproc) CPUs: $prog $*" >&2
start=$(date +%s)
"$prog" -o "$sum" "$@"
rc=$?
echo "guest-stress: probe_stress exited with status $rc after $(($(date +%s) - start))s" >&2
[ -f "$sum" ] || echo "program failed (status $rc), no summary" > "$sum"

# "n/a" where nothing was scanned: a kernel without kmemleak, or a scan
# that failed; scripts/stress.sh decides which is acceptable.
leaks="n/a (no kmemleak)"
if [ -e $leak ]; then
	leaks="n/a (kmemleak scan failed)"
	# An object is reported once two scans found it unreferenced
	if echo scan > $leak 2>/dev/null; then
		sleep 5
		echo scan > $leak
		cat $leak > "$PS_RES/kmemleak.txt"
		leaks=$(grep -c 'unreferenced object' "$PS_RES/kmemleak.txt")
		[ "$leaks" = 0 ] ||
			echo "guest-stress: kmemleak: $leaks unreferenced objects, see kmemleak.txt" >&2
	fi
fi

dmesg > "$PS_RES/dmesg.txt"
nsplats=$(grep -cEf "$splats" "$PS_RES/dmesg.txt")
if [ "$nsplats" != 0 ]; then
	echo "guest-stress: $nsplats kernel message lines match the splat pattern (dmesg.txt):" >&2
	grep -nEf "$splats" -A8 "$PS_RES/dmesg.txt" | head -40 >&2
fi
echo "splats $nsplats" >> "$sum"
echo "leaks $leaks" >> "$sum"

[ $rc = 0 ] && [ "$nsplats" = 0 ] &&
	{ [ "$leaks" = 0 ] || [ "$leaks" = "n/a (no kmemleak)" ]; }
