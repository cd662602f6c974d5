#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# sparse.sh: print the path of a sparse that the base kernel's
# scripts/checker-valid.sh accepts, setting one up in the cache
# ($CACHE/sparse) the first time.
#
# Linux 7.3 needs __typeof_unqual__, which Debian 12's sparse (0.6.4)
# cannot parse; sid's 0.6.5~rc1 can, but it is built against glibc 2.38
# or later.  Both sid packages below are downloaded and checked like the
# base kernel (scripts/fetch-deb.sh: pinned version and SHA-256), unpacked
# side by side in the cache (nothing is installed, the system's libc is
# untouched), and a wrapper runs sparse through the unpacked libc's own
# loader:
#   ld-linux-x86-64.so.2 --library-path DIR/usr/lib/x86_64-linux-gnu sparse
# sparse links only libc.so.6; the package's other dependencies serve
# cgcc and c2xml, which the kernel does not use.  When the system's own
# sparse already passes checker-valid.sh, that one is printed instead.
#
# Environment: SPARSE_CHECK_TREE, a kernel tree whose checker-valid.sh
# to ask (default: the work tree).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# sid moves on: when a pinned version is no longer served, fetch-deb.sh
# takes the newest with a loud warning (and no checksum).  Pin anew with
# "apt-get download PKG=VERSION; sha256sum *.deb".
SPARSE_VERSION=0.6.5~rc1-2
SPARSE_SHA256=a9fbd9d3091d78d77e1583cfd7596107135da1e84f0ceed88245661f33a8dfd6
LIBC_VERSION=2.43-7
LIBC_SHA256=5c71715c51103beb4fbba9fe9f8dff604af6610dfa71c70bff342f54a7860803
SUITE=sid

ktree=$(realpath -m "${SPARSE_CHECK_TREE:-$TREE}")
valid=$ktree/scripts/checker-valid.sh
[ -x "$valid" ] || die "no $valid: make the tree first ('make tree')"

# checker-valid.sh prints 1 when the checker parses what the kernel needs.
accepted()
{
	[ "$("$valid" "$1" -m64 2>/dev/null)" = 1 ]
}

if command -v sparse >/dev/null && accepted sparse; then
	command -v sparse
	exit 0
fi

dir=$CACHE/sparse
wrapper=$dir/sparse
if [ ! -x "$wrapper" ] || ! accepted "$wrapper"; then
	info "sparse: the system's ($(sparse --version 2>/dev/null || echo none)) is too old for this kernel, setting up sid's $SPARSE_VERSION in $dir"
	sdeb=$("$TOP/scripts/fetch-deb.sh" sparse "$SPARSE_VERSION" "$SPARSE_SHA256" "$SUITE")
	ldeb=$("$TOP/scripts/fetch-deb.sh" libc6 "$LIBC_VERSION" "$LIBC_SHA256" "$SUITE")
	rm -rf "$dir"
	mkdir -p "$dir/root"
	dpkg-deb -x "$sdeb" "$dir/root" || die "cannot unpack $sdeb"
	dpkg-deb -x "$ldeb" "$dir/root" || die "cannot unpack $ldeb"
	lib=$dir/root/usr/lib/x86_64-linux-gnu
	[ -x "$lib/ld-linux-x86-64.so.2" ] && [ -x "$dir/root/usr/bin/sparse" ] ||
		die "$(basename "$sdeb") and $(basename "$ldeb") did not give usr/bin/sparse and $lib/ld-linux-x86-64.so.2"
	cat >"$wrapper" <<EOF
#!/bin/sh
# sid's sparse through sid's libc (written by scripts/sparse.sh)
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$dir/root/usr/bin/sparse" "\$@"
EOF
	chmod +x "$wrapper"
	accepted "$wrapper" ||
		die "sparse $("$wrapper" --version 2>&1) in $dir does not pass $valid either; pin a newer one in $0"
	info "sparse: $("$wrapper" --version) ready in $dir"
fi
echo "$wrapper"
