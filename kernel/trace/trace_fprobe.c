// SPDX-License-Identifier: GPL-2.0
/*
 * Fprobe-based tracing events
 * Copyright (C) 2022 Google LLC.
 */
#define pr_fmt(fmt)	"trace_fprobe: " fmt

#include <linux/fprobe.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/security.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

#include <asm/ptrace.h>

#include "trace_dynevent.h"
#include "trace_probe.h"
#include "trace_probe_profile.h"
#include "trace_probe_kernel.h"
#include "trace_probe_tmpl.h"

#define FPROBE_EVENT_SYSTEM "fprobes"
#define TRACEPOINT_EVENT_SYSTEM "tracepoints"
#define RETHOOK_MAXACTIVE_MAX 4096

static int trace_fprobe_create(const char *raw_command);
static int trace_fprobe_show(struct seq_file *m, struct dyn_event *ev);
static int trace_fprobe_release(struct dyn_event *ev);
static bool trace_fprobe_is_busy(struct dyn_event *ev);
static bool trace_fprobe_match(const char *system, const char *event,
			int argc, const char **argv, struct dyn_event *ev);
static int trace_fprobe_profile(struct dyn_event *ev,
				struct trace_probe_profile *prof);

static struct dyn_event_operations trace_fprobe_ops = {
	.create = trace_fprobe_create,
	.show = trace_fprobe_show,
	.is_busy = trace_fprobe_is_busy,
	.free = trace_fprobe_release,
	.match = trace_fprobe_match,
	.profile = trace_fprobe_profile,
};

/* List of tracepoint_user */
static LIST_HEAD(tracepoint_user_list);
static DEFINE_MUTEX(tracepoint_user_mutex);

/* While living tracepoint_user, @tpoint can be NULL and @refcount != 0. */
struct tracepoint_user {
	struct list_head	list;
	const char		*name;
	struct tracepoint	*tpoint;
	unsigned int		refcount;
};

/* NOTE: you must lock tracepoint_user_mutex. */
#define for_each_tracepoint_user(tuser)		\
	list_for_each_entry(tuser, &tracepoint_user_list, list)

/*
 * Whether a tracepoint_user other than @tuser is on @tpoint: "TRACEPOINT" and
 * "MOD:TRACEPOINT" are two tracepoint_users of the same tracepoint, and its
 * probe stub can only be registered once. It is registered while at least
 * one tracepoint_user is on the tracepoint.
 * NOTE: you must lock tracepoint_user_mutex.
 */
static bool tracepoint_user_shared(struct tracepoint_user *tuser,
				   struct tracepoint *tpoint)
{
	struct tracepoint_user *pos;

	for_each_tracepoint_user(pos) {
		if (pos != tuser && pos->tpoint == tpoint)
			return true;
	}
	return false;
}

static int tracepoint_user_register(struct tracepoint_user *tuser)
{
	struct tracepoint *tpoint = tuser->tpoint;

	if (!tpoint || tracepoint_user_shared(tuser, tpoint))
		return 0;

	return tracepoint_probe_register_prio_may_exist(tpoint,
					tpoint->probestub, NULL, 0);
}

static void tracepoint_user_unregister(struct tracepoint_user *tuser)
{
	struct tracepoint *tpoint = tuser->tpoint;

	if (!tpoint)
		return;

	if (!tracepoint_user_shared(tuser, tpoint))
		WARN_ON_ONCE(tracepoint_probe_unregister(tpoint,
							 tpoint->probestub,
							 NULL));
	tuser->tpoint = NULL;
}

static unsigned long tracepoint_user_ip(struct tracepoint_user *tuser)
{
	if (!tuser->tpoint)
		return 0UL;

	return (unsigned long)tuser->tpoint->probestub;
}

static void __tracepoint_user_free(struct tracepoint_user *tuser)
{
	if (!tuser)
		return;
	kfree(tuser->name);
	kfree(tuser);
}

DEFINE_FREE(tuser_free, struct tracepoint_user *, __tracepoint_user_free(_T))

static struct tracepoint_user *__tracepoint_user_init(const char *name, struct tracepoint *tpoint)
{
	struct tracepoint_user *tuser __free(tuser_free) = NULL;
	int ret;

	tuser = kzalloc_obj(*tuser);
	if (!tuser)
		return NULL;
	tuser->name = kstrdup(name, GFP_KERNEL);
	if (!tuser->name)
		return NULL;

	/* Register tracepoint if it is loaded. */
	if (tpoint) {
		tuser->tpoint = tpoint;
		ret = tracepoint_user_register(tuser);
		if (ret)
			return ERR_PTR(ret);
	}

	tuser->refcount = 1;
	INIT_LIST_HEAD(&tuser->list);
	list_add(&tuser->list, &tracepoint_user_list);

	return_ptr(tuser);
}

static struct tracepoint *find_tracepoint(const char *tp_name,
	struct module **tp_mod);

static void tracepoint_user_put(struct tracepoint_user *tuser);

/* The tracepoint name of a tprobe target, "[MOD:]TRACEPOINT". */
static const char *tprobe_target_name(const char *target)
{
	const char *sep = strchr(target, ':');

	return sep ? sep + 1 : target;
}

/*
 * Get tracepoint_user if exist, or allocate new one and register it.
 * If tracepoint is on a module, get its refcounter too.
 * This returns errno or NULL (not loaded yet) or tracepoint_user.
 */
static struct tracepoint_user *tracepoint_user_find_get(const char *name, struct module **pmod)
{
	struct module *mod __free(module_put) = NULL;
	struct tracepoint_user *tuser;
	struct tracepoint *tpoint;
	int ret = 0;

	if (!name || !pmod)
		return ERR_PTR(-EINVAL);

	/* Get and lock the module which has tracepoint. */
	tpoint = find_tracepoint(name, &mod);

	scoped_guard(mutex, &tracepoint_user_mutex) {
		/* Search existing tracepoint_user */
		for_each_tracepoint_user(tuser) {
			if (!strcmp(tuser->name, name)) {
				tuser->refcount++;
				*pmod = no_free_ptr(mod);
				return tuser;
			}
		}

		/* The corresponding tracepoint_user is not found. */
		tuser = __tracepoint_user_init(name, tpoint);
		if (IS_ERR_OR_NULL(tuser))
			return tuser;
		if (tpoint) {
			*pmod = no_free_ptr(mod);
			return tuser;
		}
	}

	/*
	 * Not loaded. A module that brings the tracepoint may have run the
	 * tracepoint notifier between find_tracepoint() and the addition of
	 * @tuser, which it did not see then. Look again: a module coming from
	 * now on finds @tuser in the notifier. This cannot be done under
	 * tracepoint_user_mutex, which the notifier takes inside
	 * tracepoint_module_list_mutex, the lock of the module walk.
	 */
	if (!IS_ENABLED(CONFIG_MODULES))
		return tuser;
	tpoint = find_tracepoint(name, &mod);
	if (!tpoint)
		return tuser;

	scoped_guard(mutex, &tracepoint_user_mutex) {
		if (!tuser->tpoint) {
			tuser->tpoint = tpoint;
			ret = tracepoint_user_register(tuser);
			if (ret)
				tuser->tpoint = NULL;
		}
	}
	if (ret) {
		tracepoint_user_put(tuser);
		return ERR_PTR(ret);
	}
	*pmod = no_free_ptr(mod);
	return tuser;
}

static void tracepoint_user_put(struct tracepoint_user *tuser)
{
	scoped_guard(mutex, &tracepoint_user_mutex) {
		if (--tuser->refcount > 0)
			return;

		list_del(&tuser->list);
		tracepoint_user_unregister(tuser);
	}

	__tracepoint_user_free(tuser);
}

DEFINE_FREE(tuser_put, struct tracepoint_user *,
	if (!IS_ERR_OR_NULL(_T))
		tracepoint_user_put(_T))

/*
 * Fprobe event core functions
 */

/*
 * @symbol is the function, the pattern or the list as it was given.
 * @filter and @nofilter are set only for a list: the patterns to probe and
 * to exclude, each separated by commas as register_fprobe() takes them.
 * @tprobe is true for tracepoint probe.
 * @tuser can be NULL if the trace_fprobe is disabled or the tracepoint is not
 * loaded with a module. If @tuser != NULL, this trace_fprobe is enabled.
 */
struct trace_fprobe {
	struct dyn_event	devent;
	struct fprobe		fp;
	const char		*symbol;
	char			*filter;
	char			*nofilter;
	bool			tprobe;
	struct tracepoint_user	*tuser;
	struct trace_probe	tp;
};

