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
#define _GNU_SOURCE
#include <elf.h>
#include <linux/perf_event.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <net/if.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <dirent.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TRACEFS		"/sys/kernel/tracing"
#define GROUP		"stress"
#define MOD_GROUP	"stressmod"
#define TRUE_COPY	"/tmp/probe_stress.true"
#define INST		"stress"	/* instances/stress0, stress1 */
#define NINST		2

#define DEF_MAX		4000	/* a definition; tracefs lines must stay < 4094 */
#define ARG_CAP		512	/* one argument (the kernel takes 255) */
#define NARGS_CAP	150	/* arguments of a definition (the kernel: 128) */
#define NAME_CAP	160	/* GROUP/EVENT as listed (the kernel: 64 + 64) */
#define LIVE_MAX	48	/* live events of the generator */
#define LIVE_CAP	256
#define DYN_BUF		(1 << 20)
#define ERRLOG_BUF	(64 << 10)
#define PROF_BUF	(256 << 10)
#define NOERR_CAP	64	/* distinct rejections without error_log kept */
#define ENABLED_BUF	(256 << 10)	/* a list of enabled events */
#define STUCK_SECS	30	/* a tracefs operation this long is reported */

#define __printf(a, b)	__attribute__((format(printf, a, b)))
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define PICK(r, a)	((a)[rnd((r), ARRAY_SIZE(a))])

static struct {
	uint64_t seed;
	long maxdefs;
	int secs;
	int modcycles;
	const char *module;
	const char *outfile;
	bool verbose;
	bool dry;
} opt = {
	.maxdefs = 3000,
	.secs = 90,
	.modcycles = 5,
	.module = "trace-events-sample",
};

/* Counters, shared by the threads */
static atomic_long st_tried, st_accepted, st_rejected, st_noerrlog;
static atomic_long st_inconsistent, st_hits, st_modcycles, st_modfailed;
static atomic_long st_ctlerr, st_ctlops, st_deleted, st_delfail;
static atomic_long st_wlops, st_wlsig, st_modhits, st_valid, st_valid_rej;
static atomic_long st_rereads, st_perf, st_perf_refused, st_perf_checked;
static atomic_long st_instops, st_instmk, st_instrm, st_instrm_on;
static atomic_int stop_all, stop_mod;
static long long t_start;

