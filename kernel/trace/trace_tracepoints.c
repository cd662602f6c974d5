// SPDX-License-Identifier: GPL-2.0
/*
 * available_tracepoints: a catalog of the tracepoints of the kernel and of
 * the loaded modules, with the state of their static keys, the kinds of
 * users attached to them, their trace events and, with BTF, their
 * arguments.
 */
#include <linux/bsearch.h>
#include <linux/btf.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string_choices.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_btf.h"

/*
 * The kinds of users of a tracepoint, in the order the "users=" value lists
 * them. A user is told by the probe function it attached, never by its name.
 */
enum tp_user_kind {
	TP_USER_EVENT,		/* its trace event, once per instance */
	TP_USER_PERF,		/* perf on its trace event */
	TP_USER_BPF,		/* raw tracepoint BPF programs, once per link */
	TP_USER_TPROBE,		/* tracepoint probe events (t:), all in one */
	TP_USER_OTHER,		/* any other in-kernel user */
	TP_USER_NR,
};

static const char * const tp_user_names[TP_USER_NR] = {
	[TP_USER_EVENT]		= "event",
	[TP_USER_PERF]		= "perf",
	[TP_USER_BPF]		= "bpf",
	[TP_USER_TPROBE]	= "tprobe",
	[TP_USER_OTHER]		= "other",
};

struct tp_list_event {
	struct tracepoint	*tp;
	struct trace_event_call	*call;
};

/* The state of an open file, kept between reads */
struct tp_list_iter {
	struct tracepoint_iter	tp_iter;
	/* The trace events by tracepoint, made again at each read */
	struct tp_list_event	*events;
	int			nr_events;
	int			max_events;
	/* The probes of the tracepoint being shown */
	void			**probes;
	int			max_probes;
	char			sym[KSYM_NAME_LEN];
};

static int tp_list_event_cmp(const void *a, const void *b)
{
	const struct tp_list_event *x = a, *y = b;

	if (x->tp == y->tp)
		return 0;
	return x->tp < y->tp ? -1 : 1;
}

/*
 * Index the trace events that are tracepoints by their tracepoint, so that
 * each line finds its event in log(n). It is done at the start of every
 * read, under event_mutex, so no event from an earlier read is used.
 */
static int tp_list_index_events(struct tp_list_iter *it)
{
	struct trace_event_call *call;
	int nr = 0;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(call, &ftrace_events, list)
		if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
			nr++;

	it->nr_events = 0;
	if (nr > it->max_events) {
		struct tp_list_event *events;

		events = kvmalloc_array(nr, sizeof(*events), GFP_KERNEL);
		if (!events)
			return -ENOMEM;
		kvfree(it->events);
		it->events = events;
		it->max_events = nr;
	}

	list_for_each_entry(call, &ftrace_events, list) {
		if (!(call->flags & TRACE_EVENT_FL_TRACEPOINT))
			continue;
		it->events[it->nr_events].tp = call->tp;
		it->events[it->nr_events].call = call;
		it->nr_events++;
	}
	sort(it->events, it->nr_events, sizeof(*it->events),
	     tp_list_event_cmp, NULL);
	return 0;
}

static struct trace_event_call *tp_list_find_event(struct tp_list_iter *it,
						   struct tracepoint *tp)
{
	struct tp_list_event key = { .tp = tp }, *ev;

	ev = bsearch(&key, it->events, it->nr_events, sizeof(*ev),
		     tp_list_event_cmp);
	return ev ? ev->call : NULL;
}

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
/*
 * Print a parameter type as C would, e.g. "const char *". Qualifiers of
 * the pointers themselves are left out, and a pointer to a function is
 * shown as "void *": the point is to tell what a fetch argument reads.
 */
