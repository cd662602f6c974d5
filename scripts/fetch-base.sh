#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch the pinned base kernel (BASE) once into the cache:
#   1. download the linux-source .deb with a private apt configuration
#      (the machine's own apt sources are not touched);
#   2. verify its SHA-256;
#   3. unpack it and import it as a git repository with two tags:
#      "debian-<version>" (the tarball as shipped) and "base" (the same
#      minus Debian's top-level ignore rules, which hide every new file).
# Work trees are cloned from that repository (scripts/mktree.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

REPO=$CACHE/base.git
APTDIR=$CACHE/apt

if git -C "$REPO" rev-parse -q --verify base^{commit} >/dev/null 2>&1; then
	info "base: $(git -C "$REPO" describe --tags --exact-match base 2>/dev/null || echo base) cached in $REPO"
	exit 0
fi

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
		-o Debug::NoLocking=1 "$@"
}

download()
{
	local uri version want

	uri=$(archive_uri)
	[ -n "$uri" ] || die "no Debian archive found in this machine's apt sources; run 'apt-get update' first"
	mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial"
	printf 'deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s main\n' \
		"$uri" "$BASE_SUITE" >"$APTDIR/sources.list"
	: >"$APTDIR/preferences"

	info "apt: reading the $BASE_SUITE index (private configuration in $APTDIR)"
	apt_private apt-get update >"$APTDIR/update.log" 2>&1 ||
		die "apt-get update for $BASE_SUITE failed, see $APTDIR/update.log"

	want=$BASE_VERSION
	if ! apt_private apt-cache madison "$BASE_PACKAGE" | awk -F' *[|] *' '{print $2}' |
	     grep -qxF "$BASE_VERSION"; then
		version=$(apt_private apt-cache madison "$BASE_PACKAGE" | awk -F' *[|] *' 'NR == 1 {print $2}')
		[ -n "$version" ] || die "$BASE_PACKAGE is not served by $BASE_SUITE"
		warn "********************************************************************"
		warn "$BASE_PACKAGE $BASE_VERSION (pinned in BASE) is no longer served."
		warn "Falling back to $BASE_PACKAGE $version: the series is tested on"
		warn "$BASE_VERSION and may not apply; its checksum cannot be verified."
		warn "********************************************************************"
		want=$version
	fi

	info "apt: downloading $BASE_PACKAGE $want (about 170 MB)"
	(cd "$DEBDIR" && apt_private apt-get download "$BASE_PACKAGE=$want") >"$APTDIR/download.log" 2>&1 ||
		die "apt-get download $BASE_PACKAGE=$want failed, see $APTDIR/download.log"
	DEB=$(ls "$DEBDIR"/"${BASE_PACKAGE}"_*.deb | head -n 1)
	GOT_VERSION=$want
}

start=$(date +%s)
DEBDIR=$CACHE/deb
mkdir -p "$DEBDIR"
DEB=$(ls "$DEBDIR"/"${BASE_PACKAGE}"_*.deb 2>/dev/null | head -n 1 || true)
GOT_VERSION=$BASE_VERSION
[ -n "$DEB" ] || download

if [ "$GOT_VERSION" = "$BASE_VERSION" ]; then
	sum=$(sha256sum "$DEB" | cut -d' ' -f1)
	if [ "$sum" != "$BASE_SHA256" ]; then
		rm -f "$DEB"
		die "$(basename "$DEB"): SHA-256 $sum does not match BASE ($BASE_SHA256); removed it, run again to download it anew"
	fi
	info "checksum: $(basename "$DEB") matches BASE"
fi

info "unpacking $(basename "$DEB") (about 1.5 GB, under a minute)"
tmp=$CACHE/base.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
dpkg-deb --fsys-tarfile "$DEB" | tar -x -C "$tmp" --wildcards './usr/src/linux-source-*.tar.xz'
tarball=$(ls "$tmp"/usr/src/linux-source-*.tar.xz)
mkdir "$tmp/src"
tar -xJf "$tarball" -C "$tmp/src" --strip-components=1
rm -rf "$tmp/usr"

info "importing into git (about 90,000 files, a minute or two)"
export GIT_AUTHOR_NAME="Debian $BASE_PACKAGE" GIT_AUTHOR_EMAIL="nobody@invalid"
export GIT_COMMITTER_NAME="$GIT_AUTHOR_NAME" GIT_COMMITTER_EMAIL="$GIT_AUTHOR_EMAIL"
export GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z"
g()
{
	git -C "$tmp/src" "$@"
}
g init -q -b linux
g config core.bigFileThreshold 1m
g config gc.auto 0
g add -f -A .
g commit -q -m "Linux $(make -s -C "$tmp/src" kernelversion 2>/dev/null) from Debian $BASE_PACKAGE $GOT_VERSION"
g tag "debian-${GOT_VERSION//[~:]/_}"
# Debian's packaging adds "/*" and "!/debian/" at the end of .gitignore,
# which ignores every file a patch would add.
if grep -qx '/\*' "$tmp/src/.gitignore"; then
	sed -i -e '/^\/\*$/d' -e '/^!\/debian\/$/d' "$tmp/src/.gitignore"
	g commit -q -a -m "Drop Debian's top-level ignore rules" \
		-m "They ignore every new file outside debian/, which a git work tree cannot use."
fi
g tag base
mv "$tmp/src/.git" "$REPO.tmp"
git -C "$REPO.tmp" config core.bare true
rm -rf "$tmp" "$REPO"
mv "$REPO.tmp" "$REPO"
info "base: imported $(git -C "$REPO" log -1 --format=%s base~1 2>/dev/null || git -C "$REPO" log -1 --format=%s base) in $(elapsed "$start")"
