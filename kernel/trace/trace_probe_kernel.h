/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __TRACE_PROBE_KERNEL_H_
#define __TRACE_PROBE_KERNEL_H_

#include <linux/kmsan-checks.h>
#include <linux/uaccess.h>
#include <asm/word-at-a-time.h>

/*
 * This depends on trace_probe.h, but can not include it due to
 * the way trace_probe_tmpl.h is used by trace_kprobe.c and trace_eprobe.c.
 * Which means that any other user must include trace_probe.h before including
 * this file.
 */
/* Return the length of string -- including null terminal byte */
static nokprobe_inline int
fetch_store_strlen_user(unsigned long addr)
{
	const void __user *uaddr = (__force const void __user *)addr;

	return strnlen_user_nofault(uaddr, MAX_STRING_SIZE);
}

/*
 * Return the length of string -- including null terminal byte -- or
 * MAX_STRING_SIZE if it is longer, or -ERANGE if @addr is not a kernel
 * address, or -EFAULT if a byte up to the end or the limit cannot be read.
 *
 * All of it is read with page faults disabled once, rather than one
 * copy_from_kernel_nofault() per byte. Once @addr + len is aligned, a word
 * is read at a time: an aligned word never spans two pages, so it faults
 * only where reading its first byte would, and the bytes after the end of
 * the string that it reads are in a page the string is in. Each page the
 * string enters is checked with copy_from_kernel_nofault_allowed() before
 * it is read, and the bytes measured are checked by KMSAN, as
 * copy_from_kernel_nofault() does.
 */
static nokprobe_inline int
fetch_store_strlen(unsigned long addr)
{
	const struct word_at_a_time constants = WORD_AT_A_TIME_CONSTANTS;
	const u8 *src = (const u8 *)addr;
	unsigned long word, zero;
	int len = 0;
	u8 c;

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if (addr < TASK_SIZE)
		return fetch_store_strlen_user(addr);
#endif

	if (!copy_from_kernel_nofault_allowed(src, 1))
		return -ERANGE;

	guard(pagefault)();
	/* Up to the first aligned address, all in the page of @addr */
	while (!IS_ALIGNED(addr + len, sizeof(long))) {
		__get_kernel_nofault(&c, src + len, u8, fault);
		len++;
		if (!c)
			goto found;
	}
	while (len < MAX_STRING_SIZE) {
		/*
		 * A new page, whether a word or one of the last bytes before
		 * MAX_STRING_SIZE starts it: ask again whether it may be read,
		 * as the per-byte copy_from_kernel_nofault() calls did for
		 * every byte (x86-64: the vsyscall page).
		 */
		if (!offset_in_page(addr + len) &&
		    !copy_from_kernel_nofault_allowed(src + len, 1))
			return -ERANGE;
		if (len > MAX_STRING_SIZE - (int)sizeof(long)) {
			__get_kernel_nofault(&c, src + len, u8, fault);
			len++;
			if (!c)
				goto found;
			continue;
		}
		__get_kernel_nofault(&word, src + len, unsigned long, fault);
		if (has_zero(word, &zero, &constants)) {
			zero = prep_zero_mask(word, zero, &constants);
			zero = create_zero_mask(zero);
			len += find_zero(zero) + 1;
			goto found;
		}
		len += sizeof(long);
	}
found:
	kmsan_check_memory(src, len);
	return len;
fault:
	return -EFAULT;
}

static nokprobe_inline void set_data_loc(int ret, void *dest, void *__dest, void *base)
{
	if (ret < 0)
		ret = 0;
	*(u32 *)dest = make_data_loc(ret, __dest - base);
}

/*
 * Fetch a null-terminated string from user. Caller MUST set *(u32 *)buf
 * with max length and relative data location.
 */
static nokprobe_inline int
fetch_store_string_user(unsigned long addr, void *dest, void *base)
{
	const void __user *uaddr =  (__force const void __user *)addr;
	int maxlen = get_loc_len(*(u32 *)dest);
	void *__dest;
	long ret;

	if (unlikely(!maxlen))
		return -ENOMEM;

	__dest = get_loc_data(dest, base);

	ret = strncpy_from_user_nofault(__dest, uaddr, maxlen);
	set_data_loc(ret, dest, __dest, base);

	return ret;
}

/*
 * Fetch a null-terminated string. Caller MUST set *(u32 *)buf with max
 * length and relative data location.
 */
static nokprobe_inline int
fetch_store_string(unsigned long addr, void *dest, void *base)
{
	int maxlen = get_loc_len(*(u32 *)dest);
	void *__dest;
	long ret;

#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if ((unsigned long)addr < TASK_SIZE)
		return fetch_store_string_user(addr, dest, base);
#endif

	if (unlikely(!maxlen))
		return -ENOMEM;

	__dest = get_loc_data(dest, base);

	/*
	 * Try to get string again, since the string can be changed while
	 * probing.
	 */
	ret = strncpy_from_kernel_nofault(__dest, (void *)addr, maxlen);
	set_data_loc(ret, dest, __dest, base);

	return ret;
}

static nokprobe_inline int
probe_mem_read_user(void *dest, void *src, size_t size)
{
	const void __user *uaddr =  (__force const void __user *)src;

	return copy_from_user_nofault(dest, uaddr, size);
}

static nokprobe_inline int
probe_mem_read(void *dest, void *src, size_t size)
{
#ifdef CONFIG_ARCH_HAS_NON_OVERLAPPING_ADDRESS_SPACE
	if ((unsigned long)src < TASK_SIZE)
		return probe_mem_read_user(dest, src, size);
#endif
	return copy_from_kernel_nofault(dest, src, size);
}

#endif /* __TRACE_PROBE_KERNEL_H_ */
