# SPDX-License-Identifier: GPL-2.0-or-later
#
# The rules by which the differential check (matching.py) shows an access
# in the plugin's output safe: comparing canonical addresses across and
# inside compilations, finding the plugin check that covers an access's
# bytes before it runs with nothing that may free memory in between,
# in-bounds accesses to declared variables (and to the plugin's stack
# frame slots) that need no check, accesses inside a fresh allocation
# (fresh.py), checks hoisted out of loops (loops.py), and range checks of mem intrinsic calls.  README.md argues
# why each rule is sound.

import re

import fresh
import loops
from gimple_text import CALL_RE, is_ssa, split_args


def is_root(addr):
    """A base that names one fixed pointer: a parameter's incoming value or
    the address of a declaration."""
    if addr is None or not addr.known or len(addr.terms) != 1 or \
            addr.terms[0][1] != 1:
        return False
    a = addr.terms[0][0]
    return re.match(r'^[\w.$]+\(D\)$', a) is not None or \
        re.match(r'^&[\w.$]+$', a) is not None


def provably_different(a, b):
    if a is None or b is None or not a.known or not b.known:
        return False
    if a.terms == b.terms:
        return a.off != b.off
    return is_root(a) and is_root(b)


def same_address(a, b):
    """Equal canonical addresses across the two compilations."""
    return a is not None and b is not None and a.known and b.known and \
        a.terms == b.terms and a.off == b.off


def covers_range(p, addr, nbytes):
    """Plugin check p verifies every byte of [addr, addr + nbytes) (both
    addresses from the same function, or both known)."""
    if p.addr is None or addr is None or nbytes is None or \
            p.addr.lterms != addr.lterms:
        return False
    pb = p.nbytes()
    if pb is None:
        return False
    return p.addr.off <= addr.off and addr.off + nbytes <= p.addr.off + pb


WRAPPERS = ('VIEW_CONVERT_EXPR<', 'REALPART_EXPR <', 'IMAGPART_EXPR <')


def access_addr(fn, a):
    """Canonical address of the memory an access touches."""
    if a.is_call:
        m = CALL_RE.match(a.ref)
        args = split_args(m.group(2)) if m else []
        return fn.canon(args[0]) if args else None
    ref = a.ref
    if ref.startswith('BIT_FIELD_REF <'):
        args = split_args(ref[len('BIT_FIELD_REF <'):].rstrip('>'))
        if len(args) == 3 and args[2].isdigit() and int(args[2]) % 8 == 0:
            ad = fn.addr_of_ref(args[0])
            return None if ad is None else ad + int(args[2]) // 8
        return None
    for pfx in WRAPPERS:
        if ref.startswith(pfx):
            return None         # part of an object: no simple address
    return fn.addr_of_ref(ref)


def exempt_decl_access(fn, a, ad):
    """A constant-offset access inside a declared variable (local or
    global): GCC's asan pass never instruments those ("automatic vars are
    always accessible"; globals with asan-globals=0, the kernel-address
    default), so the plugin need not either."""
    if not a.decl_based:
        return False
    if re.match(r'^(?:<retval>|D\.\d+|[A-Za-z_$][\w$]*)'
                r'(?:\.(?:D\.\d+|[A-Za-z_$][\w$]*))*$', a.ref) and \
            not is_ssa(a.ref.split('.')[0]):
        # a whole variable or a field of it: inside it by construction
        return True
    if ad is None or len(ad.terms) != 1:
        return False
    atom, coef = ad.terms[0]
    if coef == 1 and re.match(r'^&__kasan_frame\.\d+$', atom):
        return in_frame_slot(fn, fn.access_size(a), ad.off)
    if coef != 1 or not atom.startswith('&') or \
            not re.match(r'^&[A-Za-z_$][\w$]*$', atom):
        return False
    size = fn.access_size(a)
    dsize = fn.decl_size(atom[1:])
    if size is None or dsize is None:
        return False
    return 0 <= ad.off and ad.off + size <= dsize


def frame_slots(fn):
    """[(offset, size)] of the variables in the plugin's stack frame of fn
    (asan-stack), from its frame description "N OFF SIZE LEN NAME ...",
    the string the plugin stores in the frame header; [] without one."""
    for rhs in fn.defs.values():
        m = re.search(r'&"(\d+(?: \d+ \d+ \d+ \S+)+)"\[0\]', rhs)
        if not m:
            continue
        words = m.group(1).split()
        n = int(words[0])
        if len(words) != 1 + 4 * n:
            continue
        return [(int(words[1 + 4 * i]), int(words[2 + 4 * i]))
                for i in range(n)]
    return []


def in_frame_slot(fn, size, off):
    """A constant-offset access of size bytes at off in the plugin's stack
    frame lies inside one variable's slot, not in a redzone: the frame
    version of a constant in-bounds access to a declared local."""
    if size is None:
        return False
    return any(o <= off and off + size <= o + sz
               for o, sz in frame_slots(fn))


