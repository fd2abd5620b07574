# SPDX-License-Identifier: GPL-2.0-or-later
#
# The compiler side of the differential check (compare.py): compiling one
# corpus entry twice (native -fsanitize=kernel-address and the plugin) with
# their dumps, probing what the compiler supports (which dump shows the
# plugin's output, which macros each build predefines), and asking the
# compiler for the field offsets and sizes that a dump does not show.

import os
import re
import shlex
import subprocess

# Flags of every native build.  compare.py appends the target's own KASan
# flags (--native-arg) to this very list before anything is compiled.
NATIVE_FLAGS = ['-fsanitize=kernel-address',
                '--param', 'asan-instrumentation-with-call-threshold=0']


def run(cmd, cwd, env=None):
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, universal_newlines=True,
                       errors='replace')
    return p.returncode, p.stdout


def safe_name(s):
    return re.sub(r'[^A-Za-z0-9_.+-]', '_', s)


def probe_plugin_dump(cc, kasan_cc, scratch, extra_plugin):
    """The plugin's own dump is -fdump-tree-kasan; if the compiler does not
    accept that option for a plugin pass, fall back to the "optimized" dump,
    which is the next pass and shows the same final GIMPLE."""
    src = os.path.join(scratch, 'probe.c')
    with open(src, 'w') as f:
        f.write('int probe(int *p) { return *p; }\n')
    env = dict(os.environ, CC=cc)
    notes = []
    for pas in ('kasan', 'optimized'):
        dump = os.path.join(scratch, 'probe.%s' % pas)
        rc, out = run([kasan_cc] + extra_plugin + [
            '-O2', '-c', src, '-o', os.path.join(scratch, 'probe.o'),
            '-fdump-tree-%s-lineno=%s' % (pas, dump)], scratch, env)
        if rc == 0 and os.path.exists(dump):
            with open(dump, errors='replace') as f:
                txt = f.read()
            if '__asan_load4' in txt:
                return pas, notes
            notes.append('-fdump-tree-%s-lineno: dump has no plugin '
                         'check' % pas)
        else:
            notes.append('-fdump-tree-%s-lineno rejected: %s' %
                         (pas, ' '.join(out.split())[:300]))
    return None, notes


def probe_predefines(cc, kasan_cc, scratch, extra_plugin):
    """Macros that -fsanitize=kernel-address predefines (kernel headers
    test them: include/linux/kasan-checks.h, arch/x86/include/asm/
    string_64.h) and whether the plugin build defines them too."""
    src = os.path.join(scratch, 'macros.c')
    names = ('__SANITIZE_ADDRESS__',)
    with open(src, 'w') as f:
        for i, n in enumerate(names):
            f.write('#ifdef %s\nint kasan_diff_macro_%d;\n#endif\n' % (n, i))
        f.write('int kasan_diff_macro_end;\n')
    out = []
    for i, n in enumerate(names):
        res = []
        for cmd, env in (([cc] + NATIVE_FLAGS, None),
                         ([kasan_cc] + extra_plugin,
                          dict(os.environ, CC=cc))):
            obj = os.path.join(scratch, 'macros.o')
            rc, _ = run(cmd + ['-O2', '-c', src, '-o', obj], scratch, env)
            if rc != 0:
                res.append(None)
                continue
            rc, syms = run(['nm', obj], scratch)
            res.append('kasan_diff_macro_%d' % i in syms)
        out.append((n, res[0], res[1]))
    return out


