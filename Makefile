# SPDX-License-Identifier: GPL-2.0
#
# The one front door.  "make help" lists the targets.

SHELL := /bin/bash
S := scripts

.PHONY: help run check deps base tree config build test shell baseline bench \
	clean export check-series check-build check-fixes send-dry-run debug-build \
	check-debug stress deps-cross deps-cocci deps-bench deps-coverage cross coccicheck \
	test-arm64 coverage export-stable check-stable durations

help:
	@echo 'make run       build the patched kernel, boot it, show what the series adds'
	@echo 'make check     every gate CI runs: series gates 1-5, ftracetest vs the base, a stress pass'
	@echo 'make deps      install the Debian packages the project needs'
	@echo 'make base      fetch, verify and import the pinned base kernel (cached)'
	@echo 'make tree      build/linux = base + the series of patches/series, a branch each'
	@echo '               (STACK=NAME: up to that series; FORCE=1 discards local commits)'
	@echo 'make config    configure build/out from configs/ (EXTRA_CONFIGS=frag...)'
	@echo 'make build     build bzImage, modules and the ftrace selftests'
	@echo 'make test      run ftracetest in the guest (T="kprobe dynevent/foo.tc" for a subset)'
	@echo 'make durations tests/durations from the last whole ftracetest run (how make test splits it)'
	@echo 'make shell     boot the built kernel with an interactive shell'
	@echo 'make baseline  the same ftracetest run on the unpatched base (build/base)'
	@echo 'make bench     probe cost per hit, base and series (and bpftrace), in a guest counting instructions'
	@echo 'make debug-build  build the debug kernel in build/debug-out (configs/debug.config)'
	@echo 'make check-debug  ftracetest on the debug kernel (KASAN, lockdep, kmemleak, ...)'
	@echo 'make stress    the long probe fuzzer/stress run on the debug kernel'
	@echo 'make cross     the stack built for arm64 and i386 (build/out-arm64, build/out-i386)'
	@echo 'make test-arm64   ftracetest on the arm64 build in a QEMU virt guest (TCG; T=... for a subset)'
	@echo 'make coccicheck   coccicheck on the C files the series touches: nothing new vs base'
	@echo 'make coverage  what the probe tests and a stress pass reach (gcov): tests/coverage.txt'
	@echo 'make export   write patches/ and the mirror from the commits in build/linux'
	@echo 'make check-series  gates 1-3: each series applies, mirror, checkpatch, subjects, Fixes:'
	@echo 'make check-build   gates 4-5: every patch builds, no new sparse/W=1/kernel-doc'
	@echo 'make check-fixes   the fixes series alone on the base: built, its own tests run'
	@echo 'make send-dry-run  each series as a threaded set of mails in build/mails/NAME'
	@echo 'make export-stable write patches/stable-6.12 from build/stable-6.12-work (STABLE=6.12 make export)'
	@echo 'make check-stable  the 6.12 backports: plain 6.12 and 6.12 + series built, probe tests vs plain 6.12'
	@echo 'make clean     remove build/ (the cache in ~/.cache/probe-series stays)'

deps:
	@$(S)/deps.sh

deps-cross:
	@$(S)/deps.sh cross

deps-cocci:
	@$(S)/deps.sh cocci

deps-bench:
	@$(S)/deps.sh bench

deps-coverage:
	@$(S)/deps.sh coverage

base: deps
	@$(S)/fetch-base.sh

tree: base
	@$(S)/mktree.sh

config: tree
	@$(S)/config.sh

build: config
	@$(S)/build.sh

test:
	@$(S)/test.sh $(T)

# Each case's seconds in the last run of the whole suite (make test or
# make check), for the split of the next ones into guests.
DUR := build/results/ftracetest/durations.txt
durations:
	@test -f build/results/ftracetest/whole-suite -a -s $(DUR) || \
		{ echo 'error: no whole ftracetest run that ended well to take the durations from: run make test (no T=) first' >&2; exit 1; }
	@cp $(DUR) tests/durations
	@echo "==> durations: $$(grep -c . tests/durations) cases' seconds in tests/durations ($$(awk '{ s += $$2 } END { print s }' tests/durations) s in all)"

shell:
	@$(S)/vm.sh --shell

run: build
	@$(S)/vm.sh -t 600 -r build/results/demo -- $(CURDIR)/$(S)/demo.sh

# Gates 1-3 (no build), then one step after the other (scripts/check.sh):
# the full configuration built once, gates 4-5 (every patch built, in a
# lighter configuration), ftracetest in two guests side by side, and a
# short probe stress pass (fixed seed: the same 600 definitions every time).
check: check-series config
	@$(S)/check.sh

