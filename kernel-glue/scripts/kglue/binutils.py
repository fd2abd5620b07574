# SPDX-License-Identifier: GPL-2.0-or-later
"""Measure: what binutils and GCC's -fstack-usage say about a kernel build
directory, read through the tools rather than by parsing ELF here: size(1)
for vmlinux's text/data/bss, readelf -S for the sections of vmlinux and
of each object, nm for symbol sizes (as the kernel's scripts/bloat-o-meter
does: nm --size-sort, types tTwW are functions), objdump -d for the
__asan_* call sites, and the .su files beside the objects (as the
kernel's scripts/stackusage reads them).

Which objects: vmlinux's, i.e. the members of vmlinux.a and of the
libraries .vmlinux.o.cmd names (lib/lib.a, arch/x86/lib/lib.a), each
composite object (ld -r) replaced by its parts.

Each tool is the build's architecture's: CROSS is the CROSS_COMPILE
prefix the kernel was built with ("" for the host's, x86_64;
"arm-linux-gnueabi-" for arm), so that nm and objdump read ARM code as
the kernel's own scripts would with that prefix."""

import os
import re
import subprocess

# readelf -SW: "  [ 1] .text  PROGBITS  addr  off  size  es  flags ..."
SECTION = re.compile(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+[0-9a-f]+\s+"
                     r"[0-9a-f]+\s+([0-9a-f]+)\s+[0-9a-f]+\s*([A-Za-z]*)")
# readelf on several files: "File: path".
FILE = re.compile(r"^File: (.*)$")
# bloat-o-meter's function types (its -c "functions" category).
FUNCTION_TYPES = "tTwW"
# A call: x86's "call", ARM's "bl" (or "blx").
ASAN_CALL = re.compile(r"\s(?:call|blx?)\s.*<(__asan_[A-Za-z0-9_]+)>")
SUB_CDTOR = re.compile(r"^(_sub_[ID]_\d+)_\d+$")
# readelf takes the objects in batches of this many (command line length).
BATCH = 500


def run(cmd, cwd=None):
    return subprocess.run(cmd, cwd=cwd, capture_output=True,
                          text=True).stdout


def size_berkeley(path, cross=""):
    """size(1)'s (text, data, bss) of PATH: text holds .rodata and the
    alignment padding inside .text (2 MiB on x86_64)."""
    out = run([cross + "size", path]).splitlines()
    return tuple(int(x) for x in out[1].split()[:3])


def sections(paths, cross=""):
    """{path: {section: (size, flags)}} from readelf -SW, several files per
    call; a file readelf cannot read is left out."""
    res = {}
    for i in range(0, len(paths), BATCH):
        chunk = paths[i:i + BATCH]
        cur = chunk[0] if len(chunk) == 1 else None
        for line in run([cross + "readelf", "-SW"] + chunk).splitlines():
            m = FILE.match(line)
            if m:
                cur = m.group(1)
                continue
            m = SECTION.match(line)
            if m and cur is not None and m.group(1) != "NULL":
                res.setdefault(cur, {})[m.group(1)] = (int(m.group(2), 16),
                                                       m.group(3))
    return res


def nm_symbols(path, cross=""):
    """[(address, size or None, type, name)] of PATH's defined symbols
    (nm -S --defined-only)."""
    out = []
    for line in run([cross + "nm", "-S", "--defined-only",
                     path]).splitlines():
        w = line.split()
        if len(w) == 4:
            out.append((int(w[0], 16), int(w[1], 16), w[2], w[3]))
        elif len(w) == 3:
            out.append((int(w[0], 16), None, w[1], w[2]))
    return out


def function_bytes(symbols):
    """The bytes of code: the sizes of the function symbols (types tTwW, as
    bloat-o-meter counts functions).  Unlike size(1)'s text or .text's
    size, no alignment padding and no read-only data are in it."""
    return sum(s for _, s, t, _ in symbols
               if s is not None and t in FUNCTION_TYPES)


