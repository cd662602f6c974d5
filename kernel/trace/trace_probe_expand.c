// SPDX-License-Identifier: GPL-2.0
/*
 * ARG->*: a pointer to a structure, in the arguments of a probe event,
 * expanded into one argument per member of the structure, named by BTF.
 *
 * The expansion is text, as that of $arg*: "file->*" becomes
 * "file_f_mode=file->f_mode file_f_flags=file->f_flags ...", which the
 * parser then takes as if the user had written it. Each member is an
 * ordinary field of the event, for filters, histograms and the tools.
 * The members a type has no field form for are left out, as the type
 * says; an expansion past the event's limits is refused.
 */

#include <linux/btf.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_probe.h"

struct struct_expansion {
	const char	*expr;		/* the pointer, as the members use it */
	char		base[MAX_ARG_NAME_LEN + 1];	/* the names' prefix */
	const char	**argv;		/* the arguments, added at *argc */
	int		*argc;
	int		first;		/* the first argument of the expansion */
	const char	**rest;		/* the arguments after PTR->* */
	int		nr_rest;
	int		room;		/* how many more may be added */
	char		*buf;		/* their text */
	int		bufsize;
	int		used;
	bool		full;		/* past the limits: refused */
};

/* Whether an argument of @args (NAME=... or a BTF name) is named @name */
static bool name_in(const char **args, int nr, const char *name, int len)
{
	const char *end;
	int i;

	for (i = 0; i < nr; i++) {
		end = strpbrk(args[i], "=:");
		if ((end ? end - args[i] : strlen(args[i])) == len &&
		    !strncmp(args[i], name, len))
			return true;
	}
	return false;
}

/* "NAME=EXPR->[OUTER.]MEMBER[SUFFIX]", NAME "BASE_[OUTER_]MEMBER" */
static void expand_member(struct struct_expansion *ex, const char *outer,
			  const char *member, const char *suffix)
{
	int left = ex->bufsize - ex->used;
	char *p = ex->buf + ex->used;
	int name_len, len;

	if (ex->full)
		return;

	name_len = snprintf(p, left, "%s_%s%s%s", ex->base, outer ?: "",
			    outer ? "_" : "", member);
	if (name_len >= left) {
		ex->full = true;
		return;
	}
	/* Too long a name, or one another argument has: left out */
	if (name_len > MAX_ARG_NAME_LEN ||
	    name_in(ex->argv, *ex->argc, p, name_len) ||
	    name_in(ex->rest, ex->nr_rest, p, name_len))
		return;
	len = name_len + snprintf(p + name_len, left - name_len,
				  "=%s->%s%s%s%s", ex->expr, outer ?: "",
				  outer ? "." : "", member, suffix);
	if (len - name_len - 1 > MAX_ARGSTR_LEN)
		return;
	if (len >= left || !ex->room) {
		ex->full = true;
		return;
	}

	ex->argv[(*ex->argc)++] = p;
	ex->used += len + 1;
	ex->room--;
}

/*
 * An array of char: one that the string fetch takes, of a type named char
 * (not a u8 array, a MAC address or a UUID), with a length
 */
static bool btf_type_is_string(struct btf *btf, const struct btf_type *t)
{
	const struct btf_type *elem;
	const char *name;

	if (!btf_type_is_array(t) || !btf_array(t)->nelems)
		return false;
	elem = btf_type_skip_modifiers(btf, btf_array(t)->type, NULL);
	if (!elem || !btf_type_is_int(elem) || !btf_type_is_char_array(btf, t))
		return false;
	name = btf_name_by_offset(btf, elem->name_off);
	return name && !strcmp(name, "char");
}

/*
 * The members of @type: scalars (integers, enums, bool), pointers and
 * bitfields as they are, char arrays as strings, the members of a
 * structure or union member (@outer: NULL for the top level) one level
 * down. The members of an anonymous structure or union are those of the
 * level they are in, as C reads them.
 */
static void expand_members(struct struct_expansion *ex, struct btf *btf,
			   const struct btf_type *type, const char *outer)
{
	const struct btf_member *m;
	const struct btf_type *t;
	const char *name;
	int i;

	for_each_member(i, type, m) {
		t = btf_type_skip_modifiers(btf, m->type, NULL);
		name = btf_name_by_offset(btf, m->name_off);
		if (!t)
			continue;
		/* An anonymous structure, or padding (an unnamed bitfield) */
		if (!name || !*name) {
			if (btf_type_is_struct(t))
				expand_members(ex, btf, t, outer);
			continue;
		}
		if (btf_type_is_struct(t)) {
			if (!outer)
				expand_members(ex, btf, t, name);
		} else if (btf_type_is_int(t) || btf_is_any_enum(t) ||
			   btf_type_is_ptr(t)) {
			expand_member(ex, outer, name, "");
		} else if (btf_type_is_string(btf, t)) {
			expand_member(ex, outer, name, ":string");
		}
	}
}

