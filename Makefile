# SPDX-License-Identifier: GPL-2.0-or-later
#
# kasan-plugin: KASan for GCCs that cannot build it themselves.
#
#   make                  build build/gcc-12/kasan.so (the default gcc) and
#                         build/bin/kasan-cc
#   make GCC=gcc-11       the plugin for gcc-11, build/gcc-11/kasan.so
#   make hosted           build/gcc-12/libkasan-hosted.a, the KASan runtime
#                         for user-space programs (runtime/README.md)
#   make check            plugins for gcc-12 and gcc-11, the DejaGnu
#                         testsuite and the differential check against
#                         native GCC, for both, then the plugin-built KASan
#                         kernels (make kernel-test); ends with
#                         "N passed, N failed"
#   make bench-hosted     a CPU-heavy program built plain, with native GCC's
#                         KASan and with the plugin, against the hosted
#                         runtime: CPU-time ratios (make bench: all benchmarks)
#   make kernel-check     kernels built by the plugin and by native GCC,
#                         side by side, for each Linux version in KERNEL
#                         and architecture in ARCH (default: all the glue
#                         has, x86_64 and arm; kernel-glue/README.md)
#
# Every target installs the Debian packages it needs first
# (scripts/install-deps.sh, idempotent).

GCC ?= gcc
CHECK_GCCS ?= gcc-12 gcc-11

# The C++ compiler that goes with $(GCC): gcc-11 -> g++-11, gcc -> g++.
GXX ?= $(patsubst %gcc,%g++,$(patsubst gcc%,g++%,$(GCC)))

ROOT := $(CURDIR)
BUILD_ROOT := $(ROOT)/build

# Evaluated lazily: the compiler may only exist after install-deps ran.
gcc_major = $(shell $(GCC) -dumpversion 2>/dev/null | cut -d. -f1)
plugin_dir = $(shell $(GCC) -print-file-name=plugin)
BUILD = $(BUILD_ROOT)/gcc-$(gcc_major)

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
	bench bench-hosted

all: plugin driver hosted

deps-plugin:
	@sh scripts/install-deps.sh plugin

# The differential check compiles kernel files: it needs the kernel group.
deps-test:
	@sh scripts/install-deps.sh plugin test kernel

plugin: deps-plugin
	@$(MAKE) --no-print-directory $(BUILD)/kasan.so

$(BUILD_ROOT)/gcc-%/kasan.so: $(PLUGIN_SRCS) $(PLUGIN_HDRS)
	@mkdir -p $(dir $@)
	@test -f "$(plugin_dir)/include/plugin-version.h" || { \
		echo "error: no plugin headers for $(GCC) in $(plugin_dir);" \
		     "install gcc-$(gcc_major)-plugin-dev" >&2; exit 1; }
	@echo "  CXX     $@ ($(GXX), plugin headers of $(GCC))"
	@$(GXX) $(PLUGIN_CXXFLAGS) -I$(plugin_dir)/include -Iplugin -shared \
		-o $@.tmp -x c++ $(PLUGIN_SRCS)
	@mv $@.tmp $@

driver: $(BUILD_ROOT)/bin/kasan-cc

$(BUILD_ROOT)/bin/kasan-cc: scripts/kasan-cc.in $(HOSTED_PLATFORM_H)
	@mkdir -p $(dir $@)
	@test -n "$(HOSTED_SHADOW_OFFSET)" || { echo "error: no line" \
		"'#define KASAN_SHADOW_OFFSET 0x...UL'" \
		"in $(HOSTED_PLATFORM_H)" >&2; exit 1; }
	@sed -e 's|@ROOT@|$(ROOT)|' \
		-e 's|@HOSTED_SHADOW_OFFSET@|$(HOSTED_SHADOW_OFFSET)|' \
		$< > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

hosted: deps-plugin
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

# One compiler's share of "make check", run by the loop below.  The
# differential check's verdict goes into a one-line .sum file, so the
# summary counts it with the DejaGnu results.
check-gcc: plugin driver hosted
	-@sh testsuite/run.sh $(GCC) $(BUILD_ROOT)/testsuite-$(GCC) >/dev/null; \
		tail -n 12 $(BUILD_ROOT)/testsuite-$(GCC)/kasan.sum
	-@sh runtime/tests/run.sh $(GCC) $(BUILD_ROOT)/runtime-unit-$(GCC) | tail -n 3
	@log=$(BUILD_ROOT)/differential-$(GCC).log; \
	if sh testsuite/differential/run.sh $(GCC) \
		$(BUILD_ROOT)/differential-$(GCC) > $$log 2>&1; then \
		verdict=PASS; else verdict=FAIL; fi; \
	tail -n 20 $$log; \
	echo "$$verdict: differential check against native $(GCC) (see $$log)" \
		> $(BUILD_ROOT)/differential-$(GCC).sum

# The kernels are built by $(GCC) with its plugin; their failures are
# counted in the summary rather than stopping make.  kernel_sums (kernel.mk)
# holds the kernel.sum files of every version in KERNEL.

check: deps-test driver
	@rm -f $(BUILD_ROOT)/differential-*.sum $(BUILD_ROOT)/testsuite-*/kasan.sum \
		$(BUILD_ROOT)/runtime-unit-*/runtime-unit.sum $(kernel_sums)
	@for cc in $(CHECK_GCCS); do \
		$(MAKE) --no-print-directory check-gcc GCC=$$cc || exit 1; \
	done
	-@$(MAKE) --no-print-directory kernel-test
	@sh testsuite/summary.sh \
		$(foreach cc,$(CHECK_GCCS),$(BUILD_ROOT)/testsuite-$(cc)/kasan.sum) \
		$(foreach cc,$(CHECK_GCCS),$(BUILD_ROOT)/differential-$(cc).sum) \
		$(foreach cc,$(CHECK_GCCS),$(BUILD_ROOT)/runtime-unit-$(cc)/runtime-unit.sum) \
		$(kernel_sums)

# The hosted benchmark: ratios of CPU time against an uninstrumented
# build and against native GCC (bench/hosted/bench.py).  Not a test.
bench-hosted: plugin driver hosted
	@python3 bench/hosted/bench.py --cc $(GCC) \
		--kasan-cc $(BUILD_ROOT)/bin/kasan-cc --out $(BUILD_ROOT)/bench-hosted-$(GCC)

# The kernel benchmark: guest instructions (QEMU -icount) of a system-call-
# heavy workload on KASan kernels (plugin and native GCC, our runtime and
# mainline's) against the same kernel without KASan (bench/kernel/bench.py).
# One run per Linux version in KERNEL, on kernel-check's build directories
# of that version.
bench-kernel: kernel-tree plugin driver
	@$(foreach v,$(KERNEL),python3 bench/kernel/bench.py \
		--tree $(call kernel_tree,$(v)) \
		--prefix $(call kernel_prefix,$(v)) --plugin $(KERNEL_PLUGIN) \
		--cc $(GCC) --mode $(or $(KASAN_MODE),inline) \
		--out $(BUILD_ROOT)/bench-kernel-$(v) &&) true

bench: bench-hosted bench-kernel

clean:
	rm -rf $(BUILD_ROOT)

# make kernel-check / make kernel-test: kernel-glue/README.md.
include kernel-glue/kernel.mk
