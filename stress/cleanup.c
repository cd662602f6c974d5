// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the end of the run.  Every event disabled and deleted,
 * the instances removed, the tracefs state checked (nothing left
 * enabled, nothing left listed), and the summary.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* Cleanup, summary */

/* Why an event could not be deleted: its state, its own deletion */
static void cleanup_report(void)
{
	static struct dline l[LIVE_CAP];
	static char st[4][1024];
	static const char *const files[] = { "enable", "trigger", "filter" };
	char path[512], cmd[NAME_CAP + 4], e[4][1100];
	int n, i, j, ret;

	read_file(TRACEFS "/dynamic_events", dynbuf, sizeof(dynbuf));
	n = parse_dyn(dynbuf, l, LIVE_CAP, false);
	for (i = 0; i < n; i++) {
		for (j = 0; j < 3; j++) {
			event_path(path, sizeof(path), l[i].name, files[j]);
			if (read_file(path, st[j], sizeof(st[j])) < 0)
				snprintf(st[j], sizeof(st[j]), "(%s)",
					 errname(errno));
			esc(st[j], strlen(st[j]), e[j], sizeof(e[j]));
		}
		cmd[0] = '-';
		cmd[1] = ':';
		copy_str(cmd + 2, sizeof(cmd) - 2, l[i].name);
		ret = write_file(TRACEFS "/dynamic_events", cmd, strlen(cmd),
				 O_APPEND);
		msg("cleanup: %s: enable %s trigger %s filter %s; %s: %s",
		    l[i].name, e[0], e[1], e[2], cmd, ret ? errname(-ret) :
		    "deleted");
	}
}

/* The events of the top buffer enabled at the start (enabled_list()) */
char enabled_before[ENABLED_BUF];

/*
 * The events of the top buffer (BUF -1) or of instance BUF whose enable
 * file reads other than "0", one "SYSTEM/EVENT VALUE" a line, into OUT:
 * their number, or -1 when the events directory cannot be read.
 */
int enabled_list(int buf, char *out, size_t cap)
{
	char base[512], path[1024], val[16];
	struct dirent *sys, *ev;
	DIR *ds, *de;
	struct sb b, p;
	int n = 0;

	sb_init(&b, out, cap);
	buf_event_path(base, sizeof(base), buf, "", NULL);
	ds = opendir(base);
	if (!ds)
		return -1;
	while ((sys = readdir(ds))) {
		if (sys->d_name[0] == '.')
			continue;
		sb_init(&p, path, sizeof(path));
		sb_add(&p, "%s%s", base, sys->d_name);
		de = opendir(path);	/* fails on the files: enable, ... */
		if (!de)
			continue;
		while ((ev = readdir(de))) {
			if (ev->d_name[0] == '.')
				continue;
			sb_init(&p, path, sizeof(path));
			sb_add(&p, "%s%s/%s/enable", base, sys->d_name,
			       ev->d_name);
			if (read_file(path, val, sizeof(val)) <= 0)
				continue;
			val[strcspn(val, "\n")] = '\0';
			if (strcmp(val, "0")) {
				sb_add(&b, "%s/%s %s\n", sys->d_name,
				       ev->d_name, val);
				n++;
			}
		}
		closedir(de);
	}
	closedir(ds);
	return n;
}

/* Whether TEXT has the line LINE */
static bool has_line(const char *text, const char *line)
{
	size_t len = strlen(line);
	const char *p;

	for (p = text; (p = strstr(p, line)); p++)
		if ((p == text || p[-1] == '\n') && p[len] == '\n')
			return true;
	return false;
}

/*
 * Report the events of buffer BUF left enabled: whose enable file reads
 * other than "0" and than in BEFORE ("0*": soft mode, a trigger still
 * attached, an eprobe's for one).  False when any or when unreadable.
 */
