// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the targets of the probes.  Kernel functions, data
 * symbols, tracepoints and events, /bin/true: the lists, and the scan
 * of kallsyms, available_filter_functions and the tracepoints that
 * keeps those the kernel has.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* Targets: functions, data symbols, tracepoints, events, /bin/true */

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
struct func *kfuncs[ARRAY_SIZE(funcs)], *ffuncs[ARRAY_SIZE(funcs)];
unsigned int nkfuncs, nffuncs;
const char *dsyms[ARRAY_SIZE(datasyms)];
unsigned int ndsyms;
struct tracepoint *tps[ARRAY_SIZE(tracepoints)];
unsigned int ntps;
struct tevent *tevs[ARRAY_SIZE(tevents)];
unsigned int ntevs;
bool have_uprobe;
char getppid_sym[64];	/* __<arch>_sys_getppid, from kallsyms */
int ncpus = 1;		/* online CPUs, for per-CPU perf counters */
const char *true_path = "/bin/true";
uint64_t true_off;	/* file offset of /bin/true's entry point */

static size_t list_len(const char *const *l)
{
	size_t n = 0;

	while (l && l[n])
		n++;
	return n;
}

const char *pick_list(struct rng *r, const char *const *l)
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

void setup_targets(bool all)
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