static bool is_trace_fprobe(struct dyn_event *ev)
{
	return ev->ops == &trace_fprobe_ops;
}

static struct trace_fprobe *to_trace_fprobe(struct dyn_event *ev)
{
	return container_of(ev, struct trace_fprobe, devent);
}

/**
 * for_each_trace_fprobe - iterate over the trace_fprobe list
 * @pos:	the struct trace_fprobe * for each entry
 * @dpos:	the struct dyn_event * to use as a loop cursor
 */
#define for_each_trace_fprobe(pos, dpos)	\
	for_each_dyn_event(dpos)		\
		if (is_trace_fprobe(dpos) && (pos = to_trace_fprobe(dpos)))

static bool trace_fprobe_is_return(struct trace_fprobe *tf)
{
	return tf->fp.exit_handler != NULL;
}

static bool trace_fprobe_is_tracepoint(struct trace_fprobe *tf)
{
	return tf->tprobe;
}

static const char *trace_fprobe_symbol(struct trace_fprobe *tf)
{
	return tf->symbol ? tf->symbol : "unknown";
}

static bool trace_fprobe_has_list(struct trace_fprobe *tf)
{
	return !!tf->filter;
}

static bool trace_fprobe_is_busy(struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);

	return trace_probe_is_enabled(&tf->tp);
}

/*
 * Whether @arg names the target of @tf. The MOD of a tprobe's
 * "MOD:TRACEPOINT" is kept with '_' where it was written with '-'.
 */
static bool trace_fprobe_symbol_match(struct trace_fprobe *tf, const char *arg)
{
	const char *sym = trace_fprobe_symbol(tf);
	const char *sep = strchr(arg, ':');

	if (!trace_fprobe_is_tracepoint(tf) || !sep)
		return !strcmp(sym, arg);

	for (; arg < sep; arg++, sym++) {
		if (*sym != (*arg == '-' ? '_' : *arg))
			return false;
	}
	return !strcmp(sym, arg);
}

static bool trace_fprobe_match_command_head(struct trace_fprobe *tf,
					    int argc, const char **argv)
{
	if (!argc)
		return true;

	if (!trace_fprobe_symbol_match(tf, argv[0]))
		return false;
	argc--; argv++;

	return trace_probe_match_command_args(&tf->tp, argc, argv);
}

static bool trace_fprobe_match(const char *system, const char *event,
			int argc, const char **argv, struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);

	if (event[0] != '\0' && strcmp(trace_probe_name(&tf->tp), event))
		return false;

	if (system && strcmp(trace_probe_group_name(&tf->tp), system))
		return false;

	return trace_fprobe_match_command_head(tf, argc, argv);
}

static bool trace_fprobe_is_registered(struct trace_fprobe *tf)
{
	return fprobe_is_registered(&tf->fp);
}

static nokprobe_inline int
fetch_context_value(struct fetch_insn *code, void *rec, void *edata,
		    unsigned long *val)
{
	struct ftrace_regs *fregs = rec;

	switch (code->op) {
	case FETCH_OP_STACK:
		*val = ftrace_regs_get_kernel_stack_nth(fregs, code->param);
		break;
	case FETCH_OP_RETVAL:
		*val = ftrace_regs_get_return_value(fregs);
		break;
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
	case FETCH_OP_ARG:
		*val = ftrace_regs_get_argument(fregs, code->param);
		break;
	case FETCH_OP_EDATA:
		*val = *(unsigned long *)((unsigned long)edata + code->offset);
		break;
#endif
	default:
		return -EILSEQ;
	}
	return 0;
}

/*
 * Note that we don't verify the fetch_insn code, since it does not come
 * from user space.
 */
static int
process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
		   void *dest, void *base)
{
	struct ftrace_regs *fregs = rec;
	unsigned long val;
	int ret;

retry:
	/* 1st stage: get value from context */
	if (!fetch_context_value(code, rec, edata, &val))
		goto stage2;

	switch (code->op) {
	case FETCH_OP_STACKP:
		val = ftrace_regs_get_stack_pointer(fregs);
		break;
#ifdef CONFIG_HAVE_FUNCTION_ARG_ACCESS_API
#if BITS_PER_LONG == 32
	case FETCH_OP_DURATION:	/* FETCH_OP_EDATA on 64-bit */
		if (fetch_duration(code, edata, dest, &val))
			return 0;
		break;
#endif
#endif
	case FETCH_NOP_SYMBOL:	/* Ignore a place holder */
		code++;
		goto retry;
	default:
		ret = process_common_fetch_insn(code, &val);
		if (ret < 0)
			return ret;
	}
stage2:
	code++;

	return process_fetch_insn_bottom(code, val, dest, base);
}
NOKPROBE_SYMBOL(process_fetch_insn)

/* function entry handler */
static nokprobe_inline void
__fentry_trace_func(struct trace_fprobe *tf, unsigned long entry_ip,
		    struct ftrace_regs *fregs,
		    struct trace_event_file *trace_file)
{
	struct fentry_trace_entry_head *entry;
	struct trace_event_call *call = trace_probe_event_call(&tf->tp);
	struct trace_event_buffer fbuffer;
	int dsize;

	if (WARN_ON_ONCE(call != trace_file->event_call))
		return;

	if (trace_probe_soft_disabled(&tf->tp, trace_file))
		return;

	dsize = __get_data_size(&tf->tp, fregs, NULL);

	entry = trace_probe_buffer_reserve(&tf->tp, &fbuffer, trace_file,
					   sizeof(*entry) + tf->tp.size + dsize);
	if (!entry)
		return;

	fbuffer.regs = ftrace_get_regs(fregs);
	entry = fbuffer.entry = ring_buffer_event_data(fbuffer.event);
	entry->ip = entry_ip;
	store_trace_args(&entry[1], &tf->tp, fregs, NULL, sizeof(*entry), dsize);

	trace_probe_buffer_commit(&tf->tp, &fbuffer);
}

static void
fentry_trace_func(struct trace_fprobe *tf, unsigned long entry_ip,
		  struct ftrace_regs *fregs)
{
	struct event_file_link *link;

	trace_probe_for_each_link_rcu(link, &tf->tp)
		__fentry_trace_func(tf, entry_ip, fregs, link->file);
}
NOKPROBE_SYMBOL(fentry_trace_func);

static nokprobe_inline
void store_fprobe_entry_data(void *edata, struct trace_probe *tp, struct ftrace_regs *fregs)
{
	struct probe_entry_arg *earg = tp->entry_arg;
	unsigned long val = 0;
	int i;

	if (!earg)
		return;

	if (trace_probe_entry_time_only(earg)) {
		trace_probe_store_entry_time(edata);
		return;
	}

	for (i = 0; i < earg->size; i++) {
		struct fetch_insn *code = &earg->code[i];

		switch (code->op) {
		case FETCH_OP_ARG:
			val = ftrace_regs_get_argument(fregs, code->param);
			break;
		case FETCH_OP_CLOCK:
			/* It stores itself, at its FETCH_OP_ST_EDATA's offset */
			trace_probe_store_entry_time(edata + code[1].offset);
			i++;
			break;
		case FETCH_OP_ST_EDATA:
			*(unsigned long *)((unsigned long)edata + code->offset) = val;
			break;
		case FETCH_OP_END:
			goto end;
		default:
			break;
		}
	}
end:
	return;
}

/* function exit handler */
static int trace_fprobe_entry_handler(struct fprobe *fp, unsigned long entry_ip,
				unsigned long ret_ip, struct ftrace_regs *fregs,
				void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	if (tf->tp.entry_arg)
		store_fprobe_entry_data(entry_data, &tf->tp, fregs);

	return 0;
}
NOKPROBE_SYMBOL(trace_fprobe_entry_handler)

static nokprobe_inline void
__fexit_trace_func(struct trace_fprobe *tf, unsigned long entry_ip,
		   unsigned long ret_ip, struct ftrace_regs *fregs,
		   void *entry_data, struct trace_event_file *trace_file)
{
	struct fexit_trace_entry_head *entry;
	struct trace_event_buffer fbuffer;
	struct trace_event_call *call = trace_probe_event_call(&tf->tp);
	int dsize;

	if (WARN_ON_ONCE(call != trace_file->event_call))
		return;

	if (trace_probe_soft_disabled(&tf->tp, trace_file))
		return;

	dsize = __get_data_size(&tf->tp, fregs, entry_data);

	entry = trace_probe_buffer_reserve(&tf->tp, &fbuffer, trace_file,
					   sizeof(*entry) + tf->tp.size + dsize);
	if (!entry)
		return;

	fbuffer.regs = ftrace_get_regs(fregs);
	entry = fbuffer.entry = ring_buffer_event_data(fbuffer.event);
	entry->func = entry_ip;
	entry->ret_ip = ret_ip;
	store_trace_args(&entry[1], &tf->tp, fregs, entry_data, sizeof(*entry), dsize);

	trace_probe_buffer_commit(&tf->tp, &fbuffer);
}