/* ------------------------------------------------------------------ */
/* Helpers */

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static long long elapsed_s(void)
{
	return (now_ms() - t_start) / 1000;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

__printf(1, 2)
static void msg(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&out_lock);
	fputs("probe_stress: ", stdout);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

/* xorshift64*, seeded through splitmix64 (one stream per user) */
struct rng {
	uint64_t s;
};

static void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	r->s = z ? z : 0x2545f4914f6cdd1dULL;
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* A number in [0, n) (0 when n is 0) */
static unsigned int rnd(struct rng *r, unsigned int n)
{
	return n ? (unsigned int)((rng_next(r) >> 32) % n) : 0;
}

static bool chance(struct rng *r, unsigned int pct)
{
	return rnd(r, 100) < pct;
}

/* Bounded string builder: never writes past cap, always NUL-terminated */
struct sb {
	char *p;
	size_t len, cap;
};

static void sb_init(struct sb *b, char *buf, size_t cap)
{
	b->p = buf;
	b->cap = cap;
	b->len = 0;
	buf[0] = '\0';
}

__printf(2, 3)
static void sb_add(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len + 1 >= b->cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	b->len += (size_t)n;
	if (b->len >= b->cap)
		b->len = b->cap - 1;
}

static void sb_rep(struct sb *b, char c, unsigned int n)
{
	while (n-- && b->len + 1 < b->cap)
		b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

/* Escape LEN bytes of S for printing: \\, \xNN for what is not printable */
static const char *esc(const char *s, size_t len, char *out, size_t cap)
{
	size_t i, o = 0;

	for (i = 0; i < len && o + 5 < cap; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\') {
			out[o++] = '\\';
			out[o++] = '\\';
		} else if (c >= 0x20 && c < 0x7f) {
			out[o++] = (char)c;
		} else {
			o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
		}
	}
	if (i < len && o + 4 < cap)
		o += (size_t)snprintf(out + o, cap - o, "...");
	out[o] = '\0';
	return out;
}

static ssize_t xwrite(int fd, const void *buf, size_t len)
{
	ssize_t ret;

	do
		ret = write(fd, buf, len);
	while (ret < 0 && errno == EINTR);
	return ret;
}

static int xopen(const char *path, int flags)
{
	int fd;

	do
		fd = open(path, flags | O_CLOEXEC, 0644);
	while (fd < 0 && errno == EINTR);
	return fd;
}

/* Write LEN bytes with one write(): 0 or -errno */
static int write_file(const char *path, const void *buf, size_t len, int flags)
{
	ssize_t ret;
	int fd, err = 0;

	fd = xopen(path, O_WRONLY | flags);
	if (fd < 0)
		return -errno;
	ret = xwrite(fd, buf, len);
	if (ret < 0)
		err = -errno;
	else if ((size_t)ret != len)
		err = -EIO;
	close(fd);
	return err;
}

static int tfs_write(const char *rel, const char *s, int flags)
{
	char path[512];

	snprintf(path, sizeof(path), TRACEFS "/%s", rel);
	return write_file(path, s, strlen(s), flags);
}

/* Read at most cap - 1 bytes, NUL-terminated: the length or -errno */
static ssize_t read_file(const char *path, char *buf, size_t cap)
{
	size_t len = 0;
	ssize_t n;
	int fd;

	buf[0] = '\0';
	fd = xopen(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while (len + 1 < cap) {
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			close(fd);
			buf[len] = '\0';
			return n;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	return (ssize_t)len;
}

/* Copy a string, cut to fit */
static void copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strnlen(src, cap - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

static const char *errname(int err)
{
	const char *s = strerrorname_np(err);

	return s ? s : "E?";
}

static bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}

/* ------------------------------------------------------------------ */
/* What the threads are doing, for the stuck-operation report */

enum { T_GEN, T_CTL, T_MOD, T_NR };

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
static void busy_set(int t, const char *fmt, ...)
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

static void busy_clear(int t)
{
	pthread_mutex_lock(&busy[t].lock);
	busy[t].since = 0;
	pthread_mutex_unlock(&busy[t].lock);
}

/* ------------------------------------------------------------------ */
/* Targets: functions, data symbols, tracepoints, events, /bin/true */

struct func {
	const char *name;
	const char *const *btf;	/* BTF arguments on entry */
	unsigned int nargs;	/* its arguments */
	bool is_void;		/* returns nothing */
	bool k, f;		/* in kallsyms, in available_filter_functions */
};

static const char *const btf_vfs_rw[] = {
	"file", "count", "pos", "buf", "file->f_flags", "file->f_mode",
	"file:%pD", "count:x64", "+0(pos):s64", NULL
};
static const char *const btf_ksys_read[] = { "fd", "count", "buf:x64", NULL };
static const char *const btf_openat2[] = {
	"dfd", "filename:ustring", "how->flags", "how->mode:x16", NULL
};
static const char *const btf_clone[] = {
	"args->flags:x64", "args->exit_signal", "args->stack", NULL
};
static const char *const btf_tcp_connect[] = {
	"sk", "uaddr", "addr_len", "uaddr:%pISpc", "sk->__sk_common.skc_family",
	NULL
};
static const char *const btf_inet_connect[] = {
	"sock", "uaddr", "addr_len", "flags", "sock->state", NULL
};
static const char *const btf_filp_open[] = {
	"dfd", "pathname->name:string", "op->open_flag:x32", NULL
};
static const char *const btf_getname[] = { "filename:ustring", "flags", NULL };

static struct func funcs[] = {
	{ .name = "do_sys_openat2", .btf = btf_openat2, .nargs = 3 },
	{ .name = "vfs_read", .btf = btf_vfs_rw, .nargs = 4 },
	{ .name = "vfs_write", .btf = btf_vfs_rw, .nargs = 4 },
	{ .name = "ksys_read", .btf = btf_ksys_read, .nargs = 3 },
	{ .name = "ksys_write", .btf = btf_ksys_read, .nargs = 3 },
	{ .name = "__x64_sys_getppid", .btf = NULL, .nargs = 1 },
	{ .name = "kernel_clone", .btf = btf_clone, .nargs = 1 },
	{ .name = "tcp_v4_connect", .btf = btf_tcp_connect, .nargs = 3 },
	{ .name = "inet_stream_connect", .btf = btf_inet_connect, .nargs = 4 },
	{ .name = "do_filp_open", .btf = btf_filp_open, .nargs = 3 },
	{ .name = "getname_flags", .btf = btf_getname, .nargs = 2 },
	{ .name = "do_exit", .btf = NULL, .nargs = 1, .is_void = true },
	{ .name = "wake_up_new_task", .btf = NULL, .nargs = 1, .is_void = true },
};

struct datasym {
	const char *name;
	bool ok;
};

static struct datasym datasyms[] = {
	{ .name = "jiffies" }, { .name = "jiffies_64" },
	{ .name = "init_task" }, { .name = "nr_threads" },
	{ .name = "loops_per_jiffy" },
};

struct tracepoint {
	const char *sys, *name;
	const char *const *btf;
	unsigned int nargs;	/* of the tracepoint (the data not counted) */
	bool ok;
};

static const char *const btf_sched_switch[] = {
	"preempt", "prev->pid", "next->comm", "prev_state:x32", "next->prio", NULL
};
static const char *const btf_fork[] = { "parent->pid", "child->pid", NULL };
static const char *const btf_exec[] = {
	"p->pid", "old_pid", "bprm->filename:string", NULL
};
static const char *const btf_exit[] = { "p->pid", "group_dead", NULL };
static const char *const btf_wakeup[] = { "p->pid", "p->comm", NULL };
static const char *const btf_sys_enter[] = { "regs", "id", "regs->si:x64", NULL };
static const char *const btf_sys_exit[] = { "regs", "ret:errno", NULL };

static struct tracepoint tracepoints[] = {
	{ .sys = "sched", .name = "sched_switch",
	  .btf = btf_sched_switch, .nargs = 4 },
	{ .sys = "sched", .name = "sched_process_fork",
	  .btf = btf_fork, .nargs = 2 },
	{ .sys = "sched", .name = "sched_process_exec",
	  .btf = btf_exec, .nargs = 3 },
	{ .sys = "sched", .name = "sched_process_exit",
	  .btf = btf_exit, .nargs = 2 },
	{ .sys = "sched", .name = "sched_wakeup",
	  .btf = btf_wakeup, .nargs = 1 },
	{ .sys = "raw_syscalls", .name = "sys_enter",
	  .btf = btf_sys_enter, .nargs = 2 },
	{ .sys = "raw_syscalls", .name = "sys_exit",
	  .btf = btf_sys_exit, .nargs = 2 },
};

struct tevent {
	const char *sys, *name;
	const char *const *fields;	/* numeric fields */
	const char *const *sfields;	/* string fields */
	bool ok;
};

static const char *const f_switch[] = {
	"prev_pid", "prev_prio", "prev_state", "next_pid", "next_prio", NULL
};
static const char *const s_switch[] = { "prev_comm", "next_comm", NULL };
static const char *const f_fork[] = { "parent_pid", "child_pid", NULL };
static const char *const s_fork[] = { "parent_comm", "child_comm", NULL };
static const char *const f_exec[] = { "pid", "old_pid", NULL };
static const char *const s_exec[] = { "filename", NULL };
static const char *const f_wakeup[] = { "pid", "prio", "target_cpu", NULL };
static const char *const s_wakeup[] = { "comm", NULL };
static const char *const f_sys_enter[] = { "id", "args", NULL };
static const char *const f_sys_exit[] = { "id", "ret", NULL };
static const char *const s_none[] = { NULL };

static struct tevent tevents[] = {
	{ .sys = "sched", .name = "sched_switch",
	  .fields = f_switch, .sfields = s_switch },
	{ .sys = "sched", .name = "sched_process_fork",
	  .fields = f_fork, .sfields = s_fork },
	{ .sys = "sched", .name = "sched_process_exec",
	  .fields = f_exec, .sfields = s_exec },
	{ .sys = "sched", .name = "sched_wakeup",
	  .fields = f_wakeup, .sfields = s_wakeup },
	{ .sys = "raw_syscalls", .name = "sys_enter",
	  .fields = f_sys_enter, .sfields = s_none },
	{ .sys = "raw_syscalls", .name = "sys_exit",
	  .fields = f_sys_exit, .sfields = s_none },
};

/* What the generator may pick from */
static struct func *kfuncs[ARRAY_SIZE(funcs)], *ffuncs[ARRAY_SIZE(funcs)];
static unsigned int nkfuncs, nffuncs;
static const char *dsyms[ARRAY_SIZE(datasyms)];
static unsigned int ndsyms;
static struct tracepoint *tps[ARRAY_SIZE(tracepoints)];
static unsigned int ntps;
static struct tevent *tevs[ARRAY_SIZE(tevents)];
static unsigned int ntevs;
static bool have_uprobe;
static char getppid_sym[64];	/* __<arch>_sys_getppid, from kallsyms */
static int ncpus = 1;		/* online CPUs, for per-CPU perf counters */
static const char *true_path = "/bin/true";
static uint64_t true_off;	/* file offset of /bin/true's entry point */

static size_t list_len(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

static const char *pick_list(struct rng *r, const char *const *l)
{
	return l[rnd(r, (unsigned int)list_len(l))];
}

/* The file offset of the ELF entry point of PATH, 0 if not found */
static uint64_t elf_entry_offset(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint64_t off = 0;
	int fd, i;

	fd = xopen(path, O_RDONLY);
	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_phnum > 64)
		goto out;
	for (i = 0; i < eh.e_phnum; i++) {
		if (pread(fd, &ph, sizeof(ph),
			  (off_t)(eh.e_phoff + (uint64_t)i * eh.e_phentsize)) !=
		    (ssize_t)sizeof(ph))
			break;
		if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X))
			continue;
		if (eh.e_entry >= ph.p_vaddr &&
		    eh.e_entry < ph.p_vaddr + ph.p_filesz) {
			off = eh.e_entry - ph.p_vaddr + ph.p_offset;
			break;
		}
	}
out:
	close(fd);
	return off;
}

/* Copy /bin/true to tmpfs: the uprobes and the workload's exec use it */
static void copy_true(void)
{
	static char buf[1 << 16];
	ssize_t n;
	int in, out, ok = 1;

	in = xopen("/bin/true", O_RDONLY);
	if (in < 0)
		return;
	unlink(TRUE_COPY);
	out = xopen(TRUE_COPY, O_WRONLY | O_CREAT | O_EXCL);
	if (out < 0) {
		close(in);
		return;
	}
	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || xwrite(out, buf, (size_t)n) != n) {
			ok = 0;
			break;
		}
	}
	fchmod(out, 0755);
	close(out);
	close(in);
	if (ok)
		true_path = TRUE_COPY;
}

