#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-deb.sh PACKAGE[:ARCH] VERSION SHA256 SUITE: download one Debian
# package (of ARCH, default the host's) into the cache ($CACHE/deb) once,
# with a private apt configuration (the machine's own apt sources are not
# touched; the archive's URI is taken from them), check its SHA-256 and
# print its path.
#
# When VERSION is no longer served, the newest served version is taken
# with a loud warning and no checksum (the archive moves on; a pinned
# build that cannot start at all helps nobody), unless FETCH_STRICT=1,
# which fails instead.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# = 4 ] || die "usage: $0 PACKAGE VERSION SHA256 SUITE"
pkg=${1%%:*} version=$2 sha=$3 suite=$4
host=$(dpkg --print-architecture)
arch=$host
[ "$1" = "$pkg" ] || arch=${1#*:}
APTDIR=$CACHE/apt/$suite
DEBDIR=$CACHE/deb

# The Debian archive's URI, as the machine's own apt sources name it.
archive_uri()
{
	apt-cache policy 2>/dev/null | awk '
		/^ *[0-9]+ [a-z]+:\/\// { uri = $2; next }
		/release .*o=Debian,/ && /l=Debian,/ && uri != "" { print uri; exit }'
}

apt_private()
{
	local cmd=$1

	shift
	"$cmd" -q -o Dir::Etc::sourcelist="$APTDIR/sources.list" \
		-o Dir::Etc::sourceparts=- \
		-o Dir::State::Lists="$APTDIR/lists" \
		-o Dir::Cache="$APTDIR/cache" \
		-o Dir::Etc::preferences="$APTDIR/preferences" \
		-o Dir::Etc::preferencesparts=- \
		-o APT::Sandbox::User=root \
		-o APT::Architectures::="$arch" \
		-o Debug::NoLocking=1 "$@"
}

# The index, read once per cache (and again when a version is missing).
update_index()
{
	local uri

	uri=$(archive_uri)
	[ -n "$uri" ] || die "no Debian archive found in this machine's apt sources; run 'apt-get update' first"
	mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial"
	printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main\n' \
		"$uri" "$suite" >"$APTDIR/sources.list"
	: >"$APTDIR/preferences"
	info "apt: reading the $suite index (private configuration in $APTDIR)"
	apt_private apt-get update >"$APTDIR/update.log" 2>&1 ||
		die "apt-get update for $suite failed, see $APTDIR/update.log"
}

served()
{
	apt_private apt-cache madison "$pkg:$arch" 2>/dev/null | awk -F' *[|] *' '{print $2}'
}

mkdir -p "$DEBDIR"
deb=$DEBDIR/${pkg}_${version//:/%3a}_$arch.deb
[ -f "$deb" ] || deb=$DEBDIR/${pkg}_${version//:/%3a}_all.deb
[ -f "$deb" ] || deb=$DEBDIR/${pkg}_${version//:/%3a}_all.deb
if [ ! -f "$deb" ]; then
	update_index
	want=$version
	if ! served | grep -qxF "$version"; then
		[ "${FETCH_STRICT:-0}" != 1 ] ||
			die "$pkg $version (pinned in $BASE_FILE) is no longer served by $suite, which has: $(served | paste -sd' ').
Pin a served version in $BASE_FILE, with the SHA-256 of its .deb (apt-get download $pkg:$arch=VERSION; sha256sum *.deb)."
		want=$(served | head -n 1)
		[ -n "$want" ] || die "$pkg is not served by $suite"
		warn "********************************************************************"
		warn "$pkg $version (pinned) is no longer served by $suite."
		warn "Falling back to $pkg $want: the series is tested on"
		warn "$version; this one's checksum cannot be verified."
		warn "********************************************************************"
	fi
	info "apt: downloading $pkg $want"
	(cd "$DEBDIR" && apt_private apt-get download "$pkg:$arch=$want") >"$APTDIR/download.log" 2>&1 ||
		die "apt-get download $pkg=$want failed, see $APTDIR/download.log"
	deb=$(ls "$DEBDIR/${pkg}_${want//:/%3a}_$arch.deb" "$DEBDIR/${pkg}_${want//:/%3a}_all.deb" 2>/dev/null | head -n 1 || true)
	[ -n "$deb" ] || die "apt-get download $pkg:$arch=$want left no .deb in $DEBDIR"
	[ "$want" = "$version" ] || { echo "$deb"; exit 0; }
fi

sum=$(sha256sum "$deb" | cut -d' ' -f1)
if [ "$sum" != "$sha" ]; then
	rm -f "$deb"
	die "$(basename "$deb"): SHA-256 $sum does not match the pinned $sha; removed it, run again to download it anew"
fi
info "checksum: $(basename "$deb") matches the pinned SHA-256"
echo "$deb"
