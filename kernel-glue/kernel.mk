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
#   make kernel-test    for "make check": the plugin kernels of the modes
#                       KERNEL_TEST_MODES gives each version, and for the
#                       KERNEL_TEST_FULL versions the feature-off plugin
#                       kernels (KERNEL_FEATURE_OFF) and a native GCC
#                       kernel on the same runtime (KERNEL_TEST_NATIVE
#                       modes); each writes build/kernel-X.Y-*/kernel.sum
#   make clean-kernels  removes the build directories of the glue before
#                       it had versions (build/kernel-plugin-*, ...)
#
# Each runs every Linux version in KERNEL on every architecture in ARCH in
# turn (the pairs the glue has), each version with its own tree
# (build/linux-X.Y, from Debian's linux-source-X.Y, shared by the
# architectures) and each pair with its own build directories
# (build/kernel-X.Y[-ARCH]-COMPILER-RUNTIME-MODE[-OFF],
# build/kernel-X.Y[-ARCH]-none; x86_64's have no -ARCH).  The versions are
# the directories kernel-glue/linux-X.Y/, the architectures
# kernel-glue/arch/ARCH/, and a version runs on an architecture when
# kernel-glue/linux-X.Y/ARCH/ exists: all that is version- or
# arch-specific lives there (the architecture's compiler and plugin in
# arch/ARCH/arch.mk), and nothing here names a version or an architecture
# but the default one.
#
# kernel-check also builds the feature-off kernels (kernel-test only for
# the KERNEL_TEST_FULL versions): inline plugin kernels
# with one of the plugin's features turned off by its last argument
# (-fplugin-arg-kasan-no-globals, -no-stack, -no-use-after-scope,
# -no-use-after-return, the last with our runtime only), in
# PREFIX-X.Y-plugin-RUNTIME-inline-OFF, judged with linux-X.Y/OFF.override:
# the cases that need the feature must fail there, which proves that they
# pass because of it in the other kernels.
#
# Variables:
#   KERNEL=X.Y ...              the Linux versions (default: every
#                               kernel-glue/linux-X.Y/), space-separated
#   ARCH=arm ...                the architectures, on the command line as
#                               for the kernel's make (or KERNEL_ARCH, also
#                               from the environment; an exported ARCH is
#                               not read); default: kernel-check every
#                               kernel-glue/arch/ARCH/, kernel-test
#                               KERNEL_TEST_ARCH (x86_64).  With KERNEL
#                               and ARCH both given, each pair must exist;
#                               otherwise the pairs the glue lacks are left
#                               out
#   CONFIG=defconfig            kernel-check only: the kernel's config
#                               target the fragments go onto instead of
#                               the arch's tinyconfig/allnoconfig, on the
#                               command line as for the kernel's make (or
#                               KERNEL_CONFIG; an exported CONFIG is not
#                               read).  Build directories get -CONFIG
#                               (build/kernel-X.Y-defconfig-...); the
#                               default mode is inline, no feature-off
#                               kernels, and four kernels: plugin and
#                               native GCC, each with mainline's runtime
#                               and ours (KASAN_RUNTIME on the command
#                               line: that one only), booted as
#                               arch/ARCH/boot-CONFIG.conf says (memory,
#                               CPU model, a second boot); no
#                               side-by-side (see kernel-glue/README.md,
#                               "defconfig")
#   KASAN_MODE=inline|outline   one mode only (default: both)
#   KASAN_RUNTIME=own|mainline  the KASan runtime: own, the project's
#                               runtime/ (default), or mainline, the
#                               kernel's mm/kasan
#   KASAN_PLUGIN_FLAGS=...      more plugin arguments for the plugin builds
#                               (e.g. -fplugin-arg-kasan-no-writes)
#   KERNEL_PLUGIN               the x86_64 plugin (default $(BUILD)/kasan.so,
#                               build/<target>-gcc-<major>/kasan.so, the
#                               one for $(GCC), which also compiles the
#                               kernel)
#   KERNEL_PLUGIN_ARCH, KERNEL_CC_ARCH  an architecture's plugin and
#                               compiler (arch/ARCH/arch.mk: for arm,
#                               arm-linux-gnueabi-gcc-N, N $(GCC)'s major,
#                               and its plugin,
#                               build/arm-linux-gnueabi-gcc-N/kasan.so)
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
#                               no-stack no-use-after-scope and, with
#                               KASAN_RUNTIME=own, no-use-after-return;
#                               empty: none), built when inline is one of
#                               the modes
#   KERNEL_TEST_FULL            the versions whose kernel-test also builds
#                               the feature-off and native kernels (default
#                               none: CI's 45 minutes); kernel-check builds
#                               them for every version
#   KERNEL_TEST_MODES           kernel-test's modes per version, X.Y=MODE
#                               or X.Y=inline+outline (default 6.1=inline
#                               6.12=outline: CI boots each version and
#                               each mode once; a version not named gets
#                               every mode); kernel-check builds every mode
#   KERNEL_TEST_ARCH            kernel-test's architectures without ARCH
#                               (default x86_64)
#   KERNEL_TEST_CROSS           more kernels kernel-test boots, each
#                               ARCH-X.Y-MODE (e.g. arm-6.1-inline): one
#                               plugin kernel with KASAN_RUNTIME's runtime,
#                               nothing else (default arm-6.1-inline;
#                               see kernel-glue/README.md, CI)
#   KERNEL_SCENARIOS            guest scenarios (qemu/scenarios/NAME.sh:
#                               trinity, stress, faults, pressure,
#                               hotplug, cpuhotplug) every
#                               kernel the target boots runs after /init's
#                               workload, judged (kernel-glue/README.md)
#   KERNEL_SCENARIO_ARGS        kasan_glue.KEY=VALUE parameters for them
#                               (e.g. kasan_glue.trinity_ops=100000)
#   KERNEL_TEST_SCENARIOS       kernel-test's own (kernel-check's too, which
#                               boots the same kernel): X.Y-MODE=NAME,...,
#                               the plugin kernel of that version and mode
#                               on x86_64 (default 6.1-inline=trinity, the
#                               short Trinity run of make check)
#   BOOT_TIMEOUT, QEMU_ACCEL    see kernel-glue/qemu/boot.sh