/*
 * The names' prefix: @expr with "->" and "." as "_", without "$" and a
 * typecast ("(sk_buff)skbaddr" is "skbaddr"); "arg" if nothing is left.
 */
static void expansion_base(char *base, const char *expr)
{
	int n = 0;

	if (*expr == '(') {
		const char *close = strchr(expr, ')');

		expr = close ? close + 1 : "";
	}
	for (; *expr && n < MAX_ARG_NAME_LEN; expr++) {
		if (isalnum(*expr) || *expr == '_')
			base[n++] = *expr;
		else if (*expr == '.' || (*expr == '-' && expr[1] == '>'))
			base[n++] = '_';
	}
	base[n] = '\0';
	if (!n || isdigit(base[0]))
		strscpy(base, "arg", MAX_ARG_NAME_LEN + 1);
}

/*
 * The structure or union that @expr points to: @expr parsed as the argument
 * of a scratch probe, freed after, gives its BTF type; an eprobe's field
 * cast, "(STRUCT[,MEMBER])FIELD", points to STRUCT, $current to the
 * task_struct. @star is where "->*" is, for error_log. The BTF returned
 * is referenced.
 */
static int btf_pointee(const char *expr, int star,
		       struct traceprobe_parse_context *ctx,
		       struct btf **btf, const struct btf_type **type)
{
	struct trace_probe *scratch, *tp = ctx->tp;
	const struct btf_type *t = NULL;
	const char *close;
	ssize_t size = 0;
	char *name;
	int ret;

	/* An eprobe's fields have no BTF type but that of a cast */
	if ((ctx->flags & TPARG_FL_TEVENT) && !strcmp(expr, "$current")) {
		trace_probe_log_err(0, BAD_VAR);
		return -EINVAL;
	}
	if ((ctx->flags & TPARG_FL_TEVENT) && *expr != '(') {
		trace_probe_log_err(star, NO_PTR_STRCT);
		return -EINVAL;
	}

	if (*expr == '(') {
		/* The cast's structure, when nothing follows the field */
		close = strchr(expr, ')');
		if (!close || strpbrk(close, "-.(")) {
			trace_probe_log_err(0, STRUCT_ARGS_CAST);
			return -EINVAL;
		}
		name = kmemdup_nul(expr + 1, strcspn(expr + 1, ",)"),
				   GFP_KERNEL);
	} else if (!strcmp(expr, "$current")) {
		name = kstrdup("task_struct", GFP_KERNEL);
	} else {
		name = NULL;
	}
	if (name) {
		ret = bpf_find_btf_id(name, BTF_KIND_STRUCT, btf);
		kfree(name);
		if (ret < 0) {
			trace_probe_log_err(*expr == '(', NO_PTR_STRCT);
			return -EINVAL;
		}
		*type = btf_type_by_id(*btf, ret);
		return 0;
	}
	if (*expr == '(' || !strcmp(expr, "$current"))
		return -ENOMEM;

	scratch = kzalloc_flex(*scratch, args, 1);
	if (!scratch)
		return -ENOMEM;
	scratch->nr_args = 1;	/* sizes the entry data of a return probe */
	ctx->tp = scratch;
	ctx->offset = 0;
	ret = traceprobe_parse_probe_arg_body(expr, &size, &scratch->args[0],
					      ctx);
	if (!ret && ctx->last_type && btf_type_is_ptr(ctx->last_type))
		t = btf_type_skip_modifiers(ctx->last_btf,
					    ctx->last_type->type, NULL);
	if (!ret && (!t || !btf_type_is_struct(t))) {
		trace_probe_log_err(star, NO_PTR_STRCT);
		ret = -EINVAL;
	}
	if (!ret) {
		/*
		 * The BTF of a parameter or $retval, held by @ctx; after a
		 * $current, vmlinux's, which is never freed.
		 */
		*btf = ctx->last_btf;
		btf_get(*btf);
		*type = t;
	}
	traceprobe_free_probe_arg(&scratch->args[0]);
	kfree(scratch->entry_arg);
	kfree(scratch);
	ctx->tp = tp;
	return ret;
}

/* "PTR->*": an argument whose body (no immediate) ends in "->*", or with a type */
static bool is_struct_arg(const char *arg)
{
	const char *body = strchr(arg, '=');
	int len;

	body = body ? body + 1 : arg;
	if (*body == '\\')
		return false;
	len = strlen(body);
	return (len > 3 && !strcmp(body + len - 3, "->*")) ||
	       strstr(body, "->*:");
}

