// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress - a bounded, seeded stress test of the dynamic probe events
 *
 *   probe_stress [-s SEED] [-n MAXDEFS] [-t SECONDS] [-m MODCYCLES]
 *                [-k MODULE] [-o FILE] [-v]
 *   probe_stress -D [-s SEED] [-n COUNT]
 *
 * Run as root with tracefs at /sys/kernel/tracing (scripts/stress.sh runs
 * it in the test guest through scripts/guest-stress.sh).  The main thread
 * writes probe definitions to dynamic_events, one per write(): about 40%
 * valid ones made from a grammar of every probe kind (kprobe, kretprobe,
 * fentry, fexit, tprobe, eprobe, uprobe, uretprobe) and about 60% of them
 * mutated (truncated, wrong types, names too long, huge offsets, deep
 * dereferences, bad registers, unknown targets, stray bytes, duplicate
 * names, too many or empty arguments, ...).  After every write it reads
 * dynamic_events back: an accepted definition must show up under its
 * name and kind, a rejected one must change nothing and must have left a
 * message for itself in error_log.  When more than LIVE_MAX of its events
 * are live, a random one is disabled and deleted, its hits read from
 * probe_profile first.
 *
 * Beside it run two workload threads (fork, fork+exec, file I/O, getppid,
 * TCP connects to a local listener: the paths the probes are put on), a
 * control thread (enables and disables the events, sets filters and
 * triggers, reads and resets probe_profile, toggles probe_profile_timing,
 * reads and clears the trace, opens perf counters on the events and checks
 * exact counts through the kprobe and uprobe PMUs; it also creates and
 * removes two trace instances, instances/stress0 and stress1, half the
 * removals right after enabling the events there, and enables, disables,
 * filters and triggers the events in them) and a module thread
 * (loads and unloads the trace events sample module with a tprobe on its
 * foo_bar tracepoint and a kprobe on one of its functions, unloading it
 * with the events still defined; -k names the module for modprobe, it
 * must be that sample).
 *
 * The run stops after MAXDEFS definitions or SECONDS seconds, whichever
 * comes first, but goes on (up to 2 x SECONDS) until MODCYCLES module
 * cycles were done.  Then every event is disabled, in the instances too,
 * the instances are removed and every event is deleted, and the tracefs
 * state is checked: dynamic_events empty, the event groups and the
 * instances gone, and no event's enable file reading other than "0" ("0*":
 * a trigger left attached, an eprobe's for one), in an instance before its
 * removal and in the top buffer at the end (there, events enabled before
 * the run are left out when they read as they did).  A summary is printed
 * (and written to FILE):
 *
 *   seed N
 *   definitions tried N
 *   accepted N
 *   rejected N
 *   rejected without error_log N
 *   inconsistent N
 *   events hit N
 *   module cycles N
 *   module cycles failed N
 *   module listings read again N
 *   control errors N
 *   instance ops N
 *   perf counters N
 *   perf counters refused N
 *   perf counts checked N
 *   cleanup ok|FAILED
 *
 * Exit status 0 when nothing was inconsistent, the cleanup was clean and
 * MODCYCLES module cycles were done; 1 otherwise; 2 on a usage or setup
 * error, 4 when still running long after the time bound (alarm); a
 * thread that crashes takes the process with it.  Rejections without an
 * error_log message are counted and each distinct one listed, but do not
 * fail the run.
 *
 * The definitions come from their own PRNG (xorshift64*), seeded with
 * SEED only: the same seed gives the same definitions on the same kernel
 * (the targets are picked among those the kernel has, so another kernel
 * may give others).  -D prints COUNT definitions (escaped, one a line)
 * without touching tracefs, as if every target existed (the uprobes on
 * /bin/true, not on the copy in /tmp a real run makes).
 */
#include "probe_stress.h"

struct options opt = {
	.maxdefs = 3000,
	.secs = 90,
	.modcycles = 5,
	.module = "trace-events-sample",
};

/* Counters, shared by the threads */
atomic_long st_tried, st_accepted, st_rejected, st_noerrlog;
atomic_long st_inconsistent, st_hits, st_modcycles, st_modfailed;
atomic_long st_ctlerr, st_ctlops, st_deleted, st_delfail;
atomic_long st_wlops, st_wlsig, st_modhits, st_valid, st_valid_rej;
atomic_long st_rereads, st_perf, st_perf_refused, st_perf_checked;
atomic_long st_instops, st_instmk, st_instrm, st_instrm_on;
atomic_int stop_all, stop_mod;
long long t_start;

/* ------------------------------------------------------------------ */
/* What the threads are doing, for the stuck-operation report */

static const char *const tname[T_NR] = { "generator", "control", "module" };

static struct {
	pthread_mutex_t lock;
	char what[200];
	long long since;
	bool warned;
} busy[T_NR] = {
	{ .lock = PTHREAD_MUTEX_INITIALIZER },
	{ .lock = PTHREAD_MUTEX_INITIALIZER },
	{ .lock = PTHREAD_MUTEX_INITIALIZER },
};

