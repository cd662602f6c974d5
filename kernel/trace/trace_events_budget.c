// SPDX-License-Identifier: GPL-2.0
/*
 * trace_events_budget.c - bound what an event records in one instance
 *
 * events/SYSTEM/EVENT/budget holds the budget of the event in the
 * instance the directory belongs to, as "filter" holds its filter:
 *
 *   sample=N	record one hit in N, the gaps between recorded hits
 *		drawn at random from 1 to 2N - 1, so that a caller calling
 *		in a pattern that repeats every N calls cannot have the same
 *		call of the pattern recorded every time
 *   rate=N	record at most N hits a second on each CPU
 *   cpu=N	spend at most N percent of each CPU's time recording the
 *		event: a kept hit is timed from the decision to the
 *		filter's verdict on its record, the times are summed
 *		over windows of 100 ms, and once a CPU's sum reaches
 *		N ms it skips the event's hits until the window ends
 *
 * A write replaces the whole budget; "0" or an empty write removes it.
 * The budget is decided in trace_trigger_soft_disabled(), the test that
 * every event (static, syscall, synthetic, and every probe kind) makes
 * before it fetches or reserves anything: a skipped hit costs the
 * decision only, and changes nothing outside the instance (perf, BPF
 * and the other instances see every hit).
 *
 * events/SYSTEM/EVENT/budget_stats counts the hits the budget decided
 * on, and the hits each control skipped, since the budget was written;
 * with cpu=, also the time the kept hits took.
 */

#include <linux/jiffies.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/seq_file.h>
#include <linux/time64.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace.h"

enum budget_control {
	BUDGET_SAMPLE,
	BUDGET_RATE,
	BUDGET_CPU,
	BUDGET_NR_CONTROLS
};

static const char * const budget_names[BUDGET_NR_CONTROLS] = {
	[BUDGET_SAMPLE]	= "sample",
	[BUDGET_RATE]	= "rate",
	[BUDGET_CPU]	= "cpu",
};

#define BUDGET_MAX	1000000000U
/* cpu= is a share of this window, in percent */
#define BUDGET_CPU_WINDOW	(100 * NSEC_PER_MSEC)
#define BUDGET_CPU_MAX		100U
/* A hit counts at most this many times the average */
#define BUDGET_CPU_CLAMP	8

/*
 * The state of a budget on one CPU, touched by that CPU's hits only. A
 * hit that interrupts another hit's decision on the same CPU (an event
 * hit in an interrupt or NMI handler) finds @busy set: it is kept and
 * counted, and leaves the state alone.
 */
struct budget_cpu {
	struct rnd_state	rnd;
	unsigned int		busy;
	/* Hits to go to the next one sample= keeps */
	unsigned int		sample_left;
	/* Hits rate= kept in the second from rate_start, in jiffies */
	unsigned int		rate_kept;
	unsigned long		rate_start;
	/* Hits rate= skipped since it started to skip, 0 if it does not */
	unsigned long		rate_skipping;
	/*
	 * cpu=: the window from cpu_start (trace_clock_local(), ns), the
	 * time the hits kept in it took, the hits skipped since cpu= started
	 * to skip (0 if it does not); when the last hit was kept (0 if it
	 * was timed), by which task, after how many of its context
	 * switches; and the time a hit counts, on average (7/8 old, 1/8 new).
	 */
	u64			cpu_start;
	u64			cpu_used;
	unsigned long		cpu_skipping;
	u64			cpu_stamp;
	struct task_struct	*cpu_task;
	unsigned long		cpu_switches;
	u64			cpu_avg;
	u64			hits;
	u64			skipped[BUDGET_NR_CONTROLS];
	/* The time the hits cpu= kept took, since the budget was written */
	u64			cpu_ns;
};

struct trace_event_budget {
	unsigned int		limit[BUDGET_NR_CONTROLS];
	/* cpu=: the time a CPU may spend recording in a window, in ns */
	u64			cpu_quota;
	/* What was written, one space between controls */
	char			*text;
	struct budget_cpu __percpu *cpu;
	/* Being replaced: rate= and cpu= keep every hit, write no line */
	bool			frozen;
};

/*
 * Tell the readers of the instance that rate= or cpu= (@ctl, set to
 * @limit) starts or stops skipping hits of the event on @cpu, so that a
 * gap in the records is never taken for a quiet event. A line that
 * starts is always followed by one that stops: from the first hit after
 * the second or the window, or from the write that changes or removes
 * the budget.
 */
