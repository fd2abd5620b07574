# SPDX-License-Identifier: GPL-2.0-or-later
#
# The kernel glue's targets, included by the top Makefile (which defines
# ROOT, BUILD_ROOT, BUILD, GCC and the plugin and driver targets).
#
#   make kernel-check   plugin-built KASan kernels (inline and outline),
#                       booted in QEMU, the kernel's KASan KUnit suite
#                       judged against linux-X.Y/kasan_test.expected, then
#                       the same config built with GCC's own KASan (with
#                       the same runtime, and with mainline's), side by
#                       side (build/kernel-compare-X.Y.json); exits
#                       non-zero on any unexpected result
#   make kernel-test    for "make check": the plugin kernels, the
#                       feature-off plugin kernels (KERNEL_FEATURE_OFF), and
#                       a native GCC kernel on the same runtime
#                       (KERNEL_TEST_NATIVE modes); each writes
#                       build/kernel-X.Y-*/kernel.sum
#   make clean-kernels  removes the build directories of the glue before
#                       it had versions (build/kernel-plugin-*, ...)
#
# Each runs every Linux version in KERNEL in turn, each with its own tree
# (build/linux-X.Y, from Debian's linux-source-X.Y) and build directories
# (build/kernel-X.Y-COMPILER-RUNTIME-MODE[-OFF], build/kernel-X.Y-none).
# The versions are the directories kernel-glue/linux-X.Y/: all that is
# version-specific lives there, and nothing here names a version.
#
# Both targets also build the feature-off kernels: inline plugin kernels
# with one of the plugin's features turned off by its last argument
# (-fplugin-arg-kasan-no-globals, -fplugin-arg-kasan-no-stack), in
# PREFIX-X.Y-plugin-RUNTIME-inline-OFF, judged with linux-X.Y/OFF.override:
# the cases that need the feature must fail there, which proves that they
# pass because of it in the other kernels.
#
# Variables:
#   KERNEL=X.Y ...              the Linux versions (default: every
#                               kernel-glue/linux-X.Y/), space-separated
#   KASAN_MODE=inline|outline   one mode only (default: both)
#   KASAN_RUNTIME=own|mainline  the KASan runtime: own, the project's
#                               runtime/ (default), or mainline, the
#                               kernel's mm/kasan
#   KASAN_PLUGIN_FLAGS=...      more plugin arguments for the plugin builds
#                               (e.g. -fplugin-arg-kasan-no-writes)
#   KERNEL_PLUGIN               the plugin (default $(BUILD)/kasan.so,
#                               build/<target>-gcc-<major>/kasan.so, the
#                               one for $(GCC), which also compiles the
#                               kernel; a cross compiler's is its own)
#   KERNEL_BUILD_PREFIX         build directories are
#                               PREFIX-X.Y-COMPILER-RUNTIME-MODE (default
#                               build/kernel), COMPILER plugin or native
#   KERNEL_TREE_X.Y             the patched tree of version X.Y (default
#                               build/linux-X.Y), made from
#                               /usr/src/linux-source-X.Y.tar.xz
#   KERNEL_JOBS                 make -j for the kernel builds (default 2)
#   KERNEL_TEST_NATIVE          the modes kernel-test also builds with native
#                               GCC (default outline; empty: none)
#   KERNEL_FEATURE_OFF          the feature-off kernels (default no-globals
#                               no-stack; empty: none), built when inline
#                               is one of the modes
#   KERNEL_TEST_FULL            the versions whose kernel-test also builds
#                               the feature-off and native kernels (default:
#                               the newest in KERNEL; CI's time allows one);
#                               the others get the plugin kernels only.
#                               kernel-check builds them for every version
#   BOOT_TIMEOUT, QEMU_ACCEL    see kernel-glue/qemu/boot.sh

KGLUE := $(ROOT)/kernel-glue
# The supported versions, in version order: 6.1 before 6.12.
kernel_glue_versions := $(shell ls -d $(KGLUE)/linux-*/ 2>/dev/null | \
	sed 's|.*/linux-||; s|/$$||' | sort -V)
KERNEL ?= $(kernel_glue_versions)
KERNEL_BUILD_PREFIX ?= $(BUILD_ROOT)/kernel
KERNEL_PLUGIN ?= $(BUILD)/kasan.so
KERNEL_JOBS ?= 2
KASAN_RUNTIME ?= own
KASAN_MODE ?=
KASAN_PLUGIN_FLAGS ?=
KERNEL_TEST_NATIVE ?= outline
KERNEL_FEATURE_OFF ?= no-globals no-stack
KERNEL_TEST_FULL ?= $(lastword $(KERNEL))

