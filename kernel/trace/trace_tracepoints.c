// SPDX-License-Identifier: GPL-2.0
/*
 * available_tracepoints: a catalog of the tracepoints of the kernel and
 * of the loaded modules, with the state of their static keys, the probes
 * attached to them, their trace events and, with BTF, their arguments.
 */
#include <linux/bsearch.h>
#include <linux/btf.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string_choices.h>
#include <linux/tracepoint.h>

#include "trace.h"
#include "trace_btf.h"

/* Probe functions listed by name; any beyond are only counted. */
#define TP_LIST_MAX_PROBES	8

/* Bytes reserved per tracepoint at open; seq_file grows it if needed. */
#define TP_LIST_LINE_SIZE	160

struct tp_list_event {
	struct tracepoint	*tp;
	struct trace_event_call	*call;
};

/*
 * What the listing shows of one tracepoint, taken under the locks and
 * printed after they are dropped: the strings are copies (a module's can
 * go away), and the addresses are only looked up in kallsyms and BTF.
 */
struct tp_list_entry {
	struct list_head	list;
	void			*probestub;
	void			*probes[TP_LIST_MAX_PROBES];
	int			nr_probes;
	bool			key_on;
	const char		*module;	/* "kernel", or in @names */
	const char		*event;		/* "-", or in @names */
	char			names[];	/* the tracepoint's, module's, event's */
};

struct tp_list {
	struct seq_file		*m;
	struct tp_list_event	*events;
	int			nr_events;
	struct list_head	entries;
	int			err;
	char			sym[KSYM_NAME_LEN];
};

static int tp_list_event_cmp(const void *a, const void *b)
{
	const struct tp_list_event *x = a, *y = b;

	if (x->tp == y->tp)
		return 0;
	return x->tp < y->tp ? -1 : 1;
}

/* Index the trace events that are tracepoints by their tracepoint. */
static int tp_list_collect_events(struct tp_list *list)
{
	struct trace_event_call *call;
	int nr = 0;

	lockdep_assert_held(&event_mutex);

	list_for_each_entry(call, &ftrace_events, list)
		if (call->flags & TRACE_EVENT_FL_TRACEPOINT)
			nr++;

	list->events = kvmalloc_array(nr ?: 1, sizeof(*list->events),
				      GFP_KERNEL);
	if (!list->events)
		return -ENOMEM;

	list_for_each_entry(call, &ftrace_events, list) {
		if (!(call->flags & TRACE_EVENT_FL_TRACEPOINT))
			continue;
		list->events[list->nr_events].tp = call->tp;
		list->events[list->nr_events].call = call;
		list->nr_events++;
	}
	sort(list->events, list->nr_events, sizeof(*list->events),
	     tp_list_event_cmp, NULL);
	return 0;
}

static struct trace_event_call *tp_list_find_event(struct tp_list *list,
						   struct tracepoint *tp)
{
	struct tp_list_event key = { .tp = tp }, *ev;

