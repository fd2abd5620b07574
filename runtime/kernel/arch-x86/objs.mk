# SPDX-License-Identifier: GPL-2.0-or-later
# x86_64's objects of the kernel runtime (runtime/Kbuild includes this).
kasan-arch-objs := shadow_init.o fault.o $(if $(CONFIG_UNWINDER_ORC),unwind.o)
