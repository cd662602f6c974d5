#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the built kernel ($OUT) in QEMU with the host's / as a read-only
# 9p root, run a command in it, and judge the run:
#
#   scripts/vm.sh [-t SECONDS] [-r RESULTS_DIR] COMMAND [ARG...]
#   scripts/vm.sh --shell
#
# COMMAND runs under bash as root in the guest, in /tmp (a tmpfs), with
# $PS_RES pointing at RESULTS_DIR (writable, shared with the host).  Its
# output is shown here as it comes; the kernel console is kept whole in
# RESULTS_DIR/console.log.  The run fails (non-zero exit) when COMMAND
# fails, when the guest ends without reporting a status (panic, hang,
# timeout), or when the console shows a kernel splat, even if COMMAND
# succeeded.
#
# Environment: VM_SMP (guest CPUs, default 2); VM_ICOUNT=1 runs the guest
# under single-threaded TCG with -icount shift=0,sleep=off (even where KVM
# exists), so that its clock counts executed instructions (for benchmarks).
#
# ARCH=arm64 boots $OUT/arch/arm64/boot/Image (OUT=build/out-arm64, made by
# "make cross") on QEMU's "virt" machine (GICv3, -cpu max, TCG) instead.
# Its root is the host's / as well, so that the project, $OUT and the
# results are where the x86_64 guest has them; the kernel starts
# guest-init.sh with the static busybox of the arm64 userland
# (scripts/arm64-root.sh, in $CACHE/arm64-root, or ARM64_ROOT), and
# guest-init.sh puts that userland's /usr and /etc over the host's before
# anything else runs.  The console is the PL011 (ttyAMA0); "virt" has no
# second serial port, so the guest writes the command's output to
# output.log on the results share itself.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

timeout=1800
res=$BUILD/results/last
shell=0
while [ $# -gt 0 ]; do
	case $1 in
	-t) timeout=$2; shift 2 ;;
	-r) res=$2; shift 2 ;;
	--shell) shell=1; shift ;;
	--) shift; break ;;
	-*) die "unknown option $1 (usage: scripts/vm.sh [-t SECONDS] [-r DIR] COMMAND... | --shell)" ;;
	*) break ;;
	esac
