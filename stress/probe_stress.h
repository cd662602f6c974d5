/* SPDX-License-Identifier: GPL-2.0 */
/*
 * probe_stress: what its files share.  The limits, the options and the
 * counters, the types and the variables and functions used in more than
 * one file, each under the file that defines it.  See main.c for what the
 * program does, stress/README.md for the files.
 */
#ifndef PROBE_STRESS_H
#define PROBE_STRESS_H

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

/* main.c: the options, the counters, what the threads are doing */

struct options {
	uint64_t seed;
	long maxdefs;
	int secs;
	int modcycles;
	const char *module;
	const char *outfile;
	bool verbose;
	bool dry;
};

extern struct options opt;

/* Counters, shared by the threads */
extern atomic_long st_tried, st_accepted, st_rejected, st_noerrlog;
extern atomic_long st_inconsistent, st_hits, st_modcycles, st_modfailed;
extern atomic_long st_ctlerr, st_ctlops, st_deleted, st_delfail;
extern atomic_long st_wlops, st_wlsig, st_modhits, st_valid, st_valid_rej;
extern atomic_long st_rereads, st_perf, st_perf_refused, st_perf_checked;
extern atomic_long st_instops, st_instmk, st_instrm, st_instrm_on;
extern atomic_int stop_all, stop_mod;
extern long long t_start;

enum { T_GEN, T_CTL, T_MOD, T_NR };

__printf(2, 3)
void busy_set(int t, const char *fmt, ...);
void busy_clear(int t);

/* util.c: helpers */

/* xorshift64*, seeded through splitmix64 (one stream per user) */
struct rng {
	uint64_t s;
};

/* Bounded string builder: never writes past cap, always NUL-terminated */
struct sb {
	char *p;
	size_t len, cap;
};

extern pthread_mutex_t out_lock;

long long now_ms(void);
long long elapsed_s(void);
void sleep_ms(long ms);
__printf(1, 2)
void msg(const char *fmt, ...);
void rng_seed(struct rng *r, uint64_t seed, uint64_t stream);
unsigned int rnd(struct rng *r, unsigned int n);
bool chance(struct rng *r, unsigned int pct);
void sb_init(struct sb *b, char *buf, size_t cap);
__printf(2, 3)
void sb_add(struct sb *b, const char *fmt, ...);
void sb_rep(struct sb *b, char c, unsigned int n);
const char *esc(const char *s, size_t len, char *out, size_t cap);
ssize_t xwrite(int fd, const void *buf, size_t len);
int xopen(const char *path, int flags);
int write_file(const char *path, const void *buf, size_t len, int flags);
int tfs_write(const char *rel, const char *s, int flags);
ssize_t read_file(const char *path, char *buf, size_t cap);
void copy_str(char *dst, size_t cap, const char *src);
const char *errname(int err);
bool exists(const char *path);

/* targets.c: what the probes are put on */

struct func {
	const char *name;
	const char *const *btf;	/* BTF arguments on entry */
	unsigned int nargs;	/* its arguments */
	bool is_void;		/* returns nothing */
	bool k, f;		/* in kallsyms, in available_filter_functions */
};

struct tracepoint {
	const char *sys, *name;
	const char *const *btf;
	unsigned int nargs;	/* of the tracepoint (the data not counted) */
	bool ok;
};

struct tevent {
	const char *sys, *name;
	const char *const *fields;	/* numeric fields */
	const char *const *sfields;	/* string fields */
	bool ok;
};

/* What the generator may pick from */
extern struct func *kfuncs[], *ffuncs[];
extern unsigned int nkfuncs, nffuncs;
extern const char *dsyms[];
extern unsigned int ndsyms;
extern struct tracepoint *tps[];
extern unsigned int ntps;
extern struct tevent *tevs[];
extern unsigned int ntevs;
extern bool have_uprobe;
extern char getppid_sym[64];	/* __<arch>_sys_getppid, from kallsyms */
extern int ncpus;		/* online CPUs, for per-CPU perf counters */
extern const char *true_path;
extern uint64_t true_off;	/* file offset of /bin/true's entry point */

const char *pick_list(struct rng *r, const char *const *l);
void setup_targets(bool all);

/* gen.c: the definitions */

size_t generate(char *buf, unsigned long n, bool *mutated);

/* events.c: dynamic_events, the live events, the event files */

struct dline {
	char name[NAME_CAP];	/* GROUP/EVENT */
	char kind;
};

struct live {
	char name[NAME_CAP];
	bool dying;
};

extern struct live live[LIVE_CAP];
extern int nlive;
extern pthread_mutex_t live_lock;
/* Held by the control thread around each operation on an event */
extern pthread_mutex_t ctl_lock;

int parse_dyn(const char *buf, struct dline *out, int cap,
	      bool skip_mod);
int find_line(const struct dline *l, int n, const char *name);
void live_set(const struct dline *l, int n);
bool live_pick(struct rng *r, char *name);
void inst_path(char *path, size_t cap, int i);
void buf_event_path(char *path, size_t cap, int buf, const char *name,
		    const char *file);
void event_path(char *path, size_t cap, const char *name,
		const char *file);
void event_quiesce(const char *name);
long profile_hits(const char *name, bool skip_mod);

/* check.c: the generator's writes and their checks */

struct noerr {
	int err;
	char key[41];
	char def[200];
	unsigned long count;
};

extern char dynbuf[DYN_BUF];
extern int dynfd;
extern struct noerr noerr[NOERR_CAP];
extern int nnoerr;
extern unsigned long noerr_more;	/* not listed: the table was full */
extern pthread_mutex_t dyn_lock;

int read_dyn(struct dline *l);
__printf(3, 4)
void inconsistent(const char *def, size_t len, const char *fmt, ...);
void try_def(const char *def, size_t len, bool mutated);
void delete_one(struct rng *r);

/* cleanup.c: the end of the run */

extern char enabled_before[ENABLED_BUF];

int enabled_list(int buf, char *out, size_t cap);
bool cleanup(void);
void summary(bool clean_ok);

/* work.c: the workload */

extern int listen_fd;

int listen_setup(void);
void *listen_thread(void *arg);
int reap(pid_t pid);
void *work_thread(void *arg);

/* ctl.c: the control thread */

void ctl_count(int ret);
void *ctl_thread(void *arg);

/* perf.c: perf counters on the probe events and the probe PMUs */

struct pmu;
extern struct pmu pmu_kprobe, pmu_uprobe;

void pmu_setup(struct pmu *p);
int perf_on_event(struct rng *r, const char *name);
void perf_pmu_check(struct rng *r);

/* modules.c: the module thread */

extern char modname[64];	/* in kallsyms: '-' made '_' */

void *mod_thread(void *arg);

#endif /* PROBE_STRESS_H */
