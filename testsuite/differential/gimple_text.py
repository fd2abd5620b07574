# SPDX-License-Identifier: GPL-2.0-or-later
#
# The text level of GIMPLE tree dumps for the dump parser (gimple.py): the
# regular expressions that recognise locations, checks, SSA names and
# calls, the splitting of operand lists and memory references (MEM[...],
# wrappers such as VIEW_CONVERT_EXPR) that dumps print as text, and the
# classification of called functions by name (mem intrinsics, atomics,
# calls that may free memory).  Kept apart so that the address model and
# the Function class can share them without depending on the parser.

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


def _literal_flags(s):
    """For each character of s, whether it belongs to a string literal
    (its quotes included), and whether s ends inside one."""
    flags, quote, esc = [], False, False
    for ch in s:
        if quote:
            flags.append(True)
            if esc:
                esc = False
            elif ch == '\\':
                esc = True
            elif ch == '"':
                quote = False
            continue
        quote = ch == '"'
        flags.append(quote)
    return flags, quote


def split_args(s):
    """Split a call's argument list at top-level commas."""
    args, depth, cur = [], 0, []
    for ch, literal in zip(s, _literal_flags(s)[0]):
        if not literal:
            if ch in '([<{':
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
    """Parenthesis balance of s outside string literals, and whether s
    ends inside one."""
    flags, quote = _literal_flags(s)
    bal = 0
    for ch, literal in zip(s, flags):
        if not literal and ch in '()':
            bal += 1 if ch == '(' else -1
    return bal, quote


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
    literal = _literal_flags(s)[0]
    out, start, i = [], 0, 0
    while i < len(s):
        if not literal[i] and s.startswith(' + ', i):
            out.append(s[start:i])
            i += 3
            start = i
        else:
            i += 1
    out.append(s[start:])
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
