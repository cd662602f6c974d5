// SPDX-License-Identifier: GPL-2.0
/*
 * probe_profile: the counters of probe events of every kind, and the
 * tracefs file that shows them and resets them.
 */

#include <linux/cleanup.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>

#include "trace_dynevent.h"
#include "trace_probe.h"
#include "trace_probe_profile.h"

/* The counters of an event listed in dynamic_events, made with its call */
int trace_probe_profile_alloc(struct trace_probe_event *tpe)
{
	tpe->stats = alloc_percpu(struct trace_probe_stats);
	tpe->profile_base = kzalloc_obj(*tpe->profile_base);
	if (tpe->stats && tpe->profile_base)
		return 0;

	trace_probe_profile_free(tpe);
	return -ENOMEM;
}

void trace_probe_profile_free(struct trace_probe_event *tpe)
{
	free_percpu(tpe->stats);
	tpe->stats = NULL;
	kfree(tpe->profile_base);
	tpe->profile_base = NULL;
}

/*
 * probe_profile_timing: while on, every probe handler is timed with
 * trace_clock_local() (sched_clock(), not traced by ftrace) and its time
 * added to its event's stats. While off (the default), the handlers only
 * pay for the static branch of DEFINE_TRACE_PROBE_DISPATCH().
 */
DEFINE_STATIC_KEY_FALSE(trace_probe_timing_key);

void trace_probe_account_time(struct trace_probe *tp, u64 start)
{
	struct trace_probe_stats __percpu *stats = tp->event->stats;
	u64 delta = trace_clock_local() - start;
	struct trace_probe_stats *st;
	s64 max;

	/* The probes of perf's local events have no counters */
	if (unlikely(!stats))
		return;

	/* A preemptible (uprobe) handler may end on another CPU's clock. */
	if ((s64)delta < 0)
		delta = 0;

	/*
	 * local64_t: a 64-bit add that an interrupt or an NMI on this CPU
	 * cannot undo, and a read that does not tear, also where
	 * this_cpu_add() of a u64 is two instructions (32-bit). With
	 * preemption off, a uprobe handler stays on the CPU whose maximum
	 * it updates; the loop retries when an interrupt or an NMI raised
	 * it meanwhile.
	 */
	guard(preempt_notrace)();
	st = this_cpu_ptr(stats);
	this_cpu_inc(stats->timed);
	local64_add(delta, &st->nsecs);
	max = local64_read(&st->max_nsecs);
	while (delta > (u64)max &&
	       !local64_try_cmpxchg(&st->max_nsecs, &max, delta))
		;
}
NOKPROBE_SYMBOL(trace_probe_account_time);

static ssize_t probe_timing_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char buf[3];

	snprintf(buf, sizeof(buf), "%d\n",
		 static_key_enabled(&trace_probe_timing_key));
	return simple_read_from_buffer(ubuf, count, ppos, buf, 2);
}

static ssize_t probe_timing_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	bool on;
	int ret;

	ret = kstrtobool_from_user(ubuf, count, &on);
	if (ret)
		return ret;

	if (on)
		static_branch_enable(&trace_probe_timing_key);
	else
		static_branch_disable(&trace_probe_timing_key);

	*ppos += count;
	return count;
}

static const struct file_operations probe_timing_fops = {
	.open		= tracing_open_generic,
	.read		= probe_timing_read,
	.write		= probe_timing_write,
	.llseek		= default_llseek,
};

/*
 * probe_profile: one line per probe event, of every kind, with its hits,
 * misses, the events its filter discarded or the buffer could not take,
 * and the time its handler took while probe_profile_timing was on.
 */

#define PROBE_PROFILE_CMD_MAX	(2 * MAX_EVENT_NAME_LEN + 16)

enum probe_profile_err {
	PROBE_PROFILE_ERR_BAD_COMMAND,
	PROBE_PROFILE_ERR_NO_PROBE_EVENT,
	PROBE_PROFILE_ERR_TOO_MANY_ARGS,
	PROBE_PROFILE_ERR_COMMAND_TOO_LONG,
	PROBE_PROFILE_ERR_MAX
};