static void tp_list_show_type(struct seq_file *m, struct btf *btf, u32 id)
{
	const struct btf_type *t;
	const char *prefix = "";
	bool is_const = false;
	int ptrs = 0;

	for (;;) {
		t = id ? btf_type_by_id(btf, id) : NULL;
		if (!t)
			break;
		switch (BTF_INFO_KIND(t->info)) {
		case BTF_KIND_PTR:
			ptrs++;
			is_const = false;
			id = t->type;
			continue;
		case BTF_KIND_CONST:
			is_const = true;
			fallthrough;
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			continue;
		case BTF_KIND_STRUCT:
			prefix = "struct ";
			break;
		case BTF_KIND_UNION:
			prefix = "union ";
			break;
		case BTF_KIND_FWD:
			prefix = btf_type_kflag(t) ? "union " : "struct ";
			break;
		case BTF_KIND_ENUM:
		case BTF_KIND_ENUM64:
			prefix = "enum ";
			break;
		case BTF_KIND_FUNC_PROTO:
			t = NULL;
			break;
		}
		break;
	}

	seq_printf(m, "%s%s%s %.*s", is_const ? "const " : "", prefix,
		   t ? btf_name_by_offset(btf, t->name_off) : "void",
		   ptrs, "**********");
}

/*
 * The arguments of a tracepoint are the parameters of its probe stub,
 * __probestub_<tracepoint>, after the first one (the probe's data): what
 * tprobe events read by name or as $argN. The stub's name is made from the
 * tracepoint's, as DEFINE_TRACE() makes it, not looked up in kallsyms.
 */
static void tp_list_show_args(struct seq_file *m, struct tp_list_iter *it,
			      struct tracepoint *tp)
{
	const struct btf_param *params;
	const struct btf_type *proto;
	struct btf *btf;
	s32 i, nr;

	proto = NULL;
	if (snprintf(it->sym, sizeof(it->sym), "__probestub_%s",
		     tp->name) < sizeof(it->sym))
		proto = btf_find_func_proto(it->sym, &btf);
	if (!proto) {
		seq_puts(m, "-");
		return;
	}

	params = btf_get_func_param(proto, &nr);
	if (IS_ERR_OR_NULL(params) || nr < 1) {
		seq_puts(m, "-");
		goto out;
	}

	seq_putc(m, '"');
	for (i = 1; i < nr; i++) {
		if (i > 1)
			seq_puts(m, ", ");
		tp_list_show_type(m, btf, params[i].type);
		seq_puts(m, btf_name_by_offset(btf, params[i].name_off) ?: "");
	}
	seq_puts(m, nr > 1 ? "\"" : "void\"");
out:
	btf_put(btf);
}
#else
static void tp_list_show_args(struct seq_file *m, struct tp_list_iter *it,
			      struct tracepoint *tp)
{
	seq_puts(m, "-");
}
#endif /* CONFIG_PROBE_EVENTS_BTF_ARGS */

/*
 * Whether @probe is the function that raw tracepoint BPF programs attach to
 * @tp. Only looked for when a probe is none of the cheaper kinds.
 */
static bool tp_list_probe_is_bpf(struct tracepoint *tp, void *probe)
{
	struct bpf_raw_event_map *btp;
	bool ret;

	if (!IS_ENABLED(CONFIG_BPF_EVENTS))
		return false;

	btp = bpf_get_raw_tracepoint(tp->name);
	if (!btp)
		return false;
	/* Another module's tracepoint of the same name is not @tp */
	ret = btp->tp == tp && btp->bpf_func == probe;
	bpf_put_raw_tracepoint(btp);
	return ret;
}

static enum tp_user_kind tp_list_classify(struct tracepoint *tp,
					  struct trace_event_call *call,
					  void *probe)
{
	if (call && probe == call->class->probe)
		return TP_USER_EVENT;
#ifdef CONFIG_PERF_EVENTS
	if (call && probe == call->class->perf_probe)
		return TP_USER_PERF;
#endif
	if (probe == tp->probestub)
		return TP_USER_TPROBE;
	if (tp_list_probe_is_bpf(tp, probe))
		return TP_USER_BPF;
	return TP_USER_OTHER;
}

/*
 * Read all the probes of @tp and its key, in one go under tracepoints_mutex
 * (taken by tracepoint_probe_snapshot()), growing the array if there are
 * more probes than it holds. Return the number of probes, or -ENOMEM.
 */
