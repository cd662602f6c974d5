// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the definitions.  The grammar of every probe kind, the
 * valid definitions made from it, their mutations, and generate(): the
 * definition number N of the seed.
 */
#include "probe_stress.h"

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
size_t generate(char *buf, unsigned long n, bool *mutated)
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