def guarding_check(fn, acc, addr, nbytes):
    """A plugin check of fn that verifies [addr, addr+nbytes) (addr as
    seen in fn) before access acc on every path, with nothing that may
    free memory in between: the check right before the access, or a
    dominating one.  A check of the other kind counts (as in GCC, a load
    check covers a later store of the same bytes and vice versa, e.g. in a
    read-modify-write) unless it is at the access's own line without an
    earlier access of its own kind there that it belongs to: then it is
    this access's own check, with the wrong kind.
    Returns the check or None."""
    if not fn.cfg_ok or addr is None or nbytes is None:
        return None
    fl = loc_key(acc.loc)
    for p in fn.checks:
        if p.addr is None or not covers_range(p, addr, nbytes):
            continue
        if p.kind != acc.kind and loc_key(p.loc) == fl and \
                not any(b.kind == p.kind and loc_key(b.loc) == fl and
                        p.addr.same(access_addr(fn, b)) and
                        fn.dominates(b.stmt, acc.stmt)
                        for b in fn.accesses if b is not acc):
            continue
        if fn.dominates(p.stmt, acc.stmt) and fn.free_path(p.stmt, acc.stmt):
            return p
    return None


def access_guard(fn, a, ad, need=None):
    """How the plugin's output justifies access a (address ad): returns
    ('checked', check) if a plugin check covers all its bytes (and at
    least need bytes) before it, ('exempt', None) for a constant in-bounds
    access to a declared variable, ('fresh', check) for a check of the
    first byte of a fresh allocation the access lies inside (fresh.py),
    ('hoisted', check) for a check moved before a's loop (loops.py), or
    (None, None)."""
    size = fn.access_size(a)
    known = [x for x in (size, need) if x is not None]
    nb = max(known) if known else None
    g = guarding_check(fn, a, ad, nb)
    if g is not None:
        return 'checked', g
    if exempt_decl_access(fn, a, ad):
        return 'exempt', None
    g = fresh.fresh_guard(fn, a, ad, nb)
    if g is not None:
        return 'fresh', g
    g = loops.hoisted_guard(fn, a, lambda p: loc_key(p.loc) == loc_key(a.loc))
    if g is not None:
        return 'hoisted', g
    return None, None


def loc_key(loc):
    """(file, line) of a location; statements without one (e.g. inserted
    by PRE on an edge) all share ('?', 0), as checks without one do."""
    return (loc[0], loc[1]) if loc else ('?', 0)


def plugin_accesses(funcs, fl, kind):
    """(fn, access, address) of every memory access of this kind at source
    line fl in these functions (memory references and atomics)."""
    out = []
    for fn in funcs:
        for a in fn.accesses:
            if a.kind == kind and loc_key(a.loc) == fl:
                out.append((fn, a, access_addr(fn, a)))
    return out


def all_guarded(accs, need=None):
    """Every access in accs is checked (or exempt); returns (ok, category
    qualifier, a check used, unguarded refs)."""
    bad = []
    used = None
    exempt = False
    for fn, a, ad in accs:
        how, g = access_guard(fn, a, ad, need)
        if how is None:
            bad.append(a.ref)
        elif how == 'exempt':
            exempt = True
        elif used is None:
            used = g
    return not bad, exempt, used, bad


# (destination, source, length) argument positions of the mem intrinsics
INTRINSIC_ARGS = {'memcpy': (0, 1, 2), 'memmove': (0, 1, 2),
                  'mempcpy': (0, 1, 2), 'memset': (0, None, 2),
                  'bzero': (0, None, 1), 'bcopy': (1, 0, 2)}


def intrinsic_range_check(pg, fl, kind):
    """A plugin check of this kind that verifies exactly the range a mem
    intrinsic call at line fl writes (kind store) or reads (kind load):
    the same address as the call's destination/source and the same length
    operand, placed before the call on every path."""
    for fn in pg.funcs:
        for name, loc, st in fn.intrinsics:
            if loc_key(loc) != fl:
                continue
            base = re.sub(r'^(?:__builtin_|__asan_|__)', '', name)
            pos = INTRINSIC_ARGS.get(base)
            m = CALL_RE.match(re.sub(r'^.*? = ', '', st.text)
                              .rstrip(';'))
            if pos is None or not m:
                continue
            args = split_args(m.group(2))
            which = pos[0] if kind == 'store' else pos[1]
            if which is None or len(args) <= max(p for p in pos
                                                 if p is not None):
                continue
            addr = fn.canon(args[which])
            length = fn.canon(args[pos[2]])
            for p in fn.checks:
                if p.kind != kind or p.size != 'N' or p.addr is None or \
                        p.len_op is None or not p.addr.same(addr):
                    continue
                plen = fn.canon(p.len_op)
                if plen is None or not plen.same(length):
                    continue
                if fn.dominates(p.stmt, st):
                    return p
    return None
