/* SPDX-License-Identifier: GPL-2.0 */
/*
 * probe_profile: the counters that every probe event keeps of its hits
 * and of the records it did not write, the helpers through which the
 * probe kinds count them, and what a kind tells the probe_profile file.
 * Included after trace_probe.h.
 */
#ifndef _TRACE_PROBE_PROFILE_H_
#define _TRACE_PROBE_PROFILE_H_

#include <linux/static_key.h>
#include <linux/trace_clock.h>

#include <asm/local64.h>

/*
 * Per-CPU counters of a probe event, shown in the probe_profile file.
 * They are bumped with this_cpu operations only, so a probe firing in
 * any context never waits for a lock; where this_cpu operations are
 * single instructions (x86), an NMI cannot lose an update either.
 */
struct trace_probe_stats {
	unsigned long			hits;	  /* hit, if the kind has no counter */
	/* Records, one per buffer the event is enabled in: */
	unsigned long			consumed; /* soft-disabled: for triggers only */
	unsigned long			filtered; /* event or PID filter */
	unsigned long			dropped;  /* not taken by the buffer (full, off) */
	unsigned long			timed;	  /* hits timed while timing was on */
	local64_t			nsecs;	  /* total time in the handler */
	local64_t			max_nsecs; /* longest time in the handler */
};

/*
 * The counts of a probe event as probe_profile shows them, summed over the
 * CPUs, and what they were when probe_profile was last reset.
 */
struct trace_probe_counts {
	unsigned long			hits;
	unsigned long			missed;
	unsigned long			consumed;
	unsigned long			filtered;
	unsigned long			dropped;
	unsigned long			timed;
	u64				nsecs;
	u64				max_nsecs;	/* a maximum: cleared by reset */
};

/*
 * The probe_profile counters of @tp's event. Only events of dynamic_events
 * have them (->stats): the callers are the ring buffer path, which perf's
 * local events never take, and the dispatchers of the kinds that have no
 * local events (fprobe, eprobe); kprobes and uprobes count their hits in
 * their own nhit.
 */
static nokprobe_inline void trace_probe_count_hit(struct trace_probe *tp)
{
	this_cpu_inc(tp->event->stats->hits);
}

static nokprobe_inline void trace_probe_count_consumed(struct trace_probe *tp)
{
	this_cpu_inc(tp->event->stats->consumed);
}

static nokprobe_inline void trace_probe_count_filtered(struct trace_probe *tp)
{
	this_cpu_inc(tp->event->stats->filtered);
}

static nokprobe_inline void trace_probe_count_dropped(struct trace_probe *tp)
{
	this_cpu_inc(tp->event->stats->dropped);
}

void trace_probe_count_unreserved(struct trace_probe *tp,
				  struct trace_event_file *file);

/*
 * trace_event_buffer_reserve() for a record of @tp's event in @file,
 * counting a record that is not reserved. A hit that writes its record
 * pays for nothing more than the test of the result.
 */
static nokprobe_inline void *
trace_probe_buffer_reserve(struct trace_probe *tp,
			   struct trace_event_buffer *fbuffer,
			   struct trace_event_file *file, unsigned long len)
{
	void *entry = trace_event_buffer_reserve(fbuffer, file, len);

	if (unlikely(!entry))
		trace_probe_count_unreserved(tp, file);
	return entry;
}

/*
 * Commit a record reserved by trace_probe_buffer_reserve(), counting it
 * when it is not written. The written case is tested first and alone:
 * it is the one of nearly every hit.
 */
static nokprobe_inline void
trace_probe_buffer_commit(struct trace_probe *tp,
			  struct trace_event_buffer *fbuffer)
{
	enum trace_commit_status status;

	status = trace_event_buffer_commit_status(fbuffer);
	if (likely(status == TRACE_COMMIT_WRITTEN))
		return;
	if (status != TRACE_COMMIT_DISCARDED)
		trace_probe_count_dropped(tp);
	else if (fbuffer->trace_file->flags & EVENT_FILE_FL_SOFT_DISABLED)
		trace_probe_count_consumed(tp);	/* built for a hist trigger */
	else
		trace_probe_count_filtered(tp);
}

