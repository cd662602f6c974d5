#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run in the guest by scripts/guest-init.sh after the command, on a kernel
# with gcov (make coverage): copy the counters of every profiled object
# (/sys/kernel/debug/gcov/BUILD_DIR/.../FILE.gcda) to DEST/BUILD_DIR/...,
# where scripts/coverage.sh reads them.  The kernel keeps counting while
# they are read; the command has ended by then, so little runs beside it.
#
# Usage: guest-gcov.sh DEST
set -u
src=/sys/kernel/debug/gcov
dest=$1
[ -d $src ] || exit 0
n=0
while IFS= read -r f; do
	rel=${f#"$src"}
	if ! mkdir -p "$dest$(dirname "$rel")" || ! cat "$f" >"$dest$rel"; then
		echo "guest-gcov: cannot copy $f to $dest" >&2
		exit 1
	fi
	n=$((n + 1))
done < <(find $src -name '*.gcda')
echo "guest-gcov: $n counter files copied to $dest"