	ev = bsearch(&key, list->events, list->nr_events, sizeof(*ev),
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
 * The arguments of a tracepoint are the parameters of its probe stub
 * after the first one (the probe's data), which is what tprobe events
 * read with $argN or by name.
 */
static void tp_list_show_args(struct tp_list *list, void *probestub)
{
	const struct btf_param *params;
	const struct btf_type *proto;
	struct seq_file *m = list->m;
	struct btf *btf;
	const char *name;
	s32 i, nr;

	name = kallsyms_lookup((unsigned long)probestub, NULL, NULL, NULL,
			       list->sym);
	proto = name ? btf_find_func_proto(name, &btf) : NULL;
	if (!proto) {
		seq_puts(m, "-");
		return;
	}

	params = btf_get_func_param(proto, &nr);
	if (IS_ERR_OR_NULL(params) || nr < 1) {
		seq_puts(m, "-");
		goto out;
	}

	seq_putc(m, '(');
	for (i = 1; i < nr; i++) {
		if (i > 1)
			seq_puts(m, ", ");
		tp_list_show_type(m, btf, params[i].type);
		seq_puts(m, btf_name_by_offset(btf, params[i].name_off) ?: "");
	}
	seq_puts(m, nr > 1 ? ")" : "void)");
out:
	btf_put(btf);
}
#else
static void tp_list_show_args(struct tp_list *list, void *probestub)
{
	seq_puts(list->m, "-");
}
#endif /* CONFIG_PROBE_EVENTS_BTF_ARGS */

/*
 * One probe function, as one word: NAME, or MODULE:NAME for a function of
 * a module (the form probe definitions take), where %ps would append
 * " [MODULE]" and split the column.
 */
static void tp_list_show_probe(struct tp_list *list, void *probe)
{
	struct seq_file *m = list->m;
	unsigned long size, offset;
	const char *sym;
	char *modname;

	sym = kallsyms_lookup((unsigned long)probe, &size, &offset, &modname,
			      list->sym);
	if (!sym)
		seq_putc(m, '?');
	else if (modname)
		seq_printf(m, "%s:%s", modname, sym);
	else
		seq_puts(m, sym);
}

static void tp_list_show_one(struct tp_list *list, struct tp_list_entry *e)
{
	struct seq_file *m = list->m;
	int i;

	seq_printf(m, "%s %s %s %d %s ", e->names, e->module,
		   str_on_off(e->key_on), e->nr_probes, e->event);

	if (!e->nr_probes)
		seq_putc(m, '-');
	for (i = 0; i < min(e->nr_probes, TP_LIST_MAX_PROBES); i++) {
		if (i)
			seq_putc(m, ',');
		tp_list_show_probe(list, e->probes[i]);
	}
	if (e->nr_probes > TP_LIST_MAX_PROBES)
		seq_puts(m, ",...");
	seq_putc(m, ' ');

	tp_list_show_args(list, e->probestub);
	seq_putc(m, '\n');
}

/* Take what the listing shows of @tp, of @mod or of the kernel if NULL */
static void tp_list_take(struct tp_list *list, struct tracepoint *tp,
			 struct module *mod)
{
	size_t name_len, mod_len = 0, event_len = 0;
	struct trace_event_call *call;
	struct tp_list_entry *e;
	char *p;

	if (list->err)
		return;

	call = tp_list_find_event(list, tp);
	name_len = strlen(tp->name) + 1;
	if (mod)
		mod_len = strlen(mod->name) + 1;
	if (call)
		event_len = strlen(call->class->system) + 1 +
			    strlen(trace_event_name(call)) + 1;

	e = kmalloc(struct_size(e, names, name_len + mod_len + event_len),
		    GFP_KERNEL);
	if (!e) {
		list->err = -ENOMEM;
		return;
	}

	e->nr_probes = tracepoint_probe_snapshot(tp, e->probes,
						 ARRAY_SIZE(e->probes),
						 &e->key_on);
	e->probestub = tp->probestub;
	memcpy(e->names, tp->name, name_len);
	p = e->names + name_len;
	e->module = "kernel";
	if (mod) {
		memcpy(p, mod->name, mod_len);
		e->module = p;
		p += mod_len;
	}
	e->event = "-";
	if (call) {
		snprintf(p, event_len, "%s/%s", call->class->system,
			 trace_event_name(call));
		e->event = p;
	}
	list_add_tail(&e->list, &list->entries);
}

static void tp_list_take_kernel(struct tracepoint *tp, void *priv)
{
	tp_list_take(priv, tp, NULL);
}

static void tp_list_take_module(struct tracepoint *tp, struct module *mod,
				void *priv)
{
	tp_list_take(priv, tp, mod);
}

/*
 * The listing is a snapshot, a consistent picture taken in one go:
 * event_mutex keeps the trace events, tracepoint_module_list_mutex (taken
 * by for_each_module_tracepoint()) keeps the modules and their
 * tracepoints, and tracepoint_probe_snapshot() takes tracepoints_mutex
 * for each tracepoint. That is the order the tracing code already takes
 * them in. Only copying is done under them: the names of the probe
 * functions and the arguments are looked up (kallsyms, BTF) once they
 * are dropped, so that a reader holds up module loading and event
 * enabling no longer than the copy takes.
 */
static int tp_list_show(struct seq_file *m, void *v)
{
	struct tp_list_entry *e, *tmp;
	struct tp_list *list;
	int ret;

	list = kzalloc_obj(*list);
	if (!list)
		return -ENOMEM;
	list->m = m;
	INIT_LIST_HEAD(&list->entries);

	mutex_lock(&event_mutex);
	ret = tp_list_collect_events(list);
	if (!ret) {
		for_each_kernel_tracepoint(tp_list_take_kernel, list);
		for_each_module_tracepoint(tp_list_take_module, list);
		ret = list->err;
	}
	mutex_unlock(&event_mutex);

	if (!ret) {
		seq_puts(m, "# TRACEPOINT MODULE KEY NR_PROBES EVENT PROBES ARGS\n");
		list_for_each_entry(e, &list->entries, list) {
			/* The buffer is too small: seq_file will call us again. */
			if (seq_has_overflowed(m))
				break;
			tp_list_show_one(list, e);
		}
	}

	list_for_each_entry_safe(e, tmp, &list->entries, list)
		kfree(e);
	kvfree(list->events);
	kfree(list);
	return ret;
}

static void tp_list_count(struct tracepoint *tp, void *priv)
{
	(*(size_t *)priv)++;
}

static void tp_list_count_module(struct tracepoint *tp, struct module *mod,
				 void *priv)
{
	(*(size_t *)priv)++;
}

static int tp_list_open(struct inode *inode, struct file *file)
{
	size_t nr = 1;
	int ret;

	ret = tracing_check_open_get_tr(NULL);
	if (ret)
		return ret;

	for_each_kernel_tracepoint(tp_list_count, &nr);
	for_each_module_tracepoint(tp_list_count_module, &nr);

	return single_open_size(file, tp_list_show, NULL,
				nr * TP_LIST_LINE_SIZE);
}

static const struct file_operations tp_list_fops = {
	.open		= tp_list_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
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
