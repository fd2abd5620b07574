# SPDX-License-Identifier: GPL-2.0-or-later
#
# 32-bit ARM's compiler and plugin for the kernel glue (included by
# kernel-glue/kernel.mk): Debian's arm-linux-gnueabi-gcc of $(GCC)'s
# version, and the plugin built for it by the host's g++ of that version
# against the cross compiler's plugin headers, in a directory named by the
# target and version (so that the x86_64 plugin is not overwritten, and
# the plugin's name stays kasan: -fplugin-arg-kasan-...).
#
# The rule below builds it by hand until the top Makefile builds cross
# plugins itself (make GCC=arm-linux-gnueabi-gcc-12 plugin, into this
# same directory); then kernel-plugin-arm is that command and the rule
# goes.
KERNEL_CC_arm ?= arm-linux-gnueabi-gcc-$(gcc_major)
KERNEL_PLUGIN_arm ?= $(BUILD_ROOT)/arm-linux-gnueabi-gcc-$(gcc_major)/kasan.so

arm_plugin_dir = $(shell $(KERNEL_CC_arm) -print-file-name=plugin 2>/dev/null)

.PHONY: kernel-plugin-arm
kernel-plugin-arm: deps-plugin kernel-deps
	@$(MAKE) --no-print-directory $(KERNEL_PLUGIN_arm)

$(BUILD_ROOT)/arm-linux-gnueabi-gcc-%/kasan.so: $(PLUGIN_SRCS) $(PLUGIN_HDRS)
	@mkdir -p $(dir $@)
	@command -v $(KERNEL_CC_arm) >/dev/null || { echo "error: no" \
		"$(KERNEL_CC_arm); install gcc-$(gcc_major)-arm-linux-gnueabi" >&2; exit 1; }
	@test -f "$(arm_plugin_dir)/include/plugin-version.h" || { \
		echo "error: no plugin headers for $(KERNEL_CC_arm);" \
		     "install gcc-$(gcc_major)-plugin-dev-arm-linux-gnueabi" >&2; exit 1; }
	@echo "  CXX     $@ (g++-$(gcc_major), plugin headers of $(KERNEL_CC_arm))"
	@g++-$(gcc_major) $(PLUGIN_CXXFLAGS) -I$(arm_plugin_dir)/include -Iplugin \
		-shared -o $@.tmp -x c++ $(PLUGIN_SRCS)
	@mv $@.tmp $@
