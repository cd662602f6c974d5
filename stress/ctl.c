// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the control thread.  Enables and disables the events,
 * sets filters and triggers, reads and resets probe_profile, sets and
 * removes budgets through it, toggles probe_profile_timing, reads and
 * clears the trace, opens perf counters (perf.c), creates and removes
 * the trace instances and enables, disables, filters and triggers the
 * events in them.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* The control thread */

void ctl_count(int ret)
{
	atomic_fetch_add(&st_ctlops, 1);
	if (ret)
		atomic_fetch_add(&st_ctlerr, 1);
}

static void read_trace_some(void)
{
	static char buf[64 << 10];
	size_t total = 0;
	ssize_t n;
	int fd;

	fd = xopen(TRACEFS "/trace", O_RDONLY);
	if (fd < 0) {
		ctl_count(-errno);
		return;
	}
	/* At most 1 MB: the trace can be long */
	while (total < (1 << 20)) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		total += (size_t)n;
	}
	close(fd);
	ctl_count(0);
}

static const char *const ctl_filters[] = {
	"common_pid != 0", "arg1 > 5", "&& ((", "0", "common_pid < 0",
	"comm == \"true\"", "nosuchfield == 1", "0",
};
static const char *const ctl_triggers[] = {
	"traceon", "stacktrace:1", "hist:keys=common_pid",
	"!traceon", "!stacktrace", "!hist:keys=common_pid",
	"hist:keys=common_pid.execname:vals=hitcount", "traceon if",
};
/* Budgets set, changed and removed on live events, good and bad */
static const char *const ctl_budgets[] = {
	"sample=3", "rate=50", "cpu=1", "sample=2 cpu=5", "off",
	"rate=off", "sample=0", "cpu=101",
};

/*
 * The trace instances.  An event enabled in several buffers, an eprobe
 * above all (each buffer has a trigger of its own on the target event),
 * must come apart in any order, and with its instance removed.
 */

/* Buffer BUF: an instance that exists, or -1 (the top one, when TOP) */
static int pick_buf(struct rng *r, bool top)
{
	char path[512];
	int up[NINST], n = 0, i, k;

	for (i = 0; i < NINST; i++) {
		inst_path(path, sizeof(path), i);
		if (exists(path))
			up[n++] = i;
	}
	k = (int)rnd(r, (unsigned int)n + top);
	return k < n ? up[k] : -1;
}

/*
 * Control operation OP (0 to 15) on the instances, its choices from R:
 * enable or disable a live event in a buffer (8), filter or trigger it
 * in an instance (1 each), enable or disable the GROUP events in a
 * buffer (1), create an instance (3), remove one (2), half the time
 * right after enabling the GROUP events there.
 */
static void inst_op(struct rng *r, unsigned int op)
{
	char name[NAME_CAP], path[512];
	const char *s;
	int buf, ret;
	bool on;

	if (op < 10) {
		pthread_mutex_lock(&ctl_lock);
		if (!live_pick(r, name)) {
			pthread_mutex_unlock(&ctl_lock);
			return;
		}
		buf = pick_buf(r, op < 8);
		busy_set(T_CTL, "control %s in buffer %d (op %u)", name, buf,
			 100 + op);
		if (op < 8) {
			buf_event_path(path, sizeof(path), buf, name, "enable");
			ret = write_file(path, chance(r, 60) ? "1" : "0", 1, 0);
		} else if (op < 9) {
			s = PICK(r, ctl_filters);
			buf_event_path(path, sizeof(path), buf, name, "filter");
			ret = write_file(path, s, strlen(s), 0);
		} else {
			s = PICK(r, ctl_triggers);
			buf_event_path(path, sizeof(path), buf, name,
				       "trigger");
			ret = write_file(path, s, strlen(s), O_APPEND);
		}
		busy_clear(T_CTL);
		pthread_mutex_unlock(&ctl_lock);
	} else if (op < 11) {
		buf = pick_buf(r, true);
		buf_event_path(path, sizeof(path), buf, GROUP, "enable");
		busy_set(T_CTL, "control %s", path);
		ret = write_file(path, chance(r, 40) ? "1" : "0", 1, 0);
		busy_clear(T_CTL);
	} else if (op < 14) {
		buf = (int)rnd(r, NINST);
		inst_path(path, sizeof(path), buf);
		busy_set(T_CTL, "mkdir %s", path);
		ret = mkdir(path, 0755) ? -errno : 0;
		busy_clear(T_CTL);
		if (!ret)
			atomic_fetch_add(&st_instmk, 1);
	} else {
		buf = (int)rnd(r, NINST);
		on = chance(r, 50);
		busy_set(T_CTL, "rmdir instance %d%s", buf,
			 on ? ", " GROUP " enabled there first" : "");
		if (on) {
			buf_event_path(path, sizeof(path), buf, GROUP,
				       "enable");
			on = !write_file(path, "1", 1, 0);
		}
		inst_path(path, sizeof(path), buf);
		ret = rmdir(path) ? -errno : 0;
		busy_clear(T_CTL);
		if (!ret) {
			atomic_fetch_add(&st_instrm, 1);
			if (on)
				atomic_fetch_add(&st_instrm_on, 1);
		}
	}
	ctl_count(ret);
	if (buf >= 0)
		atomic_fetch_add(&st_instops, 1);
}

