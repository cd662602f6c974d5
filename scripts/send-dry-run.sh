#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Each series of the stack as b4 would send it, written to build/mails/NAME
# and sent nowhere.  The patches are those of patches/ as they are, applied
# by gate 1 in build/check ("make check-series"), not the work tree's
# commits, which may be ahead of the last export.  Per series, a throwaway
# clone of build/check is enrolled with "b4 prep" (b4 0.12 as in Debian 12)
# on the series before it (the base for the first), gets its cover letter from
# patches/NAME/0000-cover-letter.patch and To/Cc from .b4-config and
# get_maintainer.pl ("b4 prep --auto-to-cc"), then "b4 send -o" writes one
# threaded set of mails: the cover letter and one mail per patch.  The
# clones are removed afterwards; their logs stay in build/b4-NAME.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v b4 >/dev/null || die "b4 is missing: run 'make deps'"
TREE=$BUILD/check
[ -e "$TREE/.git" ] || die "no tree of patches/ in $TREE: run 'make check-series' first"
names=$(STACK='' stack_names)
[ -n "$names" ] || die "patches/series names no series: nothing to send"
mails=$BUILD/mails
rm -rf "$mails"

prev=base
sets=0
for s in $names; do
	git -C "$TREE" rev-parse -q --verify "refs/heads/$s" >/dev/null ||
		die "$TREE has no branch $s: run 'make check-series'"
	cover=$TOP/patches/$s/0000-cover-letter.patch
	[ -f "$cover" ] || die "patches/$s/0000-cover-letter.patch is missing"
	n=$(git -C "$TREE" rev-list --count "$prev..$s")
	tmp=$BUILD/b4-$s
	rm -rf "$tmp"
	info "send-dry-run: $s: enrolling $n patches with b4 prep on $prev"
	git clone -q --shared --no-checkout "$TREE" "$tmp"
	g()
	{
		git -C "$tmp" "$@"
	}
	g checkout -q -B "$s" "$(git -C "$TREE" rev-parse "$s")"
	g config user.name "$SERIES_NAME"
	g config user.email "$SERIES_EMAIL"
	# Never used: "b4 send -o" only writes files, but b4 wants a way to send.
	g config sendemail.smtpserver localhost
	cp "$TOP/.b4-config" "$tmp/.b4-config"
	# b4's cover letter: the subject, an empty line, the text.
	{
		mail_subject "$cover" | sed -E 's/^\[[^]]*\] *//'
		echo
		cover_blurb "$cover"
	} >"$tmp/.git/cover.txt"
	editor=$tmp/.git/cover-editor
	printf '#!/bin/sh\ncat "%s" >"$1"\n' "$tmp/.git/cover.txt" >"$editor"
	chmod +x "$editor"
	mkdir -p "$mails/$s"
	(
		cd "$tmp"
		b4 prep -e "$(git -C "$TREE" rev-parse "$prev")"
		EDITOR=$editor GIT_EDITOR=$editor b4 prep --edit-cover
		b4 prep --auto-to-cc
		b4 send --no-sign -o "$mails/$s"
	) >"$BUILD/b4-$s.log" 2>&1 || { tail -20 "$BUILD/b4-$s.log" >&2; die "b4 failed on $s (above; whole log in $BUILD/b4-$s.log)"; }
	rm -rf "$tmp"

	m=$(ls "$mails/$s"/*.eml 2>/dev/null | wc -l)
	[ "$m" = $((n + 1)) ] || die "b4 wrote $m mails for $s, not $((n + 1)) (the cover letter and $n patches): see $BUILD/b4-$s.log"
	info "send-dry-run: $s: $m mails in $mails/$s"
	for f in "$mails/$s"/*.eml; do
		printf '  %s\n' "$(mail_subject "$f")"
	done
	sets=$((sets + 1))
	prev=$s
done
info "send-dry-run: $sets sets of mails in $mails (To/Cc in each; nothing was sent)"
