/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Traceprobe fetch helper inlines
 */

static nokprobe_inline void
fetch_store_raw(unsigned long val, struct fetch_insn *code, void *buf)
{
	switch (code->size) {
	case 1:
		*(u8 *)buf = (u8)val;
		break;
	case 2:
		*(u16 *)buf = (u16)val;
		break;
	case 4:
		*(u32 *)buf = (u32)val;
		break;
	case 8:
		//TBD: 32bit signed
		*(u64 *)buf = (u64)val;
		break;
	default:
		*(unsigned long *)buf = val;
	}
}

/*
 * Keep the bits of a bitfield in the @type (u8 to u64) that its fetch stored
 * (where the arguments before it put it, so maybe unaligned): shift them to
 * the top, then back down, with the sign of a signed bitfield.
 */
#define FETCH_APPLY_BITFIELD(type, stype, code, buf)			\
	do {								\
		type __v = get_unaligned((type *)(buf)) << (code)->lshift; \
									\
		if ((code)->is_signed)					\
			__v = (stype)__v >> (code)->rshift;		\
		else							\
			__v >>= (code)->rshift;				\
		put_unaligned(__v, (type *)(buf));			\
	} while (0)

static nokprobe_inline void
fetch_apply_bitfield(struct fetch_insn *code, void *buf)
{
	switch (code->basesize) {
	case 1:
		FETCH_APPLY_BITFIELD(u8, s8, code, buf);
		break;
	case 2:
		FETCH_APPLY_BITFIELD(u16, s16, code, buf);
		break;
	case 4:
		FETCH_APPLY_BITFIELD(u32, s32, code, buf);
		break;
	case 8:
		FETCH_APPLY_BITFIELD(u64, s64, code, buf);
		break;
	}
}

/*
 * These functions must be defined for each callsite.
 * Return consumed dynamic data size (>= 0), or error (< 0).
 * If dest is NULL, don't store result and return required dynamic data size.
 */
static int
process_fetch_insn(struct fetch_insn *code, void *rec, void *edata,
		   void *dest, void *base);
static nokprobe_inline int fetch_store_strlen(unsigned long addr);
static nokprobe_inline int
fetch_store_string(unsigned long addr, void *dest, void *base);
static nokprobe_inline int fetch_store_strlen_user(unsigned long addr);
static nokprobe_inline int
fetch_store_string_user(unsigned long addr, void *dest, void *base);
static nokprobe_inline int
probe_mem_read(void *dest, void *src, size_t size);
static nokprobe_inline int
probe_mem_read_user(void *dest, void *src, size_t size);
/*
 * The first stage for the values of the probe's context that the probe
 * kind's parser makes (see trace_probe_fuse_arg()): store the value of
 * @code in @val and return 0, or return -EILSEQ if @code is not one.
 */
static nokprobe_inline int
fetch_context_value(struct fetch_insn *code, void *rec, void *edata,
		    unsigned long *val);

/*
 * Measure the name of @addr: format it into this CPU's buffer, where the
 * store finds it. Whoever formats a name there first takes the buffer
 * (addr 0 and a new gen) and tags it with the address when done, unless
 * someone took it in between (an interrupt or an NMI).
 */
static nokprobe_inline int
fetch_store_symstrlen(unsigned long addr)
{
	struct probe_symstr_buf *sb;
	unsigned int gen;
	int len;

	guard(preempt_notrace)();
	sb = this_cpu_ptr(probe_symstr_bufs);
	sb->addr = 0;
	gen = ++sb->gen;
	barrier();
	len = sprint_symbol(sb->name, addr);
	sb->len = len;
	barrier();
	sb->addr = addr;
	barrier();
	if (unlikely(sb->gen != gen))
		sb->addr = 0;

	return len + 1;
}

/*
 * Fetch a null-terminated symbol string + offset. Caller MUST set *(u32 *)buf
 * with max length and relative data location.
 */
static nokprobe_inline int
fetch_store_symstring(unsigned long addr, void *dest, void *base)
{
	int maxlen = get_loc_len(*(u32 *)dest);
	struct probe_symstr_buf *sb;
	unsigned int gen;
	char *__dest;
	int len;

	if (unlikely(!maxlen))
		return -ENOMEM;

	__dest = get_loc_data(dest, base);

	/*
	 * Copy the name the measure formatted, if it is still there: this
	 * CPU's buffer holds @addr's name, and did so all through the copy.
	 * Else (another symstr of this event, a nested probe hit, a task
	 * that moved to another CPU in between) format it again.
	 */
	scoped_guard(preempt_notrace) {
		sb = this_cpu_ptr(probe_symstr_bufs);
		gen = sb->gen;
		barrier();
		len = sb->len;
		if (sb->addr == addr && len < maxlen) {
			memcpy(__dest, sb->name, len + 1);
			barrier();
			if (likely(sb->gen == gen))
				goto stored;
		}
	}
	len = probe_symstr_format(addr, __dest, maxlen);
stored:
	/* Like a string, the length recorded and consumed counts the NUL */
	*(u32 *)dest = make_data_loc(len + 1, (void *)__dest - base);

	return len + 1;
}

