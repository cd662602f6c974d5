#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Join the bench.txt files of the base and the series into table rows.

Usage: bench_table.py BASE_BENCH_TXT SERIES_BENCH_TXT

Each input line is "SCENARIO NS_PER_CALL" ("-" when the kernel cannot run
the scenario).  Prints one Markdown table row per scenario, in the series'
order: per call, per hit (the scenario less its baseline: "A" for a
scenario named "A+B", "none" for the others) and the ratio of the per-hit
figures (for hits that cost 50 or more).
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
    # "A+B" is the scenario A with a probe added; the others add to "none"
    baselines = {'none'} | {n.split('+')[0] for n in order if '+' in n}

    def per_hit(rows, name):
        ref = name.split('+')[0] if '+' in name else 'none'
        if name in baselines or rows.get(name) is None or rows.get(ref) is None:
            return None
        return rows[name] - rows[ref]

    for name in order:
        b, s = base.get(name), series.get(name)
        bh, sh = per_hit(base, name), per_hit(series, name)
        ratio = '-'
        # A ratio of two figures within the noise (a disabled probe adds
        # next to nothing) means nothing: give it for real costs only.
        if bh is not None and sh is not None and bh >= 50:
            ratio = '%.3f' % (sh / bh)
        print('| %s | %s | %s | %s | %s | %s |' %
              (name, fmt(b), fmt(s), fmt(bh), fmt(sh), ratio))


if __name__ == '__main__':
    main()