static void
fexit_trace_func(struct trace_fprobe *tf, unsigned long entry_ip,
		 unsigned long ret_ip, struct ftrace_regs *fregs, void *entry_data)
{
	struct event_file_link *link;

	trace_probe_for_each_link_rcu(link, &tf->tp)
		__fexit_trace_func(tf, entry_ip, ret_ip, fregs, entry_data, link->file);
}
NOKPROBE_SYMBOL(fexit_trace_func);

#ifdef CONFIG_PERF_EVENTS

static int fentry_perf_func(struct trace_fprobe *tf, unsigned long entry_ip,
			    struct ftrace_regs *fregs)
{
	struct trace_event_call *call = trace_probe_event_call(&tf->tp);
	struct fentry_trace_entry_head *entry;
	struct hlist_head *head;
	int size, __size, dsize;
	struct pt_regs *regs;
	int rctx;

	head = this_cpu_ptr(call->perf_events);
	if (hlist_empty(head))
		return 0;

	dsize = __get_data_size(&tf->tp, fregs, NULL);
	__size = sizeof(*entry) + tf->tp.size + dsize;
	size = ALIGN(__size + sizeof(u32), sizeof(u64));
	size -= sizeof(u32);

	entry = perf_trace_buf_alloc(size, &regs, &rctx);
	if (!entry)
		return 0;

	regs = ftrace_fill_perf_regs(fregs, regs);

	entry->ip = entry_ip;
	store_trace_args(&entry[1], &tf->tp, fregs, NULL, sizeof(*entry), dsize);
	perf_trace_buf_submit(entry, size, rctx, call->event.type, 1, regs,
			      head, NULL);
	return 0;
}
NOKPROBE_SYMBOL(fentry_perf_func);

static void
fexit_perf_func(struct trace_fprobe *tf, unsigned long entry_ip,
		unsigned long ret_ip, struct ftrace_regs *fregs,
		void *entry_data)
{
	struct trace_event_call *call = trace_probe_event_call(&tf->tp);
	struct fexit_trace_entry_head *entry;
	struct hlist_head *head;
	int size, __size, dsize;
	struct pt_regs *regs;
	int rctx;

	head = this_cpu_ptr(call->perf_events);
	if (hlist_empty(head))
		return;

	dsize = __get_data_size(&tf->tp, fregs, entry_data);
	__size = sizeof(*entry) + tf->tp.size + dsize;
	size = ALIGN(__size + sizeof(u32), sizeof(u64));
	size -= sizeof(u32);

	entry = perf_trace_buf_alloc(size, &regs, &rctx);
	if (!entry)
		return;

	regs = ftrace_fill_perf_regs(fregs, regs);

	entry->func = entry_ip;
	entry->ret_ip = ret_ip;
	store_trace_args(&entry[1], &tf->tp, fregs, entry_data, sizeof(*entry), dsize);
	perf_trace_buf_submit(entry, size, rctx, call->event.type, 1, regs,
			      head, NULL);
}
NOKPROBE_SYMBOL(fexit_perf_func);
#endif	/* CONFIG_PERF_EVENTS */

static nokprobe_inline int __fentry_dispatcher(struct trace_fprobe *tf,
					       unsigned long entry_ip,
					       struct ftrace_regs *fregs)
{
	unsigned int flags;
	int ret = 0;

	/*
	 * Count first: the acquire load of the flags is a compiler barrier,
	 * after which tp.event would be loaded again.
	 */
	trace_probe_count_hit(&tf->tp);
	flags = trace_probe_load_flag(&tf->tp);

	if (flags & TP_FLAG_TRACE)
		fentry_trace_func(tf, entry_ip, fregs);

#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		ret = fentry_perf_func(tf, entry_ip, fregs);
#endif
	return ret;
}

DEFINE_TRACE_PROBE_DISPATCH(fentry_run, __fentry_dispatcher, &tf->tp,
			    PARAMS(struct trace_fprobe *tf,
				   unsigned long entry_ip,
				   struct ftrace_regs *fregs),
			    PARAMS(tf, entry_ip, fregs))

static int fentry_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct ftrace_regs *fregs,
			     void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	return fentry_run(tf, entry_ip, fregs);
}
NOKPROBE_SYMBOL(fentry_dispatcher);

static nokprobe_inline int __fexit_dispatcher(struct trace_fprobe *tf,
					      unsigned long entry_ip,
					      unsigned long ret_ip,
					      struct ftrace_regs *fregs,
					      void *entry_data)
{
	unsigned int flags;

	trace_probe_count_hit(&tf->tp);
	flags = trace_probe_load_flag(&tf->tp);
	trace_probe_end_duration(&tf->tp, entry_data);

	if (flags & TP_FLAG_TRACE)
		fexit_trace_func(tf, entry_ip, ret_ip, fregs, entry_data);
#ifdef CONFIG_PERF_EVENTS
	if (flags & TP_FLAG_PROFILE)
		fexit_perf_func(tf, entry_ip, ret_ip, fregs, entry_data);
#endif
	return 0;
}

DEFINE_TRACE_PROBE_DISPATCH(fexit_run, __fexit_dispatcher, &tf->tp,
			    PARAMS(struct trace_fprobe *tf,
				   unsigned long entry_ip,
				   unsigned long ret_ip,
				   struct ftrace_regs *fregs,
				   void *entry_data),
			    PARAMS(tf, entry_ip, ret_ip, fregs, entry_data))

static void fexit_dispatcher(struct fprobe *fp, unsigned long entry_ip,
			     unsigned long ret_ip, struct ftrace_regs *fregs,
			     void *entry_data)
{
	struct trace_fprobe *tf = container_of(fp, struct trace_fprobe, fp);

	fexit_run(tf, entry_ip, ret_ip, fregs, entry_data);
}
NOKPROBE_SYMBOL(fexit_dispatcher);

static int trace_fprobe_profile(struct dyn_event *ev,
				struct trace_probe_profile *prof)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev), *pos;

	if (!trace_probe_is_primary(&tf->tp))
		return -ENOENT;

	prof->tp = &tf->tp;
	if (trace_fprobe_is_tracepoint(tf))
		prof->kind = "tprobe";
	else
		prof->kind = trace_fprobe_is_return(tf) ? "fexit" : "fentry";
	prof->has_missed = true;
	list_for_each_entry(pos, trace_probe_probe_list(&tf->tp), tp.list)
		prof->missed += READ_ONCE(pos->fp.nmissed);
	return 0;
}

static void free_trace_fprobe(struct trace_fprobe *tf)
{
	if (tf) {
		trace_probe_cleanup(&tf->tp);
		if (tf->tuser)
			tracepoint_user_put(tf->tuser);
		kfree(tf->filter);
		kfree(tf->nofilter);
		kfree(tf->symbol);
		kfree(tf);
	}
}

/* Since alloc_trace_fprobe() can return error, check the pointer is ERR too. */
DEFINE_FREE(free_trace_fprobe, struct trace_fprobe *, if (!IS_ERR_OR_NULL(_T)) free_trace_fprobe(_T))

/*
 * Allocate new trace_probe and initialize it (including fprobe).
 */
static struct trace_fprobe *alloc_trace_fprobe(const char *group,
					       const char *event,
					       const char *symbol,
					       int nargs, bool is_return,
					       bool is_tracepoint)
{
	struct trace_fprobe *tf __free(free_trace_fprobe) = NULL;
	int ret = -ENOMEM;

	tf = kzalloc_flex(*tf, tp.args, nargs);
	if (!tf)
		return ERR_PTR(ret);

	tf->symbol = kstrdup(symbol, GFP_KERNEL);
	if (!tf->symbol)
		return ERR_PTR(-ENOMEM);

	if (is_return)
		tf->fp.exit_handler = fexit_dispatcher;
	else
		tf->fp.entry_handler = fentry_dispatcher;

	tf->tprobe = is_tracepoint;

	ret = trace_probe_init(&tf->tp, event, group, false, nargs);
	if (ret < 0)
		return ERR_PTR(ret);

	dyn_event_init(&tf->devent, &trace_fprobe_ops);
	return_ptr(tf);
}