static int tp_list_snapshot(struct tp_list_iter *it, struct tracepoint *tp,
			    bool *key_on)
{
	int nr;

	for (;;) {
		void **probes;

		nr = tracepoint_probe_snapshot(tp, it->probes, it->max_probes,
					       key_on);
		if (nr <= it->max_probes)
			return nr;

		probes = kmalloc_array(nr + 8, sizeof(*probes), GFP_KERNEL);
		if (!probes)
			return -ENOMEM;
		kfree(it->probes);
		it->probes = probes;
		it->max_probes = nr + 8;
	}
}

/*
 * One line: the tracepoint's name, then KEY=VALUE pairs. A value is one
 * word, "-" for none, or a string in double quotes (args). Keys can be
 * added at any place in a later kernel: find them by name.
 */
static int tp_list_show(struct seq_file *m, void *v)
{
	unsigned int users[TP_USER_NR] = {};
	struct tp_list_iter *it = m->private;
	struct module *mod = it->tp_iter.mod;
	struct trace_event_call *call;
	struct tracepoint *tp = v;
	bool key_on, first = true;
	int i, nr;

	call = tp_list_find_event(it, tp);
	nr = tp_list_snapshot(it, tp, &key_on);
	if (nr < 0)
		return nr;
	for (i = 0; i < nr; i++)
		users[tp_list_classify(tp, call, it->probes[i])]++;

	seq_printf(m, "%s module=%s key=%s probes=%d users=", tp->name,
		   mod ? mod->name : "kernel", str_on_off(key_on), nr);
	for (i = 0; i < TP_USER_NR; i++) {
		if (!users[i])
			continue;
		seq_printf(m, "%s%s:%u", first ? "" : ",", tp_user_names[i],
			   users[i]);
		first = false;
	}
	if (first)
		seq_putc(m, '-');

	if (call)
		seq_printf(m, " event=%s:%s", call->class->system,
			   trace_event_name(call));
	else
		seq_puts(m, " event=-");

	seq_puts(m, " args=");
	tp_list_show_args(m, it, tp);
	seq_putc(m, '\n');
	return 0;
}

/*
 * Each read() walks on from where the last one stopped, holding event_mutex
 * and, through the tracepoint walk, the mutex of the tracepoint module list
 * (the order in which tracing already takes them): the events, the modules
 * and their tracepoints stay as they are while a line is made, and all its
 * lookups (the event, the BTF of the arguments) are done under them.
 * Between two reads a module can come or go, which moves the lines that
 * follow it: the file is not a snapshot, each line is.
 */
static void *tp_list_start(struct seq_file *m, loff_t *pos)
{
	struct tp_list_iter *it = m->private;
	struct tracepoint *tp;
	int ret;

	mutex_lock(&event_mutex);
	ret = tp_list_index_events(it);
	tp = tracepoint_iter_start(&it->tp_iter, *pos);
	return ret ? ERR_PTR(ret) : tp;
}

static void *tp_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct tp_list_iter *it = m->private;

	(*pos)++;
	return tracepoint_iter_next(&it->tp_iter);
}

static void tp_list_stop(struct seq_file *m, void *v)
{
	struct tp_list_iter *it = m->private;

	tracepoint_iter_stop(&it->tp_iter);
	mutex_unlock(&event_mutex);
}

static const struct seq_operations tp_list_seq_ops = {
	.start	= tp_list_start,
	.next	= tp_list_next,
	.stop	= tp_list_stop,
	.show	= tp_list_show,
};

static int tp_list_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;

	return seq_open_private(file, &tp_list_seq_ops,
				sizeof(struct tp_list_iter));
}

static int tp_list_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;
	struct tp_list_iter *it = m->private;

	kvfree(it->events);
	kfree(it->probes);
	return seq_release_private(inode, file);
}

static const struct file_operations tp_list_fops = {
	.open		= tp_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= tp_list_release,
};

static __init int init_tracepoint_list(void)
{
	if (tracing_init_dentry())
		return 0;

	trace_create_file("available_tracepoints", TRACE_MODE_READ, NULL,
			  NULL, &tp_list_fops);
	return 0;
}
fs_initcall(init_tracepoint_list);
