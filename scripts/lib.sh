# SPDX-License-Identifier: GPL-2.0
# Common settings and helpers, sourced by the scripts in this directory.

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOME=${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}
export HOME
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/probe-series
BUILD=$TOP/build
# The developer's work tree (base + series), its build output and the
# guest's module staging directory.
TREE=$(realpath -m "${TREE:-$BUILD/linux}")
OUT=$(realpath -m "${OUT:-$BUILD/out}")
# shellcheck source=../BASE
. "$TOP/BASE"

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

BASE_REPO=$CACHE/base.git

# The project's role identity: author and Signed-off-by of the series.
SERIES_NAME="Tracing Probes Series"
SERIES_EMAIL="probe-series@users.noreply.invalid"

# The patches of patches/series, in order, one path a line.
series_patches()
{
	[ "${BASE_ONLY:-0}" = 1 ] && return 0
	[ -f "$TOP/patches/series" ] || return 0
	sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$TOP/patches/series" |
		sed -e "s|^|$TOP/patches/|"
}

# Top-level paths of the project that the mirror must never write:
# a series that touches one of these cannot be mirrored.
PROJECT_PATHS="Makefile scripts patches configs tests bench stress build BASE README.md cover-letter.txt .ci .b4-config .gitignore .checkpatch-checks"

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
