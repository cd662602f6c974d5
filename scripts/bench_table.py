#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Join the bench.txt files of the base and the series into table rows.

Usage: bench_table.py BASE_BENCH_TXT SERIES_BENCH_TXT

Each input line is "SCENARIO NS_PER_CALL" ("-" when the kernel cannot run
the scenario).  Prints one Markdown table row per scenario, in the series'
order: per call, per hit (the scenario less the "none" scenario) and the
ratio of the per-hit figures (for hits that cost 50 or more).
"""

import sys


def load(path):
    rows = {}
    order = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) != 2:
                continue
            name, val = parts
            rows[name] = None if val == '-' else float(val)
            order.append(name)
    return rows, order


def fmt(v):
    return '-' if v is None else '%.2f' % v


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    base, _ = load(sys.argv[1])
    series, order = load(sys.argv[2])
    for f, rows in (('base', base), ('series', series)):
        if rows.get('none') is None:
            sys.exit('bench_table: no "none" scenario in the %s results' % f)
    for name in order:
        b, s = base.get(name), series.get(name)
        bh = None if b is None or name == 'none' else b - base['none']
        sh = None if s is None or name == 'none' else s - series['none']
        ratio = '-'
        # A ratio of two figures within the noise (a disabled probe adds
        # next to nothing) means nothing: give it for real costs only.
        if bh is not None and sh is not None and bh >= 50:
            ratio = '%.3f' % (sh / bh)
        print('| %s | %s | %s | %s | %s | %s |' %
              (name, fmt(b), fmt(s), fmt(bh), fmt(sh), ratio))


if __name__ == '__main__':
    main()
