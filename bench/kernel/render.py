# SPDX-License-Identifier: GPL-2.0-or-later
"""Tables of the kernel benchmark's JSON (bench.py): guest seconds and
ratios, the decomposition of our KASan's cost by kernels, instructions by
group, executed checks, slab memory and the top functions.  Prints what
the JSON has; a boot that was not run is left out.

  render.py build/bench-kernel-X.Y/bench-kernel.json
"""
import json
import sys

COMPARED = ["none", "native-mainline", "native-own", "plugin-mainline",
            "plugin-own"]
# Each row adds one part of the cost: (boot, what it adds to the row
# before it).
DECOMPOSITION = [("none", "a kernel without KASan"),
                 ("own-nochecks-nostacks", "runtime hooks, no stacks"),
                 ("own-nochecks", "+ alloc/free stacks"),
                 ("plugin-own", "+ the plugin's checks")]
WITHOUT = [("own-nostacks", "stacks"), ("own-noquarantine", "quarantine"),
           ("own-noscope", "use-after-scope"),
           ("own-nouar", "use-after-return"),
           ("own-uar-off", "use-after-return, on at run time"),
           ("own-redzone-off", "the redzone check"),
           ("own-guard-off", "guard pages after page allocations")]
GROUPS = ["checks", "hooks", "stacks", "quarantine", "poison", "reports",
          "kernel", "user"]
PROFILED = ["native-mainline", "plugin-own", "native-own",
            "plugin-mainline", "own-noscope", "own-nouar", "own-uar-off",
            "own-redzone-off", "own-guard-off", "none"]
OUTLINE = ("native-own-outline", "plugin-own-outline")


def ratio(a, b):
    return "%.2fx" % (a / b) if b else "n/a"


def print_seconds(result):
    secs = result["guest_seconds"]
    rows = [b for b in COMPARED if b in secs]
    if not rows:
        return
    phases = list(secs[rows[0]])
    print("\n  guest seconds (-icount shift=0: instructions), %s mode" %
          result["mode"])
    print("  %-22s" % "" + "".join("%11s" % p for p in phases))
    for b in rows:
        print("  %-22s" % b + "".join("%11.2f" % secs[b].get(p, 0)
                                      for p in phases))
    base = secs.get("none", {}).get("total")
    ref = secs.get("native-mainline", {}).get("total")
    print("\n  ratios (total)          vs none  vs native-mainline")
    for b in rows:
        t = secs[b]["total"]
        print("  %-22s %9s %9s" % (b, ratio(t, base) if base else "n/a",
                                   ratio(t, ref) if ref else "n/a"))


def print_decomposition(result):
    secs = result["guest_seconds"]
    if not all(b in secs for b, _ in DECOMPOSITION):
        return
    print("\n  decomposition, plugin + own runtime (guest seconds)")
    before = None
    for b, what in DECOMPOSITION:
        t = secs[b]["total"]
        part = "" if before is None else "%+8.2f" % (t - before)
        print("  %-24s %8.2f %8s  %s" % (b, t, part, what))
        before = t
    full = secs["plugin-own"]["total"]
    for b, what in WITHOUT:
        if b in secs:
            print("  %-24s %8.2f %+8.2f  %s cost with checks" %
                  (b, secs[b]["total"], full - secs[b]["total"], what))


def print_groups(result):
    profs = result.get("profiles", {})
    boots = [b for b in PROFILED if b in profs]
    if not boots:
        return
    print("\n  profile of the workload: millions of guest instructions by "
          "group (self cost)")
    print("  %-12s" % "" + "".join("%17s" % b for b in boots))
    for g in GROUPS:
        cells = []
        for b in boots:
            n = profs[b]["groups"].get(g, 0)
            cells.append("%9.1f %5.1f%%" % (n / 1e6,
                                            100.0 * n / profs[b]["total"]))
        print("  %-12s" % g + "".join("%17s" % c for c in cells))
    print("  %-12s" % "total" + "".join(
        "%17.1f" % (profs[b]["total"] / 1e6) for b in boots))