/* Call @fn on each line of @path; false when it cannot be opened */
static bool for_each_line(const char *path, void (*fn)(const char *line))
{
	char *line = NULL;
	size_t cap = 0;
	FILE *f;

	f = fopen(path, "re");
	if (!f)
		return false;
	while (getline(&line, &cap, f) > 0)
		fn(line);
	free(line);
	fclose(f);
	return true;
}

/* A line of /proc/kallsyms: the built-in text and data symbols we use */
static void kallsyms_line(const char *line)
{
	unsigned long long addr;
	char name[256], type;
	size_t i;

	if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3 ||
	    strchr(line, '['))	/* a module's */
		return;
	for (i = 0; i < ARRAY_SIZE(funcs); i++)
		if ((type == 't' || type == 'T') &&
		    !strcmp(name, funcs[i].name))
			funcs[i].k = true;
	for (i = 0; i < ARRAY_SIZE(datasyms); i++)
		if (!strcmp(name, datasyms[i].name))
			datasyms[i].ok = true;
	/*
	 * The syscall wrapper: __x64_sys_getppid, __arm64_sys_getppid, ...
	 * (not the __pfx_ padding symbol before it, where no kprobe goes)
	 */
	i = strlen(name);
	if (type == 'T' && !getppid_sym[0] && !strncmp(name, "__", 2) &&
	    strncmp(name, "__pfx_", 6) && i > 12 &&
	    !strcmp(name + i - 12, "_sys_getppid") &&
	    !strstr(name, "ia32") && !strstr(name, "compat"))
		copy_str(getppid_sym, sizeof(getppid_sym), name);
}

/* A line of available_filter_functions: the ones fprobes can use */
static void filter_function_line(const char *line)
{
	char name[256];
	size_t i;

	if (sscanf(line, "%255s", name) != 1 || strchr(line, '['))
		return;
	for (i = 0; i < ARRAY_SIZE(funcs); i++)
		if (!strcmp(name, funcs[i].name))
			funcs[i].f = true;
}

/* A line of the series' available_tracepoints */
static void tracepoint_line(const char *line)
{
	char name[256];
	size_t i;

	if (line[0] == '#' || sscanf(line, "%255s", name) != 1)
		return;
	for (i = 0; i < ARRAY_SIZE(tracepoints); i++)
		if (!strcmp(name, tracepoints[i].name))
			tracepoints[i].ok = true;
}

/* The series' available_tracepoints, else the events directories */
static void scan_tracepoints(void)
{
	char path[512];
	size_t i;

	if (!for_each_line(TRACEFS "/available_tracepoints", tracepoint_line)) {
		for (i = 0; i < ARRAY_SIZE(tracepoints); i++) {
			snprintf(path, sizeof(path), TRACEFS "/events/%s/%s",
				 tracepoints[i].sys, tracepoints[i].name);
			tracepoints[i].ok = exists(path);
		}
	}
	for (i = 0; i < ARRAY_SIZE(tevents); i++) {
		snprintf(path, sizeof(path), TRACEFS "/events/%s/%s",
			 tevents[i].sys, tevents[i].name);
		tevents[i].ok = exists(path);
	}
}

static void setup_targets(bool all)
{
	size_t i;

	if (!all) {
		for_each_line("/proc/kallsyms", kallsyms_line);
		for_each_line(TRACEFS "/available_filter_functions",
			      filter_function_line);
		scan_tracepoints();
		copy_true();
	}
	for (i = 0; i < ARRAY_SIZE(funcs); i++) {
		if (all || funcs[i].k)
			kfuncs[nkfuncs++] = &funcs[i];
		if (all || (funcs[i].k && funcs[i].f))
			ffuncs[nffuncs++] = &funcs[i];
	}
	for (i = 0; i < ARRAY_SIZE(datasyms); i++)
		if (all || datasyms[i].ok)
			dsyms[ndsyms++] = datasyms[i].name;
	for (i = 0; i < ARRAY_SIZE(tracepoints); i++)
		if (all || tracepoints[i].ok)
			tps[ntps++] = &tracepoints[i];
	for (i = 0; i < ARRAY_SIZE(tevents); i++)
		if (all || tevents[i].ok)
			tevs[ntevs++] = &tevents[i];
	true_off = elf_entry_offset(true_path);
	if (all && !true_off)
		true_off = 0x1040;
	have_uprobe = true_off && (all || exists(TRACEFS "/uprobe_events"));
}

/* ------------------------------------------------------------------ */
/* The definition grammar */

enum kind {
	K_KPROBE, K_KRETPROBE, K_FENTRY, K_FEXIT, K_TPROBE, K_EPROBE,
	K_UPROBE, K_URETPROBE, K_NR
};

static const unsigned int kind_weight[K_NR] = { 22, 14, 14, 10, 15, 12, 9, 4 };

/* What a fetch gives, for its type */
enum cls { CL_NONE, CL_SCALAR, CL_MEM, CL_UMEM, CL_STR, CL_DUR };

struct gctx {
	enum kind kind;
	bool entry;	/* $argN */
	bool ret;	/* $retval, $duration */
	bool is_void;	/* no $retval */
	unsigned int nargs;	/* of the function, 0: unknown */
	bool regs;	/* %REG */
	bool stack;	/* $stack, $stackN */
	bool kernel;	/* kernel memory, @SYM */
	const char *const *btf;
	const struct tevent *ev;
};

struct def {
	enum kind kind;
	struct gctx c;
	char head[384];
	char target[384];
	unsigned int nargs;
	char args[NARGS_CAP][ARG_CAP];
};

