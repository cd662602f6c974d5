// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: perf counters on the probe events and through the
 * kprobe and uprobe PMUs, and their exact counts (for the control
 * thread).
 */
#include "probe_stress.h"

/* perf on probe events */

/*
 * The kprobe and uprobe PMUs make a local probe event of their own (one
 * that no tracefs file lists) for each perf event opened on them: type
 * from /sys/bus/event_source/devices/NAME/type, the return-probe bit from
 * its format/retprobe ("config:N").  -1 when the PMU is missing.
 */
struct pmu {
	const char *name;
	int type;
	int retbit;
};

struct pmu pmu_kprobe = { "kprobe", -1, -1 };
struct pmu pmu_uprobe = { "uprobe", -1, -1 };

void pmu_setup(struct pmu *p)
{
	char path[128], buf[64];

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 p->name);
	if (read_file(path, buf, sizeof(buf)) > 0)
		p->type = atoi(buf);
	snprintf(path, sizeof(path),
		 "/sys/bus/event_source/devices/%s/format/retprobe", p->name);
	if (read_file(path, buf, sizeof(buf)) > 0 &&
	    sscanf(buf, "config:%d", &p->retbit) != 1)
		p->retbit = -1;
}

static int perf_open(struct perf_event_attr *attr, pid_t pid, int cpu)
{
	return (int)syscall(SYS_perf_event_open, attr, pid, cpu, -1,
			    PERF_FLAG_FD_CLOEXEC);
}

/* The counter's value (this task's and its reaped children's), or -1 */
static long long perf_read(int fd)
{
	uint64_t v;

	if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return -1;
	return (long long)v;
}

/* Fork and exec true_path, and wait for it */
static void run_true(void)
{
	char *const argv[] = { (char *)"true", NULL };
	pid_t pid;

	pid = fork();
	if (!pid) {
		execv(true_path, argv);
		_exit(127);
	}
	reap(pid);
}

/*
 * A perf counter on the event NAME for a moment: per task (this thread
 * and the children it forks) or on every task of one CPU, with a run of
 * true in it.  What it counts is not known; the open and the read must
 * work.  The control thread holds ctl_lock: delete_one() does not delete
 * the event meanwhile.  A refused open is counted and its first ones
 * listed, not a failure: which events have a perf side is not this
 * program's to decide.
 */
int perf_on_event(struct rng *r, const char *name)
{
	static atomic_int listed;
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.disabled = 1,
	};
	char path[512], buf[32];
	long long v;
	int fd;

	event_path(path, sizeof(path), name, "id");
	if (read_file(path, buf, sizeof(buf)) <= 0)
		return -ENOENT;
	attr.config = strtoull(buf, NULL, 10);
	if (chance(r, 50)) {
		attr.inherit = 1;
		fd = perf_open(&attr, 0, -1);
	} else {
		fd = perf_open(&attr, -1, (int)rnd(r, (unsigned int)ncpus));
	}
	if (fd < 0) {
		atomic_fetch_add(&st_perf_refused, 1);
		if (opt.verbose || atomic_fetch_add(&listed, 1) < 10)
			msg("perf counter on %s refused: %s", name, errname(errno));
		return 0;
	}
	atomic_fetch_add(&st_perf, 1);
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		close(fd);
		return -errno;
	}
	run_true();
	sleep_ms(rnd(r, 5));
	v = perf_read(fd);
	close(fd);
	return v < 0 ? -EIO : 0;
}

/*
 * A child that runs true_path when released: the write end of its pipe
 * (close it to release the child), or -1.
 */
static int fork_true_held(pid_t *pid)
{
	char *const argv[] = { (char *)"true", NULL };
	int p[2];
	char c;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	*pid = fork();
	if (!*pid) {
		close(p[1]);
		if (read(p[0], &c, 1) == 0)
			execv(true_path, argv);
		_exit(127);
	}
	close(p[0]);
	if (*pid < 0) {
		close(p[1]);
		return -1;
	}
	return p[1];
}

/*
 * N runs of true, each counted by a uprobe PMU counter on its entry
 * point, opened on the child before it execs, enabled by the exec
 * (perf stat's way).  -1 when a counter cannot be opened.
 *
 * A counter per child, not one of this thread that the children
 * inherit: an inherited uprobe counter loses runs (1 1 1 2 3 4 after
 * each of six runs in a row); see stress/perf-uprobe-inherit.c and
 * stress/README.md.
 */
static long long perf_uprobe_runs(struct perf_event_attr *attr,
				  unsigned int n)
{
	long long v, sum = 0;
	unsigned int i;
	pid_t pid;
	int fd, hold;

	attr->enable_on_exec = 1;
	for (i = 0; i < n; i++) {
		hold = fork_true_held(&pid);
		if (hold < 0)
			return -1;
		fd = perf_open(attr, pid, -1);
		close(hold);
		if (reap(pid)) {	/* true failed, or its exec */
			if (fd >= 0)
				close(fd);
			return -1;
		}
		if (fd < 0)
			return -1;
		v = perf_read(fd);
		close(fd);
		if (v < 0)
			return -1;
		sum += v;
	}
	return sum;
}

/*
 * Exact counts through the PMUs: a kprobe (or kretprobe) on getppid()'s
 * syscall function counts this thread's N calls; uprobes on the entry
 * point of the copy of true count N runs of it.  Other threads hit the
 * same places: a per-task counter must not see them.  A counter that
 * cannot be opened or read is a control error; a wrong count is an
 * inconsistency.
 */
void perf_pmu_check(struct rng *r)
{
	struct perf_event_attr attr = { .size = sizeof(attr), .disabled = 1 };
	const char *what;
	unsigned int i, n = 1 + rnd(r, 4);
	long long v;
	bool ret;
	int fd;

	if (chance(r, 50)) {
		if (pmu_uprobe.type < 0 || !have_uprobe ||
		    strcmp(true_path, TRUE_COPY))
			return;
		attr.type = (uint32_t)pmu_uprobe.type;
		attr.uprobe_path = (uint64_t)(uintptr_t)TRUE_COPY;
		attr.probe_offset = true_off;
		what = "uprobe PMU on true's entry";
		v = perf_uprobe_runs(&attr, n);
	} else {
		if (pmu_kprobe.type < 0 || !getppid_sym[0])
			return;
		ret = pmu_kprobe.retbit >= 0 && chance(r, 50);
		attr.type = (uint32_t)pmu_kprobe.type;
		attr.config = ret ? 1ULL << pmu_kprobe.retbit : 0;
		attr.kprobe_func = (uint64_t)(uintptr_t)getppid_sym;
		what = ret ? "kretprobe PMU on getppid" : "kprobe PMU on getppid";
		fd = perf_open(&attr, 0, -1);
		if (fd < 0) {
			ctl_count(-errno);
			return;
		}
		v = -1;
		if (!ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
			for (i = 0; i < n; i++)
				syscall(SYS_getppid);
			if (!ioctl(fd, PERF_EVENT_IOC_DISABLE, 0))
				v = perf_read(fd);
		}
		close(fd);
	}
	if (v < 0) {
		ctl_count(-EIO);
		return;
	}
	atomic_fetch_add(&st_perf_checked, 1);
	ctl_count(0);
	if (v != n)
		inconsistent(what, strlen(what), "counted %lld, %u expected", v, n);
}
