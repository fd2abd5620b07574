#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""mkinitramfs.py OUT.cpio [--busybox BUSYBOX] [--scenarios NAME,...]
[--arch ARCH] [MODULE.ko ...]: the test initramfs, an uncompressed newc
cpio archive with a static busybox as /bin/busybox (default /bin/busybox,
package busybox-static), /init (this directory's "init", or the file
INITRAMFS_INIT names), /dev/console, /etc/passwd and /etc/group (root and
the unprivileged user "fuzz", uid and gid 1000, whom the scenarios run
fuzzers as) and each MODULE.ko as /lib/modules/NAME.ko (the init loads
them), written directly so that no root rights (mknod) or cpio(1) are
needed.

--scenarios packs scenarios/lib.sh and each scenarios/NAME.sh as
/scenarios/..., and the host programs their "# kasan-glue-programs:"
lines name (found in PATH), each at its host path with the shared
libraries ldd lists, so that a dynamically linked Debian program runs in
the guest.  Programs are the host's: --arch (default the host's) must be
the host's architecture when a scenario needs any."""

import os
import platform
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = os.path.join(HERE, "scenarios")
PROGRAMS = re.compile(r"^#\s*kasan-glue-programs:(.*)$", re.M)
PASSWD = b"root:x:0:0:root:/:/bin/sh\nfuzz:x:1000:1000:fuzz:/tmp/fuzz:/bin/sh\n"
GROUP = b"root:x:0:\nfuzz:x:1000:\n"
D, R, X, C, L = 0o040755, 0o100644, 0o100755, 0o020600, 0o120777


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


class Archive:
    """The archive's entries, each directory made once before what is in
    it."""

    def __init__(self):
        self.parts = []
        self.names = set()

    def add(self, name, mode, data=b"", rdev=(0, 0)):
        name = name.strip("/")
        if name in self.names:
            return
        parent = os.path.dirname(name)
        if parent:
            self.add(parent, D)
        self.names.add(name)
        self.parts.append(entry(name, mode, data, rdev))

    def add_file(self, path, name=None, mode=None):
        with open(path, "rb") as f:
            data = f.read()
        if mode is None:
            mode = X if os.access(path, os.X_OK) else R
        self.add(name or path, mode, data)

    def data(self):
        return b"".join(self.parts + [entry("TRAILER!!!", 0)])


def shared_libraries(program):
    """The files ldd lists for PROGRAM (the dynamic loader included), as
    the paths the program asks for."""
    out = subprocess.run(["ldd", program], capture_output=True,
                         text=True).stdout
    libs = []
    for line in out.splitlines():
        m = re.search(r"=>\s*(/\S+)", line) or re.match(r"\s*(/\S+)", line)
        if m:
            libs.append(m.group(1))
    return libs


def scenario_programs(names):
    """The scenario files of NAMES (lib.sh first) and the programs their
    headers name; exits with the list of scenarios on an unknown name."""
    files = [os.path.join(SCENARIOS, "lib.sh")]
    programs = []
    for name in names:
        path = os.path.join(SCENARIOS, name + ".sh")
        if not re.fullmatch(r"[\w-]+", name) or not os.path.isfile(path):
            have = sorted(f[:-3] for f in os.listdir(SCENARIOS)
                          if f.endswith(".sh") and f != "lib.sh")
            sys.exit("mkinitramfs: no scenario '%s' (kernel-glue/qemu/"
                     "scenarios/ has: %s)" % (name, " ".join(have)))
        files.append(path)
        with open(path) as f:
            for m in PROGRAMS.finditer(f.read()):
                programs += [p for p in m.group(1).split()
                             if p not in programs]
    return files, programs


def add_scenarios(arc, names, arch):
    files, programs = scenario_programs(names)
    for path in files:
        arc.add_file(path, "scenarios/" + os.path.basename(path), X)
    if programs and arch != platform.machine():
        sys.exit("mkinitramfs: scenarios %s need host programs (%s), which"
                 " run on %s only, not %s" % (",".join(names),
                                              " ".join(programs),
                                              platform.machine(), arch))
    for prog in programs:
        path = shutil.which(prog)
        if not path:
            sys.exit("mkinitramfs: no program '%s' for the scenarios"
                     " (scripts/install-deps.sh kernel installs it)" % prog)
        arc.add_file(os.path.realpath(path), path, X)
        for lib in shared_libraries(path):
            arc.add_file(os.path.realpath(lib), lib, X)


def parse_args(args):
    opts = {"--busybox": "/bin/busybox", "--scenarios": "",
            "--arch": platform.machine()}
    for opt in list(opts):
        if opt in args:
            i = args.index(opt)
            if i + 1 >= len(args):
                sys.exit(__doc__)
            opts[opt] = args.pop(i + 1)
            args.pop(i)
    if not args or any(a.startswith("-") for a in args):
        sys.exit(__doc__)
    return opts, args[0], args[1:]


def main():
    opts, out, modules = parse_args(sys.argv[1:])
    busybox = opts["--busybox"]
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
    arc = Archive()
    for d in ("bin", "dev", "proc", "sys", "tmp", "lib/modules"):
        arc.add(d, D)
    arc.add("dev/console", C, rdev=(5, 1))
    arc.add_file(busybox, "bin/busybox", X)
    arc.add("bin/sh", L, b"busybox")
    arc.add_file(os.environ.get("INITRAMFS_INIT") or
                 os.path.join(HERE, "init"), "init", X)
    arc.add("etc/passwd", R, PASSWD)
    arc.add("etc/group", R, GROUP)
    for m in modules:
        arc.add_file(m, "lib/modules/" + os.path.basename(m), R)
    names = [n for n in opts["--scenarios"].split(",") if n]
    if names:
        add_scenarios(arc, names, opts["--arch"])
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(arc.data())
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