static const char *const regs[] = {
	"%ax", "%bx", "%cx", "%dx", "%si", "%di", "%bp", "%sp", "%r8", "%r9",
	"%r10", "%r11", "%r12", "%r13", "%r14", "%r15", "%ip", "%flags",
};
static const char *const arg_names[] = {
	"a", "b", "ptr", "len", "val", "flags", "fd", "pid", "cnt", "x",
};
static const char *const imm_strs[] = {
	"hello", "", "probe_stress", "%s%n", "0123456789abcdef",
};
static const char *const scalar_types[] = {
	"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "x8", "x16",
	"x32", "x64", "char", "symbol", "symstr", "errno", "bool", "%pGg",
	"devt", "%pI4", "BITFIELD",
};
static const char *const mem_types[] = {
	"u8", "u16", "u32", "u64", "s8", "s32", "x16", "x64", "char",
	"string", "ustring", "symbol", "errno", "bool", "devt", "%pI4", "%pI6c",
	"%pISpc", "%pM", "%pUl", "BITFIELD", "ARRAY",
};
/* uprobes: the semantic types, symbol and %pd are for kernel probes */
static const char *const uprobe_types[] = {
	"u8", "u16", "u32", "u64", "s8", "s32", "x16", "x64", "char", "string",
	"ustring", "BITFIELD", "ARRAY",
};
static const char *const user_types[] = {
	"u8", "u32", "x64", "s16", "string", "ustring", "ARRAY", "BITFIELD",
};
static const char *const all_types[] = {
	"u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "x8", "x16",
	"x32", "x64", "char", "string", "ustring", "symbol", "symstr", "errno",
	"bool", "%pGg", "devt", "%pI4", "%pI6c", "%pISpc", "%pM", "%pUl",
	"%pd", "%pD", "BITFIELD", "ARRAY",
};
static const char *const array_types[] = {
	"u8", "u16", "u32", "x64", "s8", "char", "string", "%pI4", "errno",
};
static const char *const dur_types[] = { "u64", "x64", "s64" };
static const char *const bad_types[] = {
	"u7", "strin", "x128", "b0@0/8", "b9@0/8", "b1@8/8", "b65@0/64",
	"b3@4/33", "b@/", "u8[0]", "u8[65]", "u8[", "u8[4", "string[99999]",
	"", "s0", "%pI7", "%pU[4]", "%pISpc[2]", "bool[128]", "symstr[3]",
	"%pX", "u64u64", "char[4294967296]", "%pM[0x10]", "ustring[2]",
	"errno:u8", "%pGg[-1]",
};
static const unsigned int offsets[] = {
	0, 0, 0, 0, 8, 8, 16, 24, 32, 40, 64, 0x100, 0x180, 0x400,
};

static void gen_type(struct sb *b, struct rng *r, const struct gctx *c,
		     enum cls cls)
{
	const char *t;
	unsigned int size, w;

	if (cls == CL_NONE || !chance(r, 65))
		return;
	if (chance(r, 10)) {
		t = PICK(r, all_types);	/* may well be a wrong combination */
	} else {
		switch (cls) {
		case CL_STR:
			sb_add(b, ":string");
			return;
		case CL_DUR:
			sb_add(b, ":%s", PICK(r, dur_types));
			return;
		case CL_SCALAR:
			t = PICK(r, scalar_types);
			break;
		case CL_UMEM:
			t = PICK(r, user_types);
			break;
		default:
			t = PICK(r, mem_types);
			break;
		}
		if (c->kind >= K_UPROBE)
			t = PICK(r, uprobe_types);
	}
	if (!strcmp(t, "BITFIELD")) {
		size = 8u << rnd(r, 4);
		w = 1 + rnd(r, size);
		sb_add(b, ":b%u@%u/%u", w, rnd(r, size - w + 1), size);
	} else if (!strcmp(t, "ARRAY")) {
		sb_add(b, ":%s[%u]", PICK(r, array_types), 1 + rnd(r, 16));
	} else {
		sb_add(b, ":%s", t);
	}
}

/* A fetch that reads no memory by itself (or @SYM, which does) */
static enum cls gen_base(struct sb *b, struct rng *r, const struct gctx *c,
			 bool in_deref)
{
	unsigned int tries;

	for (tries = 0; tries < 64; tries++) {
		switch (rnd(r, 12)) {
		case 0:
		case 1:
			if (!c->regs)
				break;
			sb_add(b, "%s", PICK(r, regs));
			return CL_SCALAR;
		case 2:
		case 3:
			if (!c->entry)
				break;
			sb_add(b, "$arg%u", 1 + (c->nargs && chance(r, 95) ?
						 rnd(r, c->nargs) : rnd(r, 6)));
			return CL_SCALAR;
		case 4:
			if (!c->ret || (c->is_void && chance(r, 95)))
				break;
			sb_add(b, "$retval");
			return CL_SCALAR;
		case 5:
			if (!c->stack)
				break;
			if (chance(r, 30))
				sb_add(b, "$stack");
			else
				sb_add(b, "$stack%u", rnd(r, 17));
			return CL_SCALAR;
		case 6:
			if (c->kind >= K_UPROBE) {
				sb_add(b, "@+0x%x", rnd(r, 0x400) & ~7u);
				return CL_MEM;
			}
			if (!ndsyms)
				break;
			sb_add(b, "@%s", dsyms[rnd(r, ndsyms)]);
			if (chance(r, 30))
				sb_add(b, "%c%u", chance(r, 80) ? '+' : '-',
				       rnd(r, 8) * 8);
			return CL_MEM;
		case 7:
			if (in_deref)
				break;
			switch (rnd(r, 4)) {
			case 0:
				sb_add(b, "\\%u", rnd(r, 1000));
				break;
			case 1:
				sb_add(b, "\\0x%x", rnd(r, 0x10000));
				break;
			case 2:
				sb_add(b, "\\-%u", rnd(r, 100));
				break;
			default:
				sb_add(b, "\\%u", 1u << rnd(r, 31));
				break;
			}
			return CL_SCALAR;
		case 8:
		case 9:
			if (!c->ev)
				break;
			if (!in_deref && c->ev->sfields[0] && chance(r, 30)) {
				sb_add(b, "$%s", pick_list(r, c->ev->sfields));
				return CL_STR;
			}
			sb_add(b, "$%s", pick_list(r, c->ev->fields));
			return CL_SCALAR;
		case 10:
			if (!c->kernel || c->kind == K_EPROBE || in_deref ||
			    !chance(r, 30))
				break;
			sb_add(b, "%s", chance(r, 50) ? "$current->pid" :
			       "$current->comm");
			return CL_NONE;
		case 11:
			if (!c->kernel || c->kind == K_EPROBE || in_deref ||
			    !chance(r, 20))
				break;
			sb_add(b, "this_cpu_read(@cpu_number)");
			return CL_SCALAR;
		}
	}
	/* nothing fits (a mutation's argument): an immediate */
	sb_add(b, "\\1");
	return CL_SCALAR;
}

/* DEPTH dereferences around a base fetch */
static enum cls gen_deref(struct sb *b, struct rng *r, const struct gctx *c,
			  unsigned int depth)
{
	bool user = c->kind < K_UPROBE && c->kind != K_EPROBE && chance(r, 8);
	unsigned int i;

	for (i = 0; i < depth; i++)
		sb_add(b, "%c%s%u(", chance(r, 85) ? '+' : '-',
		       i == 0 && user ? "u" : "", PICK(r, offsets));
	gen_base(b, r, c, true);
	sb_rep(b, ')', depth);
	return user ? CL_UMEM : CL_MEM;
}

