#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The compiler options a gcc.c-torture/execute test asks for.

    options.py TEST.c

prints the options of its dg-options and dg-additional-options lines, on
one line: those without a target selector, and those whose selector names
x86_64 (without ia32, which is -m32), as GCC's own harness would give them
on this machine.  Other selectors (other targets, effective targets) are
left out: whether the test runs without them is decided by its plain build.
"""
import re
import sys

DIRECTIVE = re.compile(
    r'\{\s*dg-(?:additional-)?options\s+'
    r'(?:"([^"]*)"|\{\s*"([^"]*)"\s*\})'   # "opts" or { "opts" }
    r'\s*(\{.*\})?\s*\}')


def applies(selector):
    if not selector:
        return True
    return 'x86_64-*-*' in selector and 'ia32' not in selector


def main():
    text = open(sys.argv[1], encoding='utf-8', errors='replace').read()
    opts = []
    for m in DIRECTIVE.finditer(text):
        if applies(m.group(3)):
            opts.append(m.group(1) if m.group(1) is not None else m.group(2))
    print(' '.join(o for o in opts if o))


if __name__ == '__main__':
    main()
