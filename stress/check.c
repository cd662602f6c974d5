// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the generator's writes and their checks.  A definition
 * written to dynamic_events and judged against the listing and
 * error_log (try_def()), the inconsistencies, the rejections without
 * an error_log message, and the deletion of a live event.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* The generator */

char dynbuf[DYN_BUF];
static char errbuf[ERRLOG_BUF];
static struct dline cur[LIVE_CAP], prev[LIVE_CAP];
static int ncur, nprev;
int dynfd = -1;

struct noerr noerr[NOERR_CAP];
int nnoerr;
unsigned long noerr_more;	/* not listed: the table was full */
static atomic_ulong ninconsistent_printed;

/*
 * dynamic_events is a seq_file read a page at a time, event_mutex taken
 * and dropped around each read(): an event added or deleted between two
 * of them shifts the others, and the listing skips or repeats one.  The
 * generator's listings and the module thread's writes (the only others
 * that change the list) are kept apart by this lock.
 */
pthread_mutex_t dyn_lock = PTHREAD_MUTEX_INITIALIZER;

int read_dyn(struct dline *l)
{
	ssize_t n;

	pthread_mutex_lock(&dyn_lock);
	n = read_file(TRACEFS "/dynamic_events", dynbuf, sizeof(dynbuf));
	pthread_mutex_unlock(&dyn_lock);

	if (n < 0)
		return -1;
	if ((size_t)n + 1 >= sizeof(dynbuf))
		msg("dynamic_events is larger than %zu bytes: cut",
		    sizeof(dynbuf));
	return parse_dyn(dynbuf, l, LIVE_CAP, true);
}

__printf(3, 4)
void inconsistent(const char *def, size_t len, const char *fmt, ...)
{
	char e[DEF_MAX * 4 + 16], why[300];
	va_list ap;

	atomic_fetch_add(&st_inconsistent, 1);
	if (atomic_fetch_add(&ninconsistent_printed, 1) >= 50)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	msg("INCONSISTENT: %s: %s", why, esc(def, len, e, sizeof(e)));
}

/* Whitespace as the kernel's isspace() has it (lib/ctype.c: 0xa0 too) */
static bool kspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