/* common part of process_fetch_insn*/
static nokprobe_inline int
process_common_fetch_insn(struct fetch_insn *code, unsigned long *val)
{
	switch (code->op) {
	case FETCH_OP_IMM:
		*val = code->immediate;
		break;
	case FETCH_OP_COMM:
		*val = (unsigned long)current->comm;
		break;
	case FETCH_OP_IMMSTR:
		*val = (unsigned long)code->data;
		break;
	case FETCH_OP_CURRENT:
		*val = (unsigned long)current;
		break;
	default:
		return -EILSEQ;
	}
	return 0;
}

/*
 * Store the struct sockaddr at @addr for %pISpc: read its family, then
 * only the bytes of that family's address (16 for a sockaddr_in, 28 for a
 * sockaddr_in6, the family alone for any other), and clear the rest of
 * the field. A shorter address is never read past its end, and an address
 * that cannot be read leaves family 0 in the record, not old bytes.
 */
static nokprobe_inline void
fetch_store_sockaddr(unsigned long addr, void *dest, bool user)
{
	sa_family_t family;
	size_t len = 0;
	int ret;

	if (user)
		ret = probe_mem_read_user(&family, (void *)addr, sizeof(family));
	else
		ret = probe_mem_read(&family, (void *)addr, sizeof(family));
	if (!ret) {
		if (family == AF_INET)
			len = sizeof(struct sockaddr_in);
		else if (family == AF_INET6)
			len = sizeof(struct sockaddr_in6);
		else
			len = sizeof(family);
		if (user)
			ret = probe_mem_read_user(dest, (void *)addr, len);
		else
			ret = probe_mem_read(dest, (void *)addr, len);
		if (ret)
			len = 0;
	}
	memset(dest + len, 0, PROBE_SOCKADDR_SIZE - len);
}

/*
 * $duration is 64-bit on every architecture. Where unsigned long is 32-bit
 * (there only: see parse_probe_var_duration()), it is FETCH_OP_DURATION and
 * cannot go through @val to the stages below: when it is stored as 8
 * bytes, store it here and return true (the fetch is done).
 */
static nokprobe_inline bool
fetch_duration(struct fetch_insn *code, void *edata, void *dest,
	       unsigned long *val)
{
	u64 duration = get_unaligned((u64 *)(edata + code->offset));

	if (BITS_PER_LONG == 32 && dest &&
	    code[1].op == FETCH_OP_ST_RAW && code[1].size == sizeof(u64)) {
		put_unaligned(duration, (u64 *)dest);
		if (code[2].op == FETCH_OP_MOD_BF)
			fetch_apply_bitfield(&code[2], dest);
		return true;
	}
	*val = duration;
	return false;
}

/*
 * Stage 3 for a value that is stored as it is or read from the kernel or
 * user memory it points to (@code is FETCH_OP_ST_RAW, _ST_MEM or _ST_UMEM);
 * store_trace_args() uses it for fused arguments too (see
 * process_fused_insn()).
 */
static nokprobe_inline void
fetch_store_plain(struct fetch_insn *code, unsigned long val, void *dest)
{
	switch (code->op) {
	case FETCH_OP_ST_RAW:
		fetch_store_raw(val, code, dest);
		break;
	case FETCH_OP_ST_MEM:
		probe_mem_read(dest, (void *)val + code->offset, code->size);
		break;
	case FETCH_OP_ST_UMEM:
		probe_mem_read_user(dest, (void *)val + code->offset, code->size);
		break;
	default:
		break;
	}
}