static const char *probe_profile_errs[PROBE_PROFILE_ERR_MAX] = {
	[PROBE_PROFILE_ERR_BAD_COMMAND] =
		"Unknown command (use: reset [[GROUP/]EVENT])",
	[PROBE_PROFILE_ERR_NO_PROBE_EVENT] = "No probe event of this name",
	[PROBE_PROFILE_ERR_TOO_MANY_ARGS] = "Too many arguments",
	[PROBE_PROFILE_ERR_COMMAND_TOO_LONG] = "Command too long",
};

static void probe_profile_log_err(const char *cmd, int type, int pos)
{
	tracing_log_err(NULL, "probe_profile", cmd, probe_profile_errs,
			type, pos);
}

/*
 * trace_event_buffer_reserve() gave no room for a record of @tp's event in
 * @file: set_event_pid excluded the task (filtered), or the ring buffer
 * did not take the record (dropped). Out of line: the hits that write
 * their record must not pay for telling these apart. A write to
 * set_event_pid in between may count such a record in the other column.
 */
void trace_probe_count_unreserved(struct trace_probe *tp,
				  struct trace_event_file *file)
{
	if ((file->flags & EVENT_FILE_FL_PID_FILTER) &&
	    trace_event_ignore_this_pid(file))
		trace_probe_count_filtered(tp);
	else
		trace_probe_count_dropped(tp);
}
NOKPROBE_SYMBOL(trace_probe_count_unreserved);

static int trace_probe_get_profile(struct dyn_event *ev,
				   struct trace_probe_profile *prof)
{
	memset(prof, 0, sizeof(*prof));
	if (!ev->ops->profile)
		return -ENOENT;
	return ev->ops->profile(ev, prof);
}

/* The counts of the event of @prof since it was made */
static void trace_probe_counts_read(struct trace_probe_profile *prof,
				    struct trace_probe_counts *sum)
{
	struct trace_probe_stats *st;
	int cpu;

	memset(sum, 0, sizeof(*sum));
	for_each_possible_cpu(cpu) {
		st = per_cpu_ptr(prof->tp->event->stats, cpu);
		sum->hits += READ_ONCE(st->hits);
		sum->consumed += READ_ONCE(st->consumed);
		sum->filtered += READ_ONCE(st->filtered);
		sum->dropped += READ_ONCE(st->dropped);
		sum->timed += READ_ONCE(st->timed);
		sum->nsecs += local64_read(&st->nsecs);
		sum->max_nsecs = max_t(u64, sum->max_nsecs,
				       local64_read(&st->max_nsecs));
	}
	if (prof->has_hits)
		sum->hits = prof->hits;
	sum->missed = prof->missed;
}

/*
 * "reset" only moves probe_profile's zero: the counters keep counting, so
 * that kprobe_profile and uprobe_profile, which show the same hit and miss
 * counters, never go backwards, and a hit on another CPU is never lost.
 */
static void trace_probe_counts_reset(struct trace_probe_profile *prof)
{
	struct trace_probe_stats *st;
	int cpu;

	lockdep_assert_held(&event_mutex);
	trace_probe_counts_read(prof, prof->tp->event->profile_base);
	/* A handler ending meanwhile on that CPU may keep its maximum */
	for_each_possible_cpu(cpu) {
		st = per_cpu_ptr(prof->tp->event->stats, cpu);
		local64_set(&st->max_nsecs, 0);
	}
}

static void *probe_profile_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&event_mutex);
	return seq_list_start_head(&dyn_event_list, *pos);
}

static void *probe_profile_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &dyn_event_list, pos);
}

static void probe_profile_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&event_mutex);
}

/*
 * A count of the kind's own since the last reset. Those can start again
 * from 0 under the event (an fprobe's misses when it is registered again
 * on enable, a kprobe's when its module comes back, the sums of an event
 * when one of its probes is removed): then the count is the kind's as it
 * is, never a difference that wraps around.
 */
static unsigned long probe_profile_since(unsigned long now, unsigned long base)
{
	return now >= base ? now - base : now;
}

