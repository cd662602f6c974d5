// SPDX-License-Identifier: GPL-2.0
/*
 * probe_stress: the workload.  The TCP listener on 127.0.0.1 and the
 * threads that fork, exec, read and write files, call getppid and
 * connect: the paths the probes are put on.
 */
#include "probe_stress.h"

/* ------------------------------------------------------------------ */
/* The workload */

static int listen_port;
int listen_fd = -1;

static void lo_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);

	if (fd < 0)
		return;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (!ioctl(fd, SIOCGIFFLAGS, &ifr) && !(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close(fd);
}

int listen_setup(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET };
	socklen_t sl = sizeof(sa);
	int one = 1;

	lo_up();
	listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (listen_fd < 0)
		return -1;
	setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(listen_fd, (struct sockaddr *)&sa, sizeof(sa)) ||
	    listen(listen_fd, 64) ||
	    getsockname(listen_fd, (struct sockaddr *)&sa, &sl)) {
		close(listen_fd);
		listen_fd = -1;
		return -1;
	}
	listen_port = ntohs(sa.sin_port);
	return 0;
}

void *listen_thread(void *arg)
{
	struct pollfd pfd = { .events = POLLIN };
	int fd;

	(void)arg;
	pfd.fd = listen_fd;
	while (!atomic_load(&stop_all)) {
		if (poll(&pfd, 1, 100) <= 0)
			continue;
		fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd >= 0)
			close(fd);
	}
	return NULL;
}

/* Wait for PID: its exit status, or -1 (killed by a signal, or not reaped) */
int reap(pid_t pid)
{
	pid_t ret;
	int status;

	if (pid < 0)
		return -1;
	do {
		ret = waitpid(pid, &status, 0);
	} while (ret < 0 && errno == EINTR);
	if (ret != pid)
		return -1;
	if (WIFSIGNALED(status)) {
		atomic_fetch_add(&st_wlsig, 1);
		return -1;
	}
	return WEXITSTATUS(status);
}

void *work_thread(void *arg)
{
	char *const argv[] = { (char *)"true", NULL };
	char path[64], buf[512];
	struct sockaddr_in sa = { .sin_family = AF_INET };
	long id = (long)(intptr_t)arg;
	struct rng r;
	pid_t pid;
	int fd, i;

	rng_seed(&r, opt.seed, 10 + (uint64_t)id);
	snprintf(path, sizeof(path), "/tmp/probe_stress.%ld.dat", id);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	memset(buf, 'w', sizeof(buf));
	while (!atomic_load(&stop_all)) {
		switch (rnd(&r, 6)) {
		case 0:
			pid = fork();
			if (!pid)
				_exit(0);
			reap(pid);
			break;
		case 1:
			pid = fork();
			if (!pid) {
				execv(true_path, argv);
				_exit(127);
			}
			reap(pid);
			break;
		case 2:
			fd = xopen(path, O_RDWR | O_CREAT | O_TRUNC);
			if (fd < 0)
				break;
			if (xwrite(fd, buf, sizeof(buf)) > 0 &&
			    lseek(fd, 0, SEEK_SET) == 0 &&
			    read(fd, buf, sizeof(buf)) < 0)
				buf[0] = 'w';
			close(fd);
			break;
		case 3:
			for (i = 0; i < 10; i++)
				syscall(SYS_getppid);
			break;
		case 4:
			if (!listen_port)
				break;
			sa.sin_port = htons((uint16_t)listen_port);
			fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
			if (fd < 0)
				break;
			if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
				buf[0] = 'w';
			close(fd);
			break;
		default:
			sleep_ms(5);
			break;
		}
		atomic_fetch_add(&st_wlops, 1);
		sleep_ms(1);
	}
	unlink(path);
	return NULL;
}
