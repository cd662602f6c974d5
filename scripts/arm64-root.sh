#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# arm64-root.sh [DIR]: make the userland of the arm64 test guest, once, in
# DIR (default $CACHE/arm64-root, which "make clean" leaves alone): Debian
# 12 arm64 packages (the closure of the list below, without recommends),
# downloaded with a private apt configuration (the machine's own apt
# sources and dpkg database are not touched; the archive's URIs are taken
# from them) and unpacked, no maintainer script run.  The tree is
# usr-merged (/bin, /sbin and /lib are links into /usr; each package's
# files go through "dpkg-deb --fsys-tarfile" into tar, which keeps those
# links, where "dpkg-deb -x" would replace them by directories), /bin/sh is
# dash, and the few things maintainer scripts would make are made here:
# /etc/passwd and /etc/group, the awk and which links, the mount points.
#
# The root is made in a temporary directory next to DIR and renamed to DIR
# at the end, so an interrupted run never leaves half a root.  A root made
# from another package list is made anew.  The result is checked: every
# ELF file is aarch64, its program interpreter and every library it needs
# resolve inside the root, and every command the guest scripts and
# ftracetest use is there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

SUITE=bookworm
# What the guest runs: scripts/guest-init.sh (mount, setsid, stty, hostname,
# ip, busybox poweroff), scripts/guest-ftracetest.sh, ftracetest and its
# cases (test.d: awk, sed, grep, find, xargs, dd, timeout, taskset, chrt,
# lscpu, dmesg, nice, md5sum, tac, ping, ip, bc, ldd, readelf for the
# uprobe cases, lsmod/insmod/modprobe/rmmod for the sample modules, tput),
# and what fetch_semantic_types.tc uses when present (python3, trace-cmd).
# Not here: checkbashisms (devscripts and perl, for selftest/bashisms.tc).
# usr-is-merged: says the tree is merged (it is, below), where apt would
# otherwise take usrmerge, the converter, and perl with it.
PACKAGES=(
	base-files base-passwd usr-is-merged libc6 libc-bin
	bash dash coreutils grep sed gawk findutils diffutils debianutils
	procps util-linux mount hostname kmod iproute2 iputils-ping
	busybox-static ncurses-bin bc binutils python3-minimal trace-cmd
)
# Commands that must be found in the guest's PATH (checked at the end).
COMMANDS="sh bash dash awk sed grep find xargs sort uniq tee tr cut head tail
	wc cat date sleep seq mktemp dd timeout nice md5sum tac expr realpath
	readlink stat basename dirname id nproc uname ln mkdir rm chmod chown
	chgrp diff mount umount setsid stty hostname ip busybox modprobe insmod
	rmmod lsmod dmesg lscpu taskset chrt ping readelf ldd bc python3
	trace-cmd tput which sync kill ps"
GUEST_PATH="/usr/local/sbin /usr/local/bin /usr/sbin /usr/bin /sbin /bin"
# Where the aarch64 dynamic loader looks for libraries without an
# /etc/ld.so.cache (none is made here: ldconfig cannot run for arm64).
LIBDIRS="/lib/aarch64-linux-gnu /usr/lib/aarch64-linux-gnu /lib /usr/lib"
# Plugins loaded on demand whose library is only recommended: not checked.
# (tc's ATM qdisc needs libatm1, a Recommends of iproute2.)
UNCHECKED="/usr/lib/aarch64-linux-gnu/tc/q_atm.so"

root=$(realpath -m "${1:-$CACHE/arm64-root}")
APTDIR=$CACHE/apt/$SUITE-arm64
stamp=.arm64-root
want="packages: ${PACKAGES[*]}"

# Made from this package list: say so and stop.
done_already()
{
	[ -f "$root/$stamp" ] && [ "$(head -n 1 "$root/$stamp")" = "$want" ] || return 1
	info "arm64 root: $root is complete ($(tail -n +3 "$root/$stamp" | grep -c .) packages, $(du -sh "$root" | cut -f1))"
}

done_already && exit 0

for c in apt-get dpkg-deb tar readelf strings file flock; do
	command -v $c >/dev/null || die "$c is missing (this needs a Debian host; run 'make deps')"
done
mkdir -p "$(dirname "$root")" "$APTDIR"
# One run at a time (guests started side by side may each ask for the
# root): a second one waits, then finds the root made.
exec 9>"$APTDIR/lock"
if ! flock -n 9; then
	info "arm64 root: another arm64-root.sh holds $APTDIR/lock: waiting for it"
	flock 9
fi
done_already && exit 0
[ -e "$root" ] && info "arm64 root: $root was made from another package list: making it anew"
# Left by an interrupted run (the lock says no run is going on).
rm -rf "$root".new.*
start=$(date +%s)

