// SPDX-License-Identifier: GPL-2.0
#include <linux/btf.h>
#include <linux/kernel.h>
#include <linux/slab.h>

#include "trace.h"
#include "trace_btf.h"

#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
/*
 * Find a function proto type by name, and return the btf_type with its btf
 * in *@btf_p. Return NULL if not found.
 * Note that caller has to call btf_put(*@btf_p) after using the btf_type.
 */
const struct btf_type *btf_find_func_proto(const char *func_name, struct btf **btf_p)
{
	const struct btf_type *t;
	s32 id;

	id = bpf_find_btf_id(func_name, BTF_KIND_FUNC, btf_p);
	if (id < 0)
		return NULL;

	/* Get BTF_KIND_FUNC type */
	t = btf_type_by_id(*btf_p, id);
	if (!t || !btf_type_is_func(t))
		goto err;

	/* The type of BTF_KIND_FUNC is BTF_KIND_FUNC_PROTO */
	t = btf_type_by_id(*btf_p, t->type);
	if (!t || !btf_type_is_func_proto(t))
		goto err;

	return t;
err:
	btf_put(*btf_p);
	return NULL;
}

/*
 * Get function parameter with the number of parameters.
 * This can return NULL if the function has no parameters.
 * It can return -EINVAL if the @func_proto is not a function proto type.
 */
const struct btf_param *btf_get_func_param(const struct btf_type *func_proto, s32 *nr)
{
	if (!btf_type_is_func_proto(func_proto))
		return ERR_PTR(-EINVAL);

	*nr = btf_type_vlen(func_proto);
	if (*nr > 0)
		return (const struct btf_param *)(func_proto + 1);
	else
		return NULL;
}

#define BTF_ANON_STACK_MAX	16

struct btf_anon_stack {
	u32 tid;
	u32 offset;
};

/*
 * Find a member of data structure/union by name and return it.
 * Return NULL if not found, or ERR_PTR(-EINVAL) if parameter is invalid.
 * If the member is a member of an anonymous union/structure, the bit offset
 * of that anonymous union/structure is stored into @anon_offset.
 * If @member_type is non-NULL, the actual containing structure/union type
 * of the found member is stored into @member_type.
 */
const struct btf_member *btf_find_struct_member(struct btf *btf,
						const struct btf_type *type,
						const char *member_name,
						u32 *anon_offset,
						const struct btf_type **member_type)
{
	struct btf_anon_stack *anon_stack;
	const struct btf_member *member;
	const struct btf_type *mtype;
	u32 tid, cur_offset = 0;
	const char *name;
	int i, top = 0;

	if (!btf_type_is_struct(type))
		return ERR_PTR(-EINVAL);

	anon_stack = kzalloc_objs(*anon_stack, BTF_ANON_STACK_MAX);
	if (!anon_stack)
		return ERR_PTR(-ENOMEM);

retry:
	for_each_member(i, type, member) {
		if (!member->name_off) {
			/* Anonymous union/struct: push it for later use */
			mtype = btf_type_skip_modifiers(btf, member->type, &tid);
			if (mtype && btf_type_is_struct(mtype) &&
			    top < BTF_ANON_STACK_MAX) {
				anon_stack[top].tid = tid;
				anon_stack[top++].offset = cur_offset +
					__btf_member_bit_offset(type, member);
			}
		} else {
			name = btf_name_by_offset(btf, member->name_off);
			if (name && !strcmp(member_name, name)) {
				if (anon_offset)
					*anon_offset = cur_offset;
				if (member_type)
					*member_type = type;
				goto out;
			}
		}
	}
	if (top > 0) {
		/* Pop from the anonymous stack and retry */
		tid = anon_stack[--top].tid;
		cur_offset = anon_stack[top].offset;
		type = btf_type_by_id(btf, tid);
		goto retry;
	}
	member = NULL;

out:
	kfree(anon_stack);
	return member;
}
#endif /* CONFIG_PROBE_EVENTS_BTF_ARGS */

/*
 * The names of the values of an event field whose type is an enum: a
 * reference to the enum in its BTF (vmlinux's or a module's), shared by
 * every field of that enum and freed with the last of them. The names
 * are read from the BTF, which the reference keeps (a module's BTF is a
 * copy that outlives the module), so nothing is copied per field.
 */
struct trace_btf_enum {
	struct list_head	list;
	refcount_t		ref;
	struct btf		*btf;
	const struct btf_type	*type;
	u32			id;
};

static LIST_HEAD(trace_btf_enums);
static DEFINE_MUTEX(trace_btf_enums_mutex);

/* A reference to enum @id of @btf, which the caller holds a reference to */
struct trace_btf_enum *trace_btf_enum_get(struct btf *btf, u32 id)
{
	const struct btf_type *t = btf_type_by_id(btf, id);
	struct trace_btf_enum *e;

