/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _TRACE_BTF_H
#define _TRACE_BTF_H

#include <linux/btf.h>

const struct btf_type *btf_find_func_proto(const char *func_name,
					   struct btf **btf_p);
const struct btf_param *btf_get_func_param(const struct btf_type *func_proto,
					   s32 *nr);
const struct btf_member *btf_find_struct_member(struct btf *btf,
						const struct btf_type *type,
						const char *member_name,
						u32 *anon_offset,
						const struct btf_type **member_type);

/* The enums of event fields (see trace.h) */
struct trace_btf_enum;
struct trace_event_call;
#ifdef CONFIG_TRACE_EVENT_BTF_ENUMS
struct trace_btf_enum *trace_btf_enum_get(struct btf *btf, u32 id);
struct trace_btf_enum *trace_btf_enum_ref(struct trace_btf_enum *e);
u32 trace_btf_enum_nr(const struct trace_btf_enum *e);
u64 trace_btf_enum_entry(const struct trace_btf_enum *e, u32 i,
			 const char **name);
bool trace_btf_enum_equal(const struct trace_btf_enum *a,
			  const struct trace_btf_enum *b);
int trace_set_field_btf_enum(struct trace_event_call *call, const char *name,
			     struct trace_btf_enum *e);
#else
static inline struct trace_btf_enum *trace_btf_enum_get(struct btf *btf, u32 id)
{
	return NULL;
}

static inline struct trace_btf_enum *
trace_btf_enum_ref(struct trace_btf_enum *e)
{
	return e;
}

static inline u32 trace_btf_enum_nr(const struct trace_btf_enum *e)
{
	return 0;
}

static inline u64 trace_btf_enum_entry(const struct trace_btf_enum *e, u32 i,
				       const char **name)
{
	*name = NULL;
	return 0;
}

static inline bool trace_btf_enum_equal(const struct trace_btf_enum *a,
					const struct trace_btf_enum *b)
{
	return a == b;
}

static inline int trace_set_field_btf_enum(struct trace_event_call *call,
					   const char *name,
					   struct trace_btf_enum *e)
{
	return 0;
}
#endif

#endif /* _TRACE_BTF_H */
