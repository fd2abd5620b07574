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
# OffsetResolver (see compiling.py, which compiles a probe with offsetof).
#
# This module is the parser itself; the pieces it builds on live in
#   gimple_text.py      regular expressions and operand-text helpers,
#   gimple_model.py     Stmt, Check, Access, Addr and OffsetResolver,
#   gimple_function.py  Function: canonical addresses and control flow.

import re

from gimple_function import Function, resolve_check
from gimple_model import Access, Check, NO_OFFSETS, Stmt
from gimple_text import (CALL_RE, CHECK_RE, FUNC_RE, LABEL_RE, LOC_ANY_RE,
                         LOC_RE, MEM_INTRINSICS, SSA_TOKEN_RE,
                         builtin_access_kind, call_may_free, is_ssa, mem_ref,
                         paren_balance, skip_parens, split_args)


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
    with open(path, errors='replace') as f:
        lines = f.read().split('\n')
    funcs = _DumpParser(resolver).parse(lines)
    # A block falls through to the next one in the dump unless it ends in
    # a goto, an if/else, a switch or a return.  A block ending in a
    # noreturn call gets a spurious fall-through edge: harmless, more
    # edges only make dominance and "no call on any path" answers more
    # conservative.
    for fn in funcs.values():
        for c in fn.checks:
            resolve_check(fn, c)
    return funcs


