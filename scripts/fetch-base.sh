#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Fetch the pinned base kernel (BASE, or BASE_FILE=BASE-6.12 ...) once
# into the cache ($BASE_REPO: base.git, base-6.12.git, ...):
#   1. download the linux-source .deb and verify its SHA-256
#      (scripts/fetch-deb.sh);
#   2. unpack it and import it as a git repository with two tags:
#      "debian-<version>" (the tarball as shipped) and "base" (the same
#      minus Debian's top-level ignore rules, which hide every new file).
# Work trees are cloned from that repository (scripts/mktree.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

REPO=$BASE_REPO

if git -C "$REPO" rev-parse -q --verify base^{commit} >/dev/null 2>&1; then
	info "base: $(git -C "$REPO" describe --tags --exact-match base 2>/dev/null || echo base) cached in $REPO"
	exit 0
fi

start=$(date +%s)
DEB=$(FETCH_STRICT=${FETCH_STRICT:-${BASE_STRICT:-0}} "$TOP/scripts/fetch-deb.sh" "$BASE_PACKAGE" "$BASE_VERSION" "$BASE_SHA256" "$BASE_SUITE")
GOT_VERSION=$(dpkg-deb -f "$DEB" Version)

info "unpacking $(basename "$DEB") (about 1.5 GB, under a minute)"
tmp=${REPO%.git}.tmp
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