static struct trace_fprobe *find_trace_fprobe(const char *event,
					      const char *group)
{
	struct dyn_event *pos;
	struct trace_fprobe *tf;

	for_each_trace_fprobe(tf, pos)
		if (strcmp(trace_probe_name(&tf->tp), event) == 0 &&
		    strcmp(trace_probe_group_name(&tf->tp), group) == 0)
			return tf;
	return NULL;
}

/* Event entry printers */
static enum print_line_t
print_fentry_event(struct trace_iterator *iter, int flags,
		   struct trace_event *event)
{
	struct fentry_trace_entry_head *field;
	struct trace_seq *s = &iter->seq;
	struct trace_probe *tp;

	field = (struct fentry_trace_entry_head *)iter->ent;
	tp = trace_probe_primary_from_call(
		container_of(event, struct trace_event_call, event));
	if (WARN_ON_ONCE(!tp))
		goto out;

	trace_seq_printf(s, "%s: (", trace_probe_name(tp));

	if (!seq_print_ip_sym_offset(s, field->ip, flags))
		goto out;

	trace_seq_putc(s, ')');

	if (trace_probe_print_args(s, tp->args, tp->nr_args,
			     (u8 *)&field[1], field) < 0)
		goto out;

	trace_seq_putc(s, '\n');
 out:
	return trace_handle_return(s);
}

static enum print_line_t
print_fexit_event(struct trace_iterator *iter, int flags,
		  struct trace_event *event)
{
	struct fexit_trace_entry_head *field;
	struct trace_seq *s = &iter->seq;
	struct trace_probe *tp;

	field = (struct fexit_trace_entry_head *)iter->ent;
	tp = trace_probe_primary_from_call(
		container_of(event, struct trace_event_call, event));
	if (WARN_ON_ONCE(!tp))
		goto out;

	trace_seq_printf(s, "%s: (", trace_probe_name(tp));

	if (!seq_print_ip_sym_offset(s, field->ret_ip, flags))
		goto out;

	trace_seq_puts(s, " <- ");

	if (!seq_print_ip_sym_no_offset(s, field->func, flags))
		goto out;

	trace_seq_putc(s, ')');

	if (trace_probe_print_args(s, tp->args, tp->nr_args,
			     (u8 *)&field[1], field) < 0)
		goto out;

	trace_seq_putc(s, '\n');

 out:
	return trace_handle_return(s);
}

static int fentry_event_define_fields(struct trace_event_call *event_call)
{
	int ret;
	struct fentry_trace_entry_head field;
	struct trace_probe *tp;

	tp = trace_probe_primary_from_call(event_call);
	if (WARN_ON_ONCE(!tp))
		return -ENOENT;

	DEFINE_FIELD(unsigned long, ip, FIELD_STRING_IP, 0);

	return traceprobe_define_arg_fields(event_call, sizeof(field), tp);
}

static int fexit_event_define_fields(struct trace_event_call *event_call)
{
	int ret;
	struct fexit_trace_entry_head field;
	struct trace_probe *tp;

	tp = trace_probe_primary_from_call(event_call);
	if (WARN_ON_ONCE(!tp))
		return -ENOENT;

	DEFINE_FIELD(unsigned long, func, FIELD_STRING_FUNC, 0);
	DEFINE_FIELD(unsigned long, ret_ip, FIELD_STRING_RETIP, 0);

	return traceprobe_define_arg_fields(event_call, sizeof(field), tp);
}

static struct trace_event_functions fentry_funcs = {
	.trace		= print_fentry_event
};

static struct trace_event_functions fexit_funcs = {
	.trace		= print_fexit_event
};

static struct trace_event_fields fentry_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = fentry_event_define_fields },
	{}
};

static struct trace_event_fields fexit_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE,
	  .define_fields = fexit_event_define_fields },
	{}
};

static int fprobe_register(struct trace_event_call *event,
			   enum trace_reg type, void *data);

static inline void init_trace_event_call(struct trace_fprobe *tf)
{
	struct trace_event_call *call = trace_probe_event_call(&tf->tp);

	if (trace_fprobe_is_return(tf)) {
		call->event.funcs = &fexit_funcs;
		call->class->fields_array = fexit_fields_array;
	} else {
		call->event.funcs = &fentry_funcs;
		call->class->fields_array = fentry_fields_array;
	}

	call->flags = TRACE_EVENT_FL_FPROBE;
	call->class->reg = fprobe_register;
}

static int register_fprobe_event(struct trace_fprobe *tf)
{
	init_trace_event_call(tf);

	return trace_probe_register_event_call(&tf->tp);
}

static int unregister_fprobe_event(struct trace_fprobe *tf)
{
	return trace_probe_unregister_event_call(&tf->tp);
}

static int __register_tracepoint_fprobe(struct trace_fprobe *tf)
{
	struct tracepoint_user *tuser __free(tuser_put) = NULL;
	struct module *mod __free(module_put) = NULL;
	unsigned long ip;
	int ret;

	if (WARN_ON_ONCE(tf->tuser))
		return -EINVAL;

	/* If the tracepoint is in a module, it must be locked in this function. */
	tuser = tracepoint_user_find_get(tf->symbol, &mod);
	/* This tracepoint is not loaded yet */
	if (IS_ERR(tuser))
		return PTR_ERR(tuser);
	if (!tuser)
		return -ENOMEM;

	/* Register fprobe only if the tracepoint is loaded. */
	if (tuser->tpoint) {
		ip = tracepoint_user_ip(tuser);
		if (WARN_ON_ONCE(!ip))
			return -ENOENT;

		ret = register_fprobe_ips(&tf->fp, &ip, 1);
		if (ret < 0)
			return ret;
	}

	tf->tuser = no_free_ptr(tuser);
	return 0;
}

/* Returns an error if the target function is not available, or 0 */
static int trace_fprobe_verify_target(struct trace_fprobe *tf)
{
	int ret;

	/* Tracepoint should have a stub function. */
	if (trace_fprobe_is_tracepoint(tf))
		return 0;

	/*
	 * Note: since we don't lock the module, even if this succeeded,
	 * register_fprobe() later can fail.
	 */
	if (trace_fprobe_has_list(tf))
		ret = fprobe_count_ips_from_filter(tf->filter, tf->nofilter);
	else
		ret = fprobe_count_ips_from_filter(tf->symbol, NULL);
	return (ret < 0) ? ret : 0;
}

/* Internal register function - just handle fprobe and flags */
static int __register_trace_fprobe(struct trace_fprobe *tf)
{
	int i, ret;

	/* Should we need new LOCKDOWN flag for fprobe? */
	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (ret)
		return ret;

	if (trace_fprobe_is_registered(tf))
		return -EINVAL;

	for (i = 0; i < tf->tp.nr_args; i++) {
		ret = traceprobe_update_arg(&tf->tp.args[i]);
		if (ret)
			return ret;
	}

	tf->fp.flags &= ~FPROBE_FL_DISABLED;

	if (trace_fprobe_is_tracepoint(tf))
		return __register_tracepoint_fprobe(tf);

	if (trace_fprobe_has_list(tf))
		return register_fprobe(&tf->fp, tf->filter, tf->nofilter);
	return register_fprobe(&tf->fp, tf->symbol, NULL);
}

/* Internal unregister function - just handle fprobe and flags */
static void __unregister_trace_fprobe(struct trace_fprobe *tf)
{
	if (trace_fprobe_is_registered(tf))
		unregister_fprobe(&tf->fp);
	if (tf->tuser) {
		tracepoint_user_put(tf->tuser);
		tf->tuser = NULL;
	}
}

/* TODO: make this trace_*probe common function */
/* Unregister a trace_probe and probe_event */
static int unregister_trace_fprobe(struct trace_fprobe *tf)
{
	/* If other probes are on the event, just unregister fprobe */
	if (trace_probe_has_sibling(&tf->tp))
		goto unreg;

	/* Enabled event can not be unregistered */
	if (trace_probe_is_enabled(&tf->tp))
		return -EBUSY;

	/* If there's a reference to the dynamic event */
	if (trace_event_dyn_busy(trace_probe_event_call(&tf->tp)))
		return -EBUSY;

	/* Will fail if probe is being used by ftrace or perf */
	if (unregister_fprobe_event(tf))
		return -EBUSY;

unreg:
	__unregister_trace_fprobe(tf);
	dyn_event_remove(&tf->devent);
	trace_probe_unlink(&tf->tp);

	return 0;
}

/*
 * Whether two tprobe targets can be on the same tracepoint: the same
 * TRACEPOINT, and the same MOD, or no MOD on one of them (an unqualified
 * target is on the tracepoint of whatever module brings it).
 */