__printf(2, 3)
void busy_set(int t, const char *fmt, ...)
{
	va_list ap;
	char tmp[sizeof(busy[0].what)];

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	pthread_mutex_lock(&busy[t].lock);
	esc(tmp, strlen(tmp), busy[t].what, sizeof(busy[t].what));
	busy[t].since = now_ms();
	busy[t].warned = false;
	pthread_mutex_unlock(&busy[t].lock);
}

void busy_clear(int t)
{
	pthread_mutex_lock(&busy[t].lock);
	busy[t].since = 0;
	pthread_mutex_unlock(&busy[t].lock);
}

/* ------------------------------------------------------------------ */
/* Progress and the last resort */

static void progress(void)
{
	fprintf(stderr, "probe_stress: %llds: %ld tried, %ld accepted, "
		"%ld rejected, %ld module cycles\n", elapsed_s(),
		atomic_load(&st_tried), atomic_load(&st_accepted),
		atomic_load(&st_rejected), atomic_load(&st_modcycles));
}

static void *monitor_thread(void *arg)
{
	long long last = now_ms(), t;
	int i;

	(void)arg;
	while (!atomic_load(&stop_all)) {
		sleep_ms(250);
		t = now_ms();
		if (t - last >= 10000) {
			progress();
			last = t;
		}
		for (i = 0; i < T_NR; i++) {
			pthread_mutex_lock(&busy[i].lock);
			if (busy[i].since && !busy[i].warned &&
			    t - busy[i].since > STUCK_SECS * 1000) {
				busy[i].warned = true;
				msg("the %s thread has been in \"%s\" for %llds",
				    tname[i], busy[i].what,
				    (t - busy[i].since) / 1000);
			}
			pthread_mutex_unlock(&busy[i].lock);
		}
	}
	return NULL;
}

static void on_alarm(int sig)
{
	static const char m[] = "probe_stress: still running long after the "
				"time bound: giving up (no cleanup)\n";

	(void)sig;
	if (write(2, m, sizeof(m) - 1) < 0)
		_exit(4);
	_exit(4);
}

/* ------------------------------------------------------------------ */

static void usage(void)
{
	fprintf(stderr,
		"usage: probe_stress [-s SEED] [-n MAXDEFS] [-t SECONDS] [-m MODCYCLES]\n"
		"                    [-k MODULE] [-o FILE] [-v]\n"
		"       probe_stress -D [-s SEED] [-n COUNT]\n");
	exit(2);
}

static long num_arg(const char *s, long min)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || v < min)
		usage();
	return v;
}

static void dry_run(void)
{
	static char buf[DEF_MAX + 1], e[DEF_MAX * 4 + 16];
	unsigned long n;
	bool mutated;
	size_t len;

	setup_targets(true);
	for (n = 0; n < (unsigned long)opt.maxdefs; n++) {
		len = generate(buf, n, &mutated);
		printf("%s\n", esc(buf, len, e, sizeof(e)));
	}
}

