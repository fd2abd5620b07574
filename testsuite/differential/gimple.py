# SPDX-License-Identifier: GPL-2.0-or-later
#
# Parser for GCC tree dumps written with -fdump-tree-PASS-lineno, as used by
# the differential check (compare.py): GCC's own "sanopt" dump of a
# -fsanitize=kernel-address build and the kasan plugin's "kasan" dump (or the
# "optimized" dump that follows it).
#
# For every function it extracts
#   * the sanitizer checks: calls __builtin___asan_{load,store}{1,2,4,8,16,N}
#     (native) or __asan_... (plugin), with their source location, access
#     kind, size and address operand;
#   * the memory accesses left in the function body (loads and stores of
#     memory references, atomics, mem/str intrinsic calls), with their
#     location;
#   * the SSA definitions, the types of variables and the control-flow
#     graph, so that an address can be reduced to a canonical "base +
#     constant offset" form that can be compared between two compilations
#     of the same source (whose SSA version numbers differ), and so that
#     "check D runs before access A on every path, with no call between"
#     can be decided.
# Field offsets (p->f) are not visible in a dump; they are asked from an
# OffsetResolver (see compare.py, which compiles a probe with offsetof).

import re

# A source location prefix: "[file:line:col] " or "[file:line:col discrim N] ".
LOC_RE = re.compile(r'\[([^\[\]]*?):(\d+):(\d+)(?: discrim \d+)?\] ')
# Any location prefix, including "[0:0] " (no file) that GCC prints on some
# jumps.
LOC_ANY_RE = re.compile(
    r'\[(?:[^\[\]]*?:\d+:\d+(?: discrim \d+)?|\d+:\d+)\] ')
FUNC_RE = re.compile(r'^;; Function (\S+) \(([^,\s)]+)')
CHECK_RE = re.compile(
    r'^(?:__builtin___asan_|__asan_)(load|store)(1|2|4|8|16|N)(?:_noabort)?'
    r'\s*\((.*)\);$')
SSA_RE = re.compile(r'^(?:[A-Za-z_.$][\w.$]*)?_\d+(?:\(D\))?$')
SSA_TOKEN_RE = re.compile(
    r'(?<![\w.$])((?:[A-Za-z_.$][\w.$]*?)?_\d+(?:\(D\))?)(?![\w.$(])')
INT_RE = re.compile(r'^(-?\d+)B?$')
CALL_RE = re.compile(r'^(\.?[A-Za-z_$][\w.$]*) \((.*)\)$')
DECL_UID_RE = re.compile(r'\bD\.\d+\b')
LABEL_RE = re.compile(r'^(?:\[[^\]]*\] )?<(L\d+)>:')

# Calls that the plugin checks as a whole range (mem-intrinsics=check) and
# that GCC's loop distribution creates from loops.
MEM_INTRINSICS = {
    'memcpy', 'memmove', 'memset', 'mempcpy', 'bzero', 'bcopy',
    '__builtin_memcpy', '__builtin_memmove', '__builtin_memset',
    '__builtin_mempcpy', '__builtin_bzero', '__builtin_bcopy',
    '__memcpy', '__memmove', '__memset',
    '__asan_memcpy', '__asan_memmove', '__asan_memset',
}
# Builtins that may free memory (GCC's nonfreeing_call_p exceptions).
FREEING_BUILTINS = {'__builtin_free', '__builtin_realloc',
                    '__builtin_stack_restore', 'free', 'realloc'}

# Library functions GCC knows as builtins (a matching declaration makes the
# call a builtin call): leaf and not freeing.  Not __memcpy & co., which
# are ordinary kernel functions.
NONFREEING_LIBCALLS = {
    'memcpy', 'memmove', 'memset', 'mempcpy', 'memcmp', 'memchr', 'bzero',
    'bcmp', 'bcopy', 'strlen', 'strnlen', 'strcmp', 'strncmp', 'strcpy',
    'strncpy', 'strcat', 'strncat', 'strchr', 'strrchr', 'strstr',
}

MASK64 = (1 << 64) - 1


def to_signed64(v):
    v &= MASK64
    return v - (1 << 64) if v >> 63 else v


def is_ssa(tok):
    return bool(SSA_RE.match(tok))


def ssa_var(tok):
    """The variable an SSA name is a version of: a_3 -> a, _5 -> _5."""
    m = re.match(r'^(.*?)_\d+(?:\(D\))?$', tok)
    if m and m.group(1):
        return m.group(1)
    return tok


def norm_ssa_default(tok):
    """Default definitions (parameters, "p_2(D)") are numbered before any
    sanitizer pass runs, but do not rely on it: use the bare name."""
    if tok.endswith('(D)'):
        return re.sub(r'_\d+\(D\)$', '(D)', tok)
    return tok


