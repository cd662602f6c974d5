#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The series as b4 would send it, written to build/mails and sent nowhere:
# a throwaway clone of the work tree is enrolled with "b4 prep" (b4 0.12 as
# in Debian 12), gets the cover letter from cover-letter.txt and To/Cc from
# .b4-config and get_maintainer.pl ("b4 prep --auto-to-cc"), then
# "b4 send -o" writes one threaded mail per patch plus the cover letter.
# The clone is removed afterwards; its log stays in build/b4.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

command -v b4 >/dev/null || die "b4 is missing: run 'make deps'"
n=$(git -C "$TREE" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "the series is empty: nothing to send"
tmp=$BUILD/b4
mails=$BUILD/mails
rm -rf "$tmp" "$mails"
mkdir -p "$mails"

info "send-dry-run: enrolling $n patches with b4 prep in $tmp"
git clone -q --shared "$TREE" "$tmp"
g()
{
	git -C "$tmp" "$@"
}
g config user.name "$SERIES_NAME"
g config user.email "$SERIES_EMAIL"
# Never used: "b4 send -o" only writes files, but b4 wants a way to send.
g config sendemail.smtpserver localhost
cp "$TOP/.b4-config" "$tmp/.b4-config"
editor=$tmp/.git/cover-editor
printf '#!/bin/sh\ncat "%s" >"$1"\n' "$TOP/cover-letter.txt" >"$editor"
chmod +x "$editor"
(
	cd "$tmp"
	b4 prep -e base
	EDITOR=$editor GIT_EDITOR=$editor b4 prep --edit-cover
	b4 prep --auto-to-cc
	b4 send --no-sign -o "$mails"
) >"$BUILD/b4.log" 2>&1 || { tail -20 "$BUILD/b4.log" >&2; die "b4 failed (above; whole log in $BUILD/b4.log)"; }

for m in "$mails"/*.eml; do
	# The Subject: header, unfolded.
	printf '  %s\n' "$(awk '/^Subject: / { s = substr($0, 10); getline;
		while (/^[ \t]/) { s = s $0; getline } print s; exit }' "$m")"
done
rm -rf "$tmp"
info "send-dry-run: $(ls "$mails" | wc -l) mails in $mails (To/Cc in each; nothing was sent)"