int main(int argc, char *argv[])
{
	static char buf[DEF_MAX + 1];
	pthread_t th_ctl, th_mod, th_mon, th_lsn, th_wl[2];
	bool seeded = false, mutated, clean_ok;
	struct rng del_rng;
	unsigned long n = 0;
	long long deadline, hard;
	size_t len;
	int c, i, nwl = 0, ret;
	bool have_lsn = false;
	char *end;

	while ((c = getopt(argc, argv, "s:n:t:m:k:o:vD")) != -1) {
		switch (c) {
		case 's':
			errno = 0;
			opt.seed = strtoull(optarg, &end, 10);
			if (errno || *end)
				usage();
			seeded = true;
			break;
		case 'n':
			opt.maxdefs = num_arg(optarg, 0);
			break;
		case 't':
			opt.secs = (int)num_arg(optarg, 1);
			break;
		case 'm':
			opt.modcycles = (int)num_arg(optarg, 0);
			break;
		case 'k':
			opt.module = optarg;
			break;
		case 'o':
			opt.outfile = optarg;
			break;
		case 'v':
			opt.verbose = true;
			break;
		case 'D':
			opt.dry = true;
			break;
		default:
			usage();
		}
	}
	if (optind != argc || opt.secs > 100000)
		usage();
	if (!seeded)
		opt.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 20);
	if (opt.dry) {
		dry_run();
		return 0;
	}

	setvbuf(stdout, NULL, _IOLBF, 0);
	t_start = now_ms();
	msg("seed %" PRIu64 " (replay with -s %" PRIu64 ")", opt.seed, opt.seed);

	if (!exists(TRACEFS "/dynamic_events")) {
		msg("no " TRACEFS "/dynamic_events (tracefs not mounted? not root?)");
		return 2;
	}
	if (read_file(TRACEFS "/dynamic_events", dynbuf, sizeof(dynbuf)) < 0 ||
	    dynbuf[strspn(dynbuf, " \t\n")]) {
		msg("dynamic_events is not empty: refusing to run (it deletes every event at the end)");
		return 2;
	}
	dynfd = xopen(TRACEFS "/dynamic_events", O_WRONLY | O_APPEND);
	if (dynfd < 0) {
		msg("cannot open dynamic_events: %s", strerror(errno));
		return 2;
	}
	snprintf(modname, sizeof(modname), "%s", opt.module);
	for (i = 0; modname[i]; i++)
		if (modname[i] == '-')
			modname[i] = '_';
	setup_targets(false);
	pmu_setup(&pmu_kprobe);
	pmu_setup(&pmu_uprobe);
	ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	if (ncpus < 1)
		ncpus = 1;
	msg("targets: %u kprobe functions, %u fprobe functions, %u tracepoints, "
	    "%u events, %u data symbols, uprobe %s%s", nkfuncs, nffuncs, ntps,
	    ntevs, ndsyms, have_uprobe ? true_path : "no",
	    exists(TRACEFS "/probe_profile") ? "" : "; no probe_profile: hits not counted");
	if (!nkfuncs && !ntps && !ntevs) {
		msg("nothing to probe");
		return 2;
	}
	tfs_write("tracing_on", "1", 0);
	i = enabled_list(-1, enabled_before, sizeof(enabled_before));
	if (i < 0) {
		msg("cannot read " TRACEFS "/events");
		return 2;
	}
	if (i)
		msg("%d events enabled before the run: at the end, only "
		    "reported when they read otherwise", i);

	signal(SIGPIPE, SIG_IGN);
	signal(SIGALRM, on_alarm);
	alarm((unsigned int)opt.secs * 2 + 180);
	rng_seed(&del_rng, opt.seed, 4);

	if (!listen_setup())
		have_lsn = !pthread_create(&th_lsn, NULL, listen_thread, NULL);
	else
		msg("no TCP listener on 127.0.0.1: the workload does not connect");
	for (i = 0; i < 2; i++)
		if (!pthread_create(&th_wl[i], NULL, work_thread,
				    (void *)(intptr_t)i))
			nwl++;
	if (nwl != 2 || pthread_create(&th_ctl, NULL, ctl_thread, NULL) ||
	    pthread_create(&th_mod, NULL, mod_thread, NULL) ||
	    pthread_create(&th_mon, NULL, monitor_thread, NULL)) {
		msg("cannot start the threads");
		_exit(2);
	}

	deadline = t_start + opt.secs * 1000LL;
	hard = t_start + opt.secs * 2000LL;
	while (n < (unsigned long)opt.maxdefs && now_ms() < deadline) {
		len = generate(buf, n, &mutated);
		try_def(buf, len, mutated);
		n++;
		for (i = 0; nlive > LIVE_MAX && i < 4; i++)
			delete_one(&del_rng);
	}
	msg("%lu definitions in %llds; waiting for %d module cycles (%ld done)",
	    n, elapsed_s(), opt.modcycles, atomic_load(&st_modcycles));
	while (atomic_load(&st_modcycles) < opt.modcycles && now_ms() < hard)
		sleep_ms(100);

	atomic_store(&stop_mod, 1);
	busy_set(T_GEN, "join the module thread");
	pthread_join(th_mod, NULL);
	atomic_store(&stop_all, 1);
	busy_set(T_GEN, "join the threads");
	pthread_join(th_ctl, NULL);
	for (i = 0; i < nwl; i++)
		pthread_join(th_wl[i], NULL);
	if (have_lsn)
		pthread_join(th_lsn, NULL);
	pthread_join(th_mon, NULL);
	busy_clear(T_GEN);
	close(dynfd);
	if (listen_fd >= 0)
		close(listen_fd);

	clean_ok = cleanup();
	alarm(0);
	progress();
	msg("deleted %ld events (%ld deletions refused), %ld control operations, "
	    "%ld workload operations (%ld children killed by a signal), "
	    "%ld module event hits", atomic_load(&st_deleted),
	    atomic_load(&st_delfail), atomic_load(&st_ctlops),
	    atomic_load(&st_wlops), atomic_load(&st_wlsig),
	    atomic_load(&st_modhits));
	msg("%ld instance operations: %ld instances created, %ld removed "
	    "(%ld right after enabling " GROUP " there)",
	    atomic_load(&st_instops), atomic_load(&st_instmk),
	    atomic_load(&st_instrm), atomic_load(&st_instrm_on));
	msg("%ld of the %ld unmutated definitions were rejected",
	    atomic_load(&st_valid_rej), atomic_load(&st_valid));
	for (i = 0; i < nnoerr; i++)
		msg("no error_log: %lu x %s%s: %s", noerr[i].count,
		    errname(noerr[i].err), noerr[i].key[0] == '\x01' ?
		    noerr[i].key + 1 : "", noerr[i].def);
	if (noerr_more)
		msg("no error_log: %lu more, not listed", noerr_more);
	summary(clean_ok);

	ret = 0;
	if (atomic_load(&st_inconsistent)) {
		msg("FAIL: %ld inconsistencies", atomic_load(&st_inconsistent));
		ret = 1;
	}
	if (!clean_ok) {
		msg("FAIL: cleanup");
		ret = 1;
	}
	if (atomic_load(&st_modcycles) < opt.modcycles) {
		msg("FAIL: %ld module cycles done, %d wanted",
		    atomic_load(&st_modcycles), opt.modcycles);
		ret = 1;
	}
	return ret;
}
