#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Build the corpus (a JSON list for compare.py) of the differential check:
#   * every C file of testsuite/kasan.compile, compiled with -O2 only
#     (their dg-options are ignored: the differential runs the default
#     outline configuration of both compilers);
#   * real kernel files, compiled with the command line kbuild used for
#     them (read from the object's .cmd file) minus kbuild's own sanitizer
#     and dependency options.
#
#   corpus.py --testsuite DIR [--kernel-objdir O --kernel-objs lib/sort.o,...]
#             -o corpus.json

import argparse
import glob
import json
import os
import re
import shlex
import sys


def testsuite_entries(d):
    out = []
    for src in sorted(glob.glob(os.path.join(d, '*.c'))):
        out.append({'src': os.path.abspath(src), 'flags': ['-O2'],
                    'cwd': os.path.abspath(d),
                    'name': os.path.basename(src), 'group': 'testsuite'})
    return out


# Options of kbuild's command line that are not "the kernel's flags" of the
# file: dependency output, the object/source, and the sanitizer options that
# compare.py replaces by its own (native) or by the plugin.
def kernel_flags(cmd, obj):
    """Flags of a kbuild compile command (the part before ';')."""
    words = shlex.split(cmd)
    cc = words[0]
    flags = []
    i = 1
    src = None
    while i < len(words):
        w = words[i]
        if w == ';':
            break
        if w.startswith('-Wp,-MMD') or w.startswith('-Wp,-MD'):
            i += 1
            continue
        if w in ('-c',):
            i += 1
            continue
        if w == '-o':
            i += 2
            continue
        if w.startswith('-fsanitize') or w.startswith('-fno-sanitize') or \
                w.startswith('-fasan-shadow-offset'):
            i += 1
            continue
        if w == '--param' and i + 1 < len(words) and \
                re.match(r'^(asan|hwasan)-', words[i + 1]):
            i += 2
            continue
        if w.startswith('--param=asan-') or w.startswith('--param=hwasan-'):
            i += 1
            continue
        if w.endswith('.c') and not w.startswith('-'):
            src = w
            i += 1
            continue
        flags.append(w)
        i += 1
    return cc, flags, src


def kernel_entries(objdir, objs):
    out = []
    for obj in objs:
        d, b = os.path.split(obj)
        cmdfile = os.path.join(objdir, d, '.%s.cmd' % b)
        try:
            with open(cmdfile) as f:
                txt = f.read()
        except OSError as e:
            print('corpus.py: %s: %s' % (obj, e), file=sys.stderr)
            continue
        m = re.search(r'^cmd_\S+ := (.*)$', txt, re.M)
        if not m:
            print('corpus.py: %s: no command in %s' % (obj, cmdfile),
                  file=sys.stderr)
            continue
        cmd = m.group(1).split(' ; ')[0]
        cc, flags, src = kernel_flags(cmd, obj)
        if src is None:
            print('corpus.py: %s: no source in command' % obj, file=sys.stderr)
            continue
        out.append({'src': src if os.path.isabs(src)
                    else os.path.join(objdir, src),
                    'flags': flags, 'cwd': os.path.abspath(objdir),
                    'name': obj[:-2] + '.c', 'group': 'kernel'})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--testsuite', action='append', default=[])
    ap.add_argument('--kernel-objdir')
    ap.add_argument('--kernel-objs', default='')
    ap.add_argument('-o', '--output', required=True)
    a = ap.parse_args()
    entries = []
    for d in a.testsuite:
        entries.extend(testsuite_entries(d))
    if a.kernel_objdir:
        objs = [o for o in re.split(r'[\s,]+', a.kernel_objs) if o]
        entries.extend(kernel_entries(a.kernel_objdir, objs))
    with open(a.output, 'w') as f:
        json.dump(entries, f, indent=1)
    print('corpus: %d files (%d testsuite, %d kernel)' % (
        len(entries), sum(e['group'] == 'testsuite' for e in entries),
        sum(e['group'] == 'kernel' for e in entries)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
