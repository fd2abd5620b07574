# SPDX-License-Identifier: GPL-2.0-or-later
#
# The kernel glue's targets, included by the top Makefile (which defines
# ROOT, BUILD_ROOT, BUILD, GCC and the plugin and driver targets).
#
#   make kernel-check   plugin-built KASan kernels (inline and outline) of
#                       Linux 6.1, booted in QEMU, the kasan KUnit suite
#                       judged against linux-6.1/kasan_test.expected, then
#                       the same config built with GCC's own KASan (with
#                       the same runtime, and with mainline's), side by
#                       side (build/kernel-compare.json); exits non-zero
#                       on any unexpected result
#   make kernel-test    for "make check": the plugin kernels, the
#                       feature-off plugin kernels (KERNEL_FEATURE_OFF), and
#                       a native GCC kernel on the same runtime
#                       (KERNEL_TEST_NATIVE modes); each writes
#                       build/kernel-*/kernel.sum
#
# Both targets also build the feature-off kernels: inline plugin kernels
# with one of the plugin's features turned off by its last argument
# (-fplugin-arg-kasan-no-globals, -fplugin-arg-kasan-no-stack), in
# PREFIX-plugin-RUNTIME-inline-OFF, judged with linux-6.1/OFF.override: the
# cases that need the feature must fail there, which proves that they pass
# because of it in the other kernels.
#
# Variables:
#   KASAN_MODE=inline|outline   one mode only (default: both)
#   KASAN_RUNTIME=own|mainline  the KASan runtime: own, the project's
#                               runtime/ (default), or mainline, the
#                               kernel's mm/kasan
#   KASAN_PLUGIN_FLAGS=...      more plugin arguments for the plugin builds
#                               (e.g. -fplugin-arg-kasan-no-writes)
#   KERNEL_PLUGIN               the plugin (default $(BUILD)/kasan.so, the
#                               one for $(GCC), which also compiles the
#                               kernel)
#   KERNEL_BUILD_PREFIX         build directories are
#                               PREFIX-COMPILER-RUNTIME-MODE (default
#                               build/kernel), COMPILER plugin or native
#   KERNEL_TREE, KERNEL_TARBALL the patched tree (build/linux-6.1), made
#                               from Debian's linux-source-6.1 tarball
#   KERNEL_JOBS                 make -j for the kernel builds (default 2)
#   KERNEL_TEST_NATIVE          the modes kernel-test also builds with native
#                               GCC (default outline; empty: none)
#   KERNEL_FEATURE_OFF          the feature-off kernels (default no-globals
#                               no-stack; empty: none), built when inline
#                               is one of the modes
#   BOOT_TIMEOUT, QEMU_ACCEL    see kernel-glue/qemu/boot.sh

KGLUE := $(ROOT)/kernel-glue
KERNEL_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
KERNEL_TREE ?= $(BUILD_ROOT)/linux-6.1
KERNEL_BUILD_PREFIX ?= $(BUILD_ROOT)/kernel
KERNEL_PLUGIN ?= $(BUILD)/kasan.so
KERNEL_JOBS ?= 2
KASAN_RUNTIME ?= own
KASAN_MODE ?=
KASAN_PLUGIN_FLAGS ?=
KERNEL_TEST_NATIVE ?= outline
KERNEL_FEATURE_OFF ?= no-globals no-stack

kernel_modes = $(if $(KASAN_MODE),$(KASAN_MODE),inline outline)
kernel_test_native = $(filter $(KERNEL_TEST_NATIVE),$(kernel_modes))
kernel_feature_off = $(if $(filter inline,$(kernel_modes)),$(KERNEL_FEATURE_OFF))
# Their kernel.sum files, for "make check" (the top Makefile's kernel_sums).
kernel_feature_off_sums = $(foreach o,$(kernel_feature_off),$(KERNEL_BUILD_PREFIX)-plugin-$(KASAN_RUNTIME)-inline-$(o)/kernel.sum)
kernel_runs = KERNEL_TREE='$(KERNEL_TREE)' \
	KERNEL_BUILD_PREFIX='$(KERNEL_BUILD_PREFIX)' \
	COMPARE_JSON='$(BUILD_ROOT)/kernel-compare.json' \
	KASAN_PLUGIN='$(KERNEL_PLUGIN)' KASAN_PLUGIN_FLAGS='$(KASAN_PLUGIN_FLAGS)' \
	REAL_CC='$(GCC)' KERNEL_JOBS='$(KERNEL_JOBS)' \
	KASAN_RUNTIME='$(KASAN_RUNTIME)' \
	KERNEL_TEST_NATIVE='$(kernel_test_native)' \
	KERNEL_FEATURE_OFF='$(kernel_feature_off)' sh $(KGLUE)/scripts/kernel-runs.sh

.PHONY: kernel-check kernel-test kernel-deps kernel-tree kernel-args

kernel-deps:
	@sh scripts/install-deps.sh kernel

kernel-args:
	@case "$(KASAN_RUNTIME)" in \
	mainline|own) ;; \
	*) echo "kernel: KASAN_RUNTIME must be mainline or own," \
	        "not '$(KASAN_RUNTIME)'" >&2; exit 1 ;; \
	esac
	@for m in $(kernel_modes); do case "$$m" in inline|outline) ;; *) \
		echo "kernel: KASAN_MODE must be inline or outline, not '$$m'" >&2; \
		exit 1 ;; esac; done
	@for o in $(KERNEL_FEATURE_OFF); do case "$$o" in no-globals|no-stack) ;; *) \
		echo "kernel: KERNEL_FEATURE_OFF must list no-globals or" \
		     "no-stack, not '$$o'" >&2; exit 1 ;; esac; done

kernel-tree: kernel-args kernel-deps
	@sh $(KGLUE)/scripts/prepare-tree.sh $(KERNEL_TARBALL) $(KERNEL_TREE)

kernel-test: kernel-args kernel-tree plugin driver
	@$(kernel_runs) test $(kernel_modes)

kernel-check: kernel-args kernel-tree plugin driver
	@$(kernel_runs) check $(kernel_modes)