static noinline __cold void budget_mark(struct trace_event_file *file,
					int ctl, unsigned int limit, int cpu,
					unsigned long skipped)
{
	struct trace_event_call *call = file->event_call;
	char buf[MAX_EVENT_NAME_LEN * 2 + 96];
	int len;

	if (!skipped)
		len = scnprintf(buf, sizeof(buf),
				"budget: %s:%s %s=%u reached on CPU %d, skipping hits\n",
				call->class->system, trace_event_name(call),
				budget_names[ctl], limit, cpu);
	else
		len = scnprintf(buf, sizeof(buf),
				"budget: %s:%s %s=%u recording again on CPU %d, %lu hits skipped\n",
				call->class->system, trace_event_name(call),
				budget_names[ctl], limit, cpu, skipped);
	__trace_array_puts(file->tr, _THIS_IP_, buf, len);
}
NOKPROBE_SYMBOL(budget_mark);

/* A gap to the next hit kept, from 1 to 2 * @n - 1: @n on average */
static __always_inline unsigned int budget_gap(struct budget_cpu *bc,
					       unsigned int n)
{
	return 1 + reciprocal_scale(prandom_u32_state(&bc->rnd), 2 * n - 1);
}

/**
 * trace_event_budget_skip - decide a hit of an event with a budget
 * @file: the event in one instance; EVENT_FILE_FL_BUDGET is set
 *
 * Called from __trace_trigger_soft_disabled(), before the event fetches
 * or reserves anything. The sampling comes first, then the time, then
 * the rate (which counts the hits it keeps): a hit is counted as skipped
 * by the first control that skips it.
 *
 * Return: true if the hit is not recorded in this instance.
 */
bool trace_event_budget_skip(struct trace_event_file *file)
{
	struct trace_event_budget *b;
	struct budget_cpu *bc;
	bool skip = false;
	unsigned long now;
	unsigned int n;
	u64 clock = 0;

	/*
	 * The budget is used with preemption off, also by the handlers that
	 * run preemptible (uprobes): the writer's synchronize_rcu() waits
	 * for every such use.
	 */
	guard(preempt_notrace)();
	b = rcu_dereference_sched(file->budget);
	if (unlikely(!b))
		return false;

	this_cpu_inc(b->cpu->hits);
	bc = this_cpu_ptr(b->cpu);
	if (unlikely(bc->busy))
		return false;
	bc->busy = 1;
	barrier();

	n = b->limit[BUDGET_SAMPLE];
	if (n > 1) {
		if (bc->sample_left > 1) {
			bc->sample_left--;
			this_cpu_inc(b->cpu->skipped[BUDGET_SAMPLE]);
			skip = true;
			goto out;
		}
		bc->sample_left = budget_gap(bc, n);
	}

	n = b->limit[BUDGET_CPU];
	if (n && !READ_ONCE(b->frozen)) {
		clock = trace_clock_local();
		if (clock - bc->cpu_start >= BUDGET_CPU_WINDOW) {
			if (bc->cpu_skipping)
				budget_mark(file, BUDGET_CPU, n,
					    smp_processor_id(),
					    bc->cpu_skipping);
			bc->cpu_skipping = 0;
			bc->cpu_start = clock;
			bc->cpu_used = 0;
		}
		if (bc->cpu_used >= b->cpu_quota) {
			if (!bc->cpu_skipping)
				budget_mark(file, BUDGET_CPU, n,
					    smp_processor_id(), 0);
			bc->cpu_skipping++;
			this_cpu_inc(b->cpu->skipped[BUDGET_CPU]);
			skip = true;
			goto out;
		}
	}

	n = b->limit[BUDGET_RATE];
	if (n && !READ_ONCE(b->frozen)) {
		now = jiffies;
		if (now - bc->rate_start >= HZ) {
			if (bc->rate_skipping)
				budget_mark(file, BUDGET_RATE, n,
					    smp_processor_id(),
					    bc->rate_skipping);
			bc->rate_skipping = 0;
			bc->rate_start = now;
			bc->rate_kept = 0;
		}
		if (bc->rate_kept >= n) {
			if (!bc->rate_skipping)
				budget_mark(file, BUDGET_RATE, n,
					    smp_processor_id(), 0);
			bc->rate_skipping++;
			this_cpu_inc(b->cpu->skipped[BUDGET_RATE]);
			skip = true;
			goto out;
		}
		bc->rate_kept++;
	}
	/*
	 * Kept: cpu= times it to the filter's verdict, if the same task
	 * gets there without a context switch (syscall and uprobe events
	 * decide preemptible)
	 */
	if (clock) {
		bc->cpu_stamp = clock;
		bc->cpu_task = current;
		bc->cpu_switches = current->nvcsw + current->nivcsw;
	}
out:
	barrier();
	bc->busy = 0;
	return skip;
}
NOKPROBE_SYMBOL(trace_event_budget_skip);