def split_args(s):
    """Split a call's argument list at top-level commas."""
    args, depth, cur = [], 0, []
    quote = False
    esc = False
    for ch in s:
        if quote:
            cur.append(ch)
            if esc:
                esc = False
            elif ch == '\\':
                esc = True
            elif ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch in '([<{':
            depth += 1
        elif ch in ')]>}':
            depth -= 1
        elif ch == ',' and depth == 0:
            args.append(''.join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    if ''.join(cur).strip():
        args.append(''.join(cur).strip())
    return args


def _match(s, i, opening, closing):
    """s[i] == opening: index of the matching closing, or None."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == opening:
            depth += 1
        elif s[j] == closing:
            depth -= 1
            if depth == 0:
                return j
    return None


def skip_parens(s, i=0):
    """s[i] == '(': return the index after the matching ')'."""
    j = _match(s, i, '(', ')')
    return len(s) if j is None else j + 1


def matching_bracket(s, i):
    """s[i] == '[': index of the matching ']'."""
    j = _match(s, i, '[', ']')
    return len(s) - 1 if j is None else j


def paren_balance(s):
    """Parenthesis balance of s outside string literals."""
    bal = 0
    quote = False
    esc = False
    for ch in s:
        if quote:
            if esc:
                esc = False
            elif ch == '\\':
                esc = True
            elif ch == '"':
                quote = False
            continue
        if ch == '"':
            quote = True
        elif ch == '(':
            bal += 1
        elif ch == ')':
            bal -= 1
    return bal, quote


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


class Function:
    def __init__(self, name, asm_name, resolver):
        self.name = name
        self.asm_name = asm_name
        self.key = normalize_function_name(asm_name)
        self.header = []        # attribute lines and the signature
        self.signature = ''
        self.var_types = {}     # variable / SSA name -> type text
        self.stmts = []
        self.defs = {}          # SSA name -> rhs text
        self.phis = set()       # SSA names defined by PHIs
        self.asm_defs = set()   # SSA names mentioned by asm statements
        self.params = []        # parameter names in order
        self.checks = []
        self.accesses = []
        self.intrinsics = []    # (name, loc, stmt)
        self.calls = []         # (name, loc, stmt) all other calls
        self.bbs = []           # block numbers in dump order
        self.bb_stmts = {}      # block -> [Stmt]
        self.succs = {}         # block -> set of blocks
        self.labels = {}        # label -> block
        self.label_succs = {}   # block -> labels it jumps to
        self.cfg_ok = True
        self.exact_succs = {}   # block -> successors printed by -blocks
        self.resolver = resolver
        self._canon = {}
        self._dom = None
        self._preds = None

    # -- types ---------------------------------------------------------

    def type_of(self, ssa):
        t = self.var_types.get(ssa)
        if t is None:
            t = self.var_types.get(ssa_var(ssa))
        return t

    def section(self):
        for h in self.header:
            m = re.search(r'section \("([^"]*)"\)', h)
            if m:
                return m.group(1)
        return None

    # -- canonical addresses -------------------------------------------

    def reset_canon(self):
        self._canon = {}
        for c in self.checks:
            _resolve_check(self, c)

    def canon(self, op, depth=0):
        """Canonical Addr of an operand, or None if it uses an SSA name
        that is defined nowhere (a broken operand)."""
        op = op.strip()
        m = INT_RE.match(op)
        if m:
            return Addr((), to_signed64(int(m.group(1))))
        if is_ssa(op):
            if op in self._canon:
                return self._canon[op]
            self._canon[op] = Addr.atom('?' + op, False)   # recursion guard
            res = self._canon_ssa(op, depth)
            self._canon[op] = res
            return res
        if op.startswith('&'):
            return self.addr_of_ref(op[1:].strip(), depth)
        if op.startswith('"'):
            # a string literal as an address (MEM base, PHI argument)
            return Addr.atom('&' + op)
        return Addr.atom('?' + op, False)

    def _canon_ssa(self, op, depth):
        if op.endswith('(D)'):
            name = norm_ssa_default(op)
            var = name[:-3]
            if re.match(r'^(?:ISRA|SYNTH)\.\d+$', var) and \
                    var in self.params:
                # parameters made by IPA-SRA are named after their decl
                # uid, which differs between compilations: use the position
                name = 'PARAM%d(D)' % self.params.index(var)
            return Addr.atom(name)
        if op in self.phis:
            return Addr.atom('?' + op, False)
        rhs = self.defs.get(op)
        if rhs is None:
            if op in self.asm_defs:
                return Addr.atom('?' + op, False)
            return None
        if depth > 60:
            return Addr.atom('?' + op, False)
        d = depth + 1
        # (type) x
        if rhs.startswith('('):
            j = skip_parens(rhs, 0)
            rest = rhs[j:].strip()
            if rest and ' ' not in rest:
                return self.canon(rest, d)
        m = re.match(r'^(\S+) ([-+*]|<<) (\S+)$', rhs)
        if m:
            a = self.canon(m.group(1), d)
            b = self.canon(m.group(3), d)
            if a is None or b is None:
                return None
            o = m.group(2)
            if o == '+':
                return a + b
            if o == '-':
                return a + b.scale(-1)
            if o == '*' and b.is_const():
                return a.scale(b.off)
            if o == '*' and a.is_const():
                return b.scale(a.off)
            if o == '<<' and b.is_const() and 0 <= b.off < 63:
                return a.scale(1 << b.off)
            return Addr.atom('?' + op, False)
        if rhs.startswith('&'):
            return self.addr_of_ref(rhs[1:].strip(), d)
        if is_ssa(rhs):
            return self.canon(rhs, d)
        if mem_ref(rhs) is not None:
            txt = self.canon_text(rhs, d)
            if txt is None:
                return None
            return Addr.atom('LOAD(%s)' % txt[0], '?' not in txt[0],
                             '%' + op)
        return Addr.atom('?' + op, False)

    def _field_offset(self, ptr_type, path):
        """Offset of a field path (".a.b[2]") in *ptr_type, or None."""
        if ptr_type is None or re.search(r'D\.\d+$', path):
            return None         # an anonymous field: no C name
        path = DECL_UID_RE.sub('', path)
        path = re.sub(r'\.\.+', '.', path).lstrip('.')
        if not path:
            return 0
        if not re.match(r'^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\])*$',
                        path):
            return None
        ptr_type = c_type(ptr_type)
        if ptr_type is None or not ptr_type.endswith('*'):
            return None
        return self.resolver.offset(ptr_type, path)

    def decl_ptr_type(self, decl):
        """A C pointer type to declaration decl's type."""
        t = self.var_types.get(decl)
        if t is None:
            return '__typeof__ (%s) *' % decl         # a global
        t = c_type(t)
        if t is None:
            return None
        if '[' in t:
            return re.sub(r'\s*((?:\[[^\]]*\])+)$', r' (*)\1', t)
        return t + ' *'

    def _decl_path_offset(self, decl, path):
        """Offset of decl PATH (".f", "[3]", ".a[2].b") from &decl."""
        if re.search(r'D\.\d+$', path) or \
                re.search(r'\[[^\]]*[A-Za-z_][^\]]*\]', path):
            return None
        path = DECL_UID_RE.sub('', path)
        path = re.sub(r'\.\.+', '.', path)
        if not re.match(r'^(?:\.[A-Za-z_$][\w$]*|\[\d+\])+$', path):
            return None
        pt = self.decl_ptr_type(decl)
        if pt is None:
            return None
        return self.resolver.value('(unsigned long) &(*(%s) 0)%s' %
                                   (pt, path))

    def _path_ok(self, path):
        """A field path usable in C for a size: variable array indices
        become [0] (the element size does not depend on the index)."""
        if re.search(r'D\.\d+$', path):
            return None
        path = re.sub(r'\[[^\]]*[A-Za-z_][^\]]*\]', '[0]', path)
        path = DECL_UID_RE.sub('', path)
        path = re.sub(r'\.\.+', '.', path).lstrip('.')
        if not re.match(r'^(?:(?:[A-Za-z_$][\w$]*)?(?:\.[A-Za-z_$][\w$]*|'
                        r'\[\d+\])*)?$', path):
            return None
        return path

    def _sizeof_member(self, ptr_type, path):
        """sizeof (((ptr_type) 0)->path), or of *ptr_type without path."""
        ptr_type = c_type(ptr_type)
        if ptr_type is None or not ptr_type.endswith('*'):
            return None
        p = self._path_ok(path)
        if p is None:
            return None
        if not p:
            return self.resolver.sizeof('*(%s) 0' % ptr_type)
        return self.resolver.sizeof('((%s) 0)->%s' % (ptr_type, p))

    def _sizeof_type(self, t):
        mv = re.match(r'^vector\((\d+)\) (.*)$', t or '')
        if mv:
            inner = c_type(mv.group(2))
            if inner is None:
                return None
            v = self.resolver.sizeof(inner)
            return None if v is None else v * int(mv.group(1))
        ct = c_type(t)
        if ct is None:
            return None
        return self.resolver.sizeof(ct)

    def decl_size(self, decl):
        t = self.var_types.get(decl)
        if t is None:
            return self.resolver.sizeof(decl)      # a global
        return self._sizeof_type(t)

    def access_size(self, a):
        """Bytes accessed by Access a, or None if unknown."""
        ref = a.ref
        if a.is_call:
            m = re.match(r'^\S*?_(1|2|4|8|16) \(', ref)
            return int(m.group(1)) if m else None
        if ref.startswith('BIT_FIELD_REF <'):
            args = split_args(ref[len('BIT_FIELD_REF <'):].rstrip('>'))
            if len(args) == 3 and args[1].isdigit() and \
                    int(args[1]) % 8 == 0:
                return int(args[1]) // 8
            return None
        if ref.startswith('*'):
            inner = ref[1:].strip()
            if is_ssa(inner):
                return self._sizeof_member(self.type_of(inner), '')
            return None
        mr = parse_mem(ref)
        if mr:
            mtype, ptype, parts, path = mr
            if mtype:
                if not path:
                    return self._sizeof_type(mtype)
                ct = c_type(mtype)
                return self._sizeof_member(ct + ' *', path) if ct else None
            return self._sizeof_member(ptype, path)
        m = re.match(r'^((?:[A-Za-z_.$][\w.$]*?)?_\d+(?:\(D\))?)->(.*)$',
                     ref)
        if m:
            return self._sizeof_member(self.type_of(m.group(1)),
                                       '.' + m.group(2))
        m = re.match(r'^([A-Za-z_$][\w$]*)((?:\.[\w$.]+|\[[^\]]*\])*)$',
                     ref)
        if m and not is_ssa(m.group(1)):
            decl = m.group(1)
            if not m.group(2):
                return self.decl_size(decl)
            p = self._path_ok(m.group(2))
            pt = self.decl_ptr_type(decl)
            if p is None or pt is None:
                return None
            if not p.startswith('['):
                p = '.' + p
            return self.resolver.sizeof('(*(%s) 0)%s' % (pt, p))
        return None

    def addr_of_ref(self, ref, depth=0):
        """Canonical address of &REF."""
        ref = ref.strip()
        if ref.startswith('*'):
            inner = ref[1:].strip()
            if is_ssa(inner):
                return self.canon(inner, depth)
        mr = parse_mem(ref)
        if mr:
            mtype, ptype, parts, path = mr
            base = Addr(())
            for p in parts:
                pm = re.match(r'^(\S+) \* (\d+)$', p)
                if pm:
                    a = self.canon(pm.group(1), depth)
                    if a is None:
                        return None
                    base = base + a.scale(int(pm.group(2)))
                    continue
                a = self.canon(p, depth)
                if a is None:
                    return None
                base = base + a
            if not path:
                return base
            off = self._field_offset((mtype + ' *') if mtype else ptype,
                                     path)
            if off is not None:
                return base + off
        m = re.match(r'^((?:[A-Za-z_.$][\w.$]*?)?_\d+(?:\(D\))?)->(.*)$', ref)
        if m:
            base = self.canon(m.group(1), depth)
            if base is None:
                return None
            off = self._field_offset(self.type_of(m.group(1)),
                                     '.' + m.group(2))
            if off is not None:
                return base + off
        m = re.match(r'^([A-Za-z_$][\w$]*)((?:\.[\w$.]+|\[\d+\])*)$', ref)
        if m and not is_ssa(m.group(1)):
            decl = m.group(1)
            if not m.group(2):
                return Addr.atom('&' + decl)
            off = self._decl_path_offset(decl, m.group(2))
            if off is not None:
                return Addr.atom('&' + decl) + off
        # textual, SSA names replaced
        txt = self.canon_text(ref, depth)
        if txt is None:
            return None
        return Addr.atom('&' + txt[0], '?' not in txt[0], '&' + txt[1])

    def canon_text(self, expr, depth=0):
        """(cross, local): expr with every SSA name replaced by its
        canonical address text (cross: opaque values become "?"; local:
        they keep their SSA names) and declaration uids blanked out; None
        if an SSA name is undefined."""
        bad = []

        def norm(out):
            out = re.sub(r'\s*\{ref-all\}', '', out)
            out = re.sub(r'\((?:const |volatile )+', '(', out)
            out = re.sub(r' (?:const|volatile) \*', ' *', out)
            return DECL_UID_RE.sub('D.#', out)

        def sub(m, local):
            a = self.canon(m.group(1), depth + 1)
            if a is None:
                bad.append(m.group(1))
                return '!'
            if local:
                return '{%s}' % a.ltext()
            if not a.known:
                return '?'
            return '{%s}' % a.text()
        cross = SSA_TOKEN_RE.sub(lambda m: sub(m, False), expr)
        if bad:
            return None
        local = SSA_TOKEN_RE.sub(lambda m: sub(m, True), expr)
        return norm(cross), norm(local)

    def local_addr(self, op):
        """Address for comparisons inside this function: opaque bases are
        still meaningful (the same SSA name is the same value)."""
        return self.canon(op)

    # -- control flow --------------------------------------------------

    def _finish_cfg(self):
        if self.exact_succs:
            # the dump printed the edges (-blocks): use them only
            self.succs = {b: set(self.exact_succs.get(b, ())) for b in self.bbs}
            self.label_succs = {}
            self.cfg_ok = True
        for b, labs in self.label_succs.items():
            for lab in labs:
                t = self.labels.get(lab)
                if t is None:
                    self.cfg_ok = False
                else:
                    self.succs[b].add(t)
        preds = {b: set() for b in self.bbs}
        for b in self.bbs:
            for s in self.succs.get(b, ()):
                if s not in preds:
                    self.cfg_ok = False
                    continue
                preds[s].add(b)
        self._preds = preds

    def dominators(self):
        if self._dom is not None:
            return self._dom
        if not self.bbs:
            self._dom = {}
            return self._dom
        entry = self.bbs[0]
        allb = set(self.bbs)
        dom = {b: set(allb) for b in self.bbs}
        dom[entry] = {entry}
        changed = True
        while changed:
            changed = False
            for b in self.bbs[1:]:
                ps = self._preds.get(b, set())
                if ps:
                    new = set.intersection(*(dom[p] for p in ps))
                else:
                    new = set()
                new = new | {b}
                if new != dom[b]:
                    dom[b] = new
                    changed = True
        self._dom = dom
        return dom

    def dominates(self, d, a):
        """Statement d runs before statement a on every path to a."""
        if d.bb == a.bb:
            return d.idx < a.idx
        return d.bb in self.dominators().get(a.bb, ())

    def free_path(self, d, a):
        """No statement that may free memory on any path from d to a
        (d dominates a)."""
        def frees(stmts):
            return any(s.frees for s in stmts)
        if d.bb == a.bb and d.idx < a.idx:
            between = [s for s in self.bb_stmts[d.bb]
                       if d.idx < s.idx < a.idx]
            if frees(between):
                return False
            # a path that leaves the block and comes back passes d again
            return True
        if frees([s for s in self.bb_stmts[a.bb] if s.idx < a.idx]):
            return False
        if frees([s for s in self.bb_stmts[d.bb] if s.idx > d.idx]):
            return False
        seen = set()
        work = [p for p in self._preds.get(a.bb, ())]
        while work:
            b = work.pop()
            if b == d.bb or b in seen:
                continue
            seen.add(b)
            if frees(self.bb_stmts.get(b, [])):
                return False
            work.extend(self._preds.get(b, ()))
        return True


def c_type(t):
    """A type as printed in a dump, as C, or None."""
    if t is None:
        return None
    t = re.sub(r'\s*\{ref-all\}', '', t).strip()
    # x86-64 va_list element: an unnamed struct in dumps
    t = re.sub(r'^((?:const )?)struct  \*$',
               r'\1__typeof__ (((__builtin_va_list *) 0)[0][0]) *', t)
    t = re.sub(r'\bsizetype\b', 'unsigned long', t)
    t = re.sub(r'\bcomplex\b', '_Complex', t)
    t = re.sub(r'\[(\d+):(\d+)\]',
               lambda m: '[%d]' % (int(m.group(2)) - int(m.group(1)) + 1), t)
    if '<' in t or '{' in t or 'vector(' in t or '$' in t:
        return None
    return t


def split_plus(s):
    """Split at top-level " + " outside string literals."""
    out, cur, quote, esc, i = [], [], False, False, 0
    while i < len(s):
        ch = s[i]
        if quote:
            cur.append(ch)
            if esc:
                esc = False
            elif ch == '\\':
                esc = True
            elif ch == '"':
                quote = False
            i += 1
            continue
        if ch == '"':
            quote = True
        elif s.startswith(' + ', i):
            out.append(''.join(cur))
            cur = []
            i += 3
            continue
        cur.append(ch)
        i += 1
    out.append(''.join(cur))
    return out


def parse_mem(ref):
    """MEM[(PT) a + b * 4 + 8B].path or MEM <T> [(PT) a].path ->
    (T or None, PT, [terms], path) or None.  Terms are operand texts,
    "x * N" or constants."""
    m = re.match(r'^MEM(?: <(.*?)>)? ?\[', ref)
    if not m:
        return None
    lb = m.end() - 1
    rb = matching_bracket(ref, lb)
    inside = ref[lb + 1:rb].strip()
    ptype = None
    if inside.startswith('('):
        k = skip_parens(inside, 0)
        ptype = inside[1:k - 1]
        inside = inside[k:].strip()
    parts = []
    for p in split_plus(inside):
        p = p.strip()
        mm = re.match(r'^(-?\d+)B$', p)
        parts.append(mm.group(1) if mm else p)
    mtype = m.group(1)
    return (mtype, ptype, parts, ref[rb + 1:])


def normalize_function_name(asm_name):
    """foo.isra.0, foo.constprop.3.isra.0, foo.part.1 -> foo.isra,
    foo.constprop.isra, foo.part: the clone numbers depend on the order in
    which clones were made, the clone kinds do not."""
    return re.sub(
        r'\.(isra|part|constprop|cold|lto_priv|clone|specialized)\.\d+',
        r'.\1', asm_name)


def mem_ref(op):
    """If operand text op is a memory reference return (decl_based, text),
    else None."""
    op = op.strip()
    if not op or op.startswith('&') or op[0] in '{"\'' or op[0].isdigit() \
            or op[0] == '-':
        return None
    for pfx in ('VIEW_CONVERT_EXPR<', 'BIT_FIELD_REF <', 'REALPART_EXPR <',
                'IMAGPART_EXPR <'):
        if op.startswith(pfx):
            if pfx.startswith('VIEW'):
                # VIEW_CONVERT_EXPR<type>(ref)
                k = op.find('>(')
                inner = op[k + 2:-1] if k >= 0 else ''
            else:
                inner = op[len(pfx):]
                inner = split_args(inner.rstrip('>'))[0] if inner else ''
            r = mem_ref(inner)
            return (r[0], op) if r else None
    if op.startswith('*') or op.startswith('(*'):
        return (False, op)        # *p, (*p)[i] (a VLA), (*p).f
    if op.startswith('MEM[') or op.startswith('MEM <'):
        mr = parse_mem(op)
        if mr is None:
            return (False, op)
        return (bool(mr[2]) and mr[2][0].startswith('&'), op)
    m = re.match(r'^(<retval>|[A-Za-z_.$][\w.$]*(?:\(D\))?)', op)
    if not m:
        return None
    tok, rest = m.group(1), op[m.end():]
    if is_ssa(tok):
        if rest.startswith('->'):
            return (False, op)
        return None
    if rest == '' or rest[0] in '.[':
        return (True, op)
    if rest.startswith('->'):
        return (False, op)
    return None


def builtin_access_kind(name):
    """Access kind of a call that reads or writes memory through a pointer
    argument and that GCC's asan pass instruments as an access (atomics,
    the vectoriser's masked accesses), else None."""
    n = name.lstrip('.')
    if n.startswith('__atomic_load') or n in ('MASK_LOAD', 'LEN_LOAD',
                                             'MASK_GATHER_LOAD',
                                             'GATHER_LOAD'):
        return 'load'
    if n.startswith('__atomic_') or n.startswith('__sync_') or \
            n.startswith('ATOMIC_') or n in ('MASK_STORE', 'LEN_STORE',
                                            'MASK_SCATTER_STORE',
                                            'SCATTER_STORE'):
        return 'store'
    return None


def call_may_free(name):
    """GCC's nonfreeing_call_p, approximated from the name: internal
    functions and builtins other than free/realloc/stack_restore do not
    free; the sanitizer's own calls do not; anything else may."""
    if name.startswith('.'):
        return False
    if name.startswith('__builtin___asan_') or name.startswith('__asan_'):
        return False
    if name in FREEING_BUILTINS:
        return True
    if name in NONFREEING_LIBCALLS:
        return False
    if name.startswith('__builtin_') or name.startswith('__atomic_') or \
            name.startswith('__sync_'):
        return False
    return True


def _strip_locs(s):
    return LOC_ANY_RE.sub('', s)


def _parse_decl(fn, text):
    """A declaration line "TYPE NAME;" of the function's locals."""
    if not text.endswith(';'):
        return
    t = text[:-1].strip()
    t = re.sub(r'\s*\[value-expr: .*\]$', '', t)
    m = re.match(r'^(.*?)\s*([A-Za-z_.$][\w.$]*)((?:\[[^\]]*\])*)$', t)
    if not m or not m.group(1):
        return
    typ, name, arr = m.group(1).strip(), m.group(2), m.group(3)
    if arr:
        typ = typ + ' ' + arr
    fn.var_types[name] = typ


def _parse_signature(fn, sig):
    fn.signature = sig
    i = sig.find(' (')
    while i >= 0:
        # the parameter list is the last top-level parenthesised group
        j = skip_parens(sig, i + 1)
        if j >= len(sig) - 1:
            break
        i = sig.find(' (', j)
    if i < 0:
        return
    params = sig[i + 2:skip_parens(sig, i + 1) - 1]
    for p in split_args(params):
        m = re.match(r"^(.*?)\s*([A-Za-z_$][\w$.]*)$", p)
        if m and m.group(1) and '(' not in m.group(1):
            fn.var_types[m.group(2)] = m.group(1).strip()
        if m:
            fn.params.append(m.group(2))
        else:
            fn.params.append(None)


def parse_dump(path, resolver=NO_OFFSETS):
    """Parse a -lineno tree dump into {asm_name: Function}."""
    funcs = {}
    cur = None
    in_body = False
    bb = None
    idx = 0
    pending = None          # a multi-line statement (asm) being joined
    pending_sep = '\n'      # what joins its lines
    edge_list = None        # "succ" or "pred" while reading -blocks edges
    pre_body = []
    prev_bb_open = False    # previous block may fall through
    with open(path, errors='replace') as f:
        lines = f.read().split('\n')
    start = 0
    for lineno, line in enumerate(lines, 1):
        if pending is None:
            start = lineno
        if pending is not None:
            pending += pending_sep + (line.strip() if pending_sep == ' '
                                      else line)
            bal, quote = paren_balance(pending)
            if bal > 0 or quote:
                continue
            line = pending
            pending = None
        else:
            m = FUNC_RE.match(line)
            if m:
                if cur is not None:
                    cur._finish_cfg()
                cur = Function(m.group(1), m.group(2), resolver)
                funcs[cur.asm_name] = cur
                in_body = False
                bb = None
                idx = 0
                pre_body = []
                continue
            if cur is None:
                continue
            if line == '{' and not in_body:
                in_body = True
                cur.header = [h for h in pre_body if h.strip()]
                if cur.header:
                    _parse_signature(cur, cur.header[-1])
                continue
            if line == '}' and in_body:
                in_body = False
                continue
            if not in_body:
                pre_body.append(line)
                continue
            ml = LABEL_RE.match(line)
            if ml and bb is not None:
                cur.labels[ml.group(1)] = bb
                continue
            if line.startswith(';;'):
                # -blocks: ";;   basic block N, ..." and exact successors
                mb = re.match(r'^;;   basic block (\d+)', line)
                if mb:
                    line = '  <bb %s>:' % mb.group(1)
                else:
                    ms = re.match(r'^;;    (succ|pred):(.*)$', line)
                    if ms:
                        edge_list = ms.group(1)
                        rest = ms.group(2)
                    elif re.match(r'^;;\s+(?:\d+|EXIT|ENTRY)\s*$', line):
                        rest = line[2:]
                    else:
                        edge_list = None
                        continue
                    if edge_list == 'succ' and bb is not None:
                        cur.exact_succs.setdefault(bb, set()).update(
                            int(x) for x in re.findall(r'\b(\d+)\b', rest))
                    continue
            if not line.startswith('  '):
                continue
            s = line.strip()
            if s.startswith('__asm__') or LOC_RE.match(s) and \
                    _strip_locs(s).lstrip().startswith('__asm__'):
                bal, quote = paren_balance(s)
                if bal > 0 or quote:
                    pending, pending_sep = line, '\n'
                    continue
            elif bb is not None and paren_balance(s) == (1, False) and \
                    s.endswith('struct'):
                # a cast to an anonymous struct type is printed over
                # several lines ("(const struct\n  {\n ... } *) p;", as
                # get_unaligned()'s packed struct on strict-alignment
                # targets): one statement, joined by spaces
                pending, pending_sep = line.rstrip(), ' '
                continue
        s = line.strip()
        mb = re.match(r'^<bb (\d+)>', s)
        if mb:
            nb = int(mb.group(1))
            if bb is not None and prev_bb_open:
                cur.succs[bb].add(nb)
            bb = nb
            cur.bbs.append(bb)
            cur.bb_stmts[bb] = []
            cur.succs[bb] = set()
            cur.label_succs[bb] = []
            prev_bb_open = True
            continue
        if bb is None:
            if s and not s.startswith('#'):
                _parse_decl(cur, _strip_locs(s).strip())
            continue
        loc = None
        ml = LOC_RE.match(s)
        if ml:
            loc = (ml.group(1), int(ml.group(2)), int(ml.group(3)))
        text = _strip_locs(s).strip()
        if text.startswith('# '):
            mp = re.match(r'^# (\S+) = PHI <', text)
            if mp:
                cur.phis.add(mp.group(1))
            continue
        mg = re.match(r'^goto <bb (\d+)>', text)
        if mg:
            # after "if (...)" / "else", or an unconditional jump
            cur.succs[bb].add(int(mg.group(1)))
            prev_bb_open = False
            continue
        if text == 'else':
            prev_bb_open = False
            continue
        mgl = re.match(r'^goto <(L\d+)>', text)
        if mgl:
            cur.label_succs[bb].append(mgl.group(1))
            prev_bb_open = False
            continue
        if text.startswith('if ('):
            # both targets follow as "goto" lines
            prev_bb_open = False
            continue
        if text.startswith('switch ('):
            cur.label_succs[bb].extend(re.findall(r'<(L\d+)>', text))
            prev_bb_open = False
            continue
        if text.startswith('return'):
            prev_bb_open = False
        if text.startswith('__asm__'):
            # asm goto: its labels are successors too
            cur.label_succs[bb].extend(re.findall(r'<(L\d+)>', text))
        elif re.search(r'\bgoto <', text):
            cur.cfg_ok = False      # a jump this parser does not know
        st = Stmt(loc, text, bb, idx, start)
        idx += 1
        cur.stmts.append(st)
        cur.bb_stmts[bb].append(st)
        _analyse_stmt(cur, st)
    if cur is not None:
        cur._finish_cfg()
    # A block falls through to the next one in the dump unless it ends in
    # a goto, an if/else, a switch or a return.  A block ending in a
    # noreturn call gets a spurious fall-through edge: harmless, more
    # edges only make dominance and "no call on any path" answers more
    # conservative.
    for fn in funcs.values():
        for c in fn.checks:
            _resolve_check(fn, c)
    return funcs


def _analyse_stmt(fn, st):
    text = st.text
    m = CHECK_RE.match(re.sub(r'\s*\[tail call\]$', '', text))
    if m:
        args = split_args(m.group(3))
        c = Check(m.group(1), m.group(2), args[0] if args else '',
                  args[1] if len(args) > 1 else None, st.loc, st, fn)
        fn.checks.append(c)
        return
    if text.startswith('__asm__'):
        # SSA names an asm mentions may be its outputs: defined, opaque
        for tok in SSA_TOKEN_RE.findall(text):
            fn.asm_defs.add(tok)
        # volatile or memory-clobbering asm may free (as in sanopt)
        st.frees = '__volatile__' in text.split('(')[0] or \
            '"memory"' in text
        return
    # trailing annotations: "f (x); [tail call]", "[return slot
    # optimization]", "[must tail call]" (possibly several)
    text = re.sub(r'(?:\s*\[(?:tail call|return slot optimization|'
                  r'must tail call|by descriptor)\])+$', '', text)
    if not text.endswith(';') or text.startswith('return') or \
            text.startswith('if ') or text.startswith('switch '):
        if text.startswith('return ') and text.endswith(';'):
            # "return x;" of a memory operand (aggregates in memory)
            r = mem_ref(text[len('return '):-1])
            if r:
                fn.accesses.append(Access('load', text[len('return '):-1],
                                          st.loc, st, r[0], False))
        return
    body = text[:-1].rstrip(';')
    volatile = False
    lhs = None
    rhs = body
    # a bare call "f (args)" first: its string arguments may contain " = "
    ma = None if CALL_RE.match(body) else \
        re.match(r'^(.*?) (=|=\{v\}) (.*)$', body)
    if ma:
        lhs, rhs = ma.group(1), ma.group(3)
        volatile = ma.group(2) == '={v}'
    if lhs is not None and is_ssa(lhs):
        fn.defs[lhs] = rhs
    if rhs.startswith('{CLOBBER'):
        return
    mc = CALL_RE.match(rhs)
    if mc:
        name = mc.group(1)
        if name.startswith('__builtin___asan_') or name.startswith('__asan_'):
            return
        st.frees = call_may_free(name)
        if name in MEM_INTRINSICS:
            fn.intrinsics.append((name, st.loc, st))
        else:
            fn.calls.append((name, st.loc, st))
        kind = builtin_access_kind(name)
        if kind:
            # atomics access memory through their first argument
            fn.accesses.append(Access(kind, rhs, st.loc, st, False, True,
                                      True))
        for a in split_args(mc.group(2)):
            r = mem_ref(a)
            if r:
                fn.accesses.append(Access('load', a, st.loc, st, r[0], False))
        if lhs is not None:
            r = mem_ref(lhs)
            if r:
                fn.accesses.append(Access('store', lhs, st.loc, st, r[0],
                                          False))
        return
    if lhs is not None:
        r = mem_ref(lhs)
        if r:
            fn.accesses.append(Access('store', lhs, st.loc, st, r[0],
                                      volatile))
        r = mem_ref(rhs)
        if r:
            fn.accesses.append(Access('load', rhs, st.loc, st, r[0],
                                      volatile))


def _resolve_check(fn, c):
    c.addr = fn.canon(c.addr_op)
    c.length = None
    if c.size == 'N' and c.len_op is not None:
        a = fn.canon(c.len_op)
        if a is not None and a.base == '#':
            c.length = a.off