static int probe_profile_seq_show(struct seq_file *m, void *v)
{
	char name[2 * MAX_EVENT_NAME_LEN + 2];
	struct trace_probe_profile prof;
	struct trace_probe_counts now, *base;

	if (v == &dyn_event_list) {
		seq_printf(m, "# %-44s %-9s %12s %12s %12s %12s %12s %12s %15s %12s\n",
			   "EVENT", "KIND", "HITS", "MISSED", "FILTERED",
			   "DROPPED", "CONSUMED", "TIMED", "NSECS",
			   "MAX_NSECS");
		return 0;
	}

	if (trace_probe_get_profile(list_entry(v, struct dyn_event, list),
				    &prof))
		return 0;

	trace_probe_counts_read(&prof, &now);
	base = prof.tp->event->profile_base;
	snprintf(name, sizeof(name), "%s/%s", trace_probe_group_name(prof.tp),
		 trace_probe_name(prof.tp));
	seq_printf(m, "  %-44s %-9s %12lu", name, prof.kind,
		   probe_profile_since(now.hits, base->hits));
	if (prof.has_missed)
		seq_printf(m, " %12lu",
			   probe_profile_since(now.missed, base->missed));
	else
		seq_printf(m, " %12s", "-");
	seq_printf(m, " %12lu %12lu %12lu %12lu %15llu %12llu\n",
		   now.filtered - base->filtered, now.dropped - base->dropped,
		   now.consumed - base->consumed, now.timed - base->timed,
		   now.nsecs - base->nsecs, now.max_nsecs);

	return 0;
}

static const struct seq_operations probe_profile_seq_op = {
	.start	= probe_profile_seq_start,
	.next	= probe_profile_seq_next,
	.stop	= probe_profile_seq_stop,
	.show	= probe_profile_seq_show,
};

static int probe_profile_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	return seq_open(file, &probe_profile_seq_op);
}

/* Reset the counters of @name ("GROUP/EVENT" or "EVENT"), or of all if NULL */
static int probe_profile_reset(const char *name)
{
	char *buf __free(kfree) = NULL;
	const char *group = NULL, *event = NULL;
	struct trace_probe_profile prof;
	struct dyn_event *ev;
	bool found = false;
	char *slash;

	if (name) {
		buf = kstrdup(name, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		event = buf;
		slash = strchr(buf, '/');
		if (slash) {
			*slash = '\0';
			group = buf;
			event = slash + 1;
		}
	}

	guard(mutex)(&event_mutex);
	for_each_dyn_event(ev) {
		if (trace_probe_get_profile(ev, &prof))
			continue;
		if (name && !ev->ops->match(group, event, 0, NULL, ev))
			continue;
		trace_probe_counts_reset(&prof);
		found = true;
	}

	return (found || !name) ? 0 : -ENOENT;
}

static ssize_t probe_profile_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	char *buf __free(kfree) = NULL;
	char *cmd, *arg, *end;
	size_t len;
	int ret;

	buf = memdup_user_nul(ubuf, min(count, PROBE_PROFILE_CMD_MAX));
	if (IS_ERR(buf))
		return PTR_ERR(buf);

	cmd = strim(buf);
	if (count > PROBE_PROFILE_CMD_MAX) {
		probe_profile_log_err(cmd, PROBE_PROFILE_ERR_COMMAND_TOO_LONG, 0);
		return -E2BIG;
	}
	if (!*cmd)
		return count;

	len = strcspn(cmd, " \t\n");
	if (len != strlen("reset") || strncmp(cmd, "reset", len)) {
		probe_profile_log_err(cmd, PROBE_PROFILE_ERR_BAD_COMMAND, 0);
		return -EINVAL;
	}

	arg = skip_spaces(cmd + len);
	if (!*arg) {
		ret = probe_profile_reset(NULL);
		return ret ? ret : count;
	}

	end = arg + strcspn(arg, " \t\n");
	if (*end) {
		probe_profile_log_err(cmd, PROBE_PROFILE_ERR_TOO_MANY_ARGS,
				      skip_spaces(end) - cmd);
		return -EINVAL;
	}

	ret = probe_profile_reset(arg);
	if (ret == -ENOENT)
		probe_profile_log_err(cmd, PROBE_PROFILE_ERR_NO_PROBE_EVENT,
				      arg - cmd);

	return ret ? ret : count;
}

static const struct file_operations probe_profile_fops = {
	.open		= probe_profile_open,
	.read		= seq_read,
	.write		= probe_profile_write,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static __init int init_probe_profile(void)
{
	if (tracing_init_dentry())
		return 0;

	trace_create_file("probe_profile", TRACE_MODE_WRITE, NULL, NULL,
			  &probe_profile_fops);
	trace_create_file("probe_profile_timing", TRACE_MODE_WRITE, NULL, NULL,
			  &probe_timing_fops);
	return 0;
}
fs_initcall(init_probe_profile);