	if (!t || !btf_is_any_enum(t))
		return NULL;

	guard(mutex)(&trace_btf_enums_mutex);
	list_for_each_entry(e, &trace_btf_enums, list) {
		if (e->btf == btf && e->id == id) {
			refcount_inc(&e->ref);
			return e;
		}
	}
	e = kzalloc_obj(*e);
	if (!e)
		return NULL;
	refcount_set(&e->ref, 1);
	btf_get(btf);
	e->btf = btf;
	e->type = t;
	e->id = id;
	list_add(&e->list, &trace_btf_enums);
	return e;
}

/* One more reference to @e */
struct trace_btf_enum *trace_btf_enum_ref(struct trace_btf_enum *e)
{
	refcount_inc(&e->ref);
	return e;
}

void trace_btf_enum_put(struct trace_btf_enum *e)
{
	if (!e)
		return;
	mutex_lock(&trace_btf_enums_mutex);
	if (!refcount_dec_and_test(&e->ref)) {
		mutex_unlock(&trace_btf_enums_mutex);
		return;
	}
	list_del(&e->list);
	mutex_unlock(&trace_btf_enums_mutex);
	btf_put(e->btf);
	kfree(e);
}

/*
 * The one enum called @name of @size bytes among the types @start and
 * later of @btf (forward declarations left out): its id, -ENOENT if none,
 * -EEXIST if two have that name and size (no names rather than the wrong
 * ones).
 */
static s32 trace_btf_find_enum(const struct btf *btf, u32 start, u32 end,
			       const char *name, int size)
{
	s32 found = -ENOENT;
	u32 i;

	for (i = start; i < end; i++) {
		const struct btf_type *t = btf_type_by_id(btf, i);

		if (!t || !btf_is_any_enum(t) || !btf_vlen(t) || t->size != size)
			continue;
		if (strcmp(btf_name_by_offset(btf, t->name_off), name))
			continue;
		if (found >= 0)
			return -EEXIST;
		found = i;
	}
	return found;
}

/*
 * The enum of a field declared "enum NAME" of @size bytes in an event of
 * @mod (NULL: vmlinux): looked up among the module's own BTF types first,
 * then vmlinux's. 0 with *@ep NULL where BTF has no such enum, or the
 * module has no BTF; -EAGAIN where the BTF cannot be read yet (a module
 * whose BTF is not registered yet, no memory): try again later.
 */
static int trace_btf_enum_by_type(const char *type, int size,
				  struct module *mod,
				  struct trace_btf_enum **ep)
{
	struct btf *btf, *base;
	u32 nr_base = 0;
	s32 id;

	*ep = NULL;
	if (!str_has_prefix(type, "enum "))
		return 0;
	type += 5;
	btf = btf_get_module_btf(mod);
	if (IS_ERR(btf))
		return -EAGAIN;
	if (!btf) {
#ifdef CONFIG_DEBUG_INFO_BTF_MODULES
		if (mod && mod->btf_data_size)
			return -EAGAIN;
#endif
		if (!mod)
			return 0;
		/* A module without BTF of its own has vmlinux's enums */
		btf = btf_get_module_btf(NULL);
		if (IS_ERR_OR_NULL(btf))
			return 0;
	}
	base = btf_base_btf(btf);
	if (base)
		nr_base = btf_nr_types(base);
	id = trace_btf_find_enum(btf, nr_base ?: 1, btf_nr_types(btf), type,
				 size);
	if (id > 0) {
		*ep = trace_btf_enum_get(btf, id);
	} else if (id == -ENOENT && nr_base) {
		/* vmlinux's enum, shared with vmlinux's events */
		id = trace_btf_find_enum(base, 1, nr_base, type, size);
		if (id > 0)
			*ep = trace_btf_enum_get(base, id);
	}
	btf_put(btf);
	return id > 0 && !*ep ? -EAGAIN : 0;
}

/* The number of enumerators of @e */
u32 trace_btf_enum_nr(const struct trace_btf_enum *e)
{
	return btf_vlen(e->type);
}

/*
 * The value of enumerator @i of @e (< trace_btf_enum_nr()), as the enum gives
 * it (a signed enum's negative values sign-extended), and its name.
 */
u64 trace_btf_enum_entry(const struct trace_btf_enum *e, u32 i,
			 const char **name)
{
	const struct btf_type *t = e->type;
	bool sign = btf_type_kflag(t);

	if (btf_is_enum64(t)) {
		const struct btf_enum64 *v = btf_enum64(t) + i;

		*name = btf_name_by_offset(e->btf, v->name_off);
		return btf_enum64_value(v);
	}
	*name = btf_name_by_offset(e->btf, btf_enum(t)[i].name_off);
	if (sign)
		return (u64)(s64)(s32)btf_enum(t)[i].val;
	return (u32)btf_enum(t)[i].val;
}

