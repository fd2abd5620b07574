# SPDX-License-Identifier: GPL-2.0-or-later
#
# kasan-plugin: KASan for GCCs that cannot build it themselves.
#
#   make                  build build/x86_64-linux-gnu-gcc-12/kasan.so (the
#                         default gcc) and build/bin/kasan-cc
#   make GCC=gcc-11       the plugin for gcc-11,
#                         build/x86_64-linux-gnu-gcc-11/kasan.so
#   make GCC=arm-linux-gnueabi-gcc-12
#                         the plugin for the ARM cross compiler, built by
#                         the host's g++-12:
#                         build/arm-linux-gnueabi-gcc-12/kasan.so
#   make hosted           build/x86_64-linux-gnu-gcc-12/libkasan-hosted.a,
#                         the KASan runtime for user-space programs
#                         (runtime/README.md; not for cross compilers)
#   make check            for each compiler of CHECK_GCCS: its plugin, the
#                         DejaGnu testsuite and the differential check
#                         against native GCC (cross compilers: compile and
#                         scan tests only); the tests of building and
#                         choosing plugins per compiler (testsuite/cross);
#                         a share of the random programs and of GCC's
#                         torture tests (below); then the plugin-built
#                         KASan kernels (make
#                         kernel-test); ends with "N passed, N failed"
#   make check-random N=500
#                         N csmith programs of random seeds (printed), plain
#                         and with the plugin + hosted runtime, per compiler
#                         of CHECK_GCCS that runs here (testsuite/README.md)
#   make check-torture    GCC's gcc.c-torture/execute the same way
#   make bench-hosted     a CPU-heavy program built plain, with native GCC's
#                         KASan and with the plugin, against the hosted
#                         runtime: CPU-time ratios (make bench: all benchmarks)
#   make kernel-check     kernels built by the plugin and by native GCC,
#                         side by side, for each Linux version in KERNEL
#                         and architecture in ARCH (default: all the glue
#                         has, x86_64 and arm; kernel-glue/README.md)
#
# Each compiler's plugin, hosted runtime and test results go to
# build/<target>-gcc-<major>/ (scripts/build-name.sh), so that a cross
# compiler's plugin never replaces the host compiler's.
#
# Every target installs the Debian packages it needs first
# (scripts/install-deps.sh, idempotent).

GCC ?= gcc
CHECK_GCCS ?= gcc-12 gcc-11 arm-linux-gnueabi-gcc-12

ROOT := $(CURDIR)
BUILD_ROOT := $(ROOT)/build

# Evaluated lazily: the compiler may only exist after install-deps ran.
gcc_major = $(shell $(GCC) -dumpversion 2>/dev/null | cut -d. -f1)
gcc_machine = $(shell $(GCC) -dumpmachine 2>/dev/null)
plugin_dir = $(shell $(GCC) -print-file-name=plugin)
# The build directory of compiler $(1): build/<target>-gcc-<major>.
build_of = $(BUILD_ROOT)/$(shell sh $(ROOT)/scripts/build-name.sh $(1) 2>/dev/null)
BUILD = $(call build_of,$(GCC))

# The plugin is C++ for the machine GCC runs on, whatever GCC targets: the
# host's g++ of GCC's major version (arm-linux-gnueabi-gcc-12 -> g++-12).
GXX ?= g++-$(gcc_major)
host_machine = $(shell $(GXX) -dumpmachine 2>/dev/null)
# Non-empty when $(GCC) is a cross compiler.
gcc_cross = $(filter-out $(host_machine),$(gcc_machine))
# Debian's plugin headers for $(GCC).
plugin_dev_pkg = gcc-$(gcc_major)-plugin-dev$(if $(gcc_cross),-$(gcc_machine))