/**
 * trace_event_budget_account - account the time a kept hit took
 * @file: the event in one instance; EVENT_FILE_FL_BUDGET is set
 *
 * Called when the event's filter has kept or discarded a record, just
 * before it is committed. A hit kept by cpu= is timed from its decision
 * to here, if the same task got here on the same CPU without a context
 * switch. Not timed: a kept hit that reserves nothing (the ring buffer
 * is off or full), which leaves its stamp for the next hit kept, and
 * one that another kept hit of the event interrupted on the same CPU,
 * as the inner hit takes the stamp.
 */
void trace_event_budget_account(struct trace_event_file *file)
{
	struct trace_event_budget *b;
	struct budget_cpu *bc;
	u64 stamp, delta, avg;

	guard(preempt_notrace)();
	b = rcu_dereference_sched(file->budget);
	if (unlikely(!b))
		return;
	bc = this_cpu_ptr(b->cpu);
	if (bc->busy)
		return;
	bc->busy = 1;
	barrier();

	stamp = bc->cpu_stamp;
	if (!stamp || bc->cpu_task != current ||
	    bc->cpu_switches != current->nvcsw + current->nivcsw)
		goto out;
	delta = trace_clock_local() - stamp;
	bc->cpu_stamp = 0;
	/*
	 * One hit counts at most 8 times the average (the first one a
	 * sixteenth of the share), so that an interrupt or a preempted vCPU
	 * does not stop a window; a lasting rise of the cost moves the
	 * average up within a few hits.
	 */
	avg = bc->cpu_avg;
	if (!avg)
		delta = min(delta, div_u64(b->cpu_quota, 16));
	else if (delta / BUDGET_CPU_CLAMP > avg)
		delta = BUDGET_CPU_CLAMP * avg;
	avg = avg ? avg - avg / 8 + delta / 8 : delta;
	bc->cpu_avg = max(avg, 1ULL);
	bc->cpu_used += delta;
	bc->cpu_ns += delta;
out:
	barrier();
	bc->busy = 0;
}
NOKPROBE_SYMBOL(trace_event_budget_account);

/* End the lines that @b began on each CPU: @b is no longer used */
static void budget_end_lines(struct trace_event_file *file,
			     struct trace_event_budget *b)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct budget_cpu *bc = per_cpu_ptr(b->cpu, cpu);

		if (bc->rate_skipping)
			budget_mark(file, BUDGET_RATE, b->limit[BUDGET_RATE],
				    cpu, bc->rate_skipping);
		if (bc->cpu_skipping)
			budget_mark(file, BUDGET_CPU, b->limit[BUDGET_CPU],
				    cpu, bc->cpu_skipping);
	}
}

static void budget_free(struct trace_event_budget *b)
{
	if (!b)
		return;
	free_percpu(b->cpu);
	kfree(b->text);
	kfree(b);
}

/*
 * The event is gone from every list its hits come through, and they have
 * been waited for, as its filter is freed here too.
 */
void trace_event_budget_free(struct trace_event_file *file)
{
	struct trace_event_budget *b;

	b = rcu_dereference_protected(file->budget, 1);
	if (!b)
		return;
	clear_bit(EVENT_FILE_FL_BUDGET_BIT, &file->flags);
	RCU_INIT_POINTER(file->budget, NULL);
	budget_end_lines(file, b);
	budget_free(b);
}

enum {
	BUDGET_ERR_BAD_CONTROL,
	BUDGET_ERR_SAME_CONTROL,
	BUDGET_ERR_BAD_VALUE,
	BUDGET_ERR_BAD_SHARE,
	BUDGET_ERR_MAX
};

static const char *budget_errs[BUDGET_ERR_MAX] = {
	[BUDGET_ERR_BAD_CONTROL]	=
		"Unknown control (use sample=N, rate=N or cpu=N, or 0 to remove the budget)",
	[BUDGET_ERR_SAME_CONTROL]	= "Control given twice",
	[BUDGET_ERR_BAD_VALUE]		= "Bad value (use 1 to 1000000000)",
	[BUDGET_ERR_BAD_SHARE]		= "Bad share of a CPU (use cpu=1 to cpu=100, in percent)",
};

