// SPDX-License-Identifier: GPL-2.0
/*
 * perf-uprobe-inherit - does an inherited uprobe counter count every run?
 *
 *   perf-uprobe-inherit PROGRAM RUNS GAP_MS [each]
 *
 * Opens a counter of the uprobe PMU on the entry point of PROGRAM (a 64-bit
 * ELF executable: use a copy, so that nothing else runs it), then forks and
 * execs PROGRAM RUNS times, one after the other, each waited for, GAP_MS
 * milliseconds apart, and prints the counter after each run: "1 2 3 ..."
 * when nothing is lost.  By default one counter of this process, with
 * inherit (the children's counts are added to it when they exit); with
 * "each", one counter opened on each child before its exec and enabled
 * by the exec (as perf stat does), the sum printed.  Exit status 1 when
 * the last figure is not RUNS.
 *
 *   gcc -O2 -o build/perf-uprobe-inherit stress/perf-uprobe-inherit.c
 *   cp /bin/true /tmp/t; build/perf-uprobe-inherit /tmp/t 6 0
 *
 * See stress/README.md for what it showed.  Root, in a guest.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* The file offset of PATH's entry point, 0 if not found */
static uint64_t entry_offset(const char *path)
{
	Elf64_Ehdr eh;
	Elf64_Phdr ph;
	uint64_t off = 0;
	int fd, i;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (pread(fd, &eh, sizeof(eh), 0) == (ssize_t)sizeof(eh) &&
	    !memcmp(eh.e_ident, ELFMAG, SELFMAG) &&
	    eh.e_ident[EI_CLASS] == ELFCLASS64) {
		for (i = 0; i < eh.e_phnum; i++) {
			if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff +
				  (uint64_t)i * eh.e_phentsize)) != (ssize_t)sizeof(ph))
				break;
			if (ph.p_type == PT_LOAD && eh.e_entry >= ph.p_vaddr &&
			    eh.e_entry < ph.p_vaddr + ph.p_filesz) {
				off = eh.e_entry - ph.p_vaddr + ph.p_offset;
				break;
			}
		}
	}
	close(fd);
	return off;
}

static int counter(struct perf_event_attr *attr, pid_t pid)
{
	int fd = (int)syscall(SYS_perf_event_open, attr, pid, -1, -1,
			      PERF_FLAG_FD_CLOEXEC);

	if (fd < 0) {
		perror("perf_event_open");
		exit(2);
	}
	return fd;
}

static uint64_t value(int fd)
{
	uint64_t v;

	if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v)) {
		perror("read");
		exit(2);
	}
	return v;
}

int main(int argc, char *argv[])
{
	struct perf_event_attr attr = { .size = sizeof(attr), .disabled = 1 };
	int runs, gap, i, fd = -1, hold[2], status = 0;
	uint64_t sum = 0, v = 0;
	bool each;
	char c;
	FILE *f;
	pid_t pid;

	if (argc < 4 || argc > 5 || (argc == 5 && strcmp(argv[4], "each"))) {
		fprintf(stderr, "usage: %s PROGRAM RUNS GAP_MS [each]\n", argv[0]);
		return 2;
	}
	runs = atoi(argv[2]);
	gap = atoi(argv[3]);
	each = argc == 5;
	f = fopen("/sys/bus/event_source/devices/uprobe/type", "re");
	if (!f || fscanf(f, "%u", &attr.type) != 1) {
		fprintf(stderr, "no uprobe PMU\n");
		return 2;
	}
	fclose(f);
	attr.uprobe_path = (uint64_t)(uintptr_t)argv[1];
	attr.probe_offset = entry_offset(argv[1]);
	if (!attr.probe_offset) {
		fprintf(stderr, "%s: no entry point found\n", argv[1]);
		return 2;
	}
	if (each) {
		attr.enable_on_exec = 1;
	} else {
		attr.inherit = 1;
		fd = counter(&attr, 0);
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	}
	for (i = 0; i < runs; i++) {
		/* The child waits for the counter before its exec */
		if (pipe2(hold, O_CLOEXEC))
			return 2;
		pid = fork();
		if (pid < 0) {
			perror("fork");
			return 2;
		}
		if (!pid) {
			close(hold[1]);
			if (read(hold[0], &c, 1) == 0)
				execl(argv[1], argv[1], (char *)NULL);
			_exit(127);
		}
		close(hold[0]);
		if (each)
			fd = counter(&attr, pid);
		close(hold[1]);
		if (waitpid(pid, &status, 0) != pid || status) {
			fprintf(stderr, "%s did not run (status %d)\n", argv[1], status);
			return 2;
		}
		if (each) {
			sum += value(fd);
			close(fd);
			v = sum;
		} else {
			v = value(fd);
		}
		printf("%llu%s", (unsigned long long)v, i + 1 < runs ? " " : "\n");
		fflush(stdout);
		usleep((useconds_t)gap * 1000);
	}
	return v == (uint64_t)runs ? 0 : 1;
}
