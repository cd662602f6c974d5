#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages the project needs, if any is missing:
# apt-get when root, otherwise print the install line and stop.
# "deps.sh" installs what "make check" needs; "deps.sh cross" adds the
# cross compilers and QEMU of "make cross" and "make test-arm64";
# "deps.sh cocci" adds coccinelle for "make coccicheck"; "deps.sh bench"
# adds bpftrace, the peer that "make bench" measures beside probe events;
# "deps.sh coverage" adds lcov (lcov and genhtml) for "make coverage".
set -euo pipefail
. "$(dirname "$0")/lib.sh"

case ${1:-} in
'')
	pkgs=(build-essential bc bison flex libelf-dev libssl-dev dwarves cpio kmod
	      rsync python3 git ccache qemu-system-x86 busybox-static iproute2
	      iputils-ping util-linux procps sparse b4 perl python3-ply python3-git
	      gawk devscripts trace-cmd xz-utils)
	;;
cross) pkgs=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross gcc-i686-linux-gnu libc6-dev-i386-cross
	       qemu-system-arm file) ;;
# ocaml-nox: the semantic patches with OCaml scripts are compiled at run
# time with ocamlopt (check_bq27xxx_data.cocci, ...)
cocci) pkgs=(coccinelle ocaml-nox) ;;
bench) pkgs=(bpftrace) ;;
coverage) pkgs=(lcov) ;;
*) die "usage: $0 [cross|cocci|bench|coverage]" ;;
esac
missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
[ ${#missing[@]} = 0 ] && exit 0

if [ "$(id -u)" != 0 ]; then
	printf 'Missing Debian packages. Install them with:\n  sudo apt-get install %s\n' "${missing[*]}" >&2
	exit 1
fi
info "deps: installing ${missing[*]}"
apt-get update -q >/dev/null || die "apt-get update failed"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null ||
	die "apt-get install ${missing[*]} failed"
