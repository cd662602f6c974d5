// SPDX-License-Identifier: GPL-2.0
/*
 * loop - time a tight loop of one cheap system call, for scripts/bench.sh
 *
 *   loop ITERATIONS getppid
 *   loop ITERATIONS access PATH
 *
 * Runs the call ITERATIONS / 50 times to warm up, then ITERATIONS times
 * between two CLOCK_MONOTONIC reads, and prints
 *
 *   ITERATIONS TOTAL_NS NS_PER_CALL
 *
 * NS_PER_CALL with two decimals.  In the benchmark guest the clock counts
 * executed instructions (QEMU -icount shift=0), so the figures are
 * instruction counts, not times.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static void usage(void)
{
	fprintf(stderr, "usage: loop ITERATIONS getppid | loop ITERATIONS access PATH\n");
	exit(2);
}

static void run(long n, const char *path)
{
	long i;

	if (path) {
		for (i = 0; i < n; i++)
			syscall(SYS_access, path, F_OK);
	} else {
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
	}
}

int main(int argc, char *argv[])
{
	struct timespec t0, t1;
	const char *path = NULL;
	long long ns;
	char *end;
	long n;

	if (argc < 3)
		usage();
	n = strtol(argv[1], &end, 10);
	if (*end || n <= 0)
		usage();
	if (!strcmp(argv[2], "access")) {
		if (argc != 4)
			usage();
		path = argv[3];
	} else if (strcmp(argv[2], "getppid") || argc != 3) {
		usage();
	}

	run(n / 50 + 1, path);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	run(n, path);
	clock_gettime(CLOCK_MONOTONIC, &t1);

	ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
	printf("%ld %lld %.2f\n", n, ns, (double)ns / n);
	return 0;
}