void *ctl_thread(void *arg)
{
	char name[NAME_CAP], path[512], cmd[NAME_CAP + 32];
	const char *s;
	struct rng r, ir;
	unsigned int op;

	(void)arg;
	rng_seed(&r, opt.seed, 2);
	rng_seed(&ir, opt.seed, 5);	/* for the instance operations */
	while (!atomic_load(&stop_all)) {
		/* 0 to 99 on the top buffer, 100 to 115 on the instances */
		op = rnd(&r, 116);
		if (op >= 100) {
			inst_op(&ir, op - 100);
		} else if (op < 60) {
			pthread_mutex_lock(&ctl_lock);
			if (!live_pick(&r, name)) {
				pthread_mutex_unlock(&ctl_lock);
				sleep_ms(20);
				continue;
			}
			busy_set(T_CTL, "control %s (op %u)", name, op);
			if (op < 25) {
				event_path(path, sizeof(path), name, "enable");
				ctl_count(write_file(path, chance(&r, 60) ? "1" :
						     "0", 1, 0));
			} else if (op < 37) {
				s = PICK(&r, ctl_filters);
				event_path(path, sizeof(path), name, "filter");
				ctl_count(write_file(path, s, strlen(s), 0));
			} else if (op < 52) {
				s = PICK(&r, ctl_triggers);
				event_path(path, sizeof(path), name, "trigger");
				ctl_count(write_file(path, s, strlen(s),
						     O_APPEND));
			} else if (op < 54) {
				snprintf(cmd, sizeof(cmd), "reset %s", name);
				ctl_count(tfs_write("probe_profile", cmd, 0));
			} else if (op < 56) {
				snprintf(cmd, sizeof(cmd), "budget %s %s", name,
					 PICK(&r, ctl_budgets));
				ctl_count(tfs_write("probe_profile", cmd, 0));
			} else {
				ctl_count(perf_on_event(&r, name));
			}
			busy_clear(T_CTL);
			pthread_mutex_unlock(&ctl_lock);
		} else {
			busy_set(T_CTL, "control op %u", op);
			if (op < 70)
				ctl_count(profile_hits(NULL, false) < 0);
			else if (op < 72)
				ctl_count(tfs_write("probe_profile",
						    chance(&r, 80) ? "reset" :
						    "reset nosuch/event", 0));
			else if (op < 78)
				ctl_count(tfs_write("probe_profile_timing",
						    chance(&r, 50) ? "1" : "0",
						    0));
			else if (op < 84)
				read_trace_some();
			else if (op < 87)
				ctl_count(tfs_write("trace", "", O_TRUNC));
			else if (op < 92)
				ctl_count(tfs_write("tracing_on", "1", 0));
			else if (op < 93)
				ctl_count(tfs_write("events/" GROUP "/enable",
						    "1", 0));
			else if (op < 97)
				ctl_count(tfs_write("events/" GROUP "/enable",
						    "0", 0));
			else if (op < 99)
				perf_pmu_check(&r);
			else
				sleep_ms(20);
			busy_clear(T_CTL);
		}
		sleep_ms(2 + rnd(&r, 18));
	}
	return NULL;
}