static bool tprobe_same_target(const char *a, const char *b)
{
	const char *name_a = tprobe_target_name(a);
	const char *name_b = tprobe_target_name(b);

	if (strcmp(name_a, name_b))
		return false;
	return name_a == a || name_b == b || !strcmp(a, b);
}

static bool trace_fprobe_has_same_fprobe(struct trace_fprobe *orig,
					 struct trace_fprobe *comp)
{
	struct trace_probe_event *tpe = orig->tp.event;
	int i;

	list_for_each_entry(orig, &tpe->probes, tp.list) {
		if (trace_fprobe_is_tracepoint(orig)) {
			if (!tprobe_same_target(trace_fprobe_symbol(orig),
						trace_fprobe_symbol(comp)))
				continue;
		} else if (strcmp(trace_fprobe_symbol(orig),
				  trace_fprobe_symbol(comp))) {
			continue;
		}

		/*
		 * trace_probe_compare_arg_type() ensured that nr_args and
		 * each argument name and type are same. Let's compare comm.
		 */
		for (i = 0; i < orig->tp.nr_args; i++) {
			if (strcmp(orig->tp.args[i].comm,
				   comp->tp.args[i].comm))
				break;
		}

		if (i == orig->tp.nr_args)
			return true;
	}

	return false;
}

static int append_trace_fprobe_event(struct trace_fprobe *tf, struct trace_fprobe *to)
{
	int ret;

	if (trace_fprobe_is_return(tf) != trace_fprobe_is_return(to) ||
	    trace_fprobe_is_tracepoint(tf) != trace_fprobe_is_tracepoint(to)) {
		trace_probe_log_set_index(0);
		trace_probe_log_err(0, DIFF_PROBE_TYPE);
		return -EEXIST;
	}
	ret = trace_probe_compare_arg_type(&tf->tp, &to->tp);
	if (ret) {
		/* Note that argument starts index = 2 */
		trace_probe_log_set_index(ret + 1);
		trace_probe_log_err(0, DIFF_ARG_TYPE);
		return -EEXIST;
	}
	if (trace_fprobe_has_same_fprobe(to, tf)) {
		trace_probe_log_set_index(0);
		trace_probe_log_err(0, SAME_PROBE);
		return -EEXIST;
	}

	/* Append to existing event */
	ret = trace_probe_append(&tf->tp, &to->tp);
	if (ret)
		return ret;

	ret = trace_fprobe_verify_target(tf);
	if (ret) {
		trace_probe_unlink(&tf->tp);
	} else {
		trace_probe_append_done(&tf->tp);
		dyn_event_add(&tf->devent, trace_probe_event_call(&tf->tp));
	}

	return ret;
}

/* Register a trace_probe and probe_event, and check the fprobe is available. */
static int register_trace_fprobe_event(struct trace_fprobe *tf)
{
	struct trace_fprobe *old_tf;
	int ret;

	guard(mutex)(&event_mutex);

	old_tf = find_trace_fprobe(trace_probe_name(&tf->tp),
				   trace_probe_group_name(&tf->tp));
	if (old_tf)
		return append_trace_fprobe_event(tf, old_tf);

	/* Register new event */
	ret = register_fprobe_event(tf);
	if (ret) {
		if (ret == -EEXIST) {
			trace_probe_log_set_index(0);
			trace_probe_log_err(0, EVENT_EXIST);
		} else
			pr_warn("Failed to register probe event(%d)\n", ret);
		return ret;
	}

	/* Verify fprobe is sane. */
	ret = trace_fprobe_verify_target(tf);
	if (ret < 0)
		unregister_fprobe_event(tf);
	else
		dyn_event_add(&tf->devent, trace_probe_event_call(&tf->tp));

	return ret;
}

struct __find_tracepoint_cb_data {
	const char *tp_name;
	const char *mod_name;
	size_t mod_len;
	struct tracepoint *tpoint;
	struct module *mod;
};

static void __find_tracepoint_module_cb(struct tracepoint *tp, struct module *mod, void *priv)
{
	struct __find_tracepoint_cb_data *data = priv;

	/* A MOD:TRACEPOINT target only matches the tracepoints of MOD. */
	if (data->mod_name && (strlen(mod->name) != data->mod_len ||
			       strncmp(mod->name, data->mod_name, data->mod_len)))
		return;

	if (!data->tpoint && !strcmp(data->tp_name, tp->name)) {
		/* If module is not specified, try getting module refcount. */
		if (!data->mod && mod) {
			/* If failed to get refcount, ignore this tracepoint. */
			if (!try_module_get(mod))
				return;

			data->mod = mod;
		}
		data->tpoint = tp;
	}
}

static void __find_tracepoint_cb(struct tracepoint *tp, void *priv)
{
	struct __find_tracepoint_cb_data *data = priv;

	if (!data->tpoint && !strcmp(data->tp_name, tp->name))
		data->tpoint = tp;
}

/*
 * Find a tracepoint from kernel and module. If the tracepoint is on the module,
 * the module's refcount is incremented and returned as *@tp_mod. Thus, if it is
 * not NULL, caller must call module_put(*tp_mod) after used the tracepoint.
 * @tp_name can be qualified as "MOD:TRACEPOINT": then only the tracepoints of
 * the module MOD are searched.
 */
static struct tracepoint *find_tracepoint(const char *tp_name,
					  struct module **tp_mod)
{
	const char *name = tprobe_target_name(tp_name);
	struct __find_tracepoint_cb_data data = {
		.tp_name = name,
		.mod = NULL,
	};

	if (name != tp_name) {
		data.mod_name = tp_name;
		data.mod_len = name - tp_name - 1;
	} else {
		for_each_kernel_tracepoint(__find_tracepoint_cb, &data);
	}

	if (!data.tpoint && IS_ENABLED(CONFIG_MODULES)) {
		for_each_module_tracepoint(__find_tracepoint_module_cb, &data);
		*tp_mod = data.mod;
	}

	return data.tpoint;
}

#ifdef CONFIG_MODULES
/*
 * Look for the tracepoint @tp_name in the module @mod_name itself, in the
 * table of tracepoints it was built with. Return 1 if it is there, 0 if the
 * module is loaded without it, or -ENOENT if the module is not loaded or is
 * going away.
 *
 * This does not depend on the tracepoint module notifier: a module that is
 * coming is found with its tracepoints before the notifier has added it to
 * the list that find_tracepoint() searches, and a module that is going is
 * not found any more. The module is looked up and its table read under RCU,
 * so it cannot be freed meanwhile, and the table of a loaded module does not
 * change.
 */
static int tprobe_module_has_tracepoint(const char *mod_name,
					const char *tp_name)
{
	struct module *mod;
	unsigned int i;

	guard(rcu)();
	mod = find_module(mod_name);
	if (!mod || !module_is_live(mod))
		return -ENOENT;
	/* The tracepoints of such a module are never registered */
	if (trace_module_has_bad_taint(mod))
		return 0;

	for (i = 0; i < mod->num_tracepoints; i++) {
		struct tracepoint *tp;

		tp = tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);
		if (!strcmp(tp->name, tp_name))
			return 1;
	}
	return 0;
}
#else
static int tprobe_module_has_tracepoint(const char *mod_name,
					const char *tp_name)
{
	return -ENOENT;
}
#endif

/*
 * Check a "MOD:TRACEPOINT" target that find_tracepoint() did not find.
 * Return 0 if the event can wait for the module, 1 if the module has the
 * tracepoint after all (it was being loaded: find_tracepoint() can be tried
 * again), or -ENOENT with an error logged if the target is wrong:
 *
 * - MOD is loaded and has no such tracepoint (the module is read itself, so
 *   that a module that is loaded or unloaded meanwhile is not taken for one
 *   without the tracepoint);
 * - MOD is not loaded, but TRACEPOINT is one of the kernel itself, which is
 *   never in a module ("t kmem:kfree" is a system, not a module);
 * - MOD cannot be a module: it is too long, or modules are not supported.
 *
 * An unqualified target that is not found is not checked here: it is kept
 * pending, waiting for any module that brings a tracepoint of that name, as
 * it always was.
 */
static int tprobe_check_unloaded_target(const char *target)
{
	const char *name = tprobe_target_name(target);
	struct __find_tracepoint_cb_data data = { .tp_name = name };
	char mod_name[MODULE_NAME_LEN];
	size_t len = name - target - 1;
	int ret;

	if (!IS_ENABLED(CONFIG_MODULES) || len >= sizeof(mod_name)) {
		trace_probe_log_err(0, NO_TRACEPOINT);
		return -ENOENT;
	}
	strscpy(mod_name, target, len + 1);

	ret = tprobe_module_has_tracepoint(mod_name, name);
	if (ret > 0)
		return 1;
	if (!ret) {
		trace_probe_log_err(name - target, TP_NOT_IN_MOD);
		return -ENOENT;
	}

	/* The module is not loaded: a tracepoint of the kernel is not in it. */
	for_each_kernel_tracepoint(__find_tracepoint_cb, &data);
	if (data.tpoint) {
		trace_probe_log_err(name - target, TP_NOT_IN_MOD);
		return -ENOENT;
	}
	return 0;
}

