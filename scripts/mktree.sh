#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make the kernel work tree: base + "git am" of each series of the stack
# (patches/series) in turn, one commit per patch.  Each series gets a branch
# of its name at its last patch, stacked one on the other; the tree is left
# on the last one, with rebase.updateRefs set so that "git rebase -i base"
# keeps every series branch at the end of its series.  STACK=NAME stops
# after that series (STACK=fixes: the fixes alone).
#
# An existing tree is kept when its commits and branches are the stack's;
# otherwise this stops, so unexported work is never lost (FORCE=1 discards
# it and applies the stack anew; FORCE=changed does so only when its
# commits differ from patches/, for trees that are only ever made from
# patches/, whose unchanged files then keep their times).
#
# Usage: scripts/mktree.sh [DIR]     (default: build/linux)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:-$TREE}
[ -d "$BASE_REPO" ] || die "no base repository in $BASE_REPO: run 'make base' first"
check_stack
names=$(stack_names)
last=$(tail -n 1 <<<"$names")
# With no series at all (BASE_ONLY=1: the base alone), the tree's branch.
[ -n "$last" ] || last=base-only

# The patch-ids of the commits since base, and of the stack's patches.
tree_ids()
{
	git -C "$dir" log --reverse -p --format='commit %H' base..HEAD |
		git patch-id --stable | cut -d' ' -f1
}

stack_ids()
{
	local p

	stack_patches | while read -r p; do
		git patch-id --stable <"$p" | cut -d' ' -f1
	done
}

# Each series' branch is at its last patch: "NAME COMMIT" expected, one a
# line, against the branches of the tree.
branches_ok()
{
	local s n=0 commits

	commits=$(git -C "$dir" rev-list --reverse base..HEAD)
	for s in $names; do
		n=$((n + $(series_patches "$s" | grep -c .)))
		[ "$(git -C "$dir" rev-parse -q --verify "refs/heads/$s" 2>/dev/null)" = \
		  "$(sed -n "${n}p" <<<"$commits")" ] || return 1
	done
	[ "$(git -C "$dir" symbolic-ref -q --short HEAD)" = "$last" ]
}

apply_stack()
{
	local s p n=0 total=0 out

	git -C "$dir" checkout -q --detach base
	for s in $names; do
		n=0
		while read -r p; do
			[ -f "$p" ] || die "patches/$s/series names $(basename "$p"), which does not exist"
			if ! out=$(git -C "$dir" am -q --whitespace=nowarn "$p" 2>&1); then
				git -C "$dir" am --abort >/dev/null 2>&1 || true
				printf '%s\n' "$out" >&2
				die "$s/$(basename "$p") does not apply to base + the patches before it (git am said the above)"
			fi
			n=$((n + 1))
		done < <(series_patches "$s")
		[ $n -gt 0 ] || die "patches/$s/series lists no patch"
		git -C "$dir" branch -f "$s" HEAD
		total=$((total + n))
	done
	git -C "$dir" checkout -q -B "$last"
	# The branch of the one-series layout, gone since.
	[ "$last" = series ] || git -C "$dir" branch -q -D series >/dev/null 2>&1 || true
	git -C "$dir" config rebase.updateRefs true
	info "tree: $dir = base + $total patches in $(grep -c . <<<"$names" || true) series ($(echo $names)), on branch $last"
}

if [ ! -e "$dir/.git" ]; then
	info "tree: cloning base into $dir"
	mkdir -p "$(dirname "$dir")"
	git clone -q --shared --no-checkout "$BASE_REPO" "$dir"
	git -C "$dir" config user.name "$SERIES_NAME"
	git -C "$dir" config user.email "$SERIES_EMAIL"
	git -C "$dir" config gc.auto 0
	apply_stack
	exit 0
fi

if [ "${FORCE:-0}" = changed ] && [ "$(tree_ids)" != "$(stack_ids)" ]; then
	FORCE=1
fi
if [ "${FORCE:-0}" = 1 ]; then
	git -C "$dir" am --abort >/dev/null 2>&1 || true
	git -C "$dir" rebase --abort >/dev/null 2>&1 || true
	git -C "$dir" reset -q --hard
	apply_stack
	exit 0
fi

if [ "$(tree_ids)" != "$(stack_ids)" ]; then
	die "$dir has commits that differ from patches/: export them ('make export') or discard them with 'make tree FORCE=1'"
fi
if ! branches_ok; then
	# Same commits (a tree of the one-series layout, or a branch moved by
	# hand): put each series branch at the end of its series.
	commits=$(git -C "$dir" rev-list --reverse base..HEAD)
	git -C "$dir" checkout -q --detach HEAD
	n=0
	for s in $names; do
		n=$((n + $(series_patches "$s" | grep -c .)))
		git -C "$dir" branch -f "$s" "$(sed -n "${n}p" <<<"$commits")"
	done
	git -C "$dir" checkout -q -B "$last"
	[ "$last" = series ] || git -C "$dir" branch -q -D series >/dev/null 2>&1 || true
	git -C "$dir" config rebase.updateRefs true
	info "tree: $dir: series branches set at the ends of their series, on branch $last"
fi
info "tree: $dir is up to date with patches/ ($(echo $names))"
