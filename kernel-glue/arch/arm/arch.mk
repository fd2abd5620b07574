# SPDX-License-Identifier: GPL-2.0-or-later
#
# 32-bit ARM's compiler and plugin for the kernel glue (included by
# kernel-glue/kernel.mk): Debian's arm-linux-gnueabi-gcc of $(GCC)'s
# version, and its plugin, which the top Makefile builds into the cross
# compiler's own directory (build/arm-linux-gnueabi-gcc-N/kasan.so, by the
# host's g++-N against the cross compiler's plugin headers), so that the
# x86_64 plugin is not overwritten.
KERNEL_CC_arm ?= arm-linux-gnueabi-gcc-$(gcc_major)
KERNEL_PLUGIN_arm ?= $(call build_of,$(KERNEL_CC_arm))/kasan.so

.PHONY: kernel-plugin-arm
kernel-plugin-arm:
	@$(MAKE) --no-print-directory GCC=$(KERNEL_CC_arm) plugin