check-series: base
	@$(S)/check-series.sh

check-build: check-series
	@$(S)/check-build.sh

# The fixes series alone on the base: its tree, kernel and test cases.
FIXES := STACK=fixes TREE=build/fixes OUT=build/fixes-out

check-fixes: base
	@$(FIXES) FORCE=changed $(S)/mktree.sh
	@$(FIXES) $(S)/config.sh
	@$(FIXES) $(S)/build.sh
	@$(FIXES) RES=build/results/fixes NEW_ONLY=1 $(S)/test.sh

# The stable backports: a series on its own base (patches/series:
# "stable-6.12 BASE-6.12"), exported from build/stable-6.12-work, checked
# against plain 6.12 (scripts/check-stable.sh).
STABLE_V := $(or $(STABLE),6.12)
STABLE_ENV := BASE_FILE=BASE-$(STABLE_V)

export:
	@$(if $(STABLE),$(STABLE_ENV) TREE=build/stable-$(STABLE_V)-work )$(S)/export.sh

export-stable:
	@$(STABLE_ENV) TREE=build/stable-$(STABLE_V)-work $(S)/export.sh

check-stable:
	@$(STABLE_ENV) $(S)/check-stable.sh

send-dry-run: check-series
	@$(S)/send-dry-run.sh

baseline: base
	@TREE=build/base OUT=build/base-out BASE_ONLY=1 $(S)/mktree.sh build/base
	@TREE=build/base OUT=build/base-out $(S)/config.sh
	@TREE=build/base OUT=build/base-out $(S)/build.sh
	@TREE=build/base OUT=build/base-out RES=build/results/baseline $(S)/test.sh $(T) || \
		{ echo "baseline: see the differences above; tests/expected records the base's results"; exit 1; }

# Builds the base kernel too (build/base-out): about 20 min the first time.
bench: tree deps-bench
	@$(S)/bench.sh

# The debug kernel: the test config plus configs/debug.config, built in
# build/debug-out (cold: 20m54s here, with a guest running beside it).
DEBUG := OUT=build/debug-out EXTRA_CONFIGS=configs/debug.config

debug-build: tree
	@$(DEBUG) $(S)/config.sh
	@$(DEBUG) $(S)/build.sh

check-debug: debug-build
	@$(DEBUG) RES=build/results/debug TIMEOUT=$${TIMEOUT:-10800} $(S)/test.sh $(T)

# Override with STRESS_DEFS, STRESS_SECS, STRESS_MODS, STRESS_SEED.
stress: debug-build
	@$(DEBUG) STRESS_DEFS=$${STRESS_DEFS:-100000} STRESS_SECS=$${STRESS_SECS:-5400} \
		STRESS_MODS=$${STRESS_MODS:-100} TIMEOUT=$${TIMEOUT:-14400} $(S)/stress.sh

# The final stack for other architectures, compiled and linked (not
# booted): configs/arm64.config in place of guest.config, and
# configs/i386.config on top of it; kernel options as the tracing
# fragments ask, not Debian's amd64 values.
ARM64 := ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- OUT=build/out-arm64 DEBIAN=0 \
	GUEST_CONFIG=configs/arm64.config
I386 := ARCH=i386 CROSS_COMPILE=i686-linux-gnu- OUT=build/out-i386 DEBIAN=0 \
	EXTRA_CONFIGS=configs/i386.config

cross: tree deps-cross
	@$(ARM64) $(S)/config.sh
	@$(ARM64) $(S)/build.sh
	@$(I386) $(S)/config.sh
	@$(I386) $(S)/build.sh

# ftracetest of the arm64 build (make cross first) on QEMU's "virt"
# machine, always TCG: its userland is Debian 12's arm64 packages
# (scripts/arm64-root.sh), put over the host's /usr and /etc in the guest.
test-arm64: deps-cross
	@$(ARM64) RES=build/results/arm64 EXPECT=tests/expected-arm64 TIMEOUT=$${TIMEOUT:-10800} \
		$(S)/test.sh $(T)

coccicheck: tree deps-cocci
	@$(S)/coccicheck.sh

# gcov in the probe events' files (configs/coverage.config), built in
# build/cov-out; ftracetest's probe cases and a stress pass on it; HTML in
# build/coverage/html, the summary in tests/coverage.txt.
coverage: tree deps-coverage
	@$(S)/coverage.sh

clean:
	rm -rf build