def asan_calls(path, cross=""):
    """{__asan_name: call sites} in PATH's code (objdump -d)."""
    calls = {}
    dump = subprocess.Popen([cross + "objdump", "-d", "--no-show-raw-insn",
                             path],
                            stdout=subprocess.PIPE, text=True)
    for line in dump.stdout:
        hit = ASAN_CALL.search(line)
        if hit:
            calls[hit.group(1)] = calls.get(hit.group(1), 0) + 1
    dump.wait()
    return dict(sorted(calls.items()))


def first_command(path):
    """The command line of a kbuild .cmd file, or None."""
    try:
        with open(path, errors="replace") as f:
            m = re.match(r"(?:saved)?cmd_\S+\s*:=\s*(.*)", f.readline())
    except OSError:
        return None
    return m.group(1) if m else None


def object_command(out, obj):
    d, b = os.path.split(obj)
    return first_command(os.path.join(out, d, "." + b + ".cmd"))


def archive_members(out, cross=""):
    """The members of vmlinux.a and of the libraries .vmlinux.o.cmd names."""
    archives = ["vmlinux.a"]
    cmd = first_command(os.path.join(out, ".vmlinux.o.cmd")) or ""
    archives += [w for w in cmd.split() if w.endswith(".a") and
                 w != "vmlinux.a" and os.path.isfile(os.path.join(out, w))]
    objs = []
    for a in archives:
        objs += [l.strip() for l in run([cross + "ar", "t", a],
                                        cwd=out).splitlines()
                 if l.strip()]
    return objs


def linked_objects(out, cross=""):
    """The objects vmlinux is linked from, relative to OUT, each composite
    object (ld -r) replaced by its parts.  None without vmlinux.a."""
    if not os.path.isfile(os.path.join(out, "vmlinux.a")):
        return None
    leaves, seen = [], set()

    def add(obj, depth=0):
        if obj in seen:
            return
        seen.add(obj)
        cmd = object_command(out, obj) or ""
        words = cmd.split()
        if depth < 8 and words and " -r " in " %s " % cmd and \
                " -c " not in " %s " % cmd:
            parts = [w for w in words if w.endswith(".o") and w != obj and
                     os.path.isfile(os.path.join(out, w))]
            if parts:
                for p in parts:
                    add(p, depth + 1)
                return
        leaves.append(obj)

    for o in archive_members(out, cross):
        add(o)
    return leaves


def su_lines(text, src):
    """(function, bytes, qualifier, "file:line") per line of a .su file:
    "file:line:col:function<TAB>bytes<TAB>static|dynamic[,bounded]"."""
    for line in text.splitlines():
        w = line.split("\t")
        if len(w) < 3 or not w[1].strip().isdigit():
            continue
        loc = w[0].rsplit(":", 3)
        if len(loc) != 4:
            continue
        fil, lno, _, func = loc
        if fil.startswith(src):
            fil = fil[len(src):]
        elif fil.startswith("./"):
            fil = fil[2:]
        # GCC numbers the constructors and destructors of a file
        # (_sub_I_65535_0, _sub_D_65535_1: the globals' registration) in
        # the order it made them, which differs between compilers.
        m = SUB_CDTOR.match(func)
        if m:
            func = m.group(1)
        yield func, int(w[1]), w[2].strip(), "%s:%s" % (fil, lno)


def stack_usage(out, objs):
    """{object: {function: [bytes, qualifier, "file:line"]}} from the .su
    files of the objects whose command line has -fstack-usage (a .su
    beside an object built without it is stale), and the number of such
    objects.  A second function of the same name in an object (which
    kernel C does not have) is NAME#2."""
    src = os.path.realpath(os.path.join(out, "source")) + os.sep
    res, n = {}, 0
    for o in objs:
        cmd = object_command(out, o)
        if not cmd or "-fstack-usage" not in cmd.split():
            continue
        try:
            with open(os.path.join(out, o[:-2] + ".su"),
                      errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        n += 1
        funcs = res.setdefault(o, {})
        for func, size, qual, loc in su_lines(text, src):
            name, i = func, 1
            while name in funcs:
                i += 1
                name = "%s#%d" % (func, i)
            funcs[name] = [size, qual, loc]
    return res, n