def print_checks(result):
    profs = result.get("profiles", {})
    boots = [b for b in OUTLINE if b in profs]
    if not boots:
        return
    kinds = sorted(set().union(*(profs[b]["checks"] for b in boots)))
    print("\n  executed checks (outline kernels' entry points), thousands")
    print("  %-12s" % "" + "".join("%20s" % b for b in boots))
    for k in kinds + ["total"]:
        vals = [profs[b]["checks"].get(k, 0) if k != "total" else
                profs[b]["checks_total"] for b in boots]
        print("  %-12s" % k + "".join("%20.1f" % (v / 1e3) for v in vals))
    if len(boots) == 2:
        print("  plugin / native: %s" % ratio(
            profs[OUTLINE[1]]["checks_total"],
            profs[OUTLINE[0]]["checks_total"]))
    for b in boots:
        callers = profs[b].get("check_callers", [])[:12]
        if callers:
            print("\n  most checks executed by, %s (thousands)" % b)
            for name, n in callers:
                print("  %9.1f  %s" % (n / 1e3, name))


def print_memory(result):
    mem = result.get("memory_kB", {})
    rows = [b for b in COMPARED if b in mem]
    if not rows:
        return
    ref = mem.get("native-mainline", {})
    print("\n  slab memory (kB): after the workload, quarantine held; "
          "after every cache's shrink, quarantine empty")
    print("  %-22s %10s %8s %10s %8s" % ("", "workload", "ratio", "shrunk",
                                         "ratio"))
    for b in rows:
        cells = []
        for when in ("workload", "shrunk"):
            kb = mem[b].get(when, {}).get("Slab")
            base = ref.get(when, {}).get("Slab")
            cells += ["%10s" % (kb if kb is not None else "n/a"),
                      "%8s" % (ratio(kb, base) if kb and base else "n/a")]
        print("  %-22s %s" % (b, " ".join(cells)))


def quarantined(mem):
    """Objects that left the slabs with the shrink (the quarantine's, and
    the few a cache's shrink frees otherwise), and the slab kB it gave
    back; None without the per-cache lines."""
    held, shrunk = (mem.get(w, {}).get("caches") for w in ("workload",
                                                           "shrunk"))
    if not held or not shrunk:
        return None
    objects = sum(max(0, c["active"] - shrunk.get(n, {}).get("active", 0))
                  for n, c in held.items())
    return objects, mem["workload"]["Slab"] - mem["shrunk"]["Slab"]


def print_quarantined(result):
    """Memory at equal detection: what each runtime's quarantine held
    after the workload, in objects and in slab, and so per object."""
    mem = result.get("memory_kB", {})
    rows = [(b, quarantined(mem[b])) for b in COMPARED if b in mem]
    rows = [(b, q) for b, q in rows if q and q[0]]
    if not rows:
        return
    print("\n  freed objects held after the workload (active objects the "
          "shrink let go)")
    print("  %-22s %10s %10s %12s" % ("", "objects", "slab kB",
                                      "bytes each"))
    for b, (objects, kb) in rows:
        print("  %-22s %10d %10d %12.0f" % (b, objects, kb,
                                            kb * 1024.0 / objects))


def print_page_guards(result):
    """What the guard pages after page allocations cost: plugin-own
    against itself booted with kasan.page_guard=off."""
    on, off = "plugin-own", "own-guard-off"
    profs, mem = result.get("profiles", {}), result.get("memory_kB", {})
    if off not in mem or on not in mem:
        return
    print("\n  guard pages after page allocations: %s (on) and %s (off)"
          % (on, off))
    if on in profs and off in profs:
        a, b = profs[on]["total"] / 1e6, profs[off]["total"] / 1e6
        print("  %-28s %10.1f %10.1f %+8.2f%%" %
              ("guest instructions (M)", a, b, 100.0 * (a - b) / b))
    for when in ("workload", "shrunk"):
        for key in ("MemFree", "Slab"):
            a = mem[on].get(when, {}).get(key)
            b = mem[off].get(when, {}).get(key)
            if a is not None and b is not None:
                print("  %-28s %10d %10d %+8d" %
                      ("%s %s (kB)" % (key, when), a, b, a - b))


def print_top(result, count=15):
    profs = result.get("profiles", {})
    for b in ("plugin-own", "native-mainline"):
        if b not in profs:
            continue
        print("\n  top functions, %s (millions of instructions)" % b)
        for name, group, n in profs[b]["top"][:count]:
            print("  %9.2f  %-11s %s" % (n / 1e6, group, name))


def print_all(result):
    print_seconds(result)
    print_decomposition(result)
    print_groups(result)
    print_checks(result)
    print_memory(result)
    print_quarantined(result)
    print_page_guards(result)
    print_top(result)


if __name__ == "__main__":
    print_all(json.load(open(sys.argv[1])))
