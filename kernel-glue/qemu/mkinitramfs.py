#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""mkinitramfs.py OUT.cpio [--busybox BUSYBOX] [MODULE.ko ...]: the test
initramfs, an uncompressed newc cpio archive with a static busybox as
/bin/busybox (default /bin/busybox, package busybox-static), /init (this
directory's "init", or the file INITRAMFS_INIT names), /dev/console and
each MODULE.ko as /lib/modules/NAME.ko (the init loads them), written
directly so that no root rights (mknod) or cpio(1) are needed."""

import os
import subprocess
import sys

def entry(name, mode, data=b"", rdev=(0, 0), ino=[1]):
    ino[0] += 1
    hdr = "070701" + "".join("%08X" % v for v in (
        ino[0], mode, 0, 0, 1, 0, len(data), 0, 0, rdev[0], rdev[1],
        len(name) + 1, 0))
    out = hdr.encode() + name.encode() + b"\0"
    out += b"\0" * (-len(out) % 4)
    out += data
    out += b"\0" * (-len(out) % 4)
    return out

def main():
    args = sys.argv[1:]
    busybox = "/bin/busybox"
    if "--busybox" in args:
        i = args.index("--busybox")
        if i + 1 >= len(args):
            sys.exit(__doc__)
        busybox = args.pop(i + 1)
        args.pop(i)
    if not args or any(a.startswith("-") for a in args):
        sys.exit(__doc__)
    out, modules = args[0], args[1:]
    for m in modules:
        if not m.endswith(".ko") or not os.path.isfile(m):
            sys.exit("mkinitramfs: %s is not a module file (NAME.ko)" % m)
    try:
        kind = subprocess.run(["file", "-L", busybox], capture_output=True,
                              text=True).stdout
    except OSError:
        kind = ""
    if kind and "statically linked" not in kind:
        sys.exit("mkinitramfs: %s is not statically linked "
                 "(install busybox-static)" % busybox)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(busybox, "rb") as f:
        bb = f.read()
    init_path = os.environ.get("INITRAMFS_INIT") or os.path.join(here, "init")
    with open(init_path, "rb") as f:
        init = f.read()
    d, r, x, c = 0o040755, 0o100644, 0o100755, 0o020600
    arch = b"".join([
        entry("bin", d), entry("dev", d), entry("proc", d),
        entry("sys", d), entry("tmp", d),
        entry("dev/console", c, rdev=(5, 1)),
        entry("bin/busybox", x, bb),
        entry("bin/sh", 0o120777, b"busybox"),
        entry("init", x, init),
        entry("lib", d), entry("lib/modules", d),
    ] + [
        entry("lib/modules/" + os.path.basename(m), r, open(m, "rb").read())
        for m in modules
    ] + [
        entry("TRAILER!!!", 0),
    ])
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(arch)
    os.replace(tmp, out)

if __name__ == "__main__":
    main()