static void budget_log_err(struct trace_event_file *file, const char *cmd,
			   int type, int pos)
{
	struct trace_event_call *call = file->event_call;
	char loc[MAX_EVENT_NAME_LEN * 2 + 8];

	snprintf(loc, sizeof(loc), "budget:%s:%s", call->class->system,
		 trace_event_name(call));
	tracing_log_err(file->tr, loc, cmd, budget_errs, type, pos);
}

/*
 * Parse @text, stripped, into a new budget. NULL with no error for "0"
 * or nothing: no budget.
 */
static struct trace_event_budget *
budget_parse(struct trace_event_file *file, char *text)
{
	bool given[BUDGET_NR_CONTROLS] = {};
	char *work, *tok, *val, *end, *out;
	struct trace_event_budget *b;
	int cpu, i, pos;
	size_t size;

	if (!*text || !strcmp(text, "0"))
		return NULL;

	work = kstrdup(text, GFP_KERNEL);
	b = kzalloc_obj(*b);
	if (!work || !b)
		goto nomem;
	/* The controls in the order written, one space apart */
	size = BUDGET_NR_CONTROLS * 20;
	b->text = kzalloc(size, GFP_KERNEL);
	if (!b->text)
		goto nomem;
	out = b->text;

	for (tok = work; *tok; tok = skip_spaces(end)) {
		end = tok + strcspn(tok, " \t\n");
		if (*end)
			*end++ = '\0';
		pos = tok - work;
		val = strchr(tok, '=');
		if (val)
			*val++ = '\0';
		i = match_string(budget_names, BUDGET_NR_CONTROLS, tok);
		if (i < 0 || !val) {
			budget_log_err(file, text, BUDGET_ERR_BAD_CONTROL, pos);
			goto inval;
		}
		if (given[i]) {
			budget_log_err(file, text, BUDGET_ERR_SAME_CONTROL, pos);
			goto inval;
		}
		given[i] = true;
		if (kstrtouint(val, 10, &b->limit[i]) || !b->limit[i] ||
		    b->limit[i] > (i == BUDGET_CPU ? BUDGET_CPU_MAX : BUDGET_MAX)) {
			budget_log_err(file, text, i == BUDGET_CPU ?
				       BUDGET_ERR_BAD_SHARE : BUDGET_ERR_BAD_VALUE,
				       val - work);
			goto inval;
		}
		out += scnprintf(out, size - (out - b->text), "%s%s=%u",
				 out == b->text ? "" : " ", budget_names[i],
				 b->limit[i]);
	}
	kfree(work);
	b->cpu_quota = (u64)b->limit[BUDGET_CPU] *
		       (BUDGET_CPU_WINDOW / BUDGET_CPU_MAX);

	b->cpu = alloc_percpu(struct budget_cpu);
	if (!b->cpu) {
		budget_free(b);
		return ERR_PTR(-ENOMEM);
	}
	for_each_possible_cpu(cpu) {
		struct budget_cpu *bc = per_cpu_ptr(b->cpu, cpu);

		prandom_seed_state(&bc->rnd, get_random_u64());
		bc->rate_start = jiffies;
	}
	return b;

inval:
	kfree(work);
	budget_free(b);
	return ERR_PTR(-EINVAL);
nomem:
	kfree(work);
	budget_free(b);
	return ERR_PTR(-ENOMEM);
}

/*
 * Replace the budget of @file with @b (NULL: none). The old one keeps
 * every hit that its rate= or cpu= would skip for a grace period, has
 * the lines it began ended, and is replaced; it is freed once no hit can
 * use it.
 */
static void budget_replace(struct trace_event_file *file,
			   struct trace_event_budget *b)
{
	struct trace_event_budget *old;

	lockdep_assert_held(&event_mutex);

	old = rcu_dereference_protected(file->budget,
					lockdep_is_held(&event_mutex));
	/*
	 * Every use of a budget is with preemption off, in an event's
	 * handler: synchronize_rcu() waits for them all. The lines the old
	 * budget began end before the new one may begin its own: frozen,
	 * the old one starts and ends no skipping (its rate= and cpu= keep
	 * every hit) once the hits that saw it unfrozen are done, and its state
	 * holds still while its lines are ended.
	 */
	if (old) {
		WRITE_ONCE(old->frozen, true);
		synchronize_rcu();
		budget_end_lines(file, old);
	}
	if (!b)
		clear_bit(EVENT_FILE_FL_BUDGET_BIT, &file->flags);
	rcu_assign_pointer(file->budget, b);
	if (b)
		set_bit(EVENT_FILE_FL_BUDGET_BIT, &file->flags);
	if (!old)
		return;
	synchronize_rcu();
	budget_free(old);
}

