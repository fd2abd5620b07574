# SPDX-License-Identifier: GPL-2.0-or-later
#
# One function of a parsed GIMPLE dump (see gimple.py): its declarations,
# statements, checks and accesses, the reduction of operands to canonical
# addresses (following SSA definitions, field offsets and sizes through
# the OffsetResolver), and the control-flow questions the differential
# check asks: does a check dominate an access, and may anything between
# them free memory.

import re

from gimple_model import Addr
from gimple_text import (DECL_UID_RE, INT_RE, SSA_TOKEN_RE, c_type, is_ssa,
                         mem_ref, norm_ssa_default, normalize_function_name,
                         parse_mem, skip_parens, split_args, ssa_var,
                         to_signed64)


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
            resolve_check(self, c)

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

    def finish_cfg(self):
        if self.exact_succs:
            # the dump printed the edges (-blocks): use them only
            self.succs = {b: set(self.exact_succs.get(b, ()))
                          for b in self.bbs}
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


def resolve_check(fn, c):
    """Fill in check c's canonical address and, for loadN/storeN with a
    constant length operand, its length."""
    c.addr = fn.canon(c.addr_op)
    c.length = None
    if c.size == 'N' and c.len_op is not None:
        a = fn.canon(c.len_op)
        if a is not None and a.base == '#':
            c.length = a.off