#ifdef CONFIG_MODULES
/*
 * Find a tracepoint from specified module. In this case, this does not get the
 * module's refcount. The caller must ensure the module is not freed.
 * @tp_name can be "MOD:TRACEPOINT": then it is only found in the module MOD.
 */
static struct tracepoint *find_tracepoint_in_module(struct module *mod,
						    const char *tp_name)
{
	const char *name = tprobe_target_name(tp_name);
	struct __find_tracepoint_cb_data data = {
		.tp_name = name,
		.mod = mod,
	};

	if (name != tp_name) {
		data.mod_name = tp_name;
		data.mod_len = name - tp_name - 1;
	}

	for_each_tracepoint_in_module(mod, __find_tracepoint_module_cb, &data);
	return data.tpoint;
}

/* These are CONFIG_MODULES=y specific functions. */
static bool tracepoint_user_within_module(struct tracepoint_user *tuser,
					  struct module *mod)
{
	return within_module(tracepoint_user_ip(tuser), mod);
}

static int tracepoint_user_register_again(struct tracepoint_user *tuser,
					  struct tracepoint *tpoint)
{
	tuser->tpoint = tpoint;
	return tracepoint_user_register(tuser);
}

static void tracepoint_user_unregister_clear(struct tracepoint_user *tuser)
{
	tracepoint_user_unregister(tuser);
	tuser->tpoint = NULL;
}

/* module callback for tracepoint_user */
static int __tracepoint_probe_module_cb(struct notifier_block *self,
					unsigned long val, void *data)
{
	struct tp_module *tp_mod = data;
	struct tracepoint_user *tuser;
	struct tracepoint *tpoint;

	if (val != MODULE_STATE_GOING && val != MODULE_STATE_COMING)
		return NOTIFY_DONE;

	mutex_lock(&tracepoint_user_mutex);
	for_each_tracepoint_user(tuser) {
		if (val == MODULE_STATE_COMING) {
			/*
			 * Already on the tracepoint of another module with a
			 * tracepoint of this name: stay there. Moving to the
			 * new one would leave the probe stub registered on the
			 * first one when that module goes away.
			 */
			if (tuser->tpoint)
				continue;
			/* This is not a tracepoint in this module. Skip it. */
			tpoint = find_tracepoint_in_module(tp_mod->mod, tuser->name);
			if (!tpoint)
				continue;
			WARN_ON_ONCE(tracepoint_user_register_again(tuser, tpoint));
		} else if (val == MODULE_STATE_GOING &&
			  tracepoint_user_within_module(tuser, tp_mod->mod)) {
			/* Unregister all tracepoint_user in this module. */
			tracepoint_user_unregister_clear(tuser);
		}
	}
	mutex_unlock(&tracepoint_user_mutex);

	return NOTIFY_DONE;
}

static struct notifier_block tracepoint_module_nb = {
	.notifier_call = __tracepoint_probe_module_cb,
};

/* module callback for tprobe events */
static int __tprobe_event_module_cb(struct notifier_block *self,
				     unsigned long val, void *data)
{
	struct trace_fprobe *tf;
	struct dyn_event *pos;
	struct module *mod = data;

	if (val != MODULE_STATE_GOING && val != MODULE_STATE_COMING)
		return NOTIFY_DONE;

	mutex_lock(&event_mutex);
	for_each_trace_fprobe(tf, pos) {
		/* Skip fprobe and disabled tprobe events. */
		if (!trace_fprobe_is_tracepoint(tf) || !tf->tuser)
			continue;

		/* Before this notification, tracepoint notifier has already done. */
		if (val == MODULE_STATE_COMING &&
		    !trace_fprobe_is_registered(tf) &&
		    tracepoint_user_within_module(tf->tuser, mod)) {
			unsigned long ip = tracepoint_user_ip(tf->tuser);

			WARN_ON_ONCE(register_fprobe_ips(&tf->fp, &ip, 1));
		} else if (val == MODULE_STATE_GOING &&
			   /*
			    * tracepoint_user_within_module() does not work here because
			    * tracepoint_user is already unregistered and cleared tpoint.
			    * Instead, checking whether the fprobe is registered but
			    * tpoint is cleared(unregistered). Such unbalance probes
			    * must be adjusted anyway.
			    */
			    trace_fprobe_is_registered(tf) &&
			    !tf->tuser->tpoint) {
			unregister_fprobe(&tf->fp);
		}
	}
	mutex_unlock(&event_mutex);

	return NOTIFY_DONE;
}

/* NOTE: this must be called after tracepoint callback */
static struct notifier_block tprobe_event_module_nb = {
	.notifier_call = __tprobe_event_module_cb,
	/* Make sure this is later than tracepoint module notifier. */
	.priority = -10,
};
#endif /* CONFIG_MODULES */

/*
 * Split the list @sym of an fprobe event ("FUNC[,FUNC...]", a '!' before a
 * FUNC to exclude it) into the patterns to probe, @filter, and those to
 * exclude, @nofilter (NULL if none), each separated by commas.
 */
static int parse_fprobe_list(const char *sym, char **filter, char **nofilter)
{
	char *in __free(kfree) = kzalloc(strlen(sym) + 1, GFP_KERNEL);
	char *ex __free(kfree) = kzalloc(strlen(sym) + 1, GFP_KERNEL);
	char *inp = in, *exp = ex;
	const char *tok, *next;
	size_t len;

	if (!in || !ex)
		return -ENOMEM;

	for (tok = sym; tok; tok = next) {
		bool exclude = *tok == '!';

		next = strchr(tok, ',');
		len = next ? next - tok : strlen(tok);
		if (next)
			next++;
		if (exclude) {
			tok++;
			len--;
		}
		if (!len) {
			trace_probe_log_err(tok - sym, EMPTY_LIST_FUNC);
			return -EINVAL;
		}
		if (exclude) {
			if (exp != ex)
				*exp++ = ',';
			memcpy(exp, tok, len);
			exp += len;
		} else {
			if (inp != in)
				*inp++ = ',';
			memcpy(inp, tok, len);
			inp += len;
		}
	}
	if (inp == in) {
		trace_probe_log_err(0, NO_LIST_FUNC);
		return -EINVAL;
	}

	*filter = no_free_ptr(in);
	if (exp != ex)
		*nofilter = no_free_ptr(ex);
	return 0;
}

/*
 * A list has a ',' or starts with an exclusion. A '!' elsewhere can be a
 * glob's "[!...]".
 */
static bool is_fprobe_list(const char *sym)
{
	return sym[0] == '!' || strchr(sym, ',');
}

/*
 * An fprobe event is on one function or pattern, "SYM[%return]", as it
 * always was, or on a list, "FUNC[,[!]FUNC...][:entry|:exit]". Parse
 * argv[1] into @symbol, without its suffix; for a list, into @filter and
 * @nofilter as well. @suffix is set if :entry or :exit is given.
 */
