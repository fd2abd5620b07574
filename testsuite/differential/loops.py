# SPDX-License-Identifier: GPL-2.0-or-later
#
# Checks the plugin moved out of loops (plugin/hoist.c), as the
# differential check recognises them.  Native GCC checks an access inside
# its loop; the plugin may check it once before the loop instead (the same
# check at an invariant address, or one range check of every iteration's
# bytes), keeping the access's source location on the moved check.  What
# is verified here in the plugin's output: the access is in a loop, a
# plugin check of the same kind at the access's own source line lies
# outside that loop and dominates the access, and nothing on any path
# from the check to the access may free memory.  The range's bounds are
# not: the run tests (kasan.run/loop-range-*, legal-loop-ranges) hold
# them to the bytes the loop touches.

def reaches(fn, src, dst, avoid=None):
    """A path of at least one edge from block src to block dst that does
    not pass block avoid."""
    seen = set()
    work = list(fn.succs.get(src, ()))
    while work:
        b = work.pop()
        if b == avoid or b in seen:
            continue
        if b == dst:
            return True
        seen.add(b)
        work.extend(fn.succs.get(b, ()))
    return False


def hoisted_guard(fn, acc, same_line):
    """The plugin check hoist.c moved before the loop of access acc, or
    None.  same_line(check) says whether a check is at acc's line."""
    if not fn.cfg_ok:
        return None
    abb = acc.stmt.bb
    for p in fn.checks:
        if p.kind != acc.kind or not same_line(p):
            continue
        # acc is in a loop that does not contain the check
        if not reaches(fn, abb, abb, avoid=p.stmt.bb):
            continue
        if fn.dominates(p.stmt, acc.stmt) and fn.free_path(p.stmt, acc.stmt):
            return p
    return None