# Per version V: its tree, and the prefix of its build directories.
kernel_tree = $(or $(KERNEL_TREE_$(1)),$(BUILD_ROOT)/linux-$(1))
kernel_prefix = $(KERNEL_BUILD_PREFIX)-$(1)
kernel_modes = $(if $(KASAN_MODE),$(KASAN_MODE),inline outline)
kernel_test_native = $(filter $(KERNEL_TEST_NATIVE),$(kernel_modes))
kernel_feature_off = $(if $(filter inline,$(kernel_modes)),$(KERNEL_FEATURE_OFF))
# What version $(1)'s action $(2) builds beyond the plugin kernels: the
# feature-off kernels, always for kernel-check, for kernel-test only in
# the KERNEL_TEST_FULL versions; the native ones likewise (kernel-check
# builds its own).
kernel_full = $(or $(filter check,$(2)),$(filter $(1),$(KERNEL_TEST_FULL)))
kernel_feature_off_of = $(if $(call kernel_full,$(1),$(2)),$(kernel_feature_off))
kernel_test_native_of = $(if $(call kernel_full,$(1),$(2)),$(kernel_test_native))
# The kernel.sum files of kernel-test, every version's, for "make check"
# (kernel-test's summary and the top Makefile's).
kernel_sums = $(foreach v,$(KERNEL),\
	$(foreach m,$(kernel_modes),$(call kernel_prefix,$(v))-plugin-$(KASAN_RUNTIME)-$(m)/kernel.sum) \
	$(foreach o,$(call kernel_feature_off_of,$(v),test),$(call kernel_prefix,$(v))-plugin-$(KASAN_RUNTIME)-inline-$(o)/kernel.sum) \
	$(foreach m,$(call kernel_test_native_of,$(v),test),$(call kernel_prefix,$(v))-native-$(KASAN_RUNTIME)-$(m)/kernel.sum))
# kernel-runs.sh for version $(1), action $(2).
kernel_runs = KERNEL_TREE='$(call kernel_tree,$(1))' \
	KERNEL_BUILD_PREFIX='$(call kernel_prefix,$(1))' \
	COMPARE_JSON='$(BUILD_ROOT)/kernel-compare-$(1).json' \
	KASAN_PLUGIN='$(KERNEL_PLUGIN)' KASAN_PLUGIN_FLAGS='$(KASAN_PLUGIN_FLAGS)' \
	REAL_CC='$(GCC)' KERNEL_JOBS='$(KERNEL_JOBS)' \
	KASAN_RUNTIME='$(KASAN_RUNTIME)' \
	KERNEL_TEST_NATIVE='$(call kernel_test_native_of,$(1),$(2))' \
	KERNEL_FEATURE_OFF='$(call kernel_feature_off_of,$(1),$(2))' \
	sh $(KGLUE)/scripts/kernel-runs.sh $(2) $(kernel_modes)
# Every version in turn, all of them even after a failure; $$status says
# whether one failed.
kernel_each = status=0; $(foreach v,$(KERNEL),$(call kernel_runs,$(v),$(1)) || status=1;)

.PHONY: kernel-check kernel-test kernel-deps kernel-tree kernel-args clean-kernels

kernel-deps:
	@sh scripts/install-deps.sh kernel

kernel-args:
	@test -n "$(KERNEL)" || { echo "kernel: no Linux version: KERNEL is" \
		"empty and there is no kernel-glue/linux-X.Y/" >&2; exit 1; }
	@for v in $(KERNEL); do test -d "$(KGLUE)/linux-$$v" || { \
		echo "kernel: no glue for Linux $$v (no kernel-glue/linux-$$v/);" \
		     "KERNEL must list supported versions: $(kernel_glue_versions)" >&2; \
		exit 1; }; done
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
	@$(foreach v,$(KERNEL),sh $(KGLUE)/scripts/prepare-tree.sh $(v) $(call kernel_tree,$(v)) &&) true

# One summary over every version's kernel.sum files, after the per-version
# ones: the versions' tests are distinct (their names hold the version).
kernel-test: kernel-args kernel-tree plugin driver
	@$(call kernel_each,test) \
	if [ "$(words $(KERNEL))" -gt 1 ]; then \
		sh testsuite/summary.sh $(kernel_sums) | tail -n 2 | \
			sed 's/^/kernel-test, Linux $(KERNEL): /' || status=1; \
	fi; exit $$status

kernel-check: kernel-args kernel-tree plugin driver
	@$(call kernel_each,check) exit $$status

# The glue's directories from before it had versions; "make clean" removes
# them too, with the rest of build/.
clean-kernels:
	rm -rf $(addprefix $(KERNEL_BUILD_PREFIX)-,plugin-* native-* none) \
		$(BUILD_ROOT)/kernel-compare.json $(BUILD_ROOT)/kernel-compare-report.md