static void gen_arg(char *out, struct rng *r, const struct gctx *c,
		    unsigned int idx)
{
	unsigned int pick = rnd(r, 100);
	enum cls cls;
	struct sb b;

	sb_init(&b, out, ARG_CAP);
	if (chance(r, 40))
		sb_add(&b, "%s%u=", PICK(r, arg_names), idx + 1);
	if (pick < 8) {
		sb_add(&b, "$comm");
		cls = CL_STR;
	} else if (pick < 12) {
		sb_add(&b, "\\\"%s\"", PICK(r, imm_strs));
		cls = CL_STR;
	} else if (pick < 18 && c->ret && c->kernel) {
		sb_add(&b, "$duration");
		cls = CL_DUR;
	} else if (pick < 28 && c->btf && c->entry) {
		sb_add(&b, "%s", pick_list(r, c->btf));
		cls = CL_NONE;
	} else if (pick < 58) {
		cls = gen_deref(&b, r, c, 1 + rnd(r, 3));
	} else {
		cls = gen_base(&b, r, c, false);
	}
	gen_type(&b, r, c, cls);
}

static enum kind pick_kind(struct rng *r)
{
	unsigned int total = 0, x, i;
	bool ok[K_NR];

	for (i = 0; i < K_NR; i++) {
		switch (i) {
		case K_KPROBE:
		case K_KRETPROBE:
			ok[i] = nkfuncs;
			break;
		case K_FENTRY:
		case K_FEXIT:
			ok[i] = nffuncs;
			break;
		case K_TPROBE:
			ok[i] = ntps;
			break;
		case K_EPROBE:
			ok[i] = ntevs;
			break;
		default:
			ok[i] = have_uprobe;
			break;
		}
		if (ok[i])
			total += kind_weight[i];
	}
	x = rnd(r, total);
	for (i = 0; i < K_NR; i++) {
		if (!ok[i])
			continue;
		if (x < kind_weight[i])
			return (enum kind)i;
		x -= kind_weight[i];
	}
	return K_KPROBE;
}

/*
 * An argument without a name is named after its fetch ($argN and BTF
 * names after the parameter, $retval "retval", ...): one that repeats
 * the fetch of an earlier one gets a name of its own.
 */
static void unique_name(struct def *d, struct rng *r)
{
	char *a = d->args[d->nargs], tmp[ARG_CAP];
	size_t k = strcspn(a, ":="), i;
	struct sb b;

	if (a[k] == '=')
		return;
	for (i = 0; i < d->nargs; i++)
		if (!strncmp(d->args[i], a, k) &&
		    strchr(":", d->args[i][k]))
			break;
	if (i == d->nargs)
		return;
	sb_init(&b, tmp, sizeof(tmp));
	sb_add(&b, "%s%u=%s", PICK(r, arg_names), d->nargs + 1, a);
	copy_str(a, ARG_CAP, tmp);
}

/* A valid-looking definition of event e<N> */
static void gen_valid(struct def *d, struct rng *r, unsigned long n)
{
	static const unsigned int nargs_w[] = { 0, 1, 1, 2, 2, 3, 3, 4, 5, 6 };
	static const unsigned int maxact[] = { 1, 8, 64, 512, 4096 };
	static const unsigned int kp_offs[] = { 0, 1, 4, 5, 8, 16, 32 };
	struct gctx *c = &d->c;
	const struct func *f;
	const struct tracepoint *tp;
	const struct tevent *ev;
	unsigned int i, off;

	memset(c, 0, sizeof(*c));
	d->kind = c->kind = pick_kind(r);
	d->nargs = 0;
	switch (d->kind) {
	case K_KPROBE:
		f = kfuncs[rnd(r, nkfuncs)];
		*c = (struct gctx){ .kind = K_KPROBE, .entry = true, .regs = true,
				    .stack = true, .kernel = true, .btf = f->btf,
				    .nargs = f->nargs, .is_void = f->is_void };
		snprintf(d->head, sizeof(d->head), "p:" GROUP "/e%lu", n);
		if (chance(r, 12)) {
			off = PICK(r, kp_offs);
			snprintf(d->target, sizeof(d->target), "%s+%u",
				 f->name, off);
			if (off) {
				c->entry = false;
				c->btf = NULL;
			}
		} else if (chance(r, 5)) {
			snprintf(d->target, sizeof(d->target), "%s%%return",
				 f->name);
			c->ret = true;
		} else {
			snprintf(d->target, sizeof(d->target), "%s", f->name);
		}
		break;
	case K_KRETPROBE:
		f = kfuncs[rnd(r, nkfuncs)];
		*c = (struct gctx){ .kind = K_KRETPROBE, .entry = true, .ret = true,
				    .regs = true, .stack = true, .kernel = true,
				    .btf = f->btf, .nargs = f->nargs,
				    .is_void = f->is_void };
		if (chance(r, 30))
			snprintf(d->head, sizeof(d->head), "r%u:" GROUP "/e%lu",
				 PICK(r, maxact), n);
		else
			snprintf(d->head, sizeof(d->head), "r:" GROUP "/e%lu",
				 n);
		snprintf(d->target, sizeof(d->target), "%s", f->name);
		break;
	case K_FENTRY:
	case K_FEXIT:
		f = ffuncs[rnd(r, nffuncs)];
		*c = (struct gctx){ .kind = d->kind, .entry = true,
				    .ret = d->kind == K_FEXIT, .stack = true,
				    .kernel = true, .btf = f->btf,
				    .nargs = f->nargs, .is_void = f->is_void };
		snprintf(d->head, sizeof(d->head), "f:" GROUP "/e%lu", n);
		snprintf(d->target, sizeof(d->target), "%s%s", f->name,
			 d->kind == K_FEXIT ? "%return" : "");
		break;
	case K_TPROBE:
		tp = tps[rnd(r, ntps)];
		*c = (struct gctx){ .kind = K_TPROBE, .entry = true, .kernel = true,
				    .btf = tp->btf, .nargs = tp->nargs };
		snprintf(d->head, sizeof(d->head), "t:" GROUP "/e%lu", n);
		snprintf(d->target, sizeof(d->target), "%s", tp->name);
		break;
	case K_EPROBE:
		ev = tevs[rnd(r, ntevs)];
		*c = (struct gctx){ .kind = K_EPROBE, .kernel = true, .ev = ev };
		snprintf(d->head, sizeof(d->head), "e:" GROUP "/e%lu", n);
		if (n > 0 && chance(r, 5)) {
			/* on one of our own recent events */
			snprintf(d->target, sizeof(d->target),
				 GROUP ".e%lu", n - 1 - rnd(r, n < 8 ? n : 8));
			c->ev = NULL;
			d->nargs = 1;
			snprintf(d->args[0], ARG_CAP, "%s",
				 chance(r, 50) ? "$arg1" : "$comm");
			return;
		}
		snprintf(d->target, sizeof(d->target), "%s.%s", ev->sys,
			 ev->name);
		break;
	case K_UPROBE:
	case K_URETPROBE:
		*c = (struct gctx){ .kind = d->kind,
				    .ret = d->kind == K_URETPROBE, .regs = true,
				    .stack = true };
		snprintf(d->head, sizeof(d->head), "%c:" GROUP "/e%lu",
			 d->kind == K_UPROBE ? 'p' : 'r', n);
		snprintf(d->target, sizeof(d->target), "%s:0x%" PRIx64,
			 true_path, true_off);
		break;
	default:
		break;
	}
	if (c->kernel && c->btf && c->entry && d->kind != K_KRETPROBE &&
	    chance(r, 4)) {
		/* all the BTF arguments, alone or with others */
		snprintf(d->args[d->nargs++], ARG_CAP, "$arg*");
		if (chance(r, 50))
			return;
	}
	i = PICK(r, nargs_w);
	while (i-- && d->nargs < 6) {
		gen_arg(d->args[d->nargs], r, c, d->nargs);
		unique_name(d, r);
		d->nargs++;
	}
}

