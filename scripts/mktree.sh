#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make the kernel work tree: base + "git am" of patches/series, one commit
# per patch, on branch "series".  An existing tree is kept when its commits
# are the series; otherwise this stops, so unexported work is never lost
# (FORCE=1 discards it and applies the series anew).
#
# Usage: scripts/mktree.sh [DIR]     (default: build/linux)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:-$TREE}
[ -d "$BASE_REPO" ] || die "no base repository in $BASE_REPO: run 'make base' first"

# The patch-ids of the commits since base, and of patches/series.
tree_ids()
{
	git -C "$dir" log --reverse -p --format='commit %H' base..HEAD |
		git patch-id --stable | cut -d' ' -f1
}

series_ids()
{
	local p

	series_patches | while read -r p; do
		git patch-id --stable <"$p" | cut -d' ' -f1
	done
}

apply_series()
{
	local p n=0

	git -C "$dir" checkout -q -B series base
	while read -r p; do
		[ -f "$p" ] || die "patches/series names $(basename "$p"), which does not exist"
		if ! out=$(git -C "$dir" am -q --whitespace=nowarn "$p" 2>&1); then
			git -C "$dir" am --abort >/dev/null 2>&1 || true
			printf '%s\n' "$out" >&2
			die "patch $(basename "$p") does not apply to base + the patches before it (git am said the above)"
		fi
		n=$((n + 1))
	done < <(series_patches)
	info "tree: $dir = base + $n patches"
}

if [ ! -e "$dir/.git" ]; then
	info "tree: cloning base into $dir"
	mkdir -p "$(dirname "$dir")"
	git clone -q --shared --no-checkout "$BASE_REPO" "$dir"
	git -C "$dir" config user.name "$SERIES_NAME"
	git -C "$dir" config user.email "$SERIES_EMAIL"
	git -C "$dir" config gc.auto 0
	apply_series
	exit 0
fi

if [ "${FORCE:-0}" = 1 ]; then
	git -C "$dir" am --abort >/dev/null 2>&1 || true
	git -C "$dir" reset -q --hard
	apply_series
	exit 0
fi

if [ "$(tree_ids)" != "$(series_ids)" ]; then
	die "$dir has commits that differ from patches/: export them ('make export') or discard them with 'make tree FORCE=1'"
fi
info "tree: $dir is up to date with patches/series"
