# SPDX-License-Identifier: GPL-2.0-or-later
"""What the glue's scripts read in a test kernel's serial log, in one place
for results.py and compare.py: the lines without printk's timestamps, the
KUnit TAP lines, and the values qemu/init prints (memory, the runtime's
quarantine and shadow)."""

import re

# "[    1.234567] " and, with CONFIG_PRINTK_CALLER, "[    1.234567][ T1] ".
TIMESTAMP = re.compile(r"^\[\s*\d+\.\d+\](?:\[\s*[CT]\d+\])?\s?")
# KUnit TAP: "    ok 3 - name" / "not ok 3 name"; "    # Subtest: suite".
RESULT = re.compile(r"^(\s*)(not ok|ok) \d+ (?:- )?([^\s#]+)")
SUBTEST = re.compile(r"^(\s*)# Subtest: (\S+)\s*$")
# qemu/init: "kasan-glue: meminfo MemTotal=425520 MemFree=... " (kB), and
# "kasan-glue: quarantine_bytes=N", "kasan-glue: shadow_bytes=N".
MEMINFO = re.compile(r"kasan-glue: meminfo((?: \w+=\d+)+)\s*$")
RUNTIME_BYTES = re.compile(r"kasan-glue: (quarantine_bytes|shadow_bytes)=(\d+)\s*$")


def lines(path):
    """(line number, line) of the log, without timestamps or line ends.
    Lines end at "\\n" only: a console may end them with "\\r\\r\\n"."""
    with open(path, "rb") as f:
        text = f.read().decode(errors="replace")
    for lineno, raw in enumerate(text.split("\n"), 1):
        yield lineno, TIMESTAMP.sub("", raw.rstrip("\r"))


def init_values(line):
    """The values of one of qemu/init's lines, {} for any other line:
    meminfo as {"MemTotal": kB, ...}, the runtime's as {"shadow_bytes": N}."""
    m = MEMINFO.search(line)
    if m:
        return {k: int(v) for k, v in
                (kv.split("=") for kv in m.group(1).split())}
    m = RUNTIME_BYTES.search(line)
    if m:
        return {m.group(1): int(m.group(2))}
    return {}