static bool enabled_check(int buf, const char *before)
{
	static char list[ENABLED_BUF];
	char base[512], *line, *save = NULL, *val;
	int bad = 0;

	buf_event_path(base, sizeof(base), buf, "", NULL);
	if (enabled_list(buf, list, sizeof(list)) < 0) {
		msg("cleanup: cannot read %s", base);
		return false;
	}
	for (line = strtok_r(list, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if ((before && has_line(before, line)) || bad++ >= 20)
			continue;
		val = strrchr(line, ' ');
		if (val)
			*val++ = '\0';
		msg("cleanup: %s%s/enable reads %s%s", base, line,
		    val ? val : "?", val && strchr(val, '*') ?
		    " (a trigger still attached)" : "");
	}
	if (bad > 20)
		msg("cleanup: %d more events left enabled", bad - 20);
	return !bad;
}

/*
 * Check the instances, their events quiesced, and remove them: false
 * when an event is left enabled in one, or one cannot be removed.
 */
static bool inst_remove(void)
{
	char path[512];
	bool ok = true;
	int i;

	for (i = 0; i < NINST; i++) {
		inst_path(path, sizeof(path), i);
		if (!exists(path))
			continue;
		if (!enabled_check(i, NULL))
			ok = false;
		if (rmdir(path))
			msg("cleanup: rmdir %s: %s", path, errname(errno));
		if (exists(path)) {
			msg("cleanup: %s still exists", path);
			ok = false;
		}
	}
	return ok;
}

bool cleanup(void)
{
	static struct dline l[LIVE_CAP];
	char path[512], cmd[NAME_CAP + 4];
	bool ok = true;
	int n, i, pass, ret;

	tfs_write("events/" GROUP "/enable", "0", 0);
	tfs_write("events/" MOD_GROUP "/enable", "0", 0);
	for (i = 0; i < NINST; i++) {
		buf_event_path(path, sizeof(path), i, GROUP, "enable");
		write_file(path, "0", 1, 0);
	}
	tfs_write("probe_profile_timing", "0", 0);
	n = read_dyn(l);
	for (i = 0; i < n; i++)
		event_quiesce(l[i].name);
	atomic_fetch_add(&st_hits, profile_hits(NULL, true));
	if (!inst_remove())
		ok = false;

	for (pass = 0; pass < 5; pass++) {
		ret = write_file(TRACEFS "/dynamic_events", "", 0, O_TRUNC);
		if (!ret)
			break;
		msg("cleanup: clearing dynamic_events failed (%s), deleting eprobes first",
		    errname(-ret));
		/* eprobes first: an event they attach to is busy */
		read_file(TRACEFS "/dynamic_events", dynbuf, sizeof(dynbuf));
		n = parse_dyn(dynbuf, l, LIVE_CAP, false);
		for (i = 0; i < n; i++) {
			event_quiesce(l[i].name);
			if (l[i].kind != 'e')
				continue;
			cmd[0] = '-';
			cmd[1] = ':';
			copy_str(cmd + 2, sizeof(cmd) - 2, l[i].name);
			write_file(TRACEFS "/dynamic_events", cmd, strlen(cmd),
				   O_APPEND);
		}
		sleep_ms(200);
	}
	if (pass == 5) {
		msg("cleanup: dynamic_events could not be cleared");
		ok = false;
		cleanup_report();
	}
	if (read_file(TRACEFS "/dynamic_events", dynbuf, sizeof(dynbuf)) < 0 ||
	    dynbuf[strspn(dynbuf, " \t\n")]) {
		msg("cleanup: dynamic_events not empty:\n%.2000s", dynbuf);
		ok = false;
	}
	for (i = 0; i < 2; i++) {
		event_path(path, sizeof(path), i ? MOD_GROUP : GROUP, NULL);
		if (exists(path)) {
			msg("cleanup: %s still exists", path);
			ok = false;
		}
	}
	if (!enabled_check(-1, enabled_before))
		ok = false;
	tfs_write("tracing_on", "1", 0);
	tfs_write("trace", "", O_TRUNC);
	unlink(TRUE_COPY);
	return ok;
}

void summary(bool clean_ok)
{
	char buf[1024];
	struct sb b;
	FILE *f;

	sb_init(&b, buf, sizeof(buf));
	sb_add(&b, "seed %" PRIu64 "\n", opt.seed);
	sb_add(&b, "definitions tried %ld\n", atomic_load(&st_tried));
	sb_add(&b, "accepted %ld\n", atomic_load(&st_accepted));
	sb_add(&b, "rejected %ld\n", atomic_load(&st_rejected));
	sb_add(&b, "rejected without error_log %ld\n", atomic_load(&st_noerrlog));
	sb_add(&b, "inconsistent %ld\n", atomic_load(&st_inconsistent));
	sb_add(&b, "events hit %ld\n", atomic_load(&st_hits));
	sb_add(&b, "module cycles %ld\n", atomic_load(&st_modcycles));
	sb_add(&b, "module cycles failed %ld\n", atomic_load(&st_modfailed));
	sb_add(&b, "module listings read again %ld\n", atomic_load(&st_rereads));
	sb_add(&b, "control errors %ld\n", atomic_load(&st_ctlerr));
	sb_add(&b, "instance ops %ld\n", atomic_load(&st_instops));
	sb_add(&b, "perf counters %ld\n", atomic_load(&st_perf));
	sb_add(&b, "perf counters refused %ld\n", atomic_load(&st_perf_refused));
	sb_add(&b, "perf counts checked %ld\n", atomic_load(&st_perf_checked));
	sb_add(&b, "cleanup %s\n", clean_ok ? "ok" : "FAILED");
	pthread_mutex_lock(&out_lock);
	fputs(buf, stdout);
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
	if (!opt.outfile)
		return;
	f = fopen(opt.outfile, "we");
	if (!f) {
		msg("cannot write %s: %s", opt.outfile, strerror(errno));
		return;
	}
	if ((fputs(buf, f) < 0) | (fclose(f) != 0))
		msg("cannot write %s: %s", opt.outfile, strerror(errno));
}
