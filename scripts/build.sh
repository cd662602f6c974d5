#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build the configured kernel in $OUT (out of tree, ccache, -j from nproc):
# the boot image (bzImage; Image for ARCH=arm64, with CROSS_COMPILE) and
# modules, the modules installed into $OUT/mods (the guest's
# /lib/modules), and the ftrace selftests installed into $OUT/kselftest.
# The full make output goes to $OUT/build.log.
#
# Environment: KBUILD_VARS, make variables for the kernel build, space
# separated (make coverage: GCOV_PROFILE_trace_probe.o=y ...).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -f "$OUT/.config" ] || die "no $OUT/.config: run 'make config' first"
command -v ccache >/dev/null || die "ccache is missing: run 'make deps'"

case ${ARCH:-x86_64} in
x86|x86_64|i386) image=bzImage ;;
arm64) image=Image ;;
*) die "ARCH=$ARCH: the tooling builds x86_64, i386 and arm64" ;;
esac
cc=${CROSS_COMPILE:-}gcc
command -v "$cc" >/dev/null || die "$cc is missing: run 'make deps-cross'"
jobs=$(($(nproc) + 1))
log=$OUT/build.log
kmake()
{
	# shellcheck disable=SC2086
	make -C "$TREE" O="$OUT" CC="ccache $cc" HOSTCC="ccache gcc" -j"$jobs" ${KBUILD_VARS:-} "$@"
}

start=$(date +%s)
info "build: $image and modules${ARCH:+ for $ARCH} with -j$jobs in $OUT (log: $log; a cold build took 9 to 27 minutes on these 2-CPU machines)"
if ! kmake "$image" modules >"$log" 2>&1; then
	grep -E 'error|Error' "$log" | head -20 >&2
	die "kernel build failed (above; whole log in $log)"
fi
grep -E '(^|: )warning:' "$log" | sort -u | head -20 >&2 || true
release=$(cat "$OUT/include/config/kernel.release")
# What was built, for the test run to report and to find the series' tests.
git -C "$TREE" rev-parse HEAD >"$OUT/.built-from"

info "build: installing modules into $OUT/mods"
rm -rf "$OUT/mods"
kmake INSTALL_MOD_PATH="$OUT/mods" INSTALL_MOD_STRIP=1 modules_install >>"$log" 2>&1 ||
	die "modules_install failed, see $log"
# The build and source links would point the guest at the host's tree.
rm -f "$OUT/mods/lib/modules/$release/build" "$OUT/mods/lib/modules/$release/source"

info "build: installing the ftrace selftests into $OUT/kselftest"
rm -rf "$OUT/kselftest"
make -C "$TREE/tools/testing/selftests" TARGETS=ftrace O="$OUT/kselftest-build" \
	INSTALL_PATH="$OUT/kselftest" install >>"$log" 2>&1 ||
	die "installing the ftrace selftests failed, see $log"
info "build: $release done in $(elapsed "$start") ($(ccache -s 2>/dev/null | awk '/Hits:/ {print "ccache hits " $2 " " $3 " " $4; exit}'))"