done
[ $shell = 1 ] || [ $# -gt 0 ] || die "no command given (usage: scripts/vm.sh [-t SECONDS] [-r DIR] COMMAND... | --shell)"

arm64_root=
if [ "${ARCH:-}" = arm64 ]; then
	kernel=$OUT/arch/arm64/boot/Image
	[ -f "$kernel" ] || die "no kernel in $kernel: run 'make cross' first"
	command -v qemu-system-aarch64 >/dev/null || die "qemu-system-aarch64 is missing: run 'make deps-cross'"
	# The arm64 /usr goes over the host's: /bin, /sbin and /lib must be
	# links into /usr for it to take their place too.
	for d in bin sbin lib; do
		[ -L "/$d" ] || die "ARCH=arm64 needs a usr-merged host: /$d is not a link into /usr"
	done
	arm64_root=$(realpath -m "${ARM64_ROOT:-$CACHE/arm64-root}")
	"$TOP/scripts/arm64-root.sh" "$arm64_root"
else
	kernel=$OUT/arch/x86/boot/bzImage
	[ -f "$kernel" ] || die "no kernel in $kernel: run 'make build' first"
	command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 is missing: run 'make deps'"
fi

mkdir -p "$res"
res=$(realpath "$res")
rm -f "$res/status" "$res/console.log" "$res/output.log"
# Quoted, so that an argument keeps its spaces and shell patterns
printf '%q ' "$@" >"$res/cmd"
echo >>"$res/cmd"

smp=${VM_SMP:-2}
if [ "${VM_ICOUNT:-0}" = 1 ]; then
	accel=(-accel tcg,thread=single -icount shift=0,sleep=off)
elif [ -z "$arm64_root" ] && [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then
	# Some machines have a /dev/kvm whose CPU lacks VMX/SVM: KVM then
	# aborts QEMU at the first vCPU ("failed to set MSR 0x10a").  (An
	# x86 KVM cannot run the arm64 guest: that one is always TCG.)
	accel=(-accel kvm -cpu host)
else
	# Single-threaded TCG: see scripts/README.md ("Why single-threaded TCG").
	accel=(-accel tcg,thread=single)
fi
if [ -n "$arm64_root" ]; then
	append="console=ttyAMA0 loglevel=7 panic=-1 oops=panic"
else
	append="console=ttyS0,115200 loglevel=7 panic=-1 oops=panic"
fi
append+=" root=root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=262144 ro"
if [ -n "$arm64_root" ]; then
	# The kernel runs "busybox sh guest-init.sh" (the arguments after
	# "--", at the very end of the command line, below).
	append+=" init=$arm64_root/usr/bin/busybox ps_arm64=$arm64_root ps_console=ttyAMA0 ps_output=share"
	append+=" ps_top=$TOP ps_mods=$OUT/mods ps_shell=$shell"
else
	append+=" init=$TOP/scripts/guest-init.sh ps_top=$TOP ps_mods=$OUT/mods ps_shell=$shell"
fi
# TCG is slow: keep the stall detectors from firing on emulation speed.
# The TSC stays the clocksource (under TCG it is the host's): with
# tsc=unstable the clocksource is the HPET, whose reads can stall a vCPU
# for most of a second, and the default trace clock becomes "global", so
# preemptirq/irqsoff_tracer.tc's 500 ms busy-wait (on the local clock)
# showed as 499.5 ms latency or a 0.9 s irqs-off HPET read won.
append+=" rcupdate.rcu_cpu_stall_timeout=120 watchdog_thresh=60"
if [ -n "$arm64_root" ]; then
	# pauth-impdef: pointer authentication with QEMU's own fast hash
	# instead of the architected QARMA5, which TCG computes slowly; the
	# guest sees the same features.  The kernel hands the words after
	# "--" to init, the arm64 busybox: "sh guest-init.sh".
	qemu=(qemu-system-aarch64 -machine virt,gic-version=3 -cpu max,pauth-impdef=on)
	init_args=" -- sh $TOP/scripts/guest-init.sh"
else
	qemu=(qemu-system-x86_64 -machine q35)
	init_args=
fi
qemu+=("${accel[@]}" -smp "$smp" -m 2G
       -nodefaults -no-reboot -display none
       -kernel "$kernel" -append "$append ${PS_APPEND:-}$init_args"
       -fsdev local,id=root,path=/,security_model=none,readonly=on,multidevs=remap
       -device virtio-9p-pci,fsdev=root,mount_tag=root
       -fsdev local,id=res,path="$res",security_model=none,multidevs=remap
       -device virtio-9p-pci,fsdev=res,mount_tag=results)

if [ $shell = 1 ]; then
	info "guest: interactive shell (Ctrl-A X quits QEMU)"
	"${qemu[@]}" -serial mon:stdio
	exit 0
fi

info "guest: booting $(cat "$OUT/include/config/kernel.release")${arm64_root:+ on arm64} (${accel[*]:1}, $smp CPUs), timeout ${timeout}s, results in $res"
start=$(date +%s)
: >"$res/output.log"
tail -n +1 -f "$res/output.log" &
tailpid=$!
set +e
if [ -n "$arm64_root" ]; then
	# One serial port: the console (the guest writes output.log).
	timeout -k 10 "$timeout" "${qemu[@]}" -serial file:"$res/console.log" </dev/null
else
	timeout -k 10 "$timeout" "${qemu[@]}" -serial file:"$res/console.log" \
		-serial file:"$res/output.log" </dev/null
fi
qrc=$?
set -e
sleep 0.3
kill $tailpid 2>/dev/null
wait $tailpid 2>/dev/null || true

# Kernel reports that fail a run whatever the command's status: the
# extended regular expressions in tests/splats, one per line.
splats=$TOP/tests/splats
fail=0
if grep -qEf "$splats" "$res/console.log"; then
	printf '\n' >&2
	warn "the kernel console shows a splat (first lines; whole log: $res/console.log):"
	grep -nEf "$splats" -A12 "$res/console.log" | head -40 >&2
	fail=1
fi

if [ ! -f "$res/status" ]; then
	if [ $qrc = 124 ] || [ $qrc = 137 ]; then
		warn "guest did not finish within ${timeout}s (hung?); last console lines:"
	else
		warn "guest ended without reporting a status (panic or crash, QEMU exit $qrc); last console lines:"
	fi
	tail -n 25 "$res/console.log" >&2
	die "guest run failed after $(elapsed "$start"), see $res/console.log"
fi
rc=$(cat "$res/status")
[ $fail = 0 ] || die "kernel splat on the console during the run (command status $rc), see $res/console.log"
[ "$rc" = 0 ] || die "guest command exited with status $rc after $(elapsed "$start")"
info "guest: done in $(elapsed "$start")"