static size_t render(const struct def *d, char *out, size_t cap)
{
	unsigned int i;
	struct sb b;

	sb_init(&b, out, cap);
	sb_add(&b, "%s", d->head);
	if (d->target[0])
		sb_add(&b, " %s", d->target);
	for (i = 0; i < d->nargs; i++)
		sb_add(&b, " %s", d->args[i]);
	return b.len;
}

/* The head up to its ':' ("p", "r64", ...), and what follows */
static void head_split(const char *head, char *kind, size_t cap,
		       const char **rest)
{
	size_t k = strcspn(head, ":");

	if (k >= cap)
		k = cap - 1;
	memcpy(kind, head, k);
	kind[k] = '\0';
	*rest = head[k] == ':' ? head + k + 1 : "";
}

/* A simple argument the kind takes, into OUT */
static void simple_arg(char *out, size_t cap, struct rng *r,
		       const struct gctx *c)
{
	struct sb b;

	sb_init(&b, out, cap);
	gen_base(&b, r, c, true);
}

enum mut {
	M_TRUNC, M_BADTYPE, M_LONGNAME, M_LONGARGNAME, M_HUGEOFF, M_DEEP,
	M_BADREG, M_UNKNOWN, M_STRAY, M_DUP, M_MANYARGS, M_EMPTY, M_KIND,
	M_GROUP, M_MAXACT, M_NR
};

static const unsigned int mut_weight[M_NR] = {
	12, 12, 5, 4, 8, 6, 6, 9, 14, 6, 4, 7, 4, 5, 3,
};

static enum mut pick_mut(struct rng *r)
{
	unsigned int total = 0, x, i;

	for (i = 0; i < M_NR; i++)
		total += mut_weight[i];
	x = rnd(r, total);
	for (i = 0; i < M_NR; i++) {
		if (x < mut_weight[i])
			return (enum mut)i;
		x -= mut_weight[i];
	}
	return M_STRAY;
}

/* Mutations of the parsed definition (the buffer ones come later) */
static void mutate_def(struct def *d, struct rng *r, unsigned long n,
		       enum mut m)
{
	static const char *const huge[] = {
		"+0xffffffffffffffff(%s)", "+99999999999999999999(%s)",
		"-0x8000000000000000(%s)", "+18446744073709551616(%s)",
		"+0x7fffffff(%s)", "-0(%s)", "+(%s)", "+0x(%s)", "+u-1(%s)",
	};
	static const char *const huge_sym[] = {
		"+0xffffffffffffffff", "+4294967296", "+-1", "+99999999999",
		"+0x", "-8", "+18446744073709551615",
	};
	static const char *const badregs[] = {
		"%zz", "%r16", "%", "%eax", "%ax8", "%rip", "%r-1", "%xmm0",
		"%AX", "%r8d", "%sp%sp", "%di)", "(%di)",
	};
	static const char *const unk_func[] = {
		"no_such_function_%lu", "vfs_read.cold", "nomod:vfs_read",
		"trace_events_sample:no_such_func", ":vfs_read", "vfs_read:",
		"0xffffffffdeadbeef", "vfs_read+", "%%return",
	};
	static const char *const unk_tp[] = {
		"no_such_tracepoint_%lu", "sched:sched_switch",
		"nomod:sched_switch", "sched_switch:",
		"trace_events_sample:foo_bar", "trace_events_sample:no_such",
		"sched_switch%%return", "sched-switch",
	};
	static const char *const unk_ev[] = {
		"sched.no_such_%lu", "nosys.sched_switch", "sched", "sched.",
		".sched_switch", GROUP ".e%lu", "sched.sched_switch.x",
		"sample-trace.no_such",
	};
	static const char *const unk_file[] = {
		"/no/such/file_%lu:0x10", "/tmp:0x10", "/dev/null:0x0",
		"/proc/self/exe:0x10", "/bin/true", "/bin/true:",
		"/bin/true:0x10(0x20)",
	};
	static const char *const empty[] = {
		"", "=", "a=", ":u8", "=%ax", "a==%ax", "a=:u8", "()", "+0()",
		"+0(", "$", "@", "\\", "\\\"", "$arg", "$stack-1", "$arg0",
		"$arg99", "%", "\\\"unclosed", "$arg*", "a=$arg*", "$comm:u8",
		"+0($comm)", "$retval", "$duration:u8", "this_cpu_ptr(@jiffies)",
		"this_cpu_read(", "(struct file)$arg1->f_mode",
		"(task_struct)$current->pid", "\\\"a b\"", "\\\"a\\\"",
	};
	static const char *const kinds[] = {
		"p", "r", "f", "t", "e", "-", "!", "P", "x", "pp", "r1", "f1",
	};
	static const char *const groups[] = {
		"%s:e%lu", "%s:" GROUP "/", "%s:/e%lu", "%s:1" GROUP "/e%lu",
		"%s:st-ress/e%lu", "%s:" GROUP "/e%lu/x", "%s", "%s:",
		"%s:" GROUP "/1e%lu", "%s:" GROUP ".e%lu", "%s:" GROUP "/e-%lu",
	};
	static const char *const maxacts[] = {
		"r0", "r4096", "r4097", "r99999999999", "r-1", "rx", "p5",
		"r18446744073709551616", "f5", "t1", "e1", "r 5",
	};
	char kind[32], tmp[ARG_CAP], htmp[sizeof(d->head) - 32], *colon;
	const char *rest;
	unsigned int i, j, k;
	struct sb b;

