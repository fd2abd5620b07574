#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check-cmd-flags.py OUT plugin|native [--plugin PATH] [--list FILE]
                     [--runtime own|mainline] [--features LIST] [--arch ARCH]

Reads the command line of every object of the kernel build in OUT (kbuild
keeps it in each .o.cmd file) and checks how it was instrumented:

  plugin: every object compiled with KASan flags (any of -fplugin=...kasan,
          -fplugin-arg-kasan-..., -D__SANITIZE_ADDRESS__) has
          -fplugin=PATH and -D__SANITIZE_ADDRESS__ and no -fsanitize=
          at all, and no command has -fsanitize=...address..., -fasan-...
          or --param asan-...;
  native: every object with KASan flags has -fsanitize=kernel-address and
          none loads a plugin.

Either way, the per-directory and per-file opt-outs must hold: the KASan
runtime (mm/kasan/, KASAN_SANITIZE := n), and the files with
KASAN_SANITIZE_<file>.o := n (mm/slub.o, mm/slab_common.o,
lib/stackdepot.o, and the architecture's, UNINSTRUMENTED in
kernel-glue/arch/ARCH/arch.conf: arch/x86/mm/kasan_init_64.o for x86_64,
the default --arch, arch/arm/mm/kasan_init.o for arm) are not instrumented,
while mm/kasan/kasan_test.o (CFLAGS_KASAN_TEST), mm/page_alloc.o and
kernel/fork.o are.  A composite object (ld -r, as kasan_test.o is made
of kasan_test_c.o in later kernels) is instrumented when one of its parts
is; a built-in one has no object of its own in later kernels (its parts
go into built-in.a), and then one of its parts, kasan_test_*.o, must be.

--runtime own|mainline checks that the build has that KASan runtime and
not the other: mm/kasan-plugin/ (the project's runtime, whose objects
are all uninstrumented) or mainline's generic mm/kasan/.