class _DumpParser:
    """The line-by-line state of parse_dump: the function and block being
    read, and a statement that spans several lines."""

    def __init__(self, resolver):
        self.resolver = resolver
        self.funcs = {}
        self.cur = None
        self.in_body = False
        self.bb = None
        self.idx = 0
        self.pending = None         # a multi-line statement (asm) being joined
        self.pending_sep = '\n'     # what joins its lines
        # "succ" or "pred" while reading -blocks edges
        self.edge_list = None
        self.pre_body = []
        self.prev_bb_open = False   # previous block may fall through

    def parse(self, lines):
        start = 0
        for lineno, line in enumerate(lines, 1):
            if self.pending is None:
                start = lineno
            if self.pending is not None:
                line = self._join_pending(line)
            else:
                line = self._outer_line(line)
            if line is not None:
                self._statement_line(line, start)
        if self.cur is not None:
            self.cur.finish_cfg()
        return self.funcs

    def _join_pending(self, line):
        """Add line to the pending statement: the whole statement once its
        parentheses and quotes are closed, else None."""
        self.pending += self.pending_sep + (
            line.strip() if self.pending_sep == ' ' else line)
        bal, quote = paren_balance(self.pending)
        if bal > 0 or quote:
            return None
        line = self.pending
        self.pending = None
        return line

    def _outer_line(self, line):
        """Everything but a block's statements: function starts, headers
        and braces, labels, -blocks comments, and the first line of a
        statement spanning several.  Returns the line to read as a
        statement (a -blocks block header rewritten as "<bb N>:"), or
        None."""
        m = FUNC_RE.match(line)
        if m:
            self._start_function(m.group(1), m.group(2))
            return None
        if self.cur is None:
            return None
        if line == '{' and not self.in_body:
            self.in_body = True
            self.cur.header = [h for h in self.pre_body if h.strip()]
            if self.cur.header:
                _parse_signature(self.cur, self.cur.header[-1])
            return None
        if line == '}' and self.in_body:
            self.in_body = False
            return None
        if not self.in_body:
            self.pre_body.append(line)
            return None
        ml = LABEL_RE.match(line)
        if ml and self.bb is not None:
            self.cur.labels[ml.group(1)] = self.bb
            return None
        if line.startswith(';;'):
            line = self._blocks_comment(line)
            if line is None:
                return None
        if not line.startswith('  '):
            return None
        if self._starts_multiline(line):
            return None
        return line

    def _start_function(self, name, asm_name):
        if self.cur is not None:
            self.cur.finish_cfg()
        self.cur = Function(name, asm_name, self.resolver)
        self.funcs[self.cur.asm_name] = self.cur
        self.in_body = False
        self.bb = None
        self.idx = 0
        self.pre_body = []

    def _blocks_comment(self, line):
        """A ";;" line of -blocks: ";;   basic block N, ..." becomes the
        block header "  <bb N>:" (returned); exact successor lists are
        recorded (None returned)."""
        mb = re.match(r'^;;   basic block (\d+)', line)
        if mb:
            return '  <bb %s>:' % mb.group(1)
        ms = re.match(r'^;;    (succ|pred):(.*)$', line)
        if ms:
            self.edge_list = ms.group(1)
            rest = ms.group(2)
        elif re.match(r'^;;\s+(?:\d+|EXIT|ENTRY)\s*$', line):
            rest = line[2:]
        else:
            self.edge_list = None
            return None
        if self.edge_list == 'succ' and self.bb is not None:
            self.cur.exact_succs.setdefault(self.bb, set()).update(
                int(x) for x in re.findall(r'\b(\d+)\b', rest))
        return None

    def _starts_multiline(self, line):
        """line opens a statement printed over several lines: keep it
        pending (True)."""
        s = line.strip()
        if s.startswith('__asm__') or LOC_RE.match(s) and \
                _strip_locs(s).lstrip().startswith('__asm__'):
            bal, quote = paren_balance(s)
            if bal > 0 or quote:
                self.pending, self.pending_sep = line, '\n'
                return True
        elif self.bb is not None and paren_balance(s) == (1, False) and \
                s.endswith('struct'):
            # a cast to an anonymous struct type is printed over
            # several lines ("(const struct\n  {\n ... } *) p;", as
            # get_unaligned()'s packed struct on strict-alignment
            # targets): one statement, joined by spaces
            self.pending, self.pending_sep = line.rstrip(), ' '
            return True
        return False

    def _statement_line(self, line, start):
        """A block header, a declaration before the first block, or a
        statement (start: its first line in the dump)."""
        s = line.strip()
        mb = re.match(r'^<bb (\d+)>', s)
        if mb:
            self._open_block(int(mb.group(1)))
            return
        if self.bb is None:
            if s and not s.startswith('#'):
                _parse_decl(self.cur, _strip_locs(s).strip())
            return
        loc = None
        ml = LOC_RE.match(s)
        if ml:
            loc = (ml.group(1), int(ml.group(2)), int(ml.group(3)))
        text = _strip_locs(s).strip()
        if self._control_flow(text):
            return
        st = Stmt(loc, text, self.bb, self.idx, start)
        self.idx += 1
        self.cur.stmts.append(st)
        self.cur.bb_stmts[self.bb].append(st)
        _analyse_stmt(self.cur, st)

    def _open_block(self, nb):
        cur = self.cur
        if self.bb is not None and self.prev_bb_open:
            cur.succs[self.bb].add(nb)
        self.bb = nb
        cur.bbs.append(nb)
        cur.bb_stmts[nb] = []
        cur.succs[nb] = set()
        cur.label_succs[nb] = []
        self.prev_bb_open = True

    def _control_flow(self, text):
        """Record the edges statement text makes; True if it is only
        control flow (a PHI, goto, else, if or switch), not a statement
        of the block."""
        cur, bb = self.cur, self.bb
        if text.startswith('# '):
            mp = re.match(r'^# (\S+) = PHI <', text)
            if mp:
                cur.phis.add(mp.group(1))
            return True
        mg = re.match(r'^goto <bb (\d+)>', text)
        if mg:
            # after "if (...)" / "else", or an unconditional jump
            cur.succs[bb].add(int(mg.group(1)))
            self.prev_bb_open = False
            return True
        if text == 'else':
            self.prev_bb_open = False
            return True
        mgl = re.match(r'^goto <(L\d+)>', text)
        if mgl:
            cur.label_succs[bb].append(mgl.group(1))
            self.prev_bb_open = False
            return True
        if text.startswith('if ('):
            # both targets follow as "goto" lines
            self.prev_bb_open = False
            return True
        if text.startswith('switch ('):
            cur.label_succs[bb].extend(re.findall(r'<(L\d+)>', text))
            self.prev_bb_open = False
            return True
        if text.startswith('return'):
            self.prev_bb_open = False
        if text.startswith('__asm__'):
            # asm goto: its labels are successors too
            cur.label_succs[bb].extend(re.findall(r'<(L\d+)>', text))
        elif re.search(r'\bgoto <', text):
            cur.cfg_ok = False      # a jump this parser does not know
        return False


def _analyse_stmt(fn, st):
    """Record what statement st is: a check, an asm, a call, an
    assignment; the memory accesses it makes and the SSA name it defines."""
    text = st.text
    m = CHECK_RE.match(re.sub(r'\s*\[tail call\]$', '', text))
    if m:
        args = split_args(m.group(3))
        c = Check(m.group(1), m.group(2), args[0] if args else '',
                  args[1] if len(args) > 1 else None, st.loc, st, fn)
        fn.checks.append(c)
        return
    if text.startswith('__asm__'):
        _analyse_asm(fn, st, text)
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
        _analyse_call(fn, st, lhs, rhs, mc)
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


def _analyse_asm(fn, st, text):
    # SSA names an asm mentions may be its outputs: defined, opaque
    for tok in SSA_TOKEN_RE.findall(text):
        fn.asm_defs.add(tok)
    # volatile or memory-clobbering asm may free (as in sanopt)
    st.frees = '__volatile__' in text.split('(')[0] or \
        '"memory"' in text


def _analyse_call(fn, st, lhs, rhs, mc):
    """A call statement "[lhs = ] name (args)" (mc: CALL_RE's match of
    rhs): whether it may free, and the accesses it makes."""
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
