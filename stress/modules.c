// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the module thread.  Loads and unloads the trace
 * events sample module with a tprobe and a kprobe on it, the events
 * left defined at the unload or deleted before it.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* The module thread */

char modname[64];		/* in kallsyms: '-' made '_' */
static char modsym[128];	/* a function of the module */

/* Run ARGV (stdout to /dev/null), at most TIMEOUT_S seconds: its status */
static int run_cmd(char *const argv[], int timeout_s)
{
	long long end = now_ms() + timeout_s * 1000LL;
	int status, fd;
	pid_t pid, w;

	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0)
			dup2(fd, 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	for (;;) {
		w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			return -1;
		if (now_ms() > end) {
			msg("%s %s: no end after %ds, killed", argv[0],
			    argv[1], timeout_s);
			kill(pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			return -1;
		}
		sleep_ms(20);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int modprobe(bool remove)
{
	char *argv[4] = { (char *)"modprobe" };
	int i = 1;

	if (remove)
		argv[i++] = (char *)"-r";
	argv[i++] = (char *)opt.module;
	argv[i] = NULL;
	busy_set(T_MOD, "modprobe %s%s", remove ? "-r " : "", opt.module);
	return run_cmd(argv, 120);
}

/* A function of the loaded module to put a kprobe on */
static bool find_modsym(void)
{
	static const char *const pref[] = {
		"simple_thread_func", "do_simple_thread_func", "simple_thread",
		"simple_thread_func_fn", "simple_thread_fn",
	};
	char *line = NULL, name[256], mod[80], type, best[128] = "";
	size_t cap = 0, i, rank = ARRAY_SIZE(pref) + 1, br = rank;
	unsigned long long addr;
	FILE *f;

	snprintf(mod, sizeof(mod), "[%s]", modname);
	f = fopen("/proc/kallsyms", "re");
	if (!f)
		return false;
	while (getline(&line, &cap, f) > 0) {
		if (!strstr(line, mod) ||
		    sscanf(line, "%llx %c %255s", &addr, &type, name) != 3 ||
		    (type != 't' && type != 'T') || !strncmp(name, "__", 2) ||
		    strchr(name, '.'))
			continue;
		rank = ARRAY_SIZE(pref);
		for (i = 0; i < ARRAY_SIZE(pref); i++)
			if (!strcmp(name, pref[i]))
				rank = i;
		if (rank < br) {
			br = rank;
			copy_str(best, sizeof(best), name);
		}
	}
	free(line);
	fclose(f);
	if (best[0])
		snprintf(modsym, sizeof(modsym), "%s", best);
	return best[0];
}

static int mod_define(const char *def)
{
	int ret;

	busy_set(T_MOD, "write %s", def);
	pthread_mutex_lock(&dyn_lock);
	ret = write_file(TRACEFS "/dynamic_events", def, strlen(def),
			 O_APPEND);
	pthread_mutex_unlock(&dyn_lock);
	busy_clear(T_MOD);
	return ret;
}

/*
 * Whether tfoo and kfoo are listed in dynamic_events.  The listing is a
 * seq_file over a list that the generator changes meanwhile: read() gives
 * at most a page of it at a time and the next read() goes on at an index,
 * so an event is skipped when one before it is deleted between the two
 * (an event is never listed that does not exist).  When both are expected
 * (WANT), a missing one is looked for again, up to MOD_READS listings in
 * all; each extra one is counted.
 */
#define MOD_READS	5

static int mod_events(bool *t, bool *k, bool want)
{
	static char buf[DYN_BUF];
	static struct dline l[LIVE_CAP];
	int n, i;

	for (i = 0; i < MOD_READS; i++) {
		*t = *k = false;
		if (i)
			atomic_fetch_add(&st_rereads, 1);
		if (read_file(TRACEFS "/dynamic_events", buf, sizeof(buf)) < 0)
			return -1;
		n = parse_dyn(buf, l, LIVE_CAP, false);
		*t = find_line(l, n, MOD_GROUP "/tfoo") >= 0;
		*k = find_line(l, n, MOD_GROUP "/kfoo") >= 0;
		if (!want || (*t && *k))
			break;
	}
	return 0;
}

static bool mod_delete(int cycle, const char *when)
{
	bool t, k, ok = true;
	int ret;

	ret = mod_define("-:" MOD_GROUP "/tfoo");
	if (ret) {
		msg("module cycle %d: deleting tfoo %s: %s", cycle, when,
		    errname(-ret));
		ok = false;
	}
	ret = mod_define("-:" MOD_GROUP "/kfoo");
	if (ret) {
		msg("module cycle %d: deleting kfoo %s: %s", cycle, when,
		    errname(-ret));
		ok = false;
	}
	if (!mod_events(&t, &k, false) && (t || k)) {
		msg("module cycle %d: %s%s still listed after deletion %s",
		    cycle, t ? "tfoo " : "", k ? "kfoo" : "", when);
		ok = false;
	}
	if (exists(TRACEFS "/events/" MOD_GROUP)) {
		msg("module cycle %d: events/" MOD_GROUP " left after deletion %s",
		    cycle, when);
		ok = false;
	}
	return ok;
}

/* One cycle: load, probe, unload (with the events, or after them) */
static bool mod_cycle(struct rng *r, int cycle)
{
	char def[256];
	bool pre = modsym[0] && chance(r, 30), t, k, ok = true;
	bool unload_first = chance(r, 70), keep_k = chance(r, 20);
	bool sample_ev = chance(r, 50);
	int ret;

	if (pre) {
		/* Before the module: the events wait for it */
		snprintf(def, sizeof(def), "t:" MOD_GROUP "/tfoo %s:foo_bar",
			 modname);
		ret = mod_define(def);
		if (ret) {
			msg("module cycle %d: %s (before loading): %s", cycle,
			    def, errname(-ret));
			ok = false;
		}
		snprintf(def, sizeof(def), "p:" MOD_GROUP "/kfoo %s:%s",
			 modname, modsym);
		ret = mod_define(def);
		if (ret) {
			msg("module cycle %d: %s (before loading): %s", cycle,
			    def, errname(-ret));
			ok = false;
		}
	}
	ret = modprobe(false);
	busy_clear(T_MOD);
	if (ret) {
		msg("module cycle %d: modprobe %s: status %d", cycle,
		    opt.module, ret);
		if (pre)
			mod_delete(cycle, "after a failed load");
		return false;
	}
	if (!find_modsym()) {
		msg("module cycle %d: no function of %s in /proc/kallsyms",
		    cycle, modname);
		ok = false;
	}
	if (!pre && modsym[0]) {
		if (chance(r, 50))
			snprintf(def, sizeof(def), "t:" MOD_GROUP "/tfoo foo_bar");
		else
			snprintf(def, sizeof(def),
				 "t:" MOD_GROUP "/tfoo %s:foo_bar", modname);
		ret = mod_define(def);
		if (ret) {
			msg("module cycle %d: %s: %s", cycle, def,
			    errname(-ret));
			ok = false;
		}
		if (chance(r, 50))
			snprintf(def, sizeof(def), "p:" MOD_GROUP "/kfoo %s:%s",
				 modname, modsym);
		else
			snprintf(def, sizeof(def), "p:" MOD_GROUP "/kfoo %s",
				 modsym);
		ret = mod_define(def);
		if (ret) {
			msg("module cycle %d: %s: %s", cycle, def,
			    errname(-ret));
			ok = false;
		}
	}
	if (mod_events(&t, &k, true) || !t || !k) {
		msg("module cycle %d: after loading, %s%s missing from dynamic_events",
		    cycle, t ? "" : "tfoo ", k ? "" : "kfoo");
		ok = false;
	}

	busy_set(T_MOD, "enable and wait");
	if (tfs_write("events/" MOD_GROUP "/enable", "1", 0)) {
		msg("module cycle %d: cannot enable events/" MOD_GROUP, cycle);
		ok = false;
	}
	if (sample_ev)
		tfs_write("events/sample-trace/foo_bar/enable", "1", 0);
	/*
	 * The module's thread hits foo_bar once a second: most waits see
	 * none, every fourth one waits long enough for a hit or so.
	 */
	sleep_ms(cycle % 4 == 3 ? 1100 + rnd(r, 300) : 100 + rnd(r, 200));
	atomic_fetch_add(&st_modhits, profile_hits(MOD_GROUP "/tfoo", false) +
			 profile_hits(MOD_GROUP "/kfoo", false));
	if (keep_k) {
		/* the kprobe stays enabled across the unload */
		tfs_write("events/" MOD_GROUP "/tfoo/enable", "0", 0);
	} else {
		tfs_write("events/" MOD_GROUP "/enable", "0", 0);
	}
	if (sample_ev && chance(r, 50))
		tfs_write("events/sample-trace/foo_bar/enable", "0", 0);
	busy_clear(T_MOD);

	if (!unload_first) {
		if (keep_k)
			tfs_write("events/" MOD_GROUP "/enable", "0", 0);
		if (!mod_delete(cycle, "before unloading"))
			ok = false;
	}
	ret = modprobe(true);
	busy_clear(T_MOD);
	if (ret) {
		msg("module cycle %d: modprobe -r %s: status %d", cycle,
		    opt.module, ret);
		ok = false;
	}
	if (unload_first) {
		if (!mod_events(&t, &k, true) && (!t || !k)) {
			msg("module cycle %d: after unloading, %s%s gone from dynamic_events",
			    cycle, t ? "" : "tfoo ", k ? "" : "kfoo");
			ok = false;
		}
		tfs_write("events/" MOD_GROUP "/enable", "0", 0);
		if (!mod_delete(cycle, "after unloading"))
			ok = false;
	}
	if (ret) {
		/* try once more so that the next cycle starts clean */
		tfs_write("events/" MOD_GROUP "/enable", "0", 0);
		mod_delete(cycle, "after a failed unload");
		modprobe(true);
		busy_clear(T_MOD);
	}
	return ok;
}

void *mod_thread(void *arg)
{
	struct rng r;
	int cycle = 0;

	(void)arg;
	rng_seed(&r, opt.seed, 3);
	while (!atomic_load(&stop_mod)) {
		if (mod_cycle(&r, cycle))
			atomic_fetch_add(&st_modcycles, 1);
		else
			atomic_fetch_add(&st_modfailed, 1);
		cycle++;
		sleep_ms(100 + rnd(&r, 200));
	}
	return NULL;
}
