#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""paging.py SERIAL.LOG [--want 4|5]: how many paging levels an x86_64
test kernel ran with, read from the addresses its KASan reports print.

A kernel built with CONFIG_X86_5LEVEL decides at boot (LA57 in the CPU,
no no5lvl parameter), and nothing in the boot log says which it chose.
Its addresses do: with 4 levels every kernel address is canonical in 48
bits (0xffff8... and up), while with 5 levels the direct map and vmalloc
move below that (the direct map to 0xff11..., vmalloc to 0xffa0...).  The
reports of the KUnit suites (the "at addr" of each report, the object's
address) point into the heap, so:

  5  some address is below 0xffff800000000000 (it exists only with 5);
  4  none is, and some heap or vmalloc address (below the kernel image's
     0xffffffff80000000) is in the 4-level kernel half;
  unknown  no such address (no reports in the log).

Prints "paging: N-level (A addresses)" or "paging: unknown"; with --want,
exits 1 unless the levels are the ones wanted.
"""

import re
import sys

ADDRESS = re.compile(r"(?:at addr|object at) ([0-9a-f]{16})\b")
FOUR_LEVEL_KERNEL_HALF = 0xffff800000000000
KERNEL_IMAGE = 0xffffffff80000000


def levels(log_text):
    """(levels or None, the number of addresses read)."""
    addrs = [int(a, 16) for a in ADDRESS.findall(log_text)]
    if any(a < FOUR_LEVEL_KERNEL_HALF for a in addrs):
        return 5, len(addrs)
    if any(FOUR_LEVEL_KERNEL_HALF <= a < KERNEL_IMAGE for a in addrs):
        return 4, len(addrs)
    return None, len(addrs)


def main(argv):
    if len(argv) not in (1, 3) or (len(argv) == 3 and
                                   (argv[1] != "--want" or
                                    argv[2] not in ("4", "5"))):
        sys.exit(__doc__)
    with open(argv[0], errors="replace") as f:
        got, n = levels(f.read())
    print("paging: %s" % ("%d-level (%d addresses)" % (got, n) if got
                          else "unknown (%d addresses)" % n))
    if len(argv) == 3:
        return 0 if got == int(argv[2]) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
