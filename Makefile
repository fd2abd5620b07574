# SPDX-License-Identifier: GPL-2.0-or-later
#
# kasan-plugin: KASan for GCCs that cannot build it themselves.
#
#   make                  build build/gcc-12/kasan.so (the default gcc) and
#                         build/bin/kasan-cc
#   make GCC=gcc-11       the plugin for gcc-11, build/gcc-11/kasan.so
#   make check            plugins for gcc-12 and gcc-11, the DejaGnu
#                         testsuite and the differential check against
#                         native GCC, for both, then the plugin-built KASan
#                         kernels (make kernel-test); ends with
#                         "N passed, N failed"
#   make kernel-check     kernels built by the plugin and by native GCC,
#                         side by side (kernel-glue/README.md)
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

.PHONY: all plugin driver deps-plugin deps-test check check-gcc clean

all: plugin driver

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

$(BUILD_ROOT)/bin/kasan-cc: scripts/kasan-cc.in
	@mkdir -p $(dir $@)
	@sed 's|@ROOT@|$(ROOT)|' $< > $@.tmp && chmod +x $@.tmp && mv $@.tmp $@

# One compiler's share of "make check", run by the loop below.  The
# differential check's verdict goes into a one-line .sum file, so the
# summary counts it with the DejaGnu results.
check-gcc: plugin driver
	-@sh testsuite/run.sh $(GCC) $(BUILD_ROOT)/testsuite-$(GCC) >/dev/null; \
		tail -n 12 $(BUILD_ROOT)/testsuite-$(GCC)/kasan.sum
	@log=$(BUILD_ROOT)/differential-$(GCC).log; \
	if sh testsuite/differential/run.sh $(GCC) \
		$(BUILD_ROOT)/differential-$(GCC) > $$log 2>&1; then \
		verdict=PASS; else verdict=FAIL; fi; \
	tail -n 20 $$log; \
	echo "$$verdict: differential check against native $(GCC) (see $$log)" \
		> $(BUILD_ROOT)/differential-$(GCC).sum

# The kernels are built by $(GCC) with its plugin; their failures are
# counted in the summary rather than stopping make.
kernel_sums = $(foreach m,$(kernel_modes),$(KERNEL_BUILD_PREFIX)-plugin-$(m)/kernel.sum)

check: deps-test driver
	@rm -f $(BUILD_ROOT)/differential-*.sum $(BUILD_ROOT)/testsuite-*/kasan.sum \
		$(kernel_sums)
	@for cc in $(CHECK_GCCS); do \
		$(MAKE) --no-print-directory check-gcc GCC=$$cc || exit 1; \
	done
	-@$(MAKE) --no-print-directory kernel-test
	@sh testsuite/summary.sh \
		$(foreach cc,$(CHECK_GCCS),$(BUILD_ROOT)/testsuite-$(cc)/kasan.sum) \
		$(foreach cc,$(CHECK_GCCS),$(BUILD_ROOT)/differential-$(cc).sum) \
		$(kernel_sums)

clean:
	rm -rf $(BUILD_ROOT)

# make kernel-check / make kernel-test: kernel-glue/README.md.
include kernel-glue/kernel.mk
