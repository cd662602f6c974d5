#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# PID 1 of the test guest (started by scripts/vm.sh).  The root file system
# is the host's / over virtio-9p, read-only.  This mounts what the tests
# need, runs $PS_RES/cmd with its output on the second serial port (or an
# interactive shell on the console), writes its exit status to the results
# share and powers the guest off.
#
# From the kernel command line (unknown "name=value" parameters reach
# init's environment): ps_top (the project), ps_mods (module staging
# directory), ps_shell=1; for the arm64 guest, ps_arm64 (its userland),
# ps_console (the console's tty, default ttyS0) and ps_output=share (the
# command's output to output.log on the results share, not to ttyS1).

export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
export HOME=/root TERM=${TERM:-linux} LANG=C.UTF-8

# The arm64 guest (scripts/vm.sh with ARCH=arm64) has the host's / as its
# root too, but the host's programs are x86_64 ones: the kernel starts
# this script with the static busybox of the arm64 userland
# (scripts/arm64-root.sh), which puts that userland's /usr and /etc over
# the host's (the host's /bin, /sbin and /lib are links into /usr) and
# starts the script again under the arm64 bash.  Read by busybox sh:
# POSIX only up to the exec.
if [ -n "$ps_arm64" ] && [ "$ps_arm64_up" != 1 ]; then
	if "$ps_arm64/usr/bin/busybox" mount -o bind "$ps_arm64/usr" /usr &&
		"$ps_arm64/usr/bin/busybox" mount -o bind "$ps_arm64/etc" /etc; then
		export ps_arm64_up=1
		exec /bin/bash "$0"
	fi
	echo "guest-init: cannot put the arm64 userland of $ps_arm64 over /usr and /etc" >&2
	"$ps_arm64/usr/bin/busybox" poweroff -f
	exit 1
fi

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
ln -s /proc/self/fd /dev/fd
ln -s /proc/self/fd/0 /dev/stdin
ln -s /proc/self/fd/1 /dev/stdout
ln -s /proc/self/fd/2 /dev/stderr
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts
mount -t tmpfs tmpfs /dev/shm
mount -t tmpfs -o mode=0755 tmpfs /run
# The project may live under the host's /tmp (a CI clone, say), which the
# tmpfs on /tmp hides: keep it visible at the same path.
case $ps_top in
/tmp/*)
	mkdir -p /run/host-tmp
	mount --bind /tmp /run/host-tmp
	;;
esac
mount -t tmpfs -o mode=1777 tmpfs /tmp
case $ps_top in
/tmp/*)
	mkdir -p "$ps_top"
	mount --bind "/run/host-tmp/${ps_top#/tmp/}" "$ps_top"
	;;
esac
mount -t tracefs tracefs /sys/kernel/tracing
mount -t debugfs debugfs /sys/kernel/debug
# Some tools write under /var; the host's stays untouched.
mount -t tmpfs tmpfs /var/tmp
mount -t tmpfs tmpfs /var/log

PS_RES=/run/results
mkdir -p $PS_RES
mount -t 9p -o trans=virtio,version=9p2000.L,msize=262144 results $PS_RES

# The guest's modules are in the build's staging directory: the host has
# no /lib/modules to mount over, so modprobe is pointed there (-d) by a
# wrapper first in PATH, which the kernel's module autoloader uses too.
if [ -n "$ps_mods" ] && [ -d "$ps_mods/lib/modules/$(uname -r)" ]; then
	mkdir -p /run/bin
	printf '#!/bin/sh\nexec /usr/sbin/modprobe -d "%s" "$@"\n' "$ps_mods" >/run/bin/modprobe
	chmod 755 /run/bin/modprobe
	export PATH=/run/bin:$PATH
	echo /run/bin/modprobe >/proc/sys/kernel/modprobe
fi

hostname guest
ip link set lo up 2>/dev/null || busybox ifconfig lo 127.0.0.1 up
echo 1 >/proc/sys/kernel/panic_on_oops 2>/dev/null
echo "guest-init: $(uname -r) up with $(nproc) CPUs" >/dev/kmsg

cd /tmp || exit 1
if [ "$ps_shell" = 1 ]; then
	echo "Guest shell on $(uname -r); 'exit' powers the guest off."
	setsid -c -w bash -l </dev/"${ps_console:-ttyS0}" >/dev/"${ps_console:-ttyS0}" 2>&1
	rc=$?
else
	# The command's output goes to ttyS1; the kernel console stays on ttyS0.
	# A machine with one serial port (arm64 "virt") has it written to
	# output.log on the results share instead, which scripts/vm.sh shows.
	if [ "$ps_output" = share ]; then
		exec 3>>"$PS_RES/output.log"
	else
		exec 3>/dev/ttyS1
		stty -F /dev/ttyS1 raw -echo 2>/dev/null
	fi
	PS_RES=$PS_RES setsid -w bash "$PS_RES/cmd" </dev/null >&3 2>&3
	rc=$?
	exec 3>&-
	echo "guest-init: command exited with status $rc" >/dev/kmsg
	# A kernel with gcov (make coverage): its counters, for the host.
	if [ -d /sys/kernel/debug/gcov ]; then
		"$ps_top/scripts/guest-gcov.sh" "$PS_RES/gcov" >/dev/kmsg 2>&1 || rc=1
	fi
fi

echo $rc >$PS_RES/status
sync
umount $PS_RES
busybox poweroff -f
