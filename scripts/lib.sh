# SPDX-License-Identifier: GPL-2.0
# Common settings and helpers, sourced by the scripts in this directory.

# sort, join and comm must agree on one collation ("_" counts).
export LC_ALL=C
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
export HOME
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/probe-series
BUILD=$TOP/build
# The developer's work tree (base + series), its build output and the
# guest's module staging directory.
TREE=$(realpath -m "${TREE:-$BUILD/linux}")
OUT=$(realpath -m "${OUT:-$BUILD/out}")
# The pinned base: BASE (7.3, the stack) unless BASE_FILE names another
# pin, such as BASE-6.12 for the stable backports.
BASE_FILE=${BASE_FILE:-BASE}
[ -f "$TOP/$BASE_FILE" ] || { echo "error: BASE_FILE=$BASE_FILE: no such file in $TOP" >&2; exit 1; }
# shellcheck source=../BASE
. "$TOP/$BASE_FILE"

export CCACHE_DIR=${CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/ccache}
export CCACHE_BASEDIR=$TOP
export CCACHE_NOHASHDIR=1

info()
{
	printf '==> %s\n' "$*" >&2
}

warn()
{
	printf 'WARNING: %s\n' "$*" >&2
}

die()
{
	printf 'error: %s\n' "$*" >&2
	exit 1
}

# elapsed SECONDS-SINCE-EPOCH: "1m23s" since then
elapsed()
{
	local s=$(($(date +%s) - $1))

	printf '%dm%02ds' $((s / 60)) $((s % 60))
}

# The cache repository of the base: base.git for BASE, base-6.12.git for
# BASE-6.12, ...
if [ "$BASE_FILE" = BASE ]; then
	BASE_REPO=$CACHE/base.git
else
	BASE_REPO=$CACHE/base-${BASE_FILE#BASE-}.git
fi

# The project's role identity: author and Signed-off-by of the series.
SERIES_NAME="Tracing Probes Series"
SERIES_EMAIL="probe-series@users.noreply.invalid"

# The topic series of the stack, in the order they apply (patches/series:
# one folder name a line), up to and including $STACK when it is set.
# A line "NAME BASE-6.12" is a series on its own base (a stable backport):
# it is in the stack of that base file only (BASE_FILE=BASE-6.12), never
# in BASE's.
stack_names()
{
	local s b

	[ "${BASE_ONLY:-0}" = 1 ] && return 0
	[ -f "$TOP/patches/series" ] || return 0
	while read -r s b; do
		[ "${b:-BASE}" = "$BASE_FILE" ] || continue
		echo "$s"
		[ "$s" = "${STACK:-}" ] && break
	done < <(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$TOP/patches/series")
	return 0
}

# The other bases of patches/series ("NAME BASE-6.12" lines), one a line.
other_bases()
{
	[ -f "$TOP/patches/series" ] || return 0
	sed -e 's/#.*//' "$TOP/patches/series" | awk 'NF > 1 && $2 != "BASE" { print $2 }' | sort -u
}

# Stop unless $STACK names a series and every series has its series file
# (the functions here run in subshells, where "die" cannot stop a script).
check_stack()
{
	local s all

	all=$(BASE_ONLY=0 STACK='' stack_names)
	if [ -n "${STACK:-}" ] && ! grep -qxF -- "$STACK" <<<"$all"; then
		die "STACK=$STACK: no such series; patches/series has: $(echo $all)"
	fi
	for s in $(stack_names); do
		[ -f "$TOP/patches/$s/series" ] ||
			die "patches/series names $s, but patches/$s/series does not exist"
	done
}

# series_patches NAME: the patches of one series (patches/NAME/series), in
# order, one path a line.
series_patches()
{
	local f=$TOP/patches/$1/series

	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$f" | sed -e "s|^|$TOP/patches/$1/|"
}

# The patches of the whole stack (up to $STACK), in the order they apply.
stack_patches()
{
	local s

	for s in $(stack_names); do
		series_patches "$s"
	done
}

# cover_placeholder FILE: print the first placeholder left in a cover
# letter (format-patch's, or a note to write it later); fail if none.
cover_placeholder()
{
	grep -m1 -o -iE '\*\*\* (SUBJECT|BLURB) HERE \*\*\*|cover letter to write|^to write\.?$|\bTBD\b|\bTODO\b' "$1"
}

# mail_subject FILE: the Subject: header of a patch mail, unfolded.
mail_subject()
{
	awk '/^$/ { exit } /^Subject: / { s = substr($0, 10); on = 1; next }
	     on && /^[ \t]/ { sub(/^[ \t]+/, " "); s = s $0; next } { on = 0 }
	     END { print s }' "$1"
}

# cover_blurb FILE: the text of a cover letter, from the end of its headers
# to the shortlog format-patch writes ("Name (N):", then indented
# subjects), or to the end.
cover_blurb()
{
	awk 'body == 0 { if (/^$/) body = 1; next }
	     { line[++n] = $0 }
	     END {
		for (i = 1; i <= n; i++)
			if (line[i] ~ /^.+ \([0-9]+\):$/ && line[i + 1] ~ /^  [^ ]/)
				break
		while (i > 1 && line[i - 1] == "")
			i--
		for (j = 1; j < i; j++)
			print line[j]
	     }' "$1"
}

# Top-level paths of the project that the mirror must never write:
# a series that touches one of these cannot be mirrored.
PROJECT_PATHS="Makefile scripts patches configs tests bench stress build BASE README.md .ci .b4-config .gitignore .checkpatch-checks"

# The mirror's roots: the top-level directories of the base tree, less the
# project's own paths.
mirror_roots()
{
	local d

	git -C "$BASE_REPO" ls-tree --name-only -d base | while read -r d; do
		case " $PROJECT_PATHS " in
		*" $d "*) ;;
		*) echo "$d" ;;
		esac
	done
}

# stray_mirror_files TOUCHED: the files under the mirror's roots, relative
# to $TOP, that are not in TOUCHED (the series' files, one a line).
stray_mirror_files()
{
	local r f

	for r in $(mirror_roots); do
		[ -d "$TOP/$r" ] || continue
		find "$TOP/$r" -type f | while read -r f; do
			f=${f#"$TOP"/}
			grep -qxF "$f" <<<"$1" || echo "$f"
		done
	done
}