/*
 * trace_trigger_soft_disabled() for a record of @tp's event in @file,
 * counting the hit that writes no record: a soft-disabled event (on for
 * its triggers only, or for an enable_event trigger to turn on) consumes
 * it, a task that set_event_pid excludes filters it.
 */
static nokprobe_inline bool
trace_probe_soft_disabled(struct trace_probe *tp, struct trace_event_file *file)
{
	if (likely(!trace_trigger_soft_disabled(file)))
		return false;
	if (file->flags & EVENT_FILE_FL_SOFT_DISABLED)
		trace_probe_count_consumed(tp);
	else
		trace_probe_count_filtered(tp);
	return true;
}

DECLARE_STATIC_KEY_FALSE(trace_probe_timing_key);
void trace_probe_account_time(struct trace_probe *tp, u64 start);

/*
 * trace_probe_timing_enabled - whether probe_profile_timing is on
 *
 * A probe dispatcher tests it once, on entry, and only when it is true
 * runs its handler between two trace_clock_local() reads: with timing off
 * a hit pays for this static branch and nothing else.
 */
static __always_inline bool trace_probe_timing_enabled(void)
{
	return static_branch_unlikely(&trace_probe_timing_key);
}

/**
 * DEFINE_TRACE_PROBE_DISPATCH - define how a probe kind runs a handler
 * @name: the function to define, which a dispatcher calls for each hit
 * @handler: the handler, an inline function that returns an int
 * @tp: the struct trace_probe of the hit, an expression of @args
 * @proto: the parameters of @handler, in PARAMS()
 * @args: their names, in PARAMS()
 *
 * The one place where a hit of any probe kind is timed or not: @name
 * runs @handler, and while probe_profile_timing is on it runs it between
 * two trace_clock_local() reads and adds the time to @tp's event. The
 * timed path is a function of its own (timed_@name, noinline): kept in
 * the dispatcher, the start time it holds across the handler would cost
 * every untimed hit one more saved register. Each kind's handlers take
 * different arguments; a function shared by all would have to call them
 * through a pointer with their arguments packed in memory, which costs
 * every hit a stack canary and the timed ones an indirect call.
 */
#define DEFINE_TRACE_PROBE_DISPATCH(name, handler, tp, proto, args)	\
static noinline int timed_##name(proto)					\
{									\
	u64 __start = trace_clock_local();				\
	int __ret = handler(args);					\
									\
	trace_probe_account_time(tp, __start);				\
	return __ret;							\
}									\
NOKPROBE_SYMBOL(timed_##name);						\
									\
static __always_inline int name(proto)					\
{									\
	if (trace_probe_timing_enabled())				\
		return timed_##name(args);				\
	return handler(args);						\
}

/*
 * What a probe kind tells probe_profile about one of its events:
 * @kind is the name shown in the KIND column, and @missed the sum of
 * the misses of all the probes of the event, valid when @has_missed.
 * A kind that counts hits already (kprobe and uprobe events, for
 * kprobe_profile and uprobe_profile) gives their sum in @hits and sets
 * @has_hits, and its probes do not call trace_probe_count_hit(): one
 * counter per hit, whichever file shows it.
 */
struct trace_probe_profile {
	struct trace_probe	*tp;
	const char		*kind;
	unsigned long		missed;
	unsigned long		hits;
	bool			has_missed;
	bool			has_hits;
};

/* The siblings of an event share its stats: only the first one shows them. */
static inline bool trace_probe_is_primary(struct trace_probe *tp)
{
	return list_first_entry(trace_probe_probe_list(tp),
				struct trace_probe, list) == tp;
}

int trace_probe_profile_alloc(struct trace_probe_event *tpe);
void trace_probe_profile_free(struct trace_probe_event *tpe);

#endif /* _TRACE_PROBE_PROFILE_H_ */