/* From the 2nd stage, routine is same */
static nokprobe_inline int
process_fetch_insn_bottom(struct fetch_insn *code, unsigned long val,
			   void *dest, void *base)
{
	struct fetch_insn *s3 = NULL;
	int total = 0, ret = 0, i = 0;
	u32 loc = 0;
	unsigned long lval, llval = val;

stage2:
	/* 2nd stage: dereference memory if needed */
	do {
		lval = val;
		switch (code->op) {
		case FETCH_OP_DEREF:
			ret = probe_mem_read(&val, (void *)val + code->offset,
					     sizeof(val));
			break;
		case FETCH_OP_UDEREF:
			ret = probe_mem_read_user(&val,
				 (void *)val + code->offset, sizeof(val));
			break;
		case FETCH_OP_CPU_PTR:
			val = (unsigned long)this_cpu_ptr((void __percpu *)val);
			ret = 0;
			break;
		default:
			lval = llval;
			goto out;
		}
		if (ret)
			return ret;
		llval = lval;
		code++;
	} while (1);
out:

	s3 = code;
stage3:
	/* 3rd stage: store value to buffer */
	if (unlikely(!dest)) {
		switch (code->op) {
		case FETCH_OP_ST_STRING:
			ret = fetch_store_strlen(val + code->offset);
			code++;
			goto array;
		case FETCH_OP_ST_USTRING:
			ret = fetch_store_strlen_user(val + code->offset);
			code++;
			goto array;
		case FETCH_OP_ST_SYMSTR:
			ret = fetch_store_symstrlen(val + code->offset);
			code++;
			goto array;
		default:
			return -EILSEQ;
		}
	}

	switch (code->op) {
	case FETCH_OP_ST_RAW:
	case FETCH_OP_ST_MEM:
	case FETCH_OP_ST_UMEM:
		fetch_store_plain(code, val, dest);
		break;
	case FETCH_OP_ST_SOCKADDR:
		fetch_store_sockaddr(val + code->offset, dest, false);
		break;
	case FETCH_OP_ST_USOCKADDR:
		fetch_store_sockaddr(val + code->offset, dest, true);
		break;
	case FETCH_OP_ST_STRING:
		loc = *(u32 *)dest;
		ret = fetch_store_string(val + code->offset, dest, base);
		break;
	case FETCH_OP_ST_USTRING:
		loc = *(u32 *)dest;
		ret = fetch_store_string_user(val + code->offset, dest, base);
		break;
	case FETCH_OP_ST_SYMSTR:
		loc = *(u32 *)dest;
		ret = fetch_store_symstring(val + code->offset, dest, base);
		break;
	default:
		return -EILSEQ;
	}
	code++;

	/* 4th stage: modify stored value if needed */
	if (code->op == FETCH_OP_MOD_BF) {
		fetch_apply_bitfield(code, dest);
		code++;
	}

array:
	/* the last stage: Loop on array */
	if (code->op == FETCH_OP_LP_ARRAY) {
		if (ret < 0)
			ret = 0;
		total += ret;
		if (++i < code->param) {
			code = s3;
			if (s3->op != FETCH_OP_ST_STRING &&
			    s3->op != FETCH_OP_ST_USTRING) {
				dest += s3->size;
				val += s3->size;
				goto stage3;
			}
			code--;
			val = lval + sizeof(char *);
			if (dest) {
				dest += sizeof(u32);
				*(u32 *)dest = update_data_loc(loc, ret);
			}
			goto stage2;
		}
		code++;
		ret = total;
	}

	return code->op == FETCH_OP_END ? ret : -EILSEQ;
}

/*
 * Fetch a fused argument in one step: its value, stored by the helpers of
 * stage 3 of process_fetch_insn_bottom() as the parser chose, without the
 * dispatch of the stages that the argument does not have. Return -EILSEQ if
 * the value is not one that this probe kind fetches here, for
 * process_fetch_insn() to try.
 */
static nokprobe_inline int
process_fused_insn(struct probe_arg *arg, void *rec, void *edata, void *dest)
{
	unsigned long val;

	if (fetch_context_value(arg->code, rec, edata, &val))
		return -EILSEQ;

	if (arg->fused == PROBE_FUSED_LONG)
		*(unsigned long *)dest = val;
	else if (arg->fused == PROBE_FUSED_RAW)
		fetch_store_raw(val, &arg->code[1], dest);
	else
		fetch_store_plain(&arg->code[1], val, dest);
	return 0;
}

/* Sum up total data length for dynamic arrays (strings) */
static nokprobe_inline int
__get_data_size(struct trace_probe *tp, void *regs, void *edata)
{
	struct probe_arg *arg;
	int i, len, ret = 0;

	if (likely(!tp->dynamic))
		return 0;

	for (i = 0; i < tp->nr_args; i++) {
		arg = tp->args + i;
		if (unlikely(arg->dynamic)) {
			len = process_fetch_insn(arg->code, regs, edata, NULL, NULL);
			if (len > 0)
				ret += len;
		}
	}

	return ret;
}

/*
 * Point the data location of an argument that was not fetched, one per
 * element of an array, at the dynamic data area with a length of zero, so
 * that it reads as a fault: a fetch that stops early, such as a pointer of
 * an array of strings that cannot be read, leaves the data locations of the
 * elements after it unwritten, with whatever the ring buffer held there.
 */
static nokprobe_inline void
clear_data_locs(u32 *dl, unsigned int count, void *dyndata, void *base)
{
	u32 loc = make_data_loc(0, dyndata - base);
	unsigned int i = 0;

	do {
		dl[i] = loc;
	} while (++i < count);
}

/* Store the value of each argument */
static nokprobe_inline void
store_trace_args(void *data, struct trace_probe *tp, void *rec, void *edata,
		 int header_size, int maxlen)
{
	struct probe_arg *arg, *end = tp->args + tp->nr_args;
	void *base = data - header_size;
	void *dyndata = data + tp->size;
	u32 *dl;	/* Data location */
	int ret;

	for (arg = tp->args; arg < end; arg++) {
		dl = data + arg->offset;
		if (arg->fused && !process_fused_insn(arg, rec, edata, dl))
			continue;
		/* Point the dynamic data area if needed */
		if (unlikely(arg->dynamic))
			*dl = make_data_loc(maxlen, dyndata - base);
		ret = process_fetch_insn(arg->code, rec, edata, dl, base);
		if (unlikely(arg->dynamic)) {
			if (likely(ret > 0)) {
				dyndata += ret;
				maxlen -= ret;
			} else if (ret < 0) {
				clear_data_locs(dl, arg->count, dyndata, base);
			}
		}
	}
}
