# SPDX-License-Identifier: GPL-2.0-or-later
#
# Accesses inside a fresh allocation (plugin/fresh.c), as the differential
# check verifies them in the plugin's output.  The plugin checks such an
# access on the object's first byte; here it is shown, from the dump
# alone, that
#   - the access's address is B + sum(coef * value) + off, with B the
#     result of a call to an allocator in ALLOCATORS, whose size arguments
#     are constants in the dump;
#   - every value added is bounded by its definition in the dump (masks,
#     remainders, shifts, products, sums, conversions, its type) so that
#     every byte the access (and the native check) touches lies inside the
#     object;
#   - a plugin check of B's first byte runs before the access on every
#     path, and nothing that may free memory lies on a path from the
#     allocation to the access.
# The allocator list is our own reading of the declarations (C's and the
# kernel's __alloc_size in include/linux/slab.h, vmalloc.h, gfp.h), not
# the plugin's, which reads the attribute GCC holds.

import re

from gimple_text import INT_RE, is_ssa, split_args

# Allocation function -> 1-based positions of the arguments whose product
# is the object's size.
ALLOCATORS = {
    'malloc': (1,), 'calloc': (1, 2), 'realloc': (2,),
    '__builtin_malloc': (1,), '__builtin_calloc': (1, 2),
    '__builtin_realloc': (2,),
    '__kmalloc': (1,), 'kmalloc_trace': (3,), 'kmalloc_node_trace': (4,),
    '__kmalloc_node': (1,), 'kmalloc_large': (1,),
    'kmalloc_large_node': (1,), '__kmalloc_node_track_caller': (1,),
    'krealloc': (2,), 'kvmalloc_node': (1,), 'kvrealloc': (3,),
    'vmalloc': (1,), 'vzalloc': (1,), '__vmalloc': (1,),
    'vmalloc_array': (1, 2), 'alloc_pages_exact': (1,),
}

# Value bits and signedness of the integer types dumps name; the
# target's long (and sizetype, size_t) are asked of the compiler.
INT_TYPES = {
    'char': (8, True), 'signed char': (8, True), 'unsigned char': (8, False),
    'short int': (16, True), 'short unsigned int': (16, False),
    'int': (32, True), 'unsigned int': (32, False),
    'long long int': (64, True), 'long long unsigned int': (64, False),
    'uint8_t': (8, False), 'uint16_t': (16, False), 'uint32_t': (32, False),
    'uint64_t': (64, False), 'int8_t': (8, True), 'int16_t': (16, True),
    'int32_t': (32, True), 'int64_t': (64, True),
    'u8': (8, False), 'u16': (16, False), 'u32': (32, False),
    'u64': (64, False), 's8': (8, True), 's16': (16, True),
    's32': (32, True), 's64': (64, True),
}
LONG_TYPES = {'long int': True, 'long unsigned int': False,
              'sizetype': False, 'size_t': False, 'ssize_t': True}

DEPTH = 8
BINARY_RE = re.compile(r'^(\S+) (&|%|>>|<<|\*|\+|-) (\S+)$')
MINMAX_RE = re.compile(r'^(MIN|MAX)_EXPR <(\S+), (\S+)>$')
CONVERT_RE = re.compile(r'^\(([^()]+)\) (\S+)$')


def type_span(fn, t):
    """(lo, hi) of integer type t, or None for a type not known here."""
    t = (t or '').replace('const ', '').strip()
    bits = INT_TYPES.get(t)
    if t in LONG_TYPES:
        size = fn.resolver.sizeof('long')
        bits = (8 * size, LONG_TYPES[t]) if size else None
    if bits is None:
        return None
    n, signed = bits
    return (-(1 << (n - 1)), (1 << (n - 1)) - 1) if signed else \
        (0, (1 << n) - 1)


def constant(tok):
    m = INT_RE.match(tok)
    return int(m.group(1)) if m else None


def _inside(s, t):
    return s is not None and t is not None and t[0] <= s[0] and s[1] <= t[1]


