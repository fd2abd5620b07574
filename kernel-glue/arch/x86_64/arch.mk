# SPDX-License-Identifier: GPL-2.0-or-later
#
# x86_64's compiler and plugin for the kernel glue (included by
# kernel-glue/kernel.mk): the host's $(GCC) and its plugin, the one "make
# plugin" builds (KERNEL_PLUGIN, the name from before the glue had
# architectures).
KERNEL_CC_x86_64 ?= $(GCC)
KERNEL_PLUGIN_x86_64 ?= $(KERNEL_PLUGIN)

.PHONY: kernel-plugin-x86_64
kernel-plugin-x86_64: plugin
