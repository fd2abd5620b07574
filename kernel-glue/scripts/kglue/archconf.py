# SPDX-License-Identifier: GPL-2.0-or-later
"""An architecture's settings, kernel-glue/arch/ARCH/arch.conf, for the
Python tools (the shell scripts source the same file through
scripts/arches.sh): KEY=VALUE lines, a value in double quotes when it has
spaces, '#' comments.  x86_64 is the default architecture."""

import os
import re
import sys

DEFAULT_ARCH = "x86_64"
GLUE = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
LINE = re.compile(r'^([A-Z_][A-Z0-9_]*)=(?:"([^"]*)"|(\S*))\s*$')


def arches():
    """The supported architectures: the arch/ARCH/ with an arch.conf."""
    base = os.path.join(GLUE, "arch")
    return sorted(a for a in os.listdir(base)
                  if os.path.isfile(os.path.join(base, a, "arch.conf")))


def load(arch, who):
    """{KEY: VALUE} of ARCH's arch.conf; exit with the supported ones
    named when there is none."""
    path = os.path.join(GLUE, "arch", arch, "arch.conf")
    if not os.path.isfile(path):
        sys.exit("%s: no glue for architecture %r (no kernel-glue/arch/%s/"
                 "arch.conf); supported: %s" % (who, arch, arch,
                                                " ".join(arches())))
    conf = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            m = LINE.match(line)
            if not m:
                sys.exit("%s: %s: bad line: %s" % (who, path, line))
            conf[m.group(1)] = m.group(2) if m.group(2) is not None \
                else m.group(3)
    return conf