	switch (m) {
	case M_BADTYPE:
		if (!d->nargs) {
			simple_arg(d->args[0], ARG_CAP, r, &d->c);
			d->nargs = 1;
		}
		i = rnd(r, d->nargs);
		colon = strrchr(d->args[i], ':');
		if (colon && !strchr(colon, ')'))
			*colon = '\0';
		sb_init(&b, tmp, sizeof(tmp));
		sb_add(&b, "%s:%s", d->args[i], PICK(r, bad_types));
		copy_str(d->args[i], ARG_CAP, tmp);
		break;
	case M_LONGNAME:
		head_split(d->head, kind, sizeof(kind), &rest);
		sb_init(&b, d->head, sizeof(d->head));
		if (chance(r, 25)) {
			/* the group too long */
			sb_add(&b, "%s:", kind);
			sb_rep(&b, 'g', 60 + rnd(r, 100));
			sb_add(&b, "/e%lu", n);
		} else {
			sb_add(&b, "%s:%se%lu", kind,
			       chance(r, 70) ? GROUP "/" : "", n);
			sb_rep(&b, 'x', 60 + rnd(r, 240));
		}
		break;
	case M_LONGARGNAME:
		if (!d->nargs) {
			simple_arg(d->args[0], ARG_CAP, r, &d->c);
			d->nargs = 1;
		}
		i = rnd(r, d->nargs);
		colon = strchr(d->args[i], '=');
		snprintf(tmp, sizeof(tmp), "%s", colon ? colon + 1 : d->args[i]);
		sb_init(&b, d->args[i], ARG_CAP);
		sb_rep(&b, 'n', 60 + rnd(r, 240));
		sb_add(&b, "=%s", tmp);
		break;
	case M_HUGEOFF:
		if (chance(r, 25) && d->kind != K_EPROBE && d->kind != K_TPROBE) {
			if (d->kind >= K_UPROBE) {
				snprintf(d->target, sizeof(d->target),
					 "%s:%s", true_path,
					 chance(r, 50) ? "0xffffffffffffffff" :
					 "-1");
			} else {
				colon = strpbrk(d->target, "+%");
				if (colon)
					*colon = '\0';
				sb_init(&b, tmp, sizeof(tmp));
				sb_add(&b, "%s%s", d->target, PICK(r, huge_sym));
				copy_str(d->target, sizeof(d->target), tmp);
			}
			break;
		}
		simple_arg(tmp, 64, r, &d->c);
		i = d->nargs < 6 ? d->nargs++ : rnd(r, d->nargs);
		snprintf(d->args[i], ARG_CAP, PICK(r, huge), tmp);
		break;
	case M_DEEP:
		/* deeper than the kernel's 16 steps, maybe longer than 255 */
		i = d->nargs < 6 ? d->nargs++ : rnd(r, d->nargs);
		k = 17 + rnd(r, 64);
		simple_arg(tmp, 64, r, &d->c);
		sb_init(&b, d->args[i], ARG_CAP);
		if (chance(r, 30))
			sb_add(&b, "deep=");
		for (j = 0; j < k; j++)
			sb_add(&b, "+%u(", rnd(r, 3) * 8);
		sb_add(&b, "%s", tmp);
		sb_rep(&b, ')', k);
		break;
	case M_BADREG:
		i = d->nargs < 6 ? d->nargs++ : rnd(r, d->nargs);
		if (chance(r, 40))
			snprintf(d->args[i], ARG_CAP, "+8(%s)", PICK(r, badregs));
		else
			snprintf(d->args[i], ARG_CAP, "%s", PICK(r, badregs));
		break;
	case M_UNKNOWN:
		switch (d->kind) {
		case K_TPROBE:
			snprintf(d->target, sizeof(d->target), PICK(r, unk_tp),
				 n);
			break;
		case K_EPROBE:
			snprintf(d->target, sizeof(d->target), PICK(r, unk_ev),
				 n);
			break;
		case K_UPROBE:
		case K_URETPROBE:
			snprintf(d->target, sizeof(d->target),
				 PICK(r, unk_file), n);
			break;
		default:
			snprintf(d->target, sizeof(d->target),
				 PICK(r, unk_func), n);
			break;
		}
		break;
	case M_DUP:
		if (!n)
			break;
		head_split(d->head, kind, sizeof(kind), &rest);
		snprintf(d->head, sizeof(d->head), "%s:" GROUP "/e%lu", kind,
			 n - 1 - rnd(r, n < LIVE_MAX ? (unsigned int)n :
				     LIVE_MAX));
		break;
	case M_MANYARGS:
		k = 129 + rnd(r, 12);
		for (i = 0; i < k && i < NARGS_CAP; i++)
			snprintf(d->args[i], ARG_CAP, "\\%u", i);
		d->nargs = i;
		break;
	case M_EMPTY:
		i = d->nargs < 6 ? d->nargs++ : rnd(r, d->nargs);
		snprintf(d->args[i], ARG_CAP, "%s", PICK(r, empty));
		break;
	case M_KIND:
		head_split(d->head, kind, sizeof(kind), &rest);
		copy_str(htmp, sizeof(htmp), rest);
		snprintf(d->head, sizeof(d->head), "%s:%s", PICK(r, kinds),
			 htmp);
		break;
	case M_GROUP:
		head_split(d->head, kind, sizeof(kind), &rest);
		snprintf(d->head, sizeof(d->head), PICK(r, groups), kind, n);
		break;
	case M_MAXACT:
		head_split(d->head, kind, sizeof(kind), &rest);
		copy_str(htmp, sizeof(htmp), rest);
		snprintf(d->head, sizeof(d->head), "%s:%s", PICK(r, maxacts),
			 htmp);
		break;
	default:
		break;
	}
}

/* Insert or replace 1 to 8 random bytes */
static size_t stray_bytes(char *buf, size_t len, struct rng *r)
{
	static const char special[] = "()%$@:=+-/\\\"' ,.;[]{}*!#&|<>~`^?";
	unsigned int k = 1 + rnd(r, 8), x;
	size_t pos;
	char c;

	while (k--) {
		x = rnd(r, 100);
		if (x < 40)
			c = (char)(0x20 + rnd(r, 0x5f));
		else if (x < 55)
			c = special[rnd(r, sizeof(special) - 1)];
		else if (x < 80)
			c = (char)(1 + rnd(r, 0x1f));
		else if (x < 85)
			c = '\n';
		else if (x < 90)
			c = '\0';
		else
			c = (char)(0x80 + rnd(r, 0x80));
		pos = len ? rnd(r, (unsigned int)len) : 0;
		if (chance(r, 50) && len + 1 < DEF_MAX) {
			memmove(buf + pos + 1, buf + pos, len - pos);
			len++;
		} else if (!len) {
			len = 1;
		}
		buf[pos] = c;
	}
	buf[len] = '\0';
	return len;
}

static struct def gdef;	/* the generator's (big) definition */

/*
 * Definition number N into BUF (DEF_MAX + 1 bytes), its length returned.
 * Each definition uses its own PRNG state from the seed and N, so that
 * one definition can be replayed without the ones before it.
 */
static size_t generate(char *buf, unsigned long n, bool *mutated)
{
	struct rng r;
	unsigned int k;
	enum mut m[3];
	size_t len;
	char *p;

	rng_seed(&r, opt.seed, 1000 + n);
	gen_valid(&gdef, &r, n);
	*mutated = chance(&r, 60);
	k = 0;
	if (*mutated) {
		k = chance(&r, 70) ? 1 : chance(&r, 80) ? 2 : 3;
		for (unsigned int i = 0; i < k; i++) {
			m[i] = pick_mut(&r);
			mutate_def(&gdef, &r, n, m[i]);
		}
	}
	len = render(&gdef, buf, DEF_MAX + 1);
	for (unsigned int i = 0; i < k; i++) {
		if (m[i] == M_TRUNC && len > 1)
			len = 1 + rnd(&r, (unsigned int)len - 1);
		else if (m[i] == M_STRAY)
			len = stray_bytes(buf, len, &r);
	}
	buf[len] = '\0';
	/* The module thread's group is not ours to touch */
	p = memmem(buf, len, MOD_GROUP, strlen(MOD_GROUP));
	while (p) {
		*p = 'S';
		p = memmem(buf, len, MOD_GROUP, strlen(MOD_GROUP));
	}
	return len;
}

