// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: helpers.  Time, messages, the PRNG, the bounded string
 * builder, file and tracefs I/O.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* Helpers */

long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

long long elapsed_s(void)
{
	return (now_ms() - t_start) / 1000;
}

void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

__printf(1, 2)
void msg(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&out_lock);
	fputs("probe_stress: ", stdout);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL * (stream + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	r->s = z ? z : 0x2545f4914f6cdd1dULL;
}

static uint64_t rng_next(struct rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* A number in [0, n) (0 when n is 0) */
unsigned int rnd(struct rng *r, unsigned int n)
{
	return n ? (unsigned int)((rng_next(r) >> 32) % n) : 0;
}

bool chance(struct rng *r, unsigned int pct)
{
	return rnd(r, 100) < pct;
}

void sb_init(struct sb *b, char *buf, size_t cap)
{
	b->p = buf;
	b->cap = cap;
	b->len = 0;
	buf[0] = '\0';
}

__printf(2, 3)
void sb_add(struct sb *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (b->len + 1 >= b->cap)
		return;
	va_start(ap, fmt);
	n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	b->len += (size_t)n;
	if (b->len >= b->cap)
		b->len = b->cap - 1;
}

void sb_rep(struct sb *b, char c, unsigned int n)
{
	while (n-- && b->len + 1 < b->cap)
		b->p[b->len++] = c;
	b->p[b->len] = '\0';
}

/* Escape LEN bytes of S for printing: \\, \xNN for what is not printable */
const char *esc(const char *s, size_t len, char *out, size_t cap)
{
	size_t i, o = 0;

	for (i = 0; i < len && o + 5 < cap; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\') {
			out[o++] = '\\';
			out[o++] = '\\';
		} else if (c >= 0x20 && c < 0x7f) {
			out[o++] = (char)c;
		} else {
			o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
		}
	}
	if (i < len && o + 4 < cap)
		o += (size_t)snprintf(out + o, cap - o, "...");
	out[o] = '\0';
	return out;
}

ssize_t xwrite(int fd, const void *buf, size_t len)
{
	ssize_t ret;

	do
		ret = write(fd, buf, len);
	while (ret < 0 && errno == EINTR);
	return ret;
}

int xopen(const char *path, int flags)
{
	int fd;

	do
		fd = open(path, flags | O_CLOEXEC, 0644);
	while (fd < 0 && errno == EINTR);
	return fd;
}

/* Write LEN bytes with one write(): 0 or -errno */
int write_file(const char *path, const void *buf, size_t len, int flags)
{
	ssize_t ret;
	int fd, err = 0;

	fd = xopen(path, O_WRONLY | flags);
	if (fd < 0)
		return -errno;
	ret = xwrite(fd, buf, len);
	if (ret < 0)
		err = -errno;
	else if ((size_t)ret != len)
		err = -EIO;
	close(fd);
	return err;
}

int tfs_write(const char *rel, const char *s, int flags)
{
	char path[512];

	snprintf(path, sizeof(path), TRACEFS "/%s", rel);
	return write_file(path, s, strlen(s), flags);
}

/* Read at most cap - 1 bytes, NUL-terminated: the length or -errno */
ssize_t read_file(const char *path, char *buf, size_t cap)
{
	size_t len = 0;
	ssize_t n;
	int fd;

	buf[0] = '\0';
	fd = xopen(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	while (len + 1 < cap) {
		n = read(fd, buf + len, cap - 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			close(fd);
			buf[len] = '\0';
			return n;
		}
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	return (ssize_t)len;
}

/* Copy a string, cut to fit */
void copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strnlen(src, cap - 1);

	memcpy(dst, src, n);
	dst[n] = '\0';
}

const char *errname(int err)
{
	const char *s = strerrorname_np(err);

	return s ? s : "E?";
}

bool exists(const char *path)
{
	return access(path, F_OK) == 0;
}