/* Whitespace runs made one space, leading and trailing ones dropped */
static size_t normalize(const char *s, size_t len, char *out, size_t cap)
{
	size_t o = 0, i;
	bool sp = false;

	for (i = 0; i < len && o + 1 < cap; i++) {
		unsigned char c = (unsigned char)s[i];

		if (kspace(c)) {
			sp = o > 0;
			continue;
		}
		if (sp && o + 2 < cap)
			out[o++] = ' ';
		sp = false;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return o;
}

/*
 * Whether error_log has an entry for the (single-line) definition: a
 * "[" line and a "Command:" line starting with the same first two words
 * (at most 40 bytes), whitespace normalized.  Not more: the kernel logs
 * the command as rewritten, with %pd/%pD and $arg* expanded.  *any is
 * set when it has entries at all.
 */
static bool errlog_has(const char *def, size_t len, bool multi, bool *any)
{
	static const char cmd[] = "  Command: ";
	char nd[64], nc[64];
	const char *p, *eol;
	size_t n, k;

	*any = false;
	if (read_file(TRACEFS "/error_log", errbuf, sizeof(errbuf)) <= 0)
		return false;
	for (p = errbuf; *p; p = *eol ? eol + 1 : eol) {
		eol = strchrnul(p, '\n');
		if (*p == '[')
			*any = true;
	}
	if (!*any)
		return false;
	if (multi)
		return true;
	/* what the kernel runs: up to a NUL, a comment */
	k = strnlen(def, len);
	k = strcspn(def, "#") < k ? strcspn(def, "#") : k;
	n = normalize(def, k, nd, sizeof(nd));
	p = strchr(nd, ' ');
	if (p && strchr(p + 1, ' '))
		n = (size_t)(strchr(p + 1, ' ') - nd);
	if (n > 40)
		n = 40;
	for (p = errbuf; *p; p = *eol ? eol + 1 : eol) {
		eol = strchrnul(p, '\n');
		if (strncmp(p, cmd, sizeof(cmd) - 1))
			continue;
		p += sizeof(cmd) - 1;
		normalize(p, (size_t)(eol - p), nc, sizeof(nc));
		if (!strncmp(nc, nd, n))
			return true;
	}
	return false;
}

/* The error_log entries errlog_has() read, for -v */
static void errlog_print(void)
{
	char e[1024];
	const char *p, *eol;

	for (p = errbuf; *p; p = *eol ? eol + 1 : eol) {
		eol = strchrnul(p, '\n');
		if (*p == '[')
			msg("  %s", esc(p, (size_t)(eol - p), e, sizeof(e)));
	}
}

/*
 * A rejection without its error_log entry, listed once per errno and
 * first 40 bytes; two classes are kept as one entry each: definitions
 * with a NUL byte (the kernel reads the line up to it and refuses it as
 * too long, with a printk only) and deletions ("-:", "!"), which never
 * log.
 */
static void note_noerrlog(const char *def, size_t len, int err, bool any)
{
	char e[DEF_MAX * 4 + 16], key[41];
	size_t skip = strspn(def, " \t");
	int i;

	atomic_fetch_add(&st_noerrlog, 1);
	if (memchr(def, '\0', len))
		snprintf(key, sizeof(key), "\x01 a NUL byte");
	else if (def[skip] == '-' || def[skip] == '!')
		snprintf(key, sizeof(key), "\x01 a deletion");
	else
		snprintf(key, sizeof(key), "%.*s", (int)(len < 40 ? len : 40),
			 def);
	for (i = 0; i < nnoerr; i++)
		if (noerr[i].err == err && !strcmp(noerr[i].key, key)) {
			noerr[i].count++;
			return;
		}
	if (nnoerr >= NOERR_CAP) {
		noerr_more++;
		return;
	}
	msg("rejected without error_log (%s, %s%s): %s", errname(err),
	    any ? "error_log has no entry for it" : "error_log empty",
	    key[0] == '\x01' ? key + 1 : "", esc(def, len, e, sizeof(e)));
	noerr[nnoerr].err = err;
	snprintf(noerr[nnoerr].key, sizeof(noerr[nnoerr].key), "%s", key);
	esc(def, len, noerr[nnoerr].def, sizeof(noerr[nnoerr].def));
	noerr[nnoerr].count = 1;
	nnoerr++;
}

/*
 * What a definition should create: NAME ("GROUP/EVENT", "*\/EVENT" when
 * the group is the kind's default, "" when the kernel makes the name up)
 * and the kinds dynamic_events may list it under.  Returns true for a
 * deletion ("-:..." or "!...").
 */
static bool def_expect(const char *def, size_t len, char *name, size_t cap,
		       const char **kinds)
{
	const char *p = def, *end, *colon, *slash;
	size_t k = strnlen(def, len);

	name[0] = '\0';
	*kinds = "";
	while (p < def + k && kspace(*p))
		p++;
	end = p;
	while (end < def + k && !kspace(*end) && *end != '#')
		end++;
	if (p == end)
		return false;
	if (*p == '-' || *p == '!')
		return true;
	switch (*p) {
	case 'p':
		*kinds = "pr";
		break;
	case 'r':
		*kinds = "r";
		break;
	case 'f':
		*kinds = "f";
		break;
	case 't':
		*kinds = "t";
		break;
	case 'e':
		*kinds = "e";
		break;
	}
	colon = memchr(p, ':', (size_t)(end - p));
	if (!colon || colon + 1 == end)
		return false;
	colon++;
	/* as traceprobe_parse_event_name(): GROUP/EVENT or GROUP.EVENT */
	slash = memchr(colon, '/', (size_t)(end - colon));
	if (!slash)
		slash = memchr(colon, '.', (size_t)(end - colon));
	if (slash && slash + 1 == end)
		return false;
	if (slash)
		snprintf(name, cap, "%.*s/%.*s", (int)(slash - colon), colon,
			 (int)(end - slash - 1), slash + 1);
	else
		snprintf(name, cap, "*/%.*s", (int)(end - colon), colon);
	return false;
}

/* The events in cur[] and not in prev[], listed into OUT */
static void appeared(char *out, size_t cap)
{
	struct sb b;
	int i;

	sb_init(&b, out, cap);
	for (i = 0; i < ncur; i++)
		if (find_line(prev, nprev, cur[i].name) < 0)
			sb_add(&b, "%s%c:%s", b.len ? " " : "", cur[i].kind,
			       cur[i].name);
	if (!b.len)
		sb_add(&b, "none");
}

/* After an inconsistency: whether a second listing agrees with cur[] */
static void reread(void)
{
	static struct dline again[LIVE_CAP];
	char diff[300];
	struct sb b;
	int n, i;

	sleep_ms(100);
	n = read_dyn(again);
	sb_init(&b, diff, sizeof(diff));
	for (i = 0; i < n; i++)
		if (find_line(cur, ncur, again[i].name) < 0)
			sb_add(&b, " +%s", again[i].name);
	for (i = 0; i < ncur; i++)
		if (find_line(again, n, cur[i].name) < 0)
			sb_add(&b, " -%s", cur[i].name);
	msg("  a second listing 100 ms later %s%s", b.len ? "differs:" :
	    "is the same", diff);
	if (n >= 0) {
		memcpy(cur, again, sizeof(cur[0]) * (size_t)n);
		ncur = n;
	}
}

/* One definition: write it, then judge what the kernel did with it */
void try_def(const char *def, size_t len, bool mutated)
{
	const char *kinds;
	char name[NAME_CAP + 4], e[DEF_MAX * 4 + 16], path[512], app[200];
	bool multi, del, any, ok;
	int i, j, napp = 0, nvan = 0, err = 0;
	long ninc;
	ssize_t ret;

	multi = memchr(def, '\n', strnlen(def, len)) != NULL;
	del = def_expect(def, len, name, sizeof(name), &kinds);
	if (write_file(TRACEFS "/error_log", "", 0, O_TRUNC))
		msg("cannot clear error_log");
	nprev = ncur;
	memcpy(prev, cur, sizeof(cur[0]) * (size_t)ncur);

	busy_set(T_GEN, "write %.*s", (int)(len < 120 ? len : 120), def);
	ret = xwrite(dynfd, def, len);
	if (ret < 0)
		err = errno;
	busy_clear(T_GEN);
	atomic_fetch_add(&st_tried, 1);
	ok = ret >= 0;
	if (!mutated) {
		atomic_fetch_add(&st_valid, 1);
		if (!ok)
			atomic_fetch_add(&st_valid_rej, 1);
	}
	if (opt.verbose)
		msg("%s %s%s%s: %s", mutated ? "mutated" : "valid",
		    ok ? "accepted" : "rejected", ok ? "" : " ",
		    ok ? "" : errname(err), esc(def, len, e, sizeof(e)));
	if (ok && (size_t)ret != len)
		msg("short write (%zd of %zu): %s", ret, len,
		    esc(def, len, e, sizeof(e)));

	ninc = atomic_load(&st_inconsistent);
	ncur = read_dyn(cur);
	if (ncur < 0) {
		msg("cannot read dynamic_events");
		ncur = 0;
	}
	for (i = 0; i < ncur; i++)
		if (find_line(prev, nprev, cur[i].name) < 0)
			napp++;
	for (i = 0; i < nprev; i++)
		if (find_line(cur, ncur, prev[i].name) < 0)
			nvan++;

	if (ok) {
		atomic_fetch_add(&st_accepted, 1);
		if (multi || del) {
			/* anything may have come or gone */
		} else if (name[0]) {
			i = find_line(cur, ncur, name);
			if (i < 0) {
				appeared(app, sizeof(app));
				inconsistent(def, len, "accepted, %s not in dynamic_events (appeared: %s)",
					     name, app);
			} else {
				if (kinds[0] && !strchr(kinds, cur[i].kind))
					inconsistent(def, len, "accepted, %s listed as kind '%c'",
						     name, cur[i].kind);
				j = find_line(prev, nprev, cur[i].name);
				if (napp > (j < 0 ? 1 : 0)) {
					appeared(app, sizeof(app));
					inconsistent(def, len, "accepted, %d events appeared: %s",
						     napp, app);
				}
				event_path(path, sizeof(path), cur[i].name,
					   NULL);
				if (!exists(path))
					inconsistent(def, len, "accepted, no %s",
						     path);
			}
			if (nvan)
				inconsistent(def, len, "accepted, %d events vanished",
					     nvan);
		} else if (napp > 1 || nvan) {
			inconsistent(def, len, "accepted, %d events appeared, %d vanished",
				     napp, nvan);
		}
	} else {
		atomic_fetch_add(&st_rejected, 1);
		if (!multi && (napp || nvan)) {
			appeared(app, sizeof(app));
			inconsistent(def, len, "rejected (%s), but %d events appeared (%s), %d vanished",
				     errname(err), napp, app, nvan);
		}
		if (!errlog_has(def, len, multi, &any))
			note_noerrlog(def, len, err, any);
		else if (opt.verbose)
			errlog_print();
	}
	if (atomic_load(&st_inconsistent) != ninc)
		reread();
	live_set(cur, ncur);
}

/* Delete one random live event, as a user would: disable it first */
void delete_one(struct rng *r)
{
	char name[NAME_CAP], cmd[NAME_CAP + 4], path[512];
	int i, k, ret;
	long hits;

	pthread_mutex_lock(&live_lock);
	if (!nlive) {
		pthread_mutex_unlock(&live_lock);
		return;
	}
	k = (int)rnd(r, (unsigned int)nlive);
	live[k].dying = true;
	snprintf(name, sizeof(name), "%s", live[k].name);
	pthread_mutex_unlock(&live_lock);
	/* Wait for the control thread's operation in flight, if any */
	pthread_mutex_lock(&ctl_lock);
	pthread_mutex_unlock(&ctl_lock);

	busy_set(T_GEN, "delete %s", name);
	event_quiesce(name);
	hits = profile_hits(name, false);
	snprintf(cmd, sizeof(cmd), "-:%s", name);
	ret = write_file(TRACEFS "/dynamic_events", cmd, strlen(cmd),
			 O_APPEND);
	busy_clear(T_GEN);

	nprev = ncur;
	memcpy(prev, cur, sizeof(cur[0]) * (size_t)ncur);
	ncur = read_dyn(cur);
	if (ncur < 0)
		ncur = 0;
	if (ret) {
		atomic_fetch_add(&st_delfail, 1);
		if (opt.verbose || ret != -EBUSY)
			msg("%s failed: %s", cmd, errname(-ret));
		if (ret == -ENOENT)
			inconsistent(cmd, strlen(cmd), "listed, but not found to delete");
	} else {
		atomic_fetch_add(&st_deleted, 1);
		atomic_fetch_add(&st_hits, hits);
		if (find_line(cur, ncur, name) >= 0)
			inconsistent(cmd, strlen(cmd), "deleted, still listed");
		event_path(path, sizeof(path), name, NULL);
		if (exists(path))
			inconsistent(cmd, strlen(cmd), "deleted, %s still there", path);
		for (i = 0; i < nprev; i++)
			if (strcmp(prev[i].name, name) &&
			    find_line(cur, ncur, prev[i].name) < 0)
				inconsistent(cmd, strlen(cmd), "deleted, %s vanished too",
					     prev[i].name);
	}
	live_set(cur, ncur);
}