--features globals,no-stack,mem-intrinsics=prefix-variable (plugin only;
each FEATURE, no-FEATURE or KEY=VALUE) checks, on every instrumented
object, that of -fplugin-arg-NAME-FEATURE and -fplugin-arg-NAME-no-FEATURE
(NAME the plugin's, kasan for kasan.so), or of the -fplugin-arg-NAME-KEY=
arguments, the last one is the one named: the plugin takes its last
argument, so that is what it does.  The kernels built with a feature off
get the no-FEATURE argument after the glue's own FEATURE.

Only the objects of the kernel the build made are judged: those of
vmlinux.a and of the libraries .vmlinux.o.cmd names (lib/lib.a), the two
others vmlinux is linked from, those of the
modules in modules.order (their .mod files, and each one's .mod.o) and
the parts these are linked from.  An object a build with another
configuration left in OUT keeps its .cmd file but is in none of them.
The objects outside the kernel (the boot loader's, the vDSO's, host
programs) are judged only for native KASan flags, which no command of a
plugin build may have.

--list writes the instrumented objects, one per line, for comparing two
builds.  Prints one line of counts (every object of the kernel, and the
C objects among them: those compiled from a .c file, instrumented or
not); exits 1 on any violation.
"""

import os
import re
import sys

from kglue import archconf
from kglue.binutils import archive_members

NATIVE = re.compile(r"(^|\s)(-fsanitize=\S*address\S*|-fasan-\S+|"
                    r"--param[= ]asan-\S+)")
MARKER = re.compile(r"(^|\s)(-fplugin=\S*kasan\S*|-fplugin-arg-kasan-\S+|"
                    r"-D__SANITIZE_ADDRESS__|-fsanitize=\S*address\S*)")
MUST_NOT = ["mm/kasan/common.o", "mm/kasan/generic.o", "mm/kasan/report.o",
            "mm/kasan/shadow.o", "mm/slub.o", "mm/slab_common.o",
            "lib/stackdepot.o"]
MUST = ["mm/kasan/kasan_test.o", "mm/page_alloc.o", "kernel/fork.o"]
# An object each runtime always has; the own runtime's directory.
RUNTIME_MARK = {"own": "mm/kasan-plugin/core/check.o",
                "mainline": "mm/kasan/generic.o"}
OWN_RUNTIME_DIR = "mm/kasan-plugin/"


def commands(out):
    """(object, command) for every .o.cmd file under OUT."""
    for root, dirs, files in os.walk(out):
        dirs[:] = [d for d in dirs if d not in ("source", ".git")]
        for name in files:
            if not (name.startswith(".") and name.endswith(".o.cmd")):
                continue
            path = os.path.join(root, name)
            with open(path, errors="replace") as f:
                first = f.readline()
            m = re.match(r"(?:saved)?cmd_(\S+)\s*:=\s*(.*)", first)
            if m:
                obj = os.path.relpath(os.path.join(root, name[1:-4]), out)
                yield obj, m.group(2)


# The objects scripts/link-vmlinux.sh links into vmlinux besides vmlinux.a
# (6.1 and 6.12 alike).
VMLINUX_EXTRA = ["init/version-timestamp.o", ".vmlinux.export.o"]


def module_objects(out):
    """The objects of every module in OUT's modules.order, and each one's
    .mod.o (modpost's part)."""
    objs = []
    try:
        with open(os.path.join(out, "modules.order")) as f:
            modules = f.read().split()
    except FileNotFoundError:
        return objs
    for module in modules:
        base = os.path.splitext(module)[0]
        with open(os.path.join(out, base + ".mod")) as f:
            objs += f.read().split()
        objs.append(base + ".mod.o")
    return objs


def kernel_objects(out):
    """The objects vmlinux and the modules are linked from: the members
    of vmlinux.a and of the libraries it is linked with, VMLINUX_EXTRA and
    the modules' objects (composites not yet opened)."""
    if not os.path.isfile(os.path.join(out, "vmlinux.a")):
        sys.exit("check-cmd-flags: no vmlinux.a in %s: not a finished "
                 "kernel build" % out)
    return archive_members(out) + VMLINUX_EXTRA + module_objects(out)


def linked(out, cmds):
    """The objects of the kernel (kernel_objects() and, recursively, the
    parts of composites among them) that have a .cmd file in CMDS, each
    with its parts ([] unless composite)."""
    parts, work = {}, kernel_objects(out)
    while work:
        obj = work.pop()
        if obj in parts or obj not in cmds:
            continue
        parts[obj] = composite_parts(out, obj, cmds[obj])
        work += parts[obj]
    return parts


def composite_parts(out, obj, cmd):
    """The .o parts of OBJ when CMD links it from them (ld -r), else []."""
    if " -r " not in " %s " % cmd or " -c " in " %s " % cmd:
        return []
    return [w for w in cmd.split() if w.endswith(".o") and w != obj and
            os.path.isfile(os.path.join(out, w))]


def opt_out_errors(inst, parts, arch_must_not):
    """The opt-outs that do not hold: MUST_NOT objects (and the
    architecture's, ARCH_MUST_NOT) instrumented, MUST objects (or all the
    parts of a composite one) not."""
    errors = []
    for obj in MUST_NOT + arch_must_not:
        if obj in inst:
            errors.append("%s: instrumented despite KASAN_SANITIZE := n" % obj)
    for obj in MUST:
        if obj in parts:
            obj_parts = parts[obj]
        else:   # no object of its own: a built-in composite's parts
            obj_parts = [o for o in inst if o.startswith(obj[:-2] + "_")]
        if obj not in inst and not any(p in inst for p in obj_parts):
            errors.append("%s: not instrumented" % obj)
    return errors


def parse_args(argv):
    """(out, kind, options) from the command line, or exit with usage."""
    args = argv[:]
    opts = {}
    while len(args) > 2 and args[-2].startswith("--"):
        opts[args[-2]] = args[-1]
        args = args[:-2]
    if len(args) != 2 or args[1] not in ("plugin", "native"):
        sys.exit(__doc__)
    out, kind = args
    if kind == "plugin" and not opts.get("--plugin"):
        sys.exit("check-cmd-flags: plugin needs --plugin PATH")
    runtime = opts.get("--runtime")
    if runtime is not None and runtime not in RUNTIME_MARK:
        sys.exit("check-cmd-flags: --runtime must be own or mainline")
    return out, kind, opts


def parse_features(opts, kind):
    """(the argument that must win, a test of whether an argument is one
    of its family: FEATURE and no-FEATURE, or every KEY=) for each
    --features item."""
    features = []
    if "--features" not in opts:
        return features
    if kind != "plugin":
        sys.exit("check-cmd-flags: --features needs plugin")
    arg = "-fplugin-arg-%s-" % os.path.basename(opts["--plugin"]).split(".")[0]
    for f in opts["--features"].split(","):
        key, eq, value = f.partition("=")
        base = key[3:] if key.startswith("no-") and not eq else key
        if not re.fullmatch(r"[a-z][a-z-]*", base) or \
                (eq and not re.fullmatch(r"[a-z0-9][a-z0-9-]*", value)):
            sys.exit("check-cmd-flags: bad feature %r" % f)
        if eq:
            family = (lambda w, k=arg + key + "=": w.startswith(k))
        else:
            family = (lambda w, pair=(arg + base, arg + "no-" + base):
                      w in pair)
        features.append((arg + f, family))
    return features


def plugin_errors(obj, words, plugin, features):
    """What is wrong with an instrumented object's plugin command line."""
    errors = ["%s: has %s" % (obj, w) for w in words
              if w.startswith("-fsanitize=")]
    if "-fplugin=" + plugin not in words:
        errors.append("%s: KASan flags without -fplugin=%s" % (obj, plugin))
    if "-D__SANITIZE_ADDRESS__" not in words:
        errors.append("%s: no -D__SANITIZE_ADDRESS__" % obj)
    for want, family in features:
        last = [w for w in words if family(w)][-1:]
        if last != [want]:
            errors.append("%s: %s, not %s" % (
                obj, "last has " + last[0] if last else "has none of its kind",
                want))
    return errors


def native_errors(obj, words, cmd):
    """What is wrong with an instrumented object's native command line."""
    errors = []
    if "-fsanitize=kernel-address" not in words:
        errors.append("%s: KASan flags without -fsanitize=kernel-address"
                      % obj)
    if "-fplugin=" in cmd:
        errors.append("%s: loads a plugin" % obj)
    return errors


def c_object(cmd):
    """Whether CMD compiles a C file (not assembly, not a link)."""
    words = cmd.split()
    return "-c" in words and any(w.endswith(".c") for w in words)


def scan(out, kind, plugin, features):
    """Every object's checks: (errors, instrumented, objects, parts, the C
    objects)."""
    errors, instrumented, c_objects = [], [], set()
    cmds = dict(commands(out))
    parts = linked(out, cmds)
    objects = set(parts)
    for obj, cmd in sorted(cmds.items()):
        native = NATIVE.search(cmd)
        if kind == "plugin" and native:
            errors.append("%s: has %s" % (obj, native.group(2)))
        if obj not in objects:
            continue
        if c_object(cmd):
            c_objects.add(obj)
        if not MARKER.search(cmd) and not native:
            continue
        instrumented.append(obj)
        words = cmd.split()
        if kind == "plugin":
            errors += plugin_errors(obj, words, plugin, features)
        else:
            errors += native_errors(obj, words, cmd)
    return errors, instrumented, objects, parts, c_objects


def runtime_errors(runtime, inst, objects):
    """The runtime's objects uninstrumented; the one asked for built."""
    errors = ["%s: the runtime is instrumented" % obj for obj in inst
              if obj.startswith(OWN_RUNTIME_DIR)]
    if runtime is not None:
        for name, mark in RUNTIME_MARK.items():
            if (name == runtime) != (mark in objects):
                errors.append("runtime %s: %s %s" % (
                    runtime, mark, "missing" if name == runtime
                    else "built as well"))
    return errors


def main():
    out, kind, opts = parse_args(sys.argv[1:])
    plugin = opts.get("--plugin")
    runtime = opts.get("--runtime")
    features = parse_features(opts, kind)
    errors, instrumented, objects, parts, c_objects = scan(out, kind, plugin,
                                                           features)
    inst = set(instrumented)
    arch = archconf.load(opts.get("--arch", archconf.DEFAULT_ARCH),
                         "check-cmd-flags")
    errors += opt_out_errors(inst, parts, arch["UNINSTRUMENTED"].split())
    errors += runtime_errors(runtime, inst, objects)
    total = len(objects)
    if total == 0:
        errors.append("no object of vmlinux.a or a module has a .o.cmd "
                      "file in %s" % out)

    if "--list" in opts:
        with open(opts["--list"], "w") as f:
            f.writelines(o + "\n" for o in instrumented)
    for e in errors[:20]:
        print("  cmd-flags: " + e)
    if len(errors) > 20:
        print("  cmd-flags: ... %d more" % (len(errors) - 20))
    what = ("-fplugin=%s, none with -fsanitize=" % plugin
            if kind == "plugin" else "-fsanitize=kernel-address")
    if features:
        what += "; last of each: " + " ".join(w for w, _ in features)
    c_inst = len(c_objects & inst)
    print("%s objects: %d instrumented (%s), %d not instrumented%s;"
          " C objects: %d instrumented, %d not; %s" % (
              total, len(instrumented), what, total - len(instrumented),
              ", runtime " + runtime if runtime else "", c_inst,
              len(c_objects) - c_inst,
              "%d violations" % len(errors) if errors else "ok"))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