apt_arm64()
{
	local cmd=$1

	shift
	"$cmd" -q -o Dir::Etc::sourcelist="$APTDIR/sources.list" \
		-o Dir::Etc::sourceparts="$APTDIR/none.d" \
		-o Dir::Etc::preferences="$APTDIR/preferences" \
		-o Dir::Etc::preferencesparts="$APTDIR/none.d" \
		-o Dir::State::Lists="$APTDIR/lists" \
		-o Dir::State::status="$APTDIR/status" \
		-o Dir::State::extended_states="$APTDIR/extended_states" \
		-o Dir::Cache="$APTDIR/cache" \
		-o Dir::Cache::archives="$APTDIR/archives" \
		-o APT::Architecture=arm64 -o APT::Architectures::=arm64 \
		-o APT::Install-Recommends=0 -o APT::Install-Suggests=0 \
		-o Acquire::Languages=none \
		-o APT::Sandbox::User=root \
		-o Debug::NoLocking=1 "$@"
}

# The URIs of the Debian archive and of its security archive, as the
# machine's own apt sources name them ("URI LABEL" lines).
archive_uris()
{
	apt-cache policy 2>/dev/null | awk '
		/^ *[0-9]+ [a-z]+:\/\// { uri = $2; next }
		/release .*o=Debian,/ && uri != "" {
			if (match($0, /l=Debian(-Security)?,/))
				print uri, substr($0, RSTART + 2, RLENGTH - 3)
			uri = ""
		}' | sort -u
}

# 1. The index: the suite, its updates and its security updates, arm64.
uri=$(archive_uris | awk '$2 == "Debian" { print $1; exit }')
sec=$(archive_uris | awk '$2 == "Debian-Security" { print $1; exit }')
[ -n "$uri" ] || die "no Debian archive found in this machine's apt sources; run 'apt-get update' first"
mkdir -p "$APTDIR/lists/partial" "$APTDIR/cache" "$APTDIR/archives/partial" "$APTDIR/none.d"
key=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$key" ] || die "$key is missing: install debian-archive-keyring"
{
	printf 'deb [arch=arm64 signed-by=%s] %s %s main\n' "$key" "$uri" "$SUITE"
	printf 'deb [arch=arm64 signed-by=%s] %s %s-updates main\n' "$key" "$uri" "$SUITE"
	[ -z "$sec" ] || printf 'deb [arch=arm64 signed-by=%s] %s %s-security main\n' "$key" "$sec" "$SUITE"
} >"$APTDIR/sources.list"
[ -n "$sec" ] || warn "no Debian security archive in this machine's apt sources: $SUITE-security left out"
: >"$APTDIR/preferences"
# An empty dpkg database: apt then resolves the whole closure.
: >"$APTDIR/status"
info "arm64 root: reading the $SUITE arm64 index from $uri${sec:+ and $sec} (private apt configuration in $APTDIR)"
apt_arm64 apt-get update >"$APTDIR/update.log" 2>&1 ||
	die "apt-get update of the $SUITE arm64 index failed, see $APTDIR/update.log"

# 2. The closure, as apt resolves it, and its packages.
apt_arm64 apt-get install -s -y "${PACKAGES[@]}" >"$APTDIR/resolve.log" 2>&1 ||
	die "apt cannot resolve ${PACKAGES[*]} for arm64, see $APTDIR/resolve.log"
closure=$(sed -n 's/^Inst \([^ ]*\) (\([^ ]*\) .*/\1 \2/p' "$APTDIR/resolve.log" | sort)
[ -n "$closure" ] || die "apt resolved no package for arm64, see $APTDIR/resolve.log"
info "arm64 root: downloading $(wc -l <<<"$closure") packages (the closure of ${#PACKAGES[@]}, without recommends)"
apt_arm64 apt-get install --download-only -y "${PACKAGES[@]}" >"$APTDIR/download.log" 2>&1 ||
	die "downloading the arm64 packages failed, see $APTDIR/download.log"