static int parse_symbol_and_return(int argc, const char *argv[],
				   char **symbol, char **filter,
				   char **nofilter, bool *is_return,
				   bool *suffix, bool is_tracepoint)
{
	char *tmp = strchr(argv[1], '%');
	/* In a tprobe, a ':' follows the MOD of MOD:TRACEPOINT. */
	char *sfx = is_tracepoint ? NULL : strrchr(argv[1], ':');
	int i, ret;

	*suffix = false;
	if (tmp) {
		int len = tmp - argv[1];

		if (!is_tracepoint && !strcmp(tmp, "%return")) {
			*is_return = true;
		} else {
			trace_probe_log_err(len, BAD_ADDR_SUFFIX);
			return -EINVAL;
		}
		if (is_fprobe_list(argv[1])) {
			trace_probe_log_err(len, LIST_RETURN);
			return -EINVAL;
		}
		*symbol = kmemdup_nul(argv[1], len, GFP_KERNEL);
	} else if (sfx) {
		int len = sfx - argv[1];

		if (!strcmp(sfx, ":exit")) {
			*is_return = true;
		} else if (strcmp(sfx, ":entry")) {
			trace_probe_log_err(len, BAD_LIST_SUFFIX);
			return -EINVAL;
		}
		/* Only the list has a suffix, not a function in it. */
		tmp = memchr(argv[1], ':', len);
		if (tmp) {
			trace_probe_log_err(tmp - argv[1], BAD_LIST_SUFFIX);
			return -EINVAL;
		}
		*suffix = true;
		*symbol = kmemdup_nul(argv[1], len, GFP_KERNEL);
	} else
		*symbol = kstrdup(argv[1], GFP_KERNEL);
	if (!*symbol)
		return -ENOMEM;

	if (!is_tracepoint && is_fprobe_list(*symbol)) {
		ret = parse_fprobe_list(*symbol, filter, nofilter);
		if (ret)
			return ret;
	}

	if (*is_return)
		return 0;

	if (is_tracepoint) {
		/*
		 * [MOD:]TRACEPOINT, made of [A-Za-z0-9_], and '-' in MOD: one
		 * ':' is allowed, if it has a name on each side.
		 */
		char *sep = strchr(*symbol, ':');

		if (sep && (sep == *symbol || !sep[1]))
			sep = NULL;
		tmp = *symbol;
		while (*tmp && (isalnum(*tmp) || *tmp == '_' || tmp == sep ||
				(*tmp == '-' && sep && tmp < sep)))
			tmp++;
		if (*tmp) {
			/* find a wrong character. */
			trace_probe_log_err(tmp - *symbol, BAD_TP_NAME);
			kfree(*symbol);
			*symbol = NULL;
			return -EINVAL;
		}
		/*
		 * Replace all '-' with '_' in MOD, as that's what modules do
		 * (modprobe takes both): MOD is compared with module names.
		 */
		for (tmp = *symbol; sep && tmp < sep; tmp++) {
			if (*tmp == '-')
				*tmp = '_';
		}
	}

	/*
	 * If there is $retval, this should be a return fprobe, unless :entry
	 * says otherwise.
	 */
	for (i = 2; i < argc; i++) {
		tmp = strstr(argv[i], "$retval");
		if (tmp && !isalnum(tmp[7]) && tmp[7] != '_') {
			if (is_tracepoint || *suffix) {
				trace_probe_log_set_index(i);
				trace_probe_log_err(tmp - argv[i], RETVAL_ON_PROBE);
				kfree(*symbol);
				*symbol = NULL;
				return -EINVAL;
			}
			*is_return = true;
			break;
		}
	}
	return 0;
}

static int trace_fprobe_create_internal(int argc, const char *argv[],
					struct traceprobe_parse_context *ctx)
{
	/*
	 * Argument syntax:
	 *  - Add fentry probe:
	 *      f[:[GRP/][EVENT]] KSYM [FETCHARGS]
	 *  - Add fexit probe:
	 *      f[N][:[GRP/][EVENT]] KSYM%return [FETCHARGS]
	 *  - Add fentry or fexit probe on a list of functions:
	 *      f[:[GRP/][EVENT]] FUNC[,[!]FUNC...][:entry|:exit] [FETCHARGS]
	 *  - Add tracepoint probe:
	 *      t[:[GRP/][EVENT]] [MOD:]TRACEPOINT [FETCHARGS]
	 *
	 * Fetch args:
	 *  $retval	: fetch return value
	 *  $stack	: fetch stack address
	 *  $stackN	: fetch Nth entry of stack (N:0-)
	 *  $argN	: fetch Nth argument (N:1-)
	 *  $comm       : fetch current task comm
	 *  @ADDR	: fetch memory at ADDR (ADDR should be in kernel)
	 *  @SYM[+|-offs] : fetch memory at SYM +|- offs (SYM is a data symbol)
	 * Dereferencing memory fetch:
	 *  +|-offs(ARG) : fetch memory at ARG +|- offs address.
	 * Alias name of args:
	 *  NAME=FETCHARG : set NAME as alias of FETCHARG.
	 * Type of args:
	 *  FETCHARG:TYPE : use TYPE instead of unsigned long.
	 */
	struct trace_fprobe *tf __free(free_trace_fprobe) = NULL;
	const char *event = NULL, *group = FPROBE_EVENT_SYSTEM;
	struct module *mod __free(module_put) = NULL;
	const char **new_argv __free(kfree) = NULL;
	char *symbol __free(kfree) = NULL;
	char *filter __free(kfree) = NULL;
	char *nofilter __free(kfree) = NULL;
	char *ebuf __free(kfree) = NULL;
	char *gbuf __free(kfree) = NULL;
	char *sbuf __free(kfree) = NULL;
	char *abuf __free(kfree) = NULL;
	char *dbuf __free(kfree) = NULL;
	int i, new_argc = 0, ret = 0;
	bool is_tracepoint = false;
	bool is_return = false;
	bool suffix;

	if ((argv[0][0] != 'f' && argv[0][0] != 't') || argc < 2)
		return -ECANCELED;

	if (argv[0][0] == 't') {
		is_tracepoint = true;
		group = TRACEPOINT_EVENT_SYSTEM;
	}

	if (argv[0][1] != '\0') {
		if (argv[0][1] != ':') {
			trace_probe_log_set_index(0);
			trace_probe_log_err(1, BAD_MAXACT);
			return -EINVAL;
		}
		event = &argv[0][2];
	}

	trace_probe_log_set_index(1);

	/* a symbol(or tracepoint) must be specified */
	ret = parse_symbol_and_return(argc, argv, &symbol, &filter, &nofilter,
				      &is_return, &suffix, is_tracepoint);
	if (ret < 0)
		return -EINVAL;

	trace_probe_log_set_index(0);
	if (event) {
		gbuf = kmalloc(MAX_EVENT_NAME_LEN, GFP_KERNEL);
		if (!gbuf)
			return -ENOMEM;
		ret = traceprobe_parse_event_name(&event, &group, gbuf,
						  event - argv[0]);
		if (ret)
			return -EINVAL;
	}

	if (!event) {
		/*
		 * A name made of a list or of a pattern in the list syntax
		 * would say little: these need one. A pattern written as
		 * it always was keeps the name it always had.
		 */
		if (filter || (suffix && strpbrk(symbol, "*?["))) {
			trace_probe_log_err(0, NO_EVENT_NAME);
			return -EINVAL;
		}
		ebuf = kmalloc(MAX_EVENT_NAME_LEN, GFP_KERNEL);
		if (!ebuf)
			return -ENOMEM;
		/* Make a new event name */
		if (is_tracepoint) {
			const char *name = tprobe_target_name(symbol);

			snprintf(ebuf, MAX_EVENT_NAME_LEN, "%s%s",
				 isdigit(*name) ? "_" : "", name);
		} else {
			snprintf(ebuf, MAX_EVENT_NAME_LEN, "%s%s__%s",
				 isdigit(*symbol) ? "_" : "", symbol,
				 is_return ? "exit" : "entry");
		}
		sanitize_event_name(ebuf);
		event = ebuf;
	}

	if (is_return)
		ctx->flags |= TPARG_FL_RETURN;
	else
		ctx->flags |= TPARG_FL_FENTRY;

	ctx->funcname = NULL;
	if (is_tracepoint) {
		/* Get tracepoint and lock its module until the end of the registration. */
		struct tracepoint *tpoint;

		ctx->flags |= TPARG_FL_TPOINT;
		mod = NULL;
		tpoint = find_tracepoint(symbol, &mod);
		/*
		 * A TRACEPOINT that is not found is kept pending for a module
		 * that may bring it, as it always was. A MOD:TRACEPOINT is
		 * checked: it is pending only while MOD is not loaded.
		 */
		if (!tpoint && tprobe_target_name(symbol) != symbol) {
			trace_probe_log_set_index(1);
			ret = tprobe_check_unloaded_target(symbol);
			if (ret < 0)
				return ret;
			/*
			 * MOD has the tracepoint: it has come meanwhile, look
			 * again. If it is still not found (MOD is not done
			 * coming yet), the event is pending.
			 */
			if (ret)
				tpoint = find_tracepoint(symbol, &mod);
			trace_probe_log_set_index(0);
		}
		if (tpoint) {
			sbuf = kmalloc(KSYM_NAME_LEN, GFP_KERNEL);
			if (!sbuf)
				return -ENOMEM;
			ctx->funcname = kallsyms_lookup((unsigned long)tpoint->probestub,
							NULL, NULL, NULL, sbuf);
		}
	}
	/* A list has no one prototype to take BTF arguments from. */
	if (!ctx->funcname && !filter)
		ctx->funcname = symbol;

