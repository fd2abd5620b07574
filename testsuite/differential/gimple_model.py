# SPDX-License-Identifier: GPL-2.0-or-later
#
# The values the dump parser (gimple.py) produces for the differential
# check: statements, sanitizer checks, memory accesses and canonical
# addresses (Addr), plus the OffsetResolver through which field offsets
# and sizes, invisible in a dump, are asked from the compiler (compare.py
# answers its queries with compiling.py's probe).  Plain data with no
# parsing, so that the matching rules can use them without the parser.

from gimple_text import to_signed64


class OffsetResolver:
    """Values of C constant expressions (offsetof, sizeof) about the
    types of one translation unit: value(expr) -> int or None.  Unknown
    expressions are recorded in .queries (compare.py asks the compiler and
    fills .known for a second round)."""

    def __init__(self):
        self.known = {}
        self.queries = set()

    def value(self, expr):
        if expr in self.known:
            return self.known[expr]
        self.queries.add(expr)
        return None

    def offset(self, ptr_type, path):
        return self.value('__builtin_offsetof (__typeof__ (*(%s) 0), %s)'
                          % (ptr_type, path))

    def sizeof(self, what):
        return self.value('sizeof (%s)' % what)


NO_OFFSETS = OffsetResolver()


class Stmt:
    __slots__ = ('loc', 'text', 'bb', 'idx', 'frees', 'lineno')

    def __init__(self, loc, text, bb, idx, lineno=0):
        self.lineno = lineno    # line in the dump file (1-based)
        self.loc = loc          # (file, line, col) or None
        self.text = text        # statement without location prefixes
        self.bb = bb
        self.idx = idx          # position in the function
        self.frees = False      # a call or asm that may free memory


class Check:
    __slots__ = ('kind', 'size', 'length', 'addr_op', 'len_op', 'loc',
                 'stmt', 'addr', 'func')

    def __init__(self, kind, size, addr_op, len_op, loc, stmt, func):
        self.kind = kind        # 'load' / 'store'
        self.size = size        # '1','2','4','8','16','N'
        self.addr_op = addr_op
        self.len_op = len_op
        self.loc = loc
        self.stmt = stmt
        self.func = func
        self.length = None      # bytes covered (int) or None if variable
        self.addr = None        # canonical address (Addr) or None

    @property
    def line(self):
        return self.loc[1] if self.loc else 0

    @property
    def file(self):
        return self.loc[0] if self.loc else '?'

    def size_class(self):
        if self.size != 'N':
            return self.size
        return 'N:%s' % (self.length if self.length is not None else '?')

    def nbytes(self):
        """Number of bytes the check covers, or None if not constant."""
        if self.size != 'N':
            return int(self.size)
        return self.length

    def describe(self):
        return '%s:%s' % (self.kind, self.size_class())


class Addr:
    """A canonical address: a linear combination of atoms plus a constant
    byte offset, in two versions:
      terms   for comparing the two compilations: atoms that name the same
              thing in both (a parameter's incoming value "p(D)", the
              address of a declaration "&g", the value loaded from a
              canonical location "LOAD(...)"); values that cannot be named
              so (PHI results, call results, ...) make known False;
      lterms  for comparing inside one function: the same, except that a
              loaded value is named by the SSA name holding it (two loads
              of one location may differ) and opaque values by their SSA
              names."""
    __slots__ = ('terms', 'lterms', 'off', 'known')

    def __init__(self, terms=(), off=0, known=True, lterms=None):
        self.terms = tuple(sorted(terms))   # ((atom, coef), ...)
        self.lterms = self.terms if lterms is None else \
            tuple(sorted(lterms))
        self.off = off
        self.known = known

    @classmethod
    def atom(cls, name, known=True, local=None):
        return cls(((name, 1),), 0, known,
                   None if local is None else ((local, 1),))

    @staticmethod
    def _fmt(terms):
        if not terms:
            return '#'
        return ' + '.join(a if c == 1 else '%d*%s' % (c, a) for a, c in terms)

    @property
    def base(self):
        return self._fmt(self.terms)

    def is_const(self):
        return not self.terms

    @staticmethod
    def _add(t1, t2):
        d = dict(t1)
        for a, c in t2:
            d[a] = d.get(a, 0) + c
        return [(a, c) for a, c in d.items() if c]

    def __add__(self, k):
        if isinstance(k, Addr):
            return Addr(self._add(self.terms, k.terms),
                        to_signed64(self.off + k.off),
                        self.known and k.known,
                        self._add(self.lterms, k.lterms))
        return Addr(self.terms, to_signed64(self.off + k), self.known,
                    self.lterms)

    def scale(self, k):
        if k == 0:
            return Addr((), 0)
        return Addr([(a, c * k) for a, c in self.terms],
                    to_signed64(self.off * k), self.known,
                    [(a, c * k) for a, c in self.lterms])

    def same(self, o):
        """The same address inside one function."""
        return o is not None and self.lterms == o.lterms and \
            self.off == o.off

    def text(self):
        return self._text(self.terms)

    def ltext(self):
        return self._text(self.lterms)

    def _text(self, terms):
        if self.off == 0:
            return self._fmt(terms)
        if not terms:
            return str(self.off)
        return '%s%+d' % (self._fmt(terms), self.off)

    def __repr__(self):
        return ('Addr(%s)' % self.text()) if self.known else \
            ('Addr(?%s)' % self.text())


class Access:
    __slots__ = ('kind', 'ref', 'loc', 'stmt', 'decl_based', 'volatile',
                 'is_call')

    def __init__(self, kind, ref, loc, stmt, decl_based, volatile,
                 is_call=False):
        self.kind = kind
        self.ref = ref          # the memory reference (or the call)
        self.loc = loc
        self.stmt = stmt
        self.decl_based = decl_based
        self.volatile = volatile
        self.is_call = is_call