def compile_entry(entry, cc, kasan_cc, plugin_pass, outdir, extra_plugin):
    name = entry['name']
    base = os.path.join(outdir, entry.get('group', 'misc'), safe_name(name))
    os.makedirs(os.path.dirname(base), exist_ok=True)
    cwd = entry.get('cwd') or os.path.dirname(os.path.abspath(entry['src']))
    flags = list(entry.get('flags', []))
    src = entry['src']
    res = {'entry': entry}
    ndump = base + '.native.sanopt'
    pdump = base + '.plugin.' + plugin_pass
    for d in (ndump, pdump):
        if os.path.exists(d):
            os.unlink(d)
    ncmd = [cc] + flags + NATIVE_FLAGS + [
        '-c', src, '-o', base + '.native.o',
        '-fdump-tree-sanopt-lineno-blocks=' + ndump]
    rc, out = run(ncmd, cwd)
    res['native_cmd'] = ncmd
    res['native_rc'] = rc
    res['native_out'] = out
    if rc != 0:
        return res
    # GCC writes no dump for a unit without functions: that is an empty one.
    if not os.path.exists(ndump):
        open(ndump, 'w').close()
    env = dict(os.environ, CC=cc)
    pcmd = [kasan_cc] + flags + extra_plugin + [
        '-c', src, '-o', base + '.plugin.o',
        '-fdump-tree-%s-lineno-blocks=%s' % (plugin_pass, pdump)]
    rc, out = run(pcmd, cwd, env)
    res['plugin_cmd'] = pcmd
    res['plugin_rc'] = rc
    res['plugin_out'] = out
    if rc == 0 and not os.path.exists(pdump):
        open(pdump, 'w').close()
    res['native_dump'] = ndump
    res['plugin_dump'] = pdump
    with open(base + '.log', 'w') as f:
        f.write('cd %s\n' % shlex.quote(cwd))
        f.write('native: %s\n%s\n' % (' '.join(map(shlex.quote, ncmd)),
                                      res['native_out']))
        f.write('plugin: CC=%s %s\n%s\n' % (
            cc, ' '.join(map(shlex.quote, pcmd)), out))
    return res


def probe_offsets(entry, cc, queries, workdir):
    """Ask the compiler for the value of every query (offsetof and sizeof
    expressions about the file's types) by compiling the source itself
    followed by one constant per query, so that all types and globals of
    the file are in scope.  Returns {expr: value}; queries that do not
    compile (types local to a function, bit-fields, ...) are left out."""
    todo = sorted(queries)
    result = {}
    src = os.path.abspath(os.path.join(entry.get('cwd') or '.',
                                       entry['src']))
    cwd = entry.get('cwd') or os.path.dirname(src)
    base = os.path.join(workdir, 'offsets')
    expr_of = {q: q for q in todo}
    retried = set()
    for attempt in range(8):
        if not todo:
            break
        _write_offset_probe(base + '.c', src, todo, expr_of)
        # the file's own flags minus optimisation-independent noise;
        # offsets do not depend on the sanitizer
        rc, out = run([cc] + list(entry.get('flags', [])) +
                      ['-w', '-S', '-o', base + '.s', base + '.c'], cwd)
        if rc != 0:
            todo = _drop_failed_queries(out, todo, expr_of, retried)
            if todo is None:
                break           # the source itself failed: give up
            continue
        with open(base + '.s') as f:
            asm = f.read()
        result.update(_offset_probe_values(asm, todo))
        break
    return result


# The line of offsets.c that holds the first query (the #include is line 1).
OFFSET_PROBE_FIRST_LINE = 2


def _write_offset_probe(path, src, todo, expr_of):
    """offsets.c: the source, then one used constant per query."""
    lines = ['#include "%s"' % src]
    for i, q in enumerate(todo):
        lines.append('static const unsigned long __kasan_diff_q_%d '
                     '__attribute__((used)) = (%s);' % (i, expr_of[q]))
    with open(path, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def _drop_failed_queries(out, todo, expr_of, retried):
    """The queries to try again after a failed compile whose messages are
    out: those that did not fail, and, once, a failed one rewritten; None
    if no query line failed (the source itself does not compile)."""
    first = OFFSET_PROBE_FIRST_LINE
    bad = set()
    for m in re.finditer(r'offsets\.c:(\d+):', out):
        ln = int(m.group(1))
        if ln >= first:
            bad.add(ln - first)
    if not bad:
        return None
    keep = []
    for i, q in enumerate(todo):
        if i not in bad:
            keep.append(q)
            continue
        # "struct foo" in a dump may be the typedef name of an
        # anonymous struct ("typedef struct {...} foo;")
        alt = re.sub(r'\b(?:struct|union) ([A-Za-z_]\w*)', r'\1',
                     expr_of[q])
        if alt != expr_of[q] and q not in retried:
            retried.add(q)
            expr_of[q] = alt
            keep.append(q)
    return keep


def _offset_probe_values(asm, todo):
    """{query: value} of the constants found in the probe's assembly."""
    result = {}
    for i, q in enumerate(todo):
        # x86_64: .quad N or .zero 8; 32-bit ARM: .word N or .space 4
        m = re.search(r'^__kasan_diff_q_%d:\n'
                      r'\s*\.(quad|word|zero|space)\s+(\d+)' % i, asm, re.M)
        if m:
            result[q] = int(m.group(2)) \
                if m.group(1) in ('quad', 'word') else 0
    return result