debs=()
while read -r p v; do
	f=$APTDIR/archives/${p}_${v//:/%3a}_arm64.deb
	[ -f "$f" ] || f=${f%_arm64.deb}_all.deb
	[ -f "$f" ] || die "$p $v was resolved but not downloaded into $APTDIR/archives, see $APTDIR/download.log"
	debs+=("$f")
done <<<"$closure"

# 3. Unpacked into a new tree, usr-merged: the links come first and tar
# keeps them, so what a package ships in /bin lands in /usr/bin.
tmp=$(mktemp -d "$root.new.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
mkdir -p "$tmp/usr/bin" "$tmp/usr/sbin" "$tmp/usr/lib"
ln -s usr/bin "$tmp/bin"
ln -s usr/sbin "$tmp/sbin"
ln -s usr/lib "$tmp/lib"

# Two packages (or one) shipping the same file once merged would
# overwrite each other silently: list those.
info "arm64 root: looking for files that two packages ship at the same merged path"
for f in "${debs[@]}"; do
	p=$(dpkg-deb -f "$f" Package)
	dpkg-deb --fsys-tarfile "$f" | tar -tv | awk -v p="$p" '
		$1 !~ /^d/ {
			path = $0
			sub(/^([^ ]+ +){5}/, "", path)
			sub(/ -> .*/, "", path)
			sub(/ link to .*/, "", path)
			sub(/^\.\//, "/", path)
			sub(/^\/(bin|sbin|lib)\//, "/usr&", path)
			print path, p
		}'
done | sort | awk '$1 == last { print "  " $1 ": " lastp ", " $2 } { last = $1; lastp = $2 }' >"$APTDIR/clashes.txt"
if [ -s "$APTDIR/clashes.txt" ]; then
	warn "files shipped twice at the same merged path (the later package's copy stays):"
	cat "$APTDIR/clashes.txt" >&2
fi

info "arm64 root: unpacking ${#debs[@]} packages into $tmp"
for f in "${debs[@]}"; do
	dpkg-deb --fsys-tarfile "$f" | tar -x -C "$tmp" --keep-directory-symlink ||
		die "unpacking $(basename "$f") failed"
done
for d in bin sbin lib; do
	[ -L "$tmp/$d" ] || die "unpacking replaced the /$d link with a directory: the tree is not usr-merged"
done
# Manuals, info and message catalogs are not needed in the guest; of the
# documentation, the copyright files stay.
rm -rf "$tmp/usr/share/man" "$tmp/usr/share/info" "$tmp/usr/share/locale"
find "$tmp/usr/share/doc" ! -type d ! -name copyright -delete

# 4. What the maintainer scripts would have made.
info "arm64 root: /bin/sh, alternatives, /etc and mount points"
ln -sfn dash "$tmp/usr/bin/sh"
[ -e "$tmp/usr/bin/awk" ] || ln -s gawk "$tmp/usr/bin/awk"
[ -e "$tmp/usr/bin/which" ] || ln -s which.debianutils "$tmp/usr/bin/which"
cp "$tmp/usr/share/base-passwd/passwd.master" "$tmp/etc/passwd"
cp "$tmp/usr/share/base-passwd/group.master" "$tmp/etc/group"
[ -e "$tmp/etc/nsswitch.conf" ] || printf '%s\n' 'passwd: files' 'group: files' 'shadow: files' \
	'hosts: files' 'networks: files' 'protocols: files' 'services: files' >"$tmp/etc/nsswitch.conf"
[ -e "$tmp/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' >"$tmp/etc/hosts"
echo guest >"$tmp/etc/hostname"
ln -sfn ../proc/self/mounts "$tmp/etc/mtab"
mkdir -p "$tmp/proc" "$tmp/sys" "$tmp/dev" "$tmp/run" "$tmp/tmp" "$tmp/root" \
	"$tmp/var/tmp" "$tmp/var/log" "$tmp/mnt"
chmod 1777 "$tmp/tmp" "$tmp/var/tmp"
chmod 700 "$tmp/root"

# 5. Checks.
info "arm64 root: checking ELF files, their interpreters and libraries"
# in_root PATH: PATH as the guest resolves it (symlinks followed inside the
# tree, absolute ones from its top), printed when it exists.
in_root()
{
	local rest=${1#/} have='' c t hops=0

	while [ -n "$rest" ]; do
		c=${rest%%/*}
		if [ "$c" = "$rest" ]; then rest=; else rest=${rest#*/}; fi
		case $c in
		'' | .) continue ;;
		..) have=${have%/*}; continue ;;
		esac
		if [ -L "$tmp$have/$c" ]; then
			hops=$((hops + 1))
			[ $hops -le 40 ] || return 1
			t=$(readlink "$tmp$have/$c")
			case $t in
			/*) have= ;;
			esac
			rest=${t#/}${rest:+/$rest}
		else
			have=$have/$c
		fi
	done
	[ -e "$tmp$have" ] || return 1
	printf '%s\n' "${have:-/}"
}

bad=0
loader=$(in_root /lib/ld-linux-aarch64.so.1) || { warn "/lib/ld-linux-aarch64.so.1 does not resolve"; bad=1; }
[ $bad = 1 ] || info "arm64 root: /lib/ld-linux-aarch64.so.1 -> $loader ($(file -b "$tmp$loader" | cut -d, -f1-2))"
loader_strings=$(strings "$tmp$loader")
for d in $LIBDIRS; do
	grep -qxF "$d/" <<<"$loader_strings" ||
		warn "the loader does not name $d/ among its own directories: libraries there need an ld.so.cache"
done

# One line per ELF file: PATH MACHINE INTERP|- RUNPATH|- NEEDED...  (readelf
# fails on the files that are not ELF: counted below, so errors are not lost.)
(
	cd "$tmp" || exit 1
	find usr etc -type f -size +64c -print0 | xargs -0 readelf -W -h -l -d 2>/dev/null || true
) | awk '
	function flush() { if (m != "") print f, m, (i == "" ? "-" : i), (r == "" ? "-" : r), n }
	/^File: / { flush(); f = "/" substr($0, 7); m = ""; i = ""; r = ""; n = ""; next }
	/^ *Machine:/ { sub(/^ *Machine: */, ""); gsub(/ /, "_"); m = $0; next }
	/Requesting program interpreter:/ { sub(/.*interpreter: /, ""); sub(/\]$/, ""); i = $0; next }
	/\((RUNPATH|RPATH)\)/ { sub(/.*\[/, ""); sub(/\].*/, ""); r = $0; next }
	/\(NEEDED\)/ { sub(/.*\[/, ""); sub(/\].*/, ""); n = n " " $0; next }
	END { flush() }' >"$APTDIR/elf.txt"
nelf=0
declare -A found
while read -r f m interp rpath needed; do
	nelf=$((nelf + 1))
	case " $UNCHECKED " in
	*" $f "*) continue ;;
	esac
	if [ "$m" != AArch64 ]; then
		warn "$f: machine $m, not AArch64"
		bad=1
	fi
	if [ "$interp" != - ] && ! in_root "$interp" >/dev/null; then
		warn "$f: its interpreter $interp does not resolve"
		bad=1
	fi
	dirs=$LIBDIRS
	[ "$rpath" = - ] || dirs="$(sed "s|\$ORIGIN|${f%/*}|g; s|\${ORIGIN}|${f%/*}|g; s|:| |g" <<<"$rpath") $dirs"
	for lib in $needed; do
		ok=0
		for d in $dirs; do
			[ -n "${found[$d/$lib]:-}" ] || found[$d/$lib]=$(in_root "$d/$lib" || echo -)
			if [ "${found[$d/$lib]}" != - ]; then
				ok=1
				break
			fi
		done
		if [ $ok = 0 ]; then
			warn "$f needs $lib, found in none of: $dirs"
			bad=1
		fi
	done
done <"$APTDIR/elf.txt"
[ $nelf -gt 0 ] || die "no ELF file found in $tmp (readelf failed?)"

missing=
for c in $COMMANDS; do
	ok=0
	for d in $GUEST_PATH; do
		if p=$(in_root "$d/$c") && [ -f "$tmp$p" ] && [ -x "$tmp$p" ]; then
			ok=1
			break
		fi
	done
	[ $ok = 1 ] || missing="$missing $c"
done
if [ -n "$missing" ]; then
	warn "commands missing from the guest's PATH:$missing"
	bad=1
fi
bash_is=$(file -b "$tmp$(in_root /bin/bash)")
case $bash_is in
*"ARM aarch64"*) ;;
*) warn "/bin/bash is not an aarch64 ELF: $bash_is"; bad=1 ;;
esac
busybox_is=$(file -b "$tmp$(in_root /bin/busybox)")
case $busybox_is in
*"statically linked"*) ;;
*) warn "/bin/busybox is not statically linked (the guest starts with it): $busybox_is"; bad=1 ;;
esac
[ $bad = 0 ] || die "the arm64 root in $tmp fails the checks above; it is removed, nothing in $root changed"
info "arm64 root: $nelf ELF files, all AArch64, every interpreter and needed library found; the $(wc -w <<<"$COMMANDS") commands are there"
info "arm64 root: /bin/bash is $(cut -d, -f1-2 <<<"$bash_is")"

# 6. In place: the stamp (first line the list asked for, then the
# closure), and the new root renamed over the old one.
{
	echo "$want"
	echo "# $SUITE arm64, closure as resolved by apt on $(date -u +%Y-%m-%d):"
	echo "$closure"
} >"$tmp/$stamp"
if [ -e "$root" ]; then
	mv "$root" "$tmp.old"
	mv "$tmp" "$root"
	rm -rf "$tmp.old"
else
	mv "$tmp" "$root"
fi
trap - EXIT
info "arm64 root: $root made in $(elapsed "$start"): $(wc -l <<<"$closure") packages, $(du -sh "$root" | cut -f1)"