def _op_span(fn, op, a, b, depth):
    c = constant(b)
    if op in ('+', '-'):
        x, y = span(fn, a, depth), span(fn, b, depth)
        if x is None or y is None:
            return None
        return (x[0] + y[0], x[1] + y[1]) if op == '+' else \
            (x[0] - y[1], x[1] - y[0])
    if c is None:
        return None
    if op == '&':
        return (0, c) if c >= 0 else None
    x = span(fn, a, depth)
    if op == '%':
        if c <= 0:
            return None
        return (0, c - 1) if x is not None and x[0] >= 0 else (1 - c, c - 1)
    if x is None:
        return None
    if op == '*':
        return (min(x[0] * c, x[1] * c), max(x[0] * c, x[1] * c))
    if op == '>>' and x[0] >= 0 and c >= 0:
        return (x[0] >> c, x[1] >> c)
    if op == '<<' and 0 <= c < 64:
        return (x[0] << c, x[1] << c)
    return None


def _def_span(fn, rhs, depth):
    m = CONVERT_RE.match(rhs)
    if m:
        inner = span(fn, m.group(2), depth)
        return inner if _inside(inner, type_span(fn, m.group(1))) else \
            type_span(fn, m.group(1))
    m = MINMAX_RE.match(rhs)
    if m:
        x, y = span(fn, m.group(2), depth), span(fn, m.group(3), depth)
        if x is None or y is None:
            return None
        pick = min if m.group(1) == 'MIN' else max
        return (pick(x[0], y[0]), pick(x[1], y[1]))
    m = BINARY_RE.match(rhs)
    if m:
        return _op_span(fn, m.group(2), m.group(1), m.group(3), depth)
    return span(fn, rhs, depth) if is_ssa(rhs) or constant(rhs) is not None \
        else None


def span(fn, tok, depth=DEPTH):
    """(lo, hi) of the integer value tok, or None if not bounded; the
    result must fit the value's type, else the type's range stands."""
    c = constant(tok)
    if c is not None:
        return (c, c)
    if not is_ssa(tok) or depth <= 0:
        return None
    t = type_span(fn, fn.type_of(tok))
    rhs = fn.defs.get(tok)
    s = _def_span(fn, rhs, depth - 1) if rhs is not None else None
    return s if _inside(s, t) or (s is not None and t is None) else t


def allocation(fn, name):
    """(statement, size) of the allocator call defining SSA name name."""
    rhs = fn.defs.get(name)
    m = re.match(r'^([\w.$]+) \((.*)\)$', rhs or '')
    if not m or m.group(1) not in ALLOCATORS:
        return None
    args = [x.strip() for x in split_args(m.group(2))]
    size = 1
    for pos in ALLOCATORS[m.group(1)]:
        v = constant(args[pos - 1]) if pos <= len(args) else None
        if v is None or v < 0:
            return None
        size *= v
    st = next((s for s in fn.stmts if s.text.startswith(name + ' = ')),
              None)
    return (st, size) if st is not None else None


def _offset_span(fn, addr, base):
    lo = hi = addr.off
    for atom, coef in addr.lterms:
        if atom == base:
            continue
        s = span(fn, atom.lstrip('?'))
        if s is None:
            return None
        lo += min(coef * s[0], coef * s[1])
        hi += max(coef * s[0], coef * s[1])
    return lo, hi


def fresh_guard(fn, acc, addr, nbytes):
    """The plugin check of a fresh allocation's first byte that stands for
    access acc (address addr, nbytes touched), or None."""
    if not fn.cfg_ok or addr is None or nbytes is None:
        return None
    for base, coef in addr.lterms:
        alloc = allocation(fn, base.lstrip('?')) if coef == 1 else None
        if alloc is None:
            continue
        st, size = alloc
        off = _offset_span(fn, addr, base)
        if off is None or off[0] < 0 or off[1] + nbytes > size or \
                not fn.dominates(st, acc.stmt) or \
                not fn.free_path(st, acc.stmt):
            continue
        for p in fn.checks:
            if p.addr is not None and p.addr.lterms == ((base, 1),) and \
                    p.addr.off == 0 and (p.nbytes() or 0) >= 1 and \
                    fn.dominates(p.stmt, acc.stmt) and \
                    fn.free_path(p.stmt, acc.stmt):
                return p
    return None