/* ------------------------------------------------------------------ */
/* dynamic_events, the live events */

struct dline {
	char name[NAME_CAP];	/* GROUP/EVENT */
	char kind;
};

/* The events listed in BUF (each once), those of MOD_GROUP left out */
static int parse_dyn(const char *buf, struct dline *out, int cap,
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

static int find_line(const struct dline *l, int n, const char *name)
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

struct live {
	char name[NAME_CAP];
	bool dying;
};

static struct live live[LIVE_CAP];
static int nlive;
static pthread_mutex_t live_lock = PTHREAD_MUTEX_INITIALIZER;
/* Held by the control thread around each operation on an event */
static pthread_mutex_t ctl_lock = PTHREAD_MUTEX_INITIALIZER;

static void live_set(const struct dline *l, int n)
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

static bool live_pick(struct rng *r, char *name)
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
static void inst_path(char *path, size_t cap, int i)
{
	snprintf(path, cap, TRACEFS "/instances/" INST "%d", i);
}

/* events/GROUP/EVENT/FILE of the top buffer (BUF -1) or of instance BUF */
static void buf_event_path(char *path, size_t cap, int buf, const char *name,
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
static void event_path(char *path, size_t cap, const char *name,
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
static void event_quiesce(const char *name)
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
static long profile_hits(const char *name, bool skip_mod)
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

/* ------------------------------------------------------------------ */
/* The generator */

static char dynbuf[DYN_BUF], errbuf[ERRLOG_BUF];
static struct dline cur[LIVE_CAP], prev[LIVE_CAP];
static int ncur, nprev;
static int dynfd = -1;

static struct {
	int err;
	char key[41];
	char def[200];
	unsigned long count;
} noerr[NOERR_CAP];
static int nnoerr;
static unsigned long noerr_more;	/* not listed: the table was full */
static atomic_ulong ninconsistent_printed;

/*
 * dynamic_events is a seq_file read a page at a time, event_mutex taken
 * and dropped around each read(): an event added or deleted between two
 * of them shifts the others, and the listing skips or repeats one.  The
 * generator's listings and the module thread's writes (the only others
 * that change the list) are kept apart by this lock.
 */
static pthread_mutex_t dyn_lock = PTHREAD_MUTEX_INITIALIZER;

static int read_dyn(struct dline *l)
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
static void inconsistent(const char *def, size_t len, const char *fmt, ...)
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
static void try_def(const char *def, size_t len, bool mutated)
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
static void delete_one(struct rng *r)
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

/* ------------------------------------------------------------------ */
/* The workload */

static int listen_port;
static int listen_fd = -1;

static void lo_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (!ioctl(fd, SIOCGIFFLAGS, &ifr) && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
}

static int listen_setup(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	int one = 1;

	lo_up();
	listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listen_fd < 0)
		return -1;
	setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listen_fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(listen_fd, 64) ||
	    getsockname(listen_fd, (struct sockaddr *)&sa, &sl)) {
		close(listen_fd);
		listen_fd = -1;
		return -1;
	}
	listen_port = ntohs(sa.sin_port);
	return 0;
}

static void *listen_thread(void *arg)
{
	struct pollfd pfd = { .events = POLLIN };
	int fd;

	(void)arg;
	pfd.fd = listen_fd;
	while (!atomic_load(&stop_all)) {
		if (poll(&pfd, 1, 100) <= 0)
			continue;
		fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd >= 0)
			close(fd);
	}
	return NULL;
}

/* Wait for PID: its exit status, or -1 (killed by a signal, or not reaped) */
static int reap(pid_t pid)
{
	pid_t ret;
	int status;

	if (pid < 0)
		return -1;
	do {
		ret = waitpid(pid, &status, 0);
	} while (ret < 0 && errno == EINTR);
	if (ret != pid)
		return -1;
	if (WIFSIGNALED(status)) {
		atomic_fetch_add(&st_wlsig, 1);
		return -1;
	}
	return WEXITSTATUS(status);
}

static void *work_thread(void *arg)
{
	char *const argv[] = { (char *)"true", NULL };
	char path[64], buf[512];
	struct sockaddr_in sa = { .sin_family = AF_INET };
	long id = (long)(intptr_t)arg;
	struct rng r;
	pid_t pid;
	int fd, i;

	rng_seed(&r, opt.seed, 10 + (uint64_t)id);
	snprintf(path, sizeof(path), "/tmp/probe_stress.%ld.dat", id);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	memset(buf, 'w', sizeof(buf));
	while (!atomic_load(&stop_all)) {
		switch (rnd(&r, 6)) {
		case 0:
			pid = fork();
			if (!pid)
				_exit(0);
			reap(pid);
			break;
		case 1:
			pid = fork();
			if (!pid) {
				execv(true_path, argv);
				_exit(127);
			}
			reap(pid);
			break;
		case 2:
			fd = xopen(path, O_RDWR | O_CREAT | O_TRUNC);
			if (fd < 0)
				break;
			if (xwrite(fd, buf, sizeof(buf)) > 0 &&
			    lseek(fd, 0, SEEK_SET) == 0 &&
			    read(fd, buf, sizeof(buf)) < 0)
				buf[0] = 'w';
			close(fd);
			break;
		case 3:
			for (i = 0; i < 10; i++)
				syscall(SYS_getppid);
			break;
		case 4:
			if (!listen_port)
				break;
			sa.sin_port = htons((uint16_t)listen_port);
			fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
			if (fd < 0)
				break;
			if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
				buf[0] = 'w';
			close(fd);
			break;
		default:
			sleep_ms(5);
			break;
		}
		atomic_fetch_add(&st_wlops, 1);
		sleep_ms(1);
	}
	unlink(path);
	return NULL;
}

/* ------------------------------------------------------------------ */
/* The control thread */

static void ctl_count(int ret)
{
	atomic_fetch_add(&st_ctlops, 1);
	if (ret)
		atomic_fetch_add(&st_ctlerr, 1);
}

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

static struct pmu pmu_kprobe = { "kprobe", -1, -1 };
static struct pmu pmu_uprobe = { "uprobe", -1, -1 };

static void pmu_setup(struct pmu *p)
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
static int perf_on_event(struct rng *r, const char *name)
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
static void perf_pmu_check(struct rng *r)
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

static void *ctl_thread(void *arg)
{
	char name[NAME_CAP], path[512], cmd[NAME_CAP + 16];
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
			} else if (op < 56) {
				snprintf(cmd, sizeof(cmd), "reset %s", name);
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

/* ------------------------------------------------------------------ */
/* The module thread */

static char modname[64];	/* in kallsyms: '-' made '_' */
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

static void *mod_thread(void *arg)
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
static char enabled_before[ENABLED_BUF];

/*
 * The events of the top buffer (BUF -1) or of instance BUF whose enable
 * file reads other than "0", one "SYSTEM/EVENT VALUE" a line, into OUT:
 * their number, or -1 when the events directory cannot be read.
 */
static int enabled_list(int buf, char *out, size_t cap)
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

static bool cleanup(void)
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

static void summary(bool clean_ok)
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
