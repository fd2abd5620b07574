# SPDX-License-Identifier: GPL-2.0-or-later
# 32-bit ARM's objects of the kernel runtime (runtime/Kbuild includes this).
kasan-arch-objs := shadow_init.o string.o bitops.o
