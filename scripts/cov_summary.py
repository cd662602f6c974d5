#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Summarise an lcov trace file of the probe events (make coverage).

Usage: cov_summary.py --tree TREE [--functions FILE] [--reasons FILE] COVERAGE_INFO

Prints, as text:
  - per file: lines, branches and functions reached;
  - per file: the functions nothing reached;
  - the errors of trace_probe.h's list (ERRORS) that no test reported:
    for each, its trace_probe_log_err() call sites in the profiled files
    and whether any of their lines ran; an error without a call site is
    listed apart.  With --reasons (lines "NAME REASON", '#' comments),
    each such error's written reason is printed under it, and a reason
    whose error was reached after all is reported.
With --functions, writes every function's lines and branches to FILE.

A function's lines are the instrumented lines from its first line (lcov's
FN record) up to the next function of the same file; lcov 1.x records no
end line.
"""

import argparse
import os
import re
import sys


class SourceFile:
    """One SF: record of the trace file."""

    def __init__(self, path):
        self.path = path
        self.lines = {}         # line -> count
        self.branches = []      # (line, taken)
        self.funcs = {}         # name -> first line
        self.fhits = {}         # name -> count

    def func_spans(self):
        """(name, first, last) of each function, in line order."""
        order = sorted(self.funcs.items(), key=lambda kv: (kv[1], kv[0]))
        spans = []
        for i, (name, first) in enumerate(order):
            nxt = order[i + 1][1] if i + 1 < len(order) else 1 << 30
            spans.append((name, first, max(first, nxt - 1)))
        return spans


def read_info(path):
    files = []
    cur = None
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            tag, _, val = line.partition(':')
            if tag == 'SF':
                cur = SourceFile(val)
                files.append(cur)
            elif cur is None:
                continue
            elif tag == 'DA':
                ln, cnt = val.split(',')[:2]
                cur.lines[int(ln)] = cur.lines.get(int(ln), 0) + int(cnt)
            elif tag == 'BRDA':
                ln, _blk, _br, taken = val.split(',')
                cur.branches.append((int(ln), taken not in ('-', '0')))
            elif tag == 'FN':
                ln, name = val.split(',', 1)
                cur.funcs[name] = int(ln)
            elif tag == 'FNDA':
                cnt, name = val.split(',', 1)
                cur.fhits[name] = cur.fhits.get(name, 0) + int(cnt)
            elif tag == 'end_of_record':
                cur = None
    return files


def pct(hit, total):
    return '%5.1f%%' % (100.0 * hit / total) if total else '    - '


def ratio(hit, total):
    return '%5d/%-5d %s' % (hit, total, pct(hit, total))


def rel(path, tree):
    return os.path.relpath(path, tree) if path.startswith(tree + '/') else path


def file_rows(files, tree):
    rows = []
    for sf in files:
        lh = sum(1 for c in sf.lines.values() if c)
        bh = sum(1 for _, t in sf.branches if t)
        fh = sum(1 for n in sf.funcs if sf.fhits.get(n, 0))
        rows.append((rel(sf.path, tree), (lh, len(sf.lines)),
                     (bh, len(sf.branches)), (fh, len(sf.funcs))))
    return rows


def error_names(tree):
    """The ERRORS list of trace_probe.h, in order."""
    text = open(os.path.join(tree, 'kernel/trace/trace_probe.h')).read()
    m = re.search(r'#define ERRORS\s*\\\n(.*?)\n\n', text, re.S)
    if not m:
        sys.exit('cov_summary.py: no ERRORS list in trace_probe.h')
    return re.findall(r'C\((\w+),', m.group(1))


def call_sites(path, names):
    """(line, last line, error) of every trace_probe_log_err() call."""
    text = open(path).read()
    sites = []
    for m in re.finditer(r'\btrace_probe_log_err\s*\(', text):
        start = text.rfind('\n', 0, m.start()) + 1
        if text[start:m.start()].lstrip().startswith('#define'):
            continue
        depth, i = 1, m.end()
        while depth and i < len(text):
            depth += {'(': 1, ')': -1}.get(text[i], 0)
            i += 1
        call = text[m.end():i - 1]
        first = text.count('\n', 0, m.start()) + 1
        last = text.count('\n', 0, i) + 1
        err = call.rsplit(',', 1)[-1] if ',' in call else ''
        for name in re.findall(r'\b[A-Z][A-Z0-9_]+\b', err):
            if name in names:
                sites.append((first, last, name))
    return sites


def read_reasons(path):
    """NAME -> reason, from a file of "NAME REASON" lines."""
    reasons = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                name, _, why = line.partition(' ')
                reasons[name] = why.strip()
    return reasons


def wrap(words, indent, width=76):
    out, line = [], indent
    for w in words:
        if len(line) + len(w) + 1 > width and line.strip():
            out.append(line.rstrip())
            line = indent
        line += w + ' '
    if line.strip():
        out.append(line.rstrip())
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--tree', required=True)
    ap.add_argument('--functions')
    ap.add_argument('--reasons')
    ap.add_argument('info')
    args = ap.parse_args()
    tree = os.path.realpath(args.tree)
    files = sorted(read_info(args.info), key=lambda s: (s.path.endswith('.h'), s.path))
    if not files:
        sys.exit('cov_summary.py: %s holds no file' % args.info)

    out = ['## Per file', '',
           '%-36s %-18s %-18s %s' % ('File', 'Lines', 'Branches', 'Functions')]
    tot = [[0, 0], [0, 0], [0, 0]]
    for name, lines, branches, funcs in file_rows(files, tree):
        out.append('%-36s %s %s %s' % (name, ratio(*lines), ratio(*branches), ratio(*funcs)))
        for i, v in enumerate((lines, branches, funcs)):
            tot[i][0] += v[0]
            tot[i][1] += v[1]
    out.append('%-36s %s %s %s' % ('All', ratio(*tot[0]), ratio(*tot[1]), ratio(*tot[2])))

    out += ['', '## Functions nothing reached', '']
    for sf in files:
        missed = sorted(n for n in sf.funcs if not sf.fhits.get(n, 0))
        if missed:
            out.append('%s (%d):' % (rel(sf.path, tree), len(missed)))
            out += wrap(missed, '  ')

    names = error_names(tree)
    sites = {}
    for sf in files:
        if sf.path.endswith('.c'):
            for first, last, err in call_sites(sf.path, set(names)):
                ran = any(sf.lines.get(ln, 0) for ln in range(first, last + 1))
                sites.setdefault(err, []).append((rel(sf.path, tree), first, ran))
    reached = [n for n in names if any(r for _, _, r in sites.get(n, []))]
    unreached = [n for n in names if n in sites and n not in reached]
    nosite = [n for n in names if n not in sites]
    out += ['', '## Parse errors (trace_probe.h ERRORS) no test reported', '',
            '%d of %d errors reached; %d not reached; %d without a call site in these files.'
            % (len(reached), len(names), len(unreached), len(nosite)), '']
    reasons = read_reasons(args.reasons) if args.reasons else {}
    for n in unreached:
        where = ', '.join('%s:%d' % (os.path.basename(f), ln) for f, ln, _ in sites[n])
        out.append('  %-22s %s' % (n, where))
        out += wrap(reasons.get(n, 'No reason written: a test should reach it.').split(), '      ')
    if nosite:
        out += ['', 'Without a call site:']
        for n in nosite:
            out.append('  %s' % n)
            out += wrap(reasons.get(n, 'No reason written.').split(), '      ')
    stale = [n for n in reached if n in reasons]
    if stale:
        out += ['', 'Reached, but with a reason written why not (drop it from the reasons file):']
        out += wrap(stale, '  ')
    print('\n'.join(out))

    if args.functions:
        with open(args.functions, 'w') as f:
            f.write('%-40s %-6s %-18s %s\n' % ('File:function', 'Calls', 'Lines', 'Branches'))
            for sf in files:
                for name, first, last in sf.func_spans():
                    ls = [c for ln, c in sf.lines.items() if first <= ln <= last]
                    bs = [t for ln, t in sf.branches if first <= ln <= last]
                    f.write('%-40s %-6d %s %s\n' % (
                        '%s:%s' % (os.path.basename(sf.path), name),
                        sf.fhits.get(name, 0), ratio(sum(1 for c in ls if c), len(ls)),
                        ratio(sum(bs), len(bs))))


if __name__ == '__main__':
    main()