static ssize_t event_budget_write(struct file *filp, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct trace_event_budget *b;
	struct trace_event_file *file;
	char *buf;

	if (cnt >= PAGE_SIZE)
		return -EINVAL;

	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	scoped_guard(mutex, &event_mutex) {
		file = event_file_file(filp);
		if (!file) {
			b = ERR_PTR(-ENODEV);
			break;
		}
		b = budget_parse(file, strim(buf));
		if (!IS_ERR(b))
			budget_replace(file, b);
	}
	kfree(buf);
	if (IS_ERR(b))
		return PTR_ERR(b);

	*ppos += cnt;
	return cnt;
}

static ssize_t event_budget_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_budget *b;
	struct trace_event_file *file;
	char *text = NULL;
	ssize_t ret;

	if (*ppos)
		return 0;

	scoped_guard(mutex, &event_mutex) {
		file = event_file_file(filp);
		if (!file)
			return -ENODEV;
		b = rcu_dereference_protected(file->budget,
					      lockdep_is_held(&event_mutex));
		text = kasprintf(GFP_KERNEL, "%s\n", b ? b->text : "none");
	}
	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

const struct file_operations event_budget_fops = {
	.open		= tracing_open_file_tr,
	.read		= event_budget_read,
	.write		= event_budget_write,
	.llseek		= default_llseek,
	.release	= tracing_release_file_tr,
};

static int event_budget_stats_show(struct seq_file *m, void *v)
{
	u64 hits = 0, cpu_ns = 0, skipped[BUDGET_NR_CONTROLS] = {};
	unsigned long now = jiffies;
	u64 clock;
	struct trace_event_budget *b;
	struct trace_event_file *file;
	int cpu, i;

	guard(mutex)(&event_mutex);
	file = event_file_file(m->private);
	if (!file)
		return -ENODEV;
	b = rcu_dereference_protected(file->budget,
				      lockdep_is_held(&event_mutex));
	if (!b) {
		seq_puts(m, "# no budget\n");
		return 0;
	}

	for_each_possible_cpu(cpu) {
		struct budget_cpu *bc = per_cpu_ptr(b->cpu, cpu);

		hits += READ_ONCE(bc->hits);
		cpu_ns += READ_ONCE(bc->cpu_ns);
		for (i = 0; i < BUDGET_NR_CONTROLS; i++)
			skipped[i] += READ_ONCE(bc->skipped[i]);
	}
	seq_printf(m, "# budget: %s\n", b->text);
	seq_printf(m, "hits %llu\n", hits);
	for (i = 0; i < BUDGET_NR_CONTROLS; i++)
		seq_printf(m, "skipped_%s %llu\n", budget_names[i], skipped[i]);
	seq_printf(m, "cpu_ns %llu\n", cpu_ns);

	/* The CPUs that rate= skips the hits of in their current second */
	for_each_possible_cpu(cpu) {
		struct budget_cpu *bc = per_cpu_ptr(b->cpu, cpu);
		unsigned long skipping = READ_ONCE(bc->rate_skipping);

		if (!skipping || now - READ_ONCE(bc->rate_start) >= HZ)
			continue;
		seq_printf(m, "rate_skipping cpu=%d skipped=%lu\n", cpu,
			   skipping);
	}

	/*
	 * The CPUs that cpu= skips the hits of in their current window, as
	 * this CPU's clock tells the window's end
	 */
	clock = trace_clock_local();
	for_each_possible_cpu(cpu) {
		struct budget_cpu *bc = per_cpu_ptr(b->cpu, cpu);
		unsigned long skipping = READ_ONCE(bc->cpu_skipping);

		if (!skipping ||
		    clock - READ_ONCE(bc->cpu_start) >= BUDGET_CPU_WINDOW)
			continue;
		seq_printf(m, "cpu_skipping cpu=%d skipped=%lu\n", cpu,
			   skipping);
	}
	return 0;
}

static int event_budget_stats_open(struct inode *inode, struct file *filp)
{
	int ret;

	ret = tracing_open_file_tr(inode, filp);
	if (ret)
		return ret;
	ret = single_open(filp, event_budget_stats_show, filp);
	if (ret)
		tracing_release_file_tr(inode, filp);
	return ret;
}

static int event_budget_stats_release(struct inode *inode, struct file *filp)
{
	single_release(inode, filp);
	return tracing_release_file_tr(inode, filp);
}

const struct file_operations event_budget_stats_fops = {
	.open		= event_budget_stats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= event_budget_stats_release,
};
