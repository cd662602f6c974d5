// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the events.  dynamic_events parsed, the live events,
 * the paths of the event files in the top buffer and the instances,
 * quiescing an event, its hits in probe_profile.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* dynamic_events, the live events */

/* The events listed in BUF (each once), those of MOD_GROUP left out */
int parse_dyn(const char *buf, struct dline *out, int cap,
	      bool skip_mod)
{
	const char *p = buf, *eol, *colon, *sp;
	size_t len;
	int n = 0, i;

	for (; *p; p = *eol ? eol + 1 : eol) {
		eol = strchrnul(p, '\n');
		if (p == eol || *p == ' ' || *p == '\t')
			continue;
		sp = memchr(p, ' ', (size_t)(eol - p));
		if (!sp)
			sp = eol;
		colon = memchr(p, ':', (size_t)(sp - p));
		if (!colon)
			continue;
		colon++;
		len = (size_t)(sp - colon);
		if (len >= NAME_CAP)
			len = NAME_CAP - 1;
		if (skip_mod && !strncmp(colon, MOD_GROUP "/",
					 strlen(MOD_GROUP) + 1))
			continue;
		for (i = 0; i < n; i++)
			if (strlen(out[i].name) == len &&
			    !memcmp(out[i].name, colon, len))
				break;
		if (i < n || n >= cap)
			continue;
		memcpy(out[n].name, colon, len);
		out[n].name[len] = '\0';
		out[n].kind = *p;
		n++;
	}
	return n;
}

int find_line(const struct dline *l, int n, const char *name)
{
	const char *ev;
	int i;

	if (!strncmp(name, "*/", 2)) {
		for (i = 0; i < n; i++) {
			ev = strchr(l[i].name, '/');
			if (ev && !strcmp(ev + 1, name + 2))
				return i;
		}
		return -1;
	}
	for (i = 0; i < n; i++)
		if (!strcmp(l[i].name, name))
			return i;
	return -1;
}

struct live live[LIVE_CAP];
int nlive;
pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
/* Held by the control thread around each operation on an event */
pthread_mutex_t ctl_lock = PTHREAD_MUTEX_INITIALIZER;

void live_set(const struct dline *l, int n)
{
	int i;

	pthread_mutex_lock(&live_lock);
	for (i = 0; i < n && i < LIVE_CAP; i++) {
		copy_str(live[i].name, NAME_CAP, l[i].name);
		live[i].dying = false;
	}
	nlive = i;
	pthread_mutex_unlock(&live_lock);
}

bool live_pick(struct rng *r, char *name)
{
	bool ok = false;
	int i, k;

	pthread_mutex_lock(&live_lock);
	if (nlive) {
		k = (int)rnd(r, (unsigned int)nlive);
		for (i = 0; i < nlive; i++) {
			if (!live[(k + i) % nlive].dying) {
				snprintf(name, NAME_CAP, "%s",
					 live[(k + i) % nlive].name);
				ok = true;
				break;
			}
		}
	}
	pthread_mutex_unlock(&live_lock);
	return ok;
}

/* The trace instance I (0 to NINST - 1) */
void inst_path(char *path, size_t cap, int i)
{
	snprintf(path, cap, TRACEFS "/instances/" INST "%d", i);
}

/* events/GROUP/EVENT/FILE of the top buffer (BUF -1) or of instance BUF */
void buf_event_path(char *path, size_t cap, int buf, const char *name,
		    const char *file)
{
	struct sb b;

	sb_init(&b, path, cap);
	if (buf < 0)
		sb_add(&b, TRACEFS "/events/");
	else
		sb_add(&b, TRACEFS "/instances/" INST "%d/events/", buf);
	sb_add(&b, "%s%s%s", name, file ? "/" : "", file ? file : "");
}

/* events/GROUP/EVENT/FILE of the top buffer */
void event_path(char *path, size_t cap, const char *name,
		const char *file)
{
	buf_event_path(path, cap, -1, name, file);
}

/*
 * Disable an event in buffer BUF, drop its triggers and filter there:
 * errors are expected.  Opening "trigger" with O_TRUNC only drops the
 * hist triggers: the others are removed one by one, "!" and the name of
 * each listed.
 */
static void quiesce_in(int buf, const char *name)
{
	char path[512], tbuf[4096], cmd[80], *line, *save = NULL;
	size_t k;

	buf_event_path(path, sizeof(path), buf, name, "enable");
	write_file(path, "0", 1, 0);
	buf_event_path(path, sizeof(path), buf, name, "trigger");
	if (read_file(path, tbuf, sizeof(tbuf)) > 0) {
		for (line = strtok_r(tbuf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			k = strcspn(line, ": \t");
			if (line[0] == '#' || !k || k + 2 > sizeof(cmd))
				continue;
			cmd[0] = '!';
			memcpy(cmd + 1, line, k);
			cmd[k + 1] = '\0';
			write_file(path, cmd, k + 1, O_APPEND);
		}
	}
	write_file(path, "", 0, O_TRUNC);
	buf_event_path(path, sizeof(path), buf, name, "filter");
	write_file(path, "0", 1, 0);
}

/* Quiesce an event in every instance there is, then in the top buffer */
void event_quiesce(const char *name)
{
	char path[512];
	int i;

	for (i = 0; i < NINST; i++) {
		inst_path(path, sizeof(path), i);
		if (exists(path))
			quiesce_in(i, name);
	}
	quiesce_in(-1, name);
}

/* HITS of NAME in probe_profile (0 when missing), or of all when NULL */
long profile_hits(const char *name, bool skip_mod)
{
	static char buf[PROF_BUF];
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	char *line, *save = NULL, *tok, *tsave;
	int col = -1, i, hits_col;
	long total = 0;

	pthread_mutex_lock(&lock);
	if (read_file(TRACEFS "/probe_profile", buf, sizeof(buf)) <= 0)
		goto out;
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (col < 0) {
			/* The header: find the HITS column by its name */
			i = 0;
			for (tok = strtok_r(line, " \t", &tsave); tok;
			     tok = strtok_r(NULL, " \t", &tsave)) {
				if (!strcmp(tok, "#"))
					continue;
				if (!strcmp(tok, "HITS"))
					col = i;
				i++;
			}
			if (col < 0)
				goto out;
			continue;
		}
		tok = strtok_r(line, " \t", &tsave);
		if (!tok || (name && strcmp(tok, name)) ||
		    (skip_mod && !strncmp(tok, MOD_GROUP "/",
					  strlen(MOD_GROUP) + 1)))
			continue;
		hits_col = col;
		for (i = 0; tok && i < hits_col; i++)
			tok = strtok_r(NULL, " \t", &tsave);
		if (tok)
			total += strtol(tok, NULL, 10);
	}
out:
	pthread_mutex_unlock(&lock);
	return total;
}