	abuf = kmalloc(MAX_BTF_ARGS_LEN, GFP_KERNEL);
	if (!abuf)
		return -ENOMEM;
	argc -= 2; argv += 2;
	new_argv = traceprobe_expand_meta_args(argc, argv, &new_argc,
					       abuf, MAX_BTF_ARGS_LEN, ctx);
	if (IS_ERR(new_argv))
		return PTR_ERR(new_argv);
	if (new_argv) {
		argc = new_argc;
		argv = new_argv;
	}
	if (argc > MAX_TRACE_ARGS) {
		trace_probe_log_set_index(2);
		trace_probe_log_err(0, TOO_MANY_ARGS);
		return -E2BIG;
	}

	ret = traceprobe_expand_dentry_args(argc, argv, &dbuf);
	if (ret)
		return ret;

	/* setup a probe */
	tf = alloc_trace_fprobe(group, event, symbol, argc, is_return, is_tracepoint);
	if (IS_ERR(tf)) {
		ret = PTR_ERR(tf);
		/* This must return -ENOMEM, else there is a bug */
		WARN_ON_ONCE(ret != -ENOMEM);
		return ret;
	}
	tf->filter = no_free_ptr(filter);
	tf->nofilter = no_free_ptr(nofilter);

	/* parse arguments */
	for (i = 0; i < argc; i++) {
		trace_probe_log_set_index(i + 2);
		ctx->offset = 0;
		ret = traceprobe_parse_probe_arg(&tf->tp, i, argv[i], ctx);
		if (ret)
			return ret;	/* This can be -ENOMEM */
	}

	if (is_return && tf->tp.entry_arg) {
		tf->fp.entry_handler = trace_fprobe_entry_handler;
		tf->fp.entry_data_size = traceprobe_get_entry_data_size(&tf->tp);
		if (ALIGN(tf->fp.entry_data_size, sizeof(long)) > MAX_FPROBE_DATA_SIZE) {
			trace_probe_log_set_index(2);
			trace_probe_log_err(0, TOO_MANY_EARGS);
			return -E2BIG;
		}
	}

	ret = traceprobe_set_print_fmt(&tf->tp,
			is_return ? PROBE_PRINT_RETURN : PROBE_PRINT_NORMAL);
	if (ret < 0)
		return ret;

	ret = register_trace_fprobe_event(tf);
	if (ret) {
		trace_probe_log_set_index(1);
		if (ret == -EILSEQ)
			trace_probe_log_err(0, BAD_INSN_BNDRY);
		else if (ret == -ENOENT)
			trace_probe_log_err(0, BAD_PROBE_ADDR);
		else if (ret != -ENOMEM && ret != -EEXIST)
			trace_probe_log_err(0, FAIL_REG_PROBE);
		return -EINVAL;
	}

	/* 'tf' is successfully registered. To avoid freeing, assign NULL. */
	tf = NULL;

	return 0;
}

static int trace_fprobe_create_cb(int argc, const char *argv[])
{
	struct traceprobe_parse_context *ctx __free(traceprobe_parse_context) = NULL;
	int ret;

	ctx = kzalloc_obj(*ctx);
	if (!ctx)
		return -ENOMEM;

	ctx->flags = TPARG_FL_KERNEL | TPARG_FL_FPROBE;

	trace_probe_log_init("trace_fprobe", argc, argv);
	ret = trace_fprobe_create_internal(argc, argv, ctx);
	trace_probe_log_clear();
	return ret;
}

static int trace_fprobe_create(const char *raw_command)
{
	return trace_probe_create(raw_command, trace_fprobe_create_cb);
}

static int trace_fprobe_release(struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);
	int ret = unregister_trace_fprobe(tf);

	if (!ret)
		free_trace_fprobe(tf);
	return ret;
}

static int trace_fprobe_show(struct seq_file *m, struct dyn_event *ev)
{
	struct trace_fprobe *tf = to_trace_fprobe(ev);
	int i;

	if (trace_fprobe_is_tracepoint(tf))
		seq_putc(m, 't');
	else
		seq_putc(m, 'f');
	seq_printf(m, ":%s/%s", trace_probe_group_name(&tf->tp),
				trace_probe_name(&tf->tp));

	seq_printf(m, " %s", trace_fprobe_symbol(tf));
	if (trace_fprobe_is_return(tf))
		seq_puts(m, trace_fprobe_has_list(tf) ? ":exit" : "%return");

	for (i = 0; i < tf->tp.nr_args; i++)
		seq_printf(m, " %s=%s", tf->tp.args[i].name, tf->tp.args[i].comm);
	seq_putc(m, '\n');

	trace_probe_dump_args(m, &tf->tp);

	return 0;
}

/*
 * Enable trace_probe
 * if the file is NULL, enable "perf" handler, or enable "trace" handler.
 */
static int enable_trace_fprobe(struct trace_event_call *call,
			       struct trace_event_file *file)
{
	struct trace_probe *tp;
	struct trace_fprobe *tf;
	bool enabled;
	int ret = 0;

	tp = trace_probe_primary_from_call(call);
	if (WARN_ON_ONCE(!tp))
		return -ENODEV;
	enabled = trace_probe_is_enabled(tp);

	/* This also changes "enabled" state */
	if (file) {
		ret = trace_probe_add_file(tp, file);
		if (ret)
			return ret;
	} else
		trace_probe_set_flag(tp, TP_FLAG_PROFILE);

	if (!enabled) {
		list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list) {
			ret = __register_trace_fprobe(tf);
			if (ret < 0)
				goto err;
		}
	}

	return 0;

err:
	/*
	 * The functions were there when the event was defined: say why it
	 * cannot be enabled now, as the module that had them may be gone.
	 */
	pr_warn_ratelimited("event %s/%s: cannot probe %s: %s%pe\n",
			    trace_probe_group_name(tp), trace_probe_name(tp),
			    trace_fprobe_symbol(tf),
			    ret == -ENOENT && !trace_fprobe_is_tracepoint(tf) ?
			    "no function matches, " : "", ERR_PTR(ret));
	/* Failed to enable one of them. Roll back all */
	list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list)
		__unregister_trace_fprobe(tf);
	if (file)
		trace_probe_remove_file(tp, file);
	else
		trace_probe_clear_flag(tp, TP_FLAG_PROFILE);
	return ret;
}

/*
 * Disable trace_probe
 * if the file is NULL, disable "perf" handler, or disable "trace" handler.
 */
static int disable_trace_fprobe(struct trace_event_call *call,
				struct trace_event_file *file)
{
	struct trace_fprobe *tf;
	struct trace_probe *tp;

	tp = trace_probe_primary_from_call(call);
	if (WARN_ON_ONCE(!tp))
		return -ENODEV;

	if (file) {
		if (!trace_probe_get_file_link(tp, file))
			return -ENOENT;
		if (!trace_probe_has_single_file(tp))
			goto out;
		trace_probe_clear_flag(tp, TP_FLAG_TRACE);
	} else
		trace_probe_clear_flag(tp, TP_FLAG_PROFILE);

	if (!trace_probe_is_enabled(tp)) {
		list_for_each_entry(tf, trace_probe_probe_list(tp), tp.list) {
			unregister_fprobe(&tf->fp);
			if (tf->tuser) {
				tracepoint_user_put(tf->tuser);
				tf->tuser = NULL;
			}
		}
	}

 out:
	if (file)
		/*
		 * Synchronization is done in below function. For perf event,
		 * file == NULL and perf_trace_event_unreg() calls
		 * tracepoint_synchronize_unregister() to ensure synchronize
		 * event. We don't need to care about it.
		 */
		trace_probe_remove_file(tp, file);

	return 0;
}

/*
 * called by perf_trace_init() or __ftrace_set_clr_event() under event_mutex.
 */
static int fprobe_register(struct trace_event_call *event,
			   enum trace_reg type, void *data)
{
	struct trace_event_file *file = data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return enable_trace_fprobe(event, file);
	case TRACE_REG_UNREGISTER:
		return disable_trace_fprobe(event, file);

#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		return enable_trace_fprobe(event, NULL);
	case TRACE_REG_PERF_UNREGISTER:
		return disable_trace_fprobe(event, NULL);
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return 0;
}

/*
 * Register dynevent at core_initcall. This allows kernel to setup fprobe
 * events in postcore_initcall without tracefs.
 */
static __init int init_fprobe_trace_early(void)
{
	int ret;

	ret = dyn_event_register(&trace_fprobe_ops);
	if (ret)
		return ret;

#ifdef CONFIG_MODULES
	ret = register_tracepoint_module_notifier(&tracepoint_module_nb);
	if (ret)
		return ret;
	ret = register_module_notifier(&tprobe_event_module_nb);
	if (ret)
		return ret;
#endif

	return 0;
}
core_initcall(init_fprobe_trace_early);