/**
 * traceprobe_has_struct_arg - find the argument "PTR->*" of an event
 * @argc: the number of arguments
 * @argv: the arguments
 * @idx: the index of that argument, set if there is one
 *
 * Return: 1 if there is one, 0 if not, or a negative error (there are
 * two) logged in error_log.
 */
int traceprobe_has_struct_arg(int argc, const char *argv[], int *idx)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!is_struct_arg(argv[i]))
			continue;
		if (*idx >= 0) {
			trace_probe_log_set_index(i + 2);
			trace_probe_log_err(strstr(argv[i], "->*") - argv[i],
					    DOUBLE_STRUCT_ARGS);
			return -EINVAL;
		}
		*idx = i;
	}
	return *idx >= 0;
}

/*
 * PTR of "PTR->*" as the members' arguments use it, in @buf: $argN is
 * named by BTF (in "$argN->MEMBER" the parser takes $argN for a register).
 */
static int struct_arg_pointer(const char *arg, int star, char *buf,
			      int bufsize, struct traceprobe_parse_context *ctx)
{
	char *num __free(kfree) = NULL;
	int n, ret;

	if (!str_has_prefix(arg, "$arg")) {
		ret = snprintf(buf, bufsize, "%.*s", star, arg);
		if (ret >= bufsize) {
			trace_probe_log_err(0, ARG_TOO_LONG);
			return -E2BIG;
		}
		return ret;
	}
	if (ctx->flags & TPARG_FL_TEVENT || !isdigit(arg[4])) {
		trace_probe_log_err(0, BAD_VAR);
		return -EINVAL;
	}
	num = kmemdup_nul(arg + 4, star - 4, GFP_KERNEL);
	if (!num)
		return -ENOMEM;
	if (kstrtoint(num, 10, &n) || n < 1 || n > ctx->nr_params) {
		trace_probe_log_err(4, BAD_ARG_NUM);
		return -EINVAL;
	}
	return sprint_nth_btf_arg(n - 1, "", buf, bufsize, ctx);
}

/**
 * traceprobe_expand_struct_arg - expand "PTR->*" into its members
 * @args: the arguments as written
 * @nr: their number
 * @idx: the index of "PTR->*" in @args
 * @argv: the arguments expanded, to which those of the members are added
 * @argc: the number of arguments in @argv, increased
 * @room: how many arguments may be added
 * @buf: the text of the members' arguments, which must last as @argv does
 * @bufsize: its size
 * @ctx: the parse context of the event
 *
 * The members of a type with no field form (arrays other than char
 * arrays, structures more than one level down) and those whose name is
 * too long or another argument's are left out, as the type says. An
 * expansion past @room arguments or @bufsize of text is refused.
 *
 * Return: 0, or a negative error logged in error_log.
 */
int traceprobe_expand_struct_arg(const char **args, int nr, int idx,
				 const char **argv, int *argc, int room,
				 char *buf, int bufsize,
				 struct traceprobe_parse_context *ctx)
{
	struct struct_expansion ex = {
		.argv = argv, .argc = argc, .first = *argc,
		.rest = args + idx + 1, .nr_rest = nr - idx - 1,
		.room = room, .buf = buf, .bufsize = bufsize,
	};
	const char *arg = args[idx];
	int star = strlen(arg) - 3;	/* where "->*" is */
	const struct btf_type *type;
	struct btf *btf;
	int ret;

	if (star <= 0 || strcmp(arg + star, "->*") || strpbrk(arg, "=:")) {
		trace_probe_log_err(0, BAD_STRUCT_ARGS);
		return -EINVAL;
	}
	if (room <= 0) {
		trace_probe_log_err(star, STRUCT_ARGS_LIMIT);
		return -E2BIG;
	}

	ret = struct_arg_pointer(arg, star, buf, bufsize, ctx);
	if (ret < 0)
		return ret;
	ex.expr = buf;
	ex.used = ret + 1;

	ret = btf_pointee(ex.expr, star, ctx, &btf, &type);
	if (ret < 0)
		return ret;

	expansion_base(ex.base, ex.expr);
	expand_members(&ex, btf, type, NULL);
	btf_put(btf);
	if (ex.full) {
		trace_probe_log_err(star, STRUCT_ARGS_LIMIT);
		return -E2BIG;
	}
	if (*argc == ex.first) {
		trace_probe_log_err(star, NO_STRUCT_MEMBER);
		return -ENOENT;
	}
	return 0;
}
