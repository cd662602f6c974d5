#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Configure the kernel in $OUT: tinyconfig, then the fragments merged in
# order with the kernel's merge_config.sh, then olddefconfig; then check
# that every option the fragments ask for survived (as kunit.py does).
#
# Fragments: configs/guest.config (or $GUEST_CONFIG; none when that is
# set and empty), the tree's own ftrace selftest config, Debian's values
# of the options in configs/debian.scope (scripts/debian-config.sh; not
# with DEBIAN=0), configs/tracing.config, then any in $EXTRA_CONFIGS
# (space separated).  Every option that differs from Debian's in that
# scope must have its reason in configs/debian.differences (or be asked
# for by one of $EXTRA_CONFIGS).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ -d "$TREE" ] || die "no work tree in $TREE: run 'make tree' first"
frags=()
guest=${GUEST_CONFIG-$TOP/configs/guest.config}
[ -z "$guest" ] || frags+=("$(realpath -m "$guest")")
frags+=("$TREE/tools/testing/selftests/ftrace/config")
debian=
if [ "${DEBIAN:-1}" = 1 ]; then
	mkdir -p "$OUT"
	debian=$OUT/debian.config
	"$TOP/scripts/debian-config.sh" fragment "$debian"
	frags+=("$debian")
fi
frags+=("$TOP/configs/tracing.config")
extras=()
for f in ${EXTRA_CONFIGS:-}; do
	extras+=("$(realpath "$f")")
done
frags+=(${extras[@]+"${extras[@]}"})
for f in "${frags[@]}"; do
	[ -f "$f" ] || die "config fragment $f does not exist"
done

mkdir -p "$OUT"
stamp=$OUT/.fragments
# Every option of the Debian scope that differs from Debian's, with its
# reason (kept in $OUT/debian-differences.txt).
compare_debian()
{
	[ -n "$debian" ] || return 0
	if ! "$TOP/scripts/debian-config.sh" compare "$OUT/.config" ${extras[@]+"${extras[@]}"} \
		>"$OUT/debian-differences.txt"; then
		cat "$OUT/debian-differences.txt" >&2
		die "an option differs from Debian's without a reason (above): take Debian's value (configs/debian.scope), or give the reason in configs/debian.differences"
	fi
	grep '^  (' "$OUT/debian-differences.txt" >&2 || true
	info "config: $(tail -n 1 "$OUT/debian-differences.txt") (each with its reason in $OUT/debian-differences.txt)"
}

# Same fragments as last time (their contents hashed): nothing to do
# (keeps incremental builds incremental).
if [ -f "$OUT/.config" ] && [ -f "$stamp" ] &&
   [ "$(cat "${frags[@]}" | sha256sum)" = "$(cat "$stamp")" ]; then
	info "config: $OUT/.config is up to date"
	compare_debian
	exit 0
fi

kmake()
{
	make -s -C "$TREE" O="$OUT" "$@"
}

info "config: tinyconfig + ${frags[*]##*/}"
kmake tinyconfig >/dev/null
(cd "$OUT" && "$TREE/scripts/kconfig/merge_config.sh" -m -O "$OUT" "$OUT/.config" "${frags[@]}") \
	>"$OUT/merge_config.log" 2>&1 || die "merge_config.sh failed, see $OUT/merge_config.log"
kmake olddefconfig

# On another base than BASE's (BASE_FILE=BASE-6.12: an older kernel), an
# option of the fragments that this kernel does not have is left out,
# and named; on BASE's it is a mistake, reported below.
unknown=
if [ "$BASE_FILE" != BASE ]; then
	unknown=$(cat "${frags[@]}" | sed -n -E 's/^(# )?(CONFIG_[A-Za-z0-9_]+)[= ].*/\2/p' | sort -u |
		comm -23 - <(git -C "$TREE" grep -h -E '^\s*(menu)?config\s+[A-Za-z0-9_]+' -- '*Kconfig*' |
			     awk '{ print "CONFIG_" $2 }' | sort -u))
	[ -z "$unknown" ] ||
		info "config: $(echo $unknown | wc -w) options of the fragments are not in $BASE_PACKAGE $BASE_VERSION, left out: $(echo $unknown)"
fi

# What the fragments ask for, the last fragment winning, against .config.
# The Debian fragment's own options are not required to survive (some
# depend on what the guest leaves out): compare_debian judges them.
missing=$(awk -v debian="$debian" -v dotconfig="$OUT/.config" -v unknown="$unknown" '
	BEGIN { n = split(unknown, u, "\n"); for (i = 1; i <= n; i++) skip[u[i]] = 1 }
	FILENAME != dotconfig {
		k = ""
		if (match($0, /^CONFIG_[A-Za-z0-9_]+=/)) {
			k = substr($0, 1, RLENGTH - 1)
			v = substr($0, RLENGTH + 1)
		} else if (match($0, /^# CONFIG_[A-Za-z0-9_]+ is not set/)) {
			k = $2
			v = "n"
		}
		if (k == "" || k in skip)
			next
		if (FILENAME == debian)
			delete want[k]
		else
			want[k] = v
		next
	}
	match($0, /^CONFIG_[A-Za-z0-9_]+=/) {
		have[substr($0, 1, RLENGTH - 1)] = substr($0, RLENGTH + 1)
	}
	END {
		for (k in want) {
			h = (k in have) ? have[k] : "n"
			if (want[k] != h)
				printf "  %s=%s (got %s)\n", k, want[k], h
		}
	}' "${frags[@]}" "$OUT/.config" | sort)
if [ -n "$missing" ]; then
	printf '%s\n' "$missing" >&2
	die "not every option of the config fragments is in $OUT/.config (above); an unmet dependency is the usual cause: add it to configs/guest.config"
fi
cat "${frags[@]}" | sha256sum >"$stamp"
info "config: every requested option is set ($(grep -c '^CONFIG_' "$OUT/.config") options in $OUT/.config)"
compare_debian