/*
 * Whether @a and @b have the same enumerators, in the same order: the same
 * enum, or a copy of it (a module's BTF may carry its own copy of a vmlinux
 * enum).
 */
bool trace_btf_enum_equal(const struct trace_btf_enum *a,
			  const struct trace_btf_enum *b)
{
	const char *na, *nb;
	u32 i;

	if (a == b)
		return true;
	if (!a || !b || trace_btf_enum_nr(a) != trace_btf_enum_nr(b))
		return false;
	for (i = 0; i < trace_btf_enum_nr(a); i++) {
		if (trace_btf_enum_entry(a, i, &na) !=
		    trace_btf_enum_entry(b, i, &nb) || strcmp(na, nb))
			return false;
	}
	return true;
}

/* Whether @val, as the enum gives it, fits in a field of @size bytes */
static bool trace_btf_enum_fits(u64 val, int size)
{
	if (size >= 8)
		return true;
	/* Nothing above the field's bits, or only a negative's sign */
	return !(val >> (size * 8)) || (s64)val >> (size * 8 - 1) == -1;
}

/* Whether @e has negative enumerators (BTF's kind flag) */
bool trace_btf_enum_signed(const struct trace_btf_enum *e)
{
	return btf_type_kflag(e->type);
}

/*
 * The value of enumerator @name, as the enum gives it, 0; -ENOENT if the
 * enum has no such enumerator. A field has the size of its enum, or more
 * (an eprobe's argument), so every value fits.
 */
int trace_btf_enum_value(const struct trace_btf_enum *e, const char *name,
			 u64 *val)
{
	const char *n;
	u32 i;

	for (i = 0; i < btf_vlen(e->type); i++) {
		u64 v = trace_btf_enum_entry(e, i, &n);

		if (n && !strcmp(n, name)) {
			*val = v;
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * The name of the first enumerator whose value is @val, a value of a field
 * of @size bytes (the enumerators that do not fit there left out), or NULL.
 */
const char *trace_btf_enum_name(const struct trace_btf_enum *e, u64 val,
				int size)
{
	u64 mask = size >= 8 ? ~0ULL : (1ULL << (size * 8)) - 1;
	const char *n;
	u32 i;

	if (!e)
		return NULL;
	for (i = 0; i < btf_vlen(e->type); i++) {
		u64 v = trace_btf_enum_entry(e, i, &n);

		if (trace_btf_enum_fits(v, size) && !((v ^ val) & mask))
			return n;
	}
	return NULL;
}

struct trace_btf_enum *trace_field_btf_enum(struct trace_event_call *call,
					    struct ftrace_event_field *field)
{
	lockdep_assert_held(&event_mutex);

	if (!field->btf_enum_known &&
	    !trace_btf_enum_by_type(field->type, field->size, call->module,
				    &field->btf_enum))
		field->btf_enum_known = true;
	return field->btf_enum;
}

/*
 * Give field @name of @call the enum @e (NULL: none), for an event that
 * knows the enum of a field whose declared type does not name it (a probe
 * event's BTF argument). Called when the event's fields are defined, or
 * later under event_mutex, which the users of the field's enum hold.
 */
int trace_set_field_btf_enum(struct trace_event_call *call, const char *name,
			     struct trace_btf_enum *e)
{
	struct ftrace_event_field *field;

	field = trace_find_event_field(call, (char *)name);
	if (WARN_ON_ONCE(!field))
		return -ENOENT;
	trace_btf_enum_put(field->btf_enum);
	field->btf_enum = e ? trace_btf_enum_ref(e) : NULL;
	field->btf_enum_known = true;
	return 0;
}

/*
 * The size and sign of enum @name of vmlinux, for a field declared "enum
 * NAME" by the user (a synthetic event): 0, -ENOENT if vmlinux has no enum
 * of that name, or more than one (the field would have no names).
 */
int trace_btf_enum_type(const char *name, int *size, bool *is_signed)
{
	struct btf *btf = bpf_get_btf_vmlinux();
	int found = 0;
	u32 i;

	if (IS_ERR_OR_NULL(btf))
		return -ENOENT;
	for (i = 1; i < btf_nr_types(btf); i++) {
		const struct btf_type *t = btf_type_by_id(btf, i);

		if (!t || !btf_is_any_enum(t) || !btf_vlen(t) ||
		    strcmp(btf_name_by_offset(btf, t->name_off), name))
			continue;
		if (found)
			return -ENOENT;
		*size = t->size;
		*is_signed = btf_type_kflag(t);
		found = 1;
	}
	return found ? 0 : -ENOENT;
}
