# SPDX-License-Identifier: GPL-2.0-or-later
"""kglue: the kernel glue's Python tooling, split as measure / judge /
render so that what is read from a build or a boot, what is decided about
it, and how it is shown can each change alone.

  measure  serial.py (the serial log's lines, TAP and /init values, boot
           memory, one report), bootlog.py (the KUnit results and every
           report of a boot), binutils.py (size, readelf, nm, objdump and
           the .su files of a build), archconf.py (an architecture's
           arch.conf), measure.py (one build directory's
           numbers, build/kernel-.../measure.json)
  judge    expect.py (the expectation and override files), judge.py (a
           boot against them: rows, stray reports, .sum lines), pairs.py
           (two builds side by side, against the uninstrumented one)
  render   render.py (text tables), compare_render.py (the side-by-side's
           text), markdown.py (its report document)

The entry points are ../results.py and ../compare.py.
"""