KGLUE := $(ROOT)/kernel-glue
# The supported versions, in version order: 6.1 before 6.12.
kernel_glue_versions := $(shell ls -d $(KGLUE)/linux-*/ 2>/dev/null | \
	sed 's|.*/linux-||; s|/$$||' | sort -V)
# The supported architectures; the default one, whose build directories
# and test names carry no architecture (they predate the others).
kernel_glue_arches := $(sort $(patsubst $(KGLUE)/arch/%/arch.conf,%,\
	$(wildcard $(KGLUE)/arch/*/arch.conf)))
kernel_default_arch := x86_64
KERNEL ?= $(kernel_glue_versions)
KERNEL_BUILD_PREFIX ?= $(BUILD_ROOT)/kernel
KERNEL_PLUGIN ?= $(BUILD)/kasan.so
KERNEL_JOBS ?= 2
KASAN_RUNTIME ?= own
KASAN_MODE ?= $(if $(KERNEL_CONFIG),inline)
KASAN_PLUGIN_FLAGS ?=
KERNEL_TEST_NATIVE ?= outline
# no-use-after-return: only our runtime has the fake stacks it turns off.
KERNEL_FEATURE_OFF ?= $(if $(KERNEL_CONFIG),,no-globals no-stack no-use-after-scope \
	$(if $(filter own,$(KASAN_RUNTIME)),no-use-after-return))
KERNEL_TEST_FULL ?=
# CI's plugin kernels (x86_64): each version once, each mode once; with
# KERNEL_TEST_CROSS's ARM kernel, each architecture once.
KERNEL_TEST_MODES ?= 6.1=inline 6.12=outline
KERNEL_TEST_ARCH ?= $(kernel_default_arch)
# CI's ARM kernel: plugin and our runtime, inline (kernel-glue/README.md,
# "CI and ARM"); empty turns it off.
KERNEL_TEST_CROSS ?= arm-6.1-inline
# KERNEL_SCENARIOS is left undefined when not given, so that a CONFIG=
# run's default (every scenario, kernel-runs.sh) applies.
KERNEL_SCENARIO_ARGS ?=
# The short Trinity run of make check, on one kernel (README, Scenarios).
KERNEL_TEST_SCENARIOS ?= 6.1-inline=trinity
# ARCH as the kernel's make spells it, but only from the command line: an
# ARCH exported for cross builds must not narrow make check.
KERNEL_ARCH ?= $(if $(filter command line,$(origin ARCH)),$(ARCH))
# The base config likewise: CONFIG=defconfig from the command line only.
KERNEL_CONFIG ?= $(if $(filter command line,$(origin CONFIG)),$(CONFIG))
# A config run's runtimes: both, unless KASAN_RUNTIME is on the command
# line.
kernel_config_runtimes = $(if $(filter command line,$(origin KASAN_RUNTIME)),$(KASAN_RUNTIME),mainline own)

# Each architecture's compiler and plugin (KERNEL_CC_ARCH,
# KERNEL_PLUGIN_ARCH, target kernel-plugin-ARCH).
include $(wildcard $(KGLUE)/arch/*/arch.mk)

# Whether version $(1) runs on architecture $(2); the pairs ARCH:X.Y of the
# architectures $(1) and the versions in KERNEL.
kernel_has = $(wildcard $(KGLUE)/linux-$(1)/$(2)/)
kernel_pairs_of = $(foreach a,$(1),$(foreach v,$(KERNEL),\
	$(if $(call kernel_has,$(v),$(a)),$(a):$(v))))
# With CONFIG, the architectures that say how to boot such a kernel
# (arch/ARCH/boot-CONFIG.conf).
kernel_config_arches = $(patsubst $(KGLUE)/arch/%/boot-$(KERNEL_CONFIG).conf,%,\
	$(wildcard $(KGLUE)/arch/*/boot-$(KERNEL_CONFIG).conf))
kernel_check_arches = $(or $(KERNEL_ARCH),$(if $(KERNEL_CONFIG),$(kernel_config_arches),$(kernel_glue_arches)))
kernel_check_pairs = $(call kernel_pairs_of,$(kernel_check_arches))
kernel_test_pairs = $(call kernel_pairs_of,$(or $(KERNEL_ARCH),$(KERNEL_TEST_ARCH)))
pair_arch = $(firstword $(subst :, ,$(1)))
pair_version = $(lastword $(subst :, ,$(1)))
# A KERNEL_TEST_CROSS entry ARCH-X.Y-MODE as words.
cross_words = $(subst -, ,$(1))

# Per version V (and architecture A): its tree, and the prefix of its
# build directories.
kernel_tree = $(or $(KERNEL_TREE_$(1)),$(BUILD_ROOT)/linux-$(1))
kernel_arch_suffix = $(if $(filter-out $(kernel_default_arch),$(1)),-$(1))
kernel_prefix = $(KERNEL_BUILD_PREFIX)-$(1)$(call kernel_arch_suffix,$(2))$(if $(KERNEL_CONFIG),-$(KERNEL_CONFIG))
kernel_modes = $(if $(KASAN_MODE),$(KASAN_MODE),inline outline)
# The modes of version $(1) for action $(2): kernel-check's all of them;
# kernel-test's those KERNEL_TEST_MODES gives the version that KASAN_MODE
# allows (all of KASAN_MODE's if that leaves none).
kernel_test_modes_given = $(subst +, ,$(patsubst $(1)=%,%,$(filter $(1)=%,$(KERNEL_TEST_MODES))))
kernel_modes_of = $(if $(filter check,$(2)),$(kernel_modes),\
	$(or $(filter $(call kernel_test_modes_given,$(1)),$(kernel_modes)),$(kernel_modes)))
# What version $(1) on architecture $(3), action $(2), builds beyond the
# plugin kernels: the feature-off kernels (when inline is one of its
# modes) and the native ones, always for kernel-check, for kernel-test
# only in the KERNEL_TEST_FULL versions (default none: CI's time).
kernel_full = $(or $(filter check,$(2)),$(filter $(1),$(KERNEL_TEST_FULL)))
kernel_feature_off_of = $(if $(call kernel_full,$(1),$(2),$(3)),\
	$(if $(filter inline,$(call kernel_modes_of,$(1),$(2))),$(KERNEL_FEATURE_OFF)))
kernel_test_native_of = $(if $(call kernel_full,$(1),$(2),$(3)),\
	$(filter $(KERNEL_TEST_NATIVE),$(call kernel_modes_of,$(1),$(2))))
# The kernel.sum files of kernel-test, every pair's and every
# KERNEL_TEST_CROSS kernel's, for "make check" (kernel-test's summary and
# the top Makefile's).
kernel_pair_sums = $(foreach m,$(call kernel_modes_of,$(2),test),$(call kernel_prefix,$(2),$(1))-plugin-$(KASAN_RUNTIME)-$(m)/kernel.sum) \
	$(foreach o,$(call kernel_feature_off_of,$(2),test,$(1)),$(call kernel_prefix,$(2),$(1))-plugin-$(KASAN_RUNTIME)-inline-$(o)/kernel.sum) \
	$(foreach m,$(call kernel_test_native_of,$(2),test,$(1)),$(call kernel_prefix,$(2),$(1))-native-$(KASAN_RUNTIME)-$(m)/kernel.sum)
kernel_cross_sum = $(call kernel_prefix,$(word 2,$(1)),$(word 1,$(1)))-plugin-$(KASAN_RUNTIME)-$(word 3,$(1))/kernel.sum
kernel_sums = $(foreach p,$(kernel_test_pairs),$(call kernel_pair_sums,$(call pair_arch,$(p)),$(call pair_version,$(p)))) \
	$(foreach c,$(KERNEL_TEST_CROSS),$(call kernel_cross_sum,$(call cross_words,$(c))))
# kernel-test's scenarios for architecture $(1), version $(2): MODE=NAME,...
kernel_test_scenarios_of = $(if $(filter $(kernel_default_arch),$(1)),\
	$(patsubst $(2)-%,%,$(filter $(2)-%,$(KERNEL_TEST_SCENARIOS))))
# kernel-runs.sh for architecture $(1), version $(2), action $(3), modes
# $(4), native modes $(5), feature-off kernels $(6).
kernel_runs = KERNEL_ARCH='$(1)' KERNEL_TREE='$(call kernel_tree,$(2))' \
	$(if $(filter undefined,$(origin KERNEL_SCENARIOS)),,KERNEL_SCENARIOS='$(KERNEL_SCENARIOS)') \
	KERNEL_SCENARIO_ARGS='$(KERNEL_SCENARIO_ARGS)' \
	KERNEL_MODE_SCENARIOS='$(call kernel_test_scenarios_of,$(1),$(2))' \
	KERNEL_BUILD_PREFIX='$(call kernel_prefix,$(2),$(1))' \
	COMPARE_JSON='$(BUILD_ROOT)/kernel-compare-$(2)$(call kernel_arch_suffix,$(1)).json' \
	KASAN_PLUGIN='$(KERNEL_PLUGIN_$(1))' KASAN_PLUGIN_FLAGS='$(KASAN_PLUGIN_FLAGS)' \
	REAL_CC='$(KERNEL_CC_$(1))' KERNEL_JOBS='$(KERNEL_JOBS)' \
	KASAN_RUNTIME='$(KASAN_RUNTIME)' KERNEL_CONFIG='$(KERNEL_CONFIG)' \
	KERNEL_CONFIG_RUNTIMES='$(kernel_config_runtimes)' \
	KERNEL_TEST_NATIVE='$(5)' KERNEL_FEATURE_OFF='$(6)' \
	sh $(KGLUE)/scripts/kernel-runs.sh $(3) $(4)
# One pair ARCH:X.Y with action $(2), the kernels kernel_full gives it.
kernel_pair_run = $(call kernel_runs,$(call pair_arch,$(1)),$(call pair_version,$(1)),$(2),\
	$(call kernel_modes_of,$(call pair_version,$(1)),$(2)),\
	$(call kernel_test_native_of,$(call pair_version,$(1)),$(2),$(call pair_arch,$(1))),\
	$(call kernel_feature_off_of,$(call pair_version,$(1)),$(2),$(call pair_arch,$(1))))
# One KERNEL_TEST_CROSS kernel (its words): the plugin kernel alone.
kernel_cross_run = $(call kernel_runs,$(word 1,$(1)),$(word 2,$(1)),test,$(word 3,$(1)),,)
# Every pair in turn, all of them even after a failure; $$status says
# whether one failed.
kernel_each = status=0; $(foreach p,$(2),$(call kernel_pair_run,$(p),$(1)) || status=1;)
kernel_test_runs = $(words $(kernel_test_pairs) $(KERNEL_TEST_CROSS))
# The pairs the goal (kernel_action, set per target below) runs: the
# plugins it needs, the trees it prepares and for which architectures.
space := $(subst ,, )
kernel_used_pairs = $(if $(filter check,$(kernel_action)),$(kernel_check_pairs),\
	$(kernel_test_pairs) $(foreach c,$(KERNEL_TEST_CROSS),$(subst $(space),:,$(wordlist 1,2,$(call cross_words,$(c))))))
kernel_used_arches = $(sort $(foreach p,$(kernel_used_pairs),$(call pair_arch,$(p))))
kernel_used_versions = $(sort $(foreach p,$(kernel_used_pairs),$(call pair_version,$(p))))
kernel_arches_of_version = $(sort $(foreach p,$(kernel_used_pairs),$(if $(filter $(1),$(call pair_version,$(p))),$(call pair_arch,$(p)))))

.PHONY: kernel-check kernel-test kernel-deps kernel-tree kernel-args \
	kernel-plugins clean-kernels

kernel-deps:
	@sh scripts/install-deps.sh kernel

kernel-args:
	@test -n "$(KERNEL)" || { echo "kernel: no Linux version: KERNEL is" \
		"empty and there is no kernel-glue/linux-X.Y/" >&2; exit 1; }
	@for v in $(KERNEL); do test -d "$(KGLUE)/linux-$$v" || { \
		echo "kernel: no glue for Linux $$v (no kernel-glue/linux-$$v/);" \
		     "KERNEL must list supported versions: $(kernel_glue_versions)" >&2; \
		exit 1; }; done
	@for a in $(KERNEL_ARCH) $(KERNEL_TEST_ARCH); do \
		test -f "$(KGLUE)/arch/$$a/arch.conf" || { \
		echo "kernel: no glue for architecture '$$a' (no" \
		     "kernel-glue/arch/$$a/); ARCH must list supported ones:" \
		     "$(kernel_glue_arches)" >&2; exit 1; }; done
	@$(foreach a,$(KERNEL_ARCH),test -n "$(call kernel_pairs_of,$(a))" || { \
		echo "kernel: Linux $(KERNEL) has no glue for $(a); its" \
		     "versions: $(foreach v,$(kernel_glue_versions),$(if $(call kernel_has,$(v),$(a)),$(v)))" >&2; \
		exit 1; };)
	@$(if $(and $(KERNEL_ARCH),$(filter command line environment,$(origin KERNEL))),\
		$(foreach a,$(KERNEL_ARCH),$(foreach v,$(KERNEL),test -d "$(KGLUE)/linux-$(v)/$(a)" || { \
		echo "kernel: no glue for Linux $(v) on $(a) (no kernel-glue/linux-$(v)/$(a)/)" >&2; \
		exit 1; };)))true
	@for c in $(KERNEL_TEST_CROSS); do \
		a=$${c%%-*}; rest=$${c#*-}; v=$${rest%%-*}; m=$${rest#*-}; \
		test "$$a-$$v-$$m" = "$$c" && test -d "$(KGLUE)/linux-$$v/$$a" && \
		case "$$m" in inline|outline) true ;; *) false ;; esac || { \
		echo "kernel: KERNEL_TEST_CROSS: '$$c' is not ARCH-X.Y-MODE of a" \
		     "version and architecture the glue has, MODE inline or outline" >&2; \
		exit 1; }; done
	@$(if $(KERNEL_CONFIG),$(if $(filter test,$(kernel_action)),\
		echo "kernel: CONFIG=$(KERNEL_CONFIG) is for make kernel-check;" \
		     "make kernel-test (make check) builds the glue's tinyconfig" \
		     "kernels" >&2; exit 1;))true
	@case "$(KERNEL_CONFIG)" in '') ;; *[!A-Za-z0-9_.-]*|*[!g]) \
		echo "kernel: CONFIG must name a config target of the kernel's" \
		     "make (defconfig, tinyconfig, x86_64_defconfig...), not" \
		     "'$(KERNEL_CONFIG)'" >&2; exit 1 ;; esac
	@$(if $(KERNEL_CONFIG),$(foreach a,$(kernel_check_arches),\
		test -f "$(KGLUE)/arch/$(a)/boot-$(KERNEL_CONFIG).conf" || { \
		echo "kernel: CONFIG=$(KERNEL_CONFIG): no glue for it on $(a) (no" \
		     "kernel-glue/arch/$(a)/boot-$(KERNEL_CONFIG).conf); it has:" \
		     "$(or $(kernel_config_arches),none)" >&2; exit 1; };)\
		$(if $(kernel_check_arches),,echo "kernel: CONFIG=$(KERNEL_CONFIG):" \
		     "no architecture has kernel-glue/arch/ARCH/boot-$(KERNEL_CONFIG).conf" >&2; exit 1;))true
	@case "$(KASAN_RUNTIME)" in \
	mainline|own) ;; \
	*) echo "kernel: KASAN_RUNTIME must be mainline or own," \
	        "not '$(KASAN_RUNTIME)'" >&2; exit 1 ;; \
	esac
	@for m in $(kernel_modes); do case "$$m" in inline|outline) ;; *) \
		echo "kernel: KASAN_MODE must be inline or outline, not '$$m'" >&2; \
		exit 1 ;; esac; done
	@for o in $(KERNEL_FEATURE_OFF); do case "$$o" in \
		no-globals|no-stack|no-use-after-scope) ;; \
		no-use-after-return) [ "$(KASAN_RUNTIME)" = own ] || { \
		echo "kernel: KERNEL_FEATURE_OFF=no-use-after-return needs" \
		     "KASAN_RUNTIME=own: mainline's runtime has no fake stacks" >&2; \
		exit 1; } ;; *) \
		echo "kernel: KERNEL_FEATURE_OFF must list no-globals," \
		     "no-stack, no-use-after-scope or no-use-after-return," \
		     "not '$$o'" >&2; exit 1 ;; esac; done

# kernel_action for the prerequisites (kernel-tree, kernel-plugins).
kernel-check: kernel_action := check
kernel-test: kernel_action := test

kernel-tree: kernel-args kernel-deps
	@$(foreach v,$(kernel_used_versions),KERNEL_ARCH='$(call kernel_arches_of_version,$(v))' \
		sh $(KGLUE)/scripts/prepare-tree.sh $(v) $(call kernel_tree,$(v)) &&) true

# The plugin of every architecture in use (arch/ARCH/arch.mk).
kernel-plugins: kernel-args
	@$(foreach a,$(kernel_used_arches),$(MAKE) --no-print-directory kernel-plugin-$(a) &&) true

# One summary over every pair's kernel.sum files, after the per-pair
# ones: the pairs' tests are distinct (their names hold the version, and
# the architecture but x86_64's).
kernel-test: kernel-args kernel-tree kernel-plugins driver
	@$(call kernel_each,test,$(kernel_test_pairs)) \
	$(foreach c,$(KERNEL_TEST_CROSS),$(call kernel_cross_run,$(call cross_words,$(c))) || status=1;) \
	if [ "$(kernel_test_runs)" -gt 1 ]; then \
		sh testsuite/summary.sh $(kernel_sums) | tail -n 2 | \
			sed 's/^/kernel-test, Linux $(KERNEL)$(if $(KERNEL_TEST_CROSS), and $(KERNEL_TEST_CROSS)): /' || status=1; \
	fi; exit $$status

kernel-check: kernel-args kernel-tree kernel-plugins driver
	@$(call kernel_each,check,$(kernel_check_pairs)) exit $$status

# The glue's directories from before it had versions; "make clean" removes
# them too, with the rest of build/.
clean-kernels:
	rm -rf $(addprefix $(KERNEL_BUILD_PREFIX)-,plugin-* native-* none) \
		$(BUILD_ROOT)/kernel-compare.json $(BUILD_ROOT)/kernel-compare-report.md