PLUGIN_SRCS := $(wildcard plugin/*.c)
PLUGIN_HDRS := $(wildcard plugin/*.h)
PLUGIN_CXXFLAGS := -std=gnu++11 -fPIC -fno-rtti -fno-exceptions \
	-fasynchronous-unwind-tables -O2 -g -Wall -Wextra \
	-Wno-unused-parameter -Wno-missing-field-initializers

# The runtime: the core and the hosted platform, one library per
# compiler.  Never instrumented.  All of its code goes into one section,
# kasan_text, so that stack traces can leave the runtime's frames out
# (runtime/hosted/stack.c): -fno-reorder-functions and
# -fno-reorder-blocks-and-partition keep GCC from using .text.* sections,
# objcopy renames .text, and the archive rule checks that nothing else is
# code.  No sibling calls: an entry point such as malloc() must stay a
# frame of its own in a saved stack.
RUNTIME_SRCS := $(wildcard runtime/core/*.c) $(wildcard runtime/hosted/*.c)
RUNTIME_HDRS := $(wildcard runtime/core/*.h) $(wildcard runtime/hosted/*.h)
RUNTIME_CFLAGS := -std=gnu11 -O2 -g -fno-omit-frame-pointer -fno-builtin \
	-fno-tree-loop-distribute-patterns -fno-stack-protector -fPIC \
	-fno-optimize-sibling-calls -fno-reorder-functions \
	-fno-reorder-blocks-and-partition -ftls-model=initial-exec \
	-U_FORTIFY_SOURCE \
	-Iruntime/hosted -Iruntime/core -Wall -Wextra -Wno-unused-parameter
OBJCOPY ?= objcopy
READELF ?= readelf
RUNTIME_OBJS = $(patsubst runtime/%.c,$(BUILD)/runtime/%.o,$(RUNTIME_SRCS))

# The hosted shadow offset, for kasan-cc --hosted: defined once, in
# kasan_platform.h.
HOSTED_PLATFORM_H := runtime/hosted/kasan_platform.h
HOSTED_SHADOW_OFFSET := $(shell sed -n \
	's/^\#define KASAN_SHADOW_OFFSET[[:space:]]*\(0x[0-9a-fA-F]*\)UL$$/\1/p' \
	$(HOSTED_PLATFORM_H))

.PHONY: bench-kernel all plugin driver hosted deps-plugin deps-test check check-gcc clean \
	check-random check-torture \
	gcc-args \
	bench bench-hosted

all: plugin driver hosted

# The ARM cross compiler also needs the cross group; by name, as it may not
# be installed yet.
cross_deps = $(if $(findstring arm-linux-gnueabi-,$(1)),cross)
deps-plugin:
	@sh scripts/install-deps.sh plugin $(call cross_deps,$(GCC))

# The differential check compiles kernel files: it needs the kernel group.
deps-test:
	@sh scripts/install-deps.sh plugin test kernel \
		$(sort $(call cross_deps,$(CHECK_GCCS)))

plugin: deps-plugin gcc-args
	@$(MAKE) --no-print-directory $(BUILD)/kasan.so

# The compiler and its C++ partner exist; GXX is named by the user or is
# Debian's g++-N.
gcc_args_gxx_hint = $(if $(filter command line environment,$(origin GXX)),$\
	it is not on PATH (GXX=$(GXX)),install g++-$(gcc_major) or name one with GXX=...)
gcc-args:
	@sh scripts/build-name.sh $(GCC) >/dev/null || { echo "error: GCC=$(GCC)" \
		"is not a compiler that runs" >&2; exit 1; }
	@command -v $(GXX) >/dev/null 2>&1 || { \
		echo "error: no host C++ compiler $(GXX) for the plugin of" \
		     "$(GCC) (GCC $(gcc_major), $(gcc_machine)):" \
		     "$(gcc_args_gxx_hint)" >&2; exit 1; }

$(BUILD_ROOT)/%/kasan.so: $(PLUGIN_SRCS) $(PLUGIN_HDRS)
	@mkdir -p $(dir $@)
	@test -f "$(plugin_dir)/include/plugin-version.h" || { \
		echo "error: no plugin headers for $(GCC) in $(plugin_dir);" \
		     "install $(plugin_dev_pkg)" >&2; exit 1; }
	@echo "  CXX     $@ ($(GXX), plugin headers of $(GCC))"
	@$(GXX) $(PLUGIN_CXXFLAGS) -I$(plugin_dir)/include -Iplugin -shared \
		-o $@.tmp -x c++ $(PLUGIN_SRCS)
	@mv $@.tmp $@

driver: $(BUILD_ROOT)/bin/kasan-cc

$(BUILD_ROOT)/bin/kasan-cc: scripts/kasan-cc.in scripts/build-name.sh $(HOSTED_PLATFORM_H)
	@mkdir -p $(dir $@)
	@test -n "$(HOSTED_SHADOW_OFFSET)" || { echo "error: no line" \
		"'#define KASAN_SHADOW_OFFSET 0x...UL'" \
		"in $(HOSTED_PLATFORM_H)" >&2; exit 1; }
	@sed -e 's|@ROOT@|$(ROOT)|' \
		-e 's|@HOSTED_SHADOW_OFFSET@|$(HOSTED_SHADOW_OFFSET)|' \
		$< > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

hosted: deps-plugin gcc-args
	@test -z "$(gcc_cross)" || { echo "error: the hosted runtime is for" \
		"user space on this machine ($(host_machine)); $(GCC) targets" \
		"$(gcc_machine)" >&2; exit 1; }
	@$(MAKE) --no-print-directory $(BUILD)/libkasan-hosted.a

$(BUILD)/runtime/%.o: runtime/%.c $(RUNTIME_HDRS) Makefile
	@mkdir -p $(dir $@)
	@echo "  CC      $@"
	@$(GCC) $(RUNTIME_CFLAGS) -c -o $@.$$$$.tmp $< && \
	$(OBJCOPY) --rename-section .text=kasan_text $@.$$$$.tmp $@.$$$$ && \
	mv $@.$$$$ $@; status=$$?; rm -f $@.$$$$.tmp $@.$$$$; exit $$status

$(BUILD)/libkasan-hosted.a: $(RUNTIME_OBJS)
	@bad=$$(for o in $^; do $(READELF) -SW $$o | \
		sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .* A*X[A-Z]* .*/\1/p' | \
		grep -vx kasan_text | sed "s|^|$$o: |"; done); \
	test -z "$$bad" || { echo "error: code outside kasan_text:" \
		"$$bad" >&2; exit 1; }
	@echo "  AR      $@"
	@rm -f $@.$$$$; ar rcs $@.$$$$ $^ && mv $@.$$$$ $@

# One compiler's share of "make check", run by the loop below, into
# $(BUILD): testsuite/, runtime-unit/, differential/.  The differential
# check's verdict goes into a one-line .sum file, so the summary counts it
# with the DejaGnu results.  A cross compiler has no hosted runtime and no
# machine to run on here: its testsuite compiles and scans only, and
# runtime-unit is left out.
check-gcc: plugin driver $(if $(gcc_cross),,hosted)
	-@sh testsuite/run.sh $(GCC) $(BUILD)/testsuite >/dev/null; \
		tail -n 12 $(BUILD)/testsuite/kasan.sum
	$(if $(gcc_cross),,-@sh runtime/tests/run.sh $(GCC) $(BUILD)/runtime-unit | tail -n 3)
	$(if $(gcc_cross),,-@nice -n 10 sh testsuite/random/run.sh $(GCC) $(BUILD)/random \
		--seeds "$$(seq $(random_first) $$(($(random_first) + $(CHECK_RANDOM_COUNT) - 1)))")
	$(if $(gcc_cross),,-@nice -n 10 sh testsuite/torture/run.sh $(GCC) $(BUILD)/torture \
		$(CHECK_TORTURE_EVERY) $(torture_first))
	@log=$(BUILD)/differential.log; \
	if sh testsuite/differential/run.sh $(GCC) \
		$(BUILD)/differential > $$log 2>&1; then \
		verdict=PASS; else verdict=FAIL; fi; \
	tail -n 20 $$log; \
	echo "$$verdict: differential check against native $(GCC) (see $$log)" \
		> $(BUILD)/differential.sum

# make check's share of the random programs (testsuite/random) and of GCC's
# torture tests (testsuite/torture): CHECK_RANDOM_COUNT csmith seeds and
# every CHECK_TORTURE_EVERY-th torture test per compiler, GCC 12 and 11
# taking different ones (odd majors the second half of the seeds, from 51,
# and the torture tests from the middle of each stride).
CHECK_RANDOM_COUNT ?= 50
CHECK_TORTURE_EVERY ?= 16
random_first = $(shell echo $$(( 1 + $(CHECK_RANDOM_COUNT) * ($(gcc_major) % 2) )))
torture_first = $(shell echo $$(( $(CHECK_TORTURE_EVERY) / 2 * ($(gcc_major) % 2) )))

# make check-random N=...: N csmith programs of random seeds (printed, to
# repeat a run with testsuite/random/run.sh CC OUT --seeds "..."), per
# compiler of CHECK_GCCS that runs here.  make check-torture: every torture
# test, per compiler.  Both end with the summary of their .sum files.
N ?= 200
host_gccs = $(foreach cc,$(CHECK_GCCS),$(if $(call check_is_cross,$(cc)),,$(cc)))
check-random: deps-test driver
	@for cc in $(host_gccs); do \
		$(MAKE) --no-print-directory plugin hosted GCC=$$cc || exit 1; \
		nice -n 10 sh testsuite/random/run.sh $$cc \
			$(BUILD_ROOT)/$$(sh scripts/build-name.sh $$cc)/random-more $(N); \
	done; \
	sh testsuite/summary.sh $(foreach cc,$(host_gccs),$(call build_of,$(cc))/random-more/random.sum)

check-torture: deps-test driver
	@for cc in $(host_gccs); do \
		$(MAKE) --no-print-directory plugin hosted GCC=$$cc || exit 1; \
		nice -n 10 sh testsuite/torture/run.sh $$cc \
			$(BUILD_ROOT)/$$(sh scripts/build-name.sh $$cc)/torture-all; \
	done; \
	sh testsuite/summary.sh $(foreach cc,$(host_gccs),$(call build_of,$(cc))/torture-all/torture.sum)

# The kernels are built by $(GCC) with its plugin; their failures are
# counted in the summary rather than stopping make.  kernel_sums (kernel.mk)
# holds the kernel.sum files of every version in KERNEL.  check_sums: the
# .sum files of every compiler of CHECK_GCCS (no runtime-unit for a cross
# compiler).
check_is_cross = $(filter-out $(host_machine),$(shell $(1) -dumpmachine 2>/dev/null))
check_sums = $(foreach cc,$(CHECK_GCCS),$(call build_of,$(cc))/testsuite/kasan.sum \
	$(call build_of,$(cc))/differential.sum \
	$(if $(call check_is_cross,$(cc)),,$(call build_of,$(cc))/runtime-unit/runtime-unit.sum \
		$(call build_of,$(cc))/random/random.sum $(call build_of,$(cc))/torture/torture.sum))

check: deps-test driver
	@rm -f $(check_sums) $(BUILD_ROOT)/cross/cross.sum $(kernel_sums)
	@for cc in $(CHECK_GCCS); do \
		$(MAKE) --no-print-directory check-gcc GCC=$$cc || exit 1; \
	done
	-@sh testsuite/cross/run.sh $(BUILD_ROOT)/cross $(CHECK_GCCS) | tail -n 3
	-@$(MAKE) --no-print-directory kernel-test
	@sh testsuite/summary.sh $(check_sums) $(BUILD_ROOT)/cross/cross.sum \
		$(kernel_sums)

# The hosted benchmark: ratios of CPU time against an uninstrumented
# build and against native GCC (bench/hosted/bench.py).  Not a test.
bench-hosted: plugin driver hosted
	@python3 bench/hosted/bench.py --cc $(GCC) \
		--kasan-cc $(BUILD_ROOT)/bin/kasan-cc --out $(BUILD)/bench-hosted

# The kernel benchmark: guest instructions (QEMU -icount) of a system-call-
# heavy workload on KASan kernels (plugin and native GCC, our runtime and
# mainline's) against the same kernel without KASan (bench/kernel/bench.py).
# One run per Linux version in KERNEL, on kernel-check's build directories
# of that version.
# Each boot runs under QEMU's TCG plugin bench/kernel/insn-profile.c, whose
# header install-deps.sh's bench group takes from Debian's QEMU source.
# BENCH_BOOTS chooses boots (bench.py --boots; default all).
INSN_PROFILE := $(BUILD_ROOT)/bench/insn-profile.so
bench-kernel: kernel-tree plugin driver $(INSN_PROFILE)
	@$(foreach v,$(KERNEL),python3 bench/kernel/bench.py \
		--tree $(call kernel_tree,$(v)) \
		--prefix $(call kernel_prefix,$(v)) --plugin $(KERNEL_PLUGIN) \
		--profiler $(INSN_PROFILE) $(if $(BENCH_BOOTS),--boots $(BENCH_BOOTS)) \
		--cc $(GCC) --mode $(or $(KASAN_MODE),inline) \
		--out $(BUILD_ROOT)/bench-kernel-$(v) &&) true

$(INSN_PROFILE): bench/kernel/insn-profile.c
	@sh scripts/install-deps.sh bench
	@mkdir -p $(dir $@)
	gcc -O2 -Wall -Wextra -Wno-unused-parameter -shared -fPIC \
		-I$(BUILD_ROOT)/qemu-plugin -o $@ $<

bench: bench-hosted bench-kernel

clean:
	rm -rf $(BUILD_ROOT)

# make kernel-check / make kernel-test: kernel-glue/README.md.
include kernel-glue/kernel.mk
