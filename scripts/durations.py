#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""How long each ftracetest case took, and the split of cases into parts.

Usage:
  durations.py measure TEST_D RESULTS_DIR[,RESULTS_DIR...]
      each case's seconds in the run(s) that scripts/guest-ftracetest.sh
      wrote (tests.txt and times.txt, whose lines carry the second each
      KTAP line came), as "CASE SECONDS" sorted by case; a case that
      ftracetest runs again in an instance counts both runs.
  durations.py split N DURATIONS < CASES
      the cases read (one a line) dealt into N parts by their recorded
      seconds (DURATIONS, as "measure" prints them), the longest first,
      each to the part with the least time so far; a case with no record
      counts as the median of the records.  Prints "PART CASE" lines
      (PART from 1), then on stderr each part's expected seconds.
"""

import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ktap_check import RESULT_RE, PLAN_RE, case_names  # noqa: E402


def measure(test_d, dirs):
    secs = {}
    for res in dirs:
        names = case_names(res, test_d)
        last = None
        with open(os.path.join(res, 'times.txt')) as f:
            for line in f:
                stamp, _, ktap = line.rstrip('\n').partition(' ')
                try:
                    now = int(stamp)
                except ValueError:
                    continue
                if PLAN_RE.match(ktap):
                    last = now
                    continue
                m = RESULT_RE.match(ktap)
                if not m or last is None:
                    continue
                num = int(m.group(2))
                if 1 <= num <= len(names):
                    case = names[num - 1].replace(' (instance)', '')
                    secs[case] = secs.get(case, 0) + now - last
                last = now
    if not secs:
        sys.exit('durations.py: no case result with its time in ' + ','.join(dirs))
    for case in sorted(secs):
        print(case, secs[case])


def split(parts, path):
    rec = {}
    with open(path) as f:
        for line in f:
            line = line.split('#', 1)[0].split()
            if len(line) == 2:
                rec[line[0]] = int(line[1])
    default = statistics.median(rec.values()) if rec else 1
    cases = [c.strip() for c in sys.stdin if c.strip()]
    # Longest first; equal times in name order, so the split is the same
    # every time for the same records.
    cases.sort(key=lambda c: (-rec.get(c, default), c))
    load = [0] * parts
    count = [0] * parts
    for case in cases:
        # A case of 0 s still goes to the part with the fewest cases
        # among the least loaded, so that no part is left empty.
        i = min(range(parts), key=lambda k: (load[k], count[k]))
        load[i] += rec.get(case, default)
        count[i] += 1
        print(i + 1, case)
    unknown = sum(1 for c in cases if c not in rec)
    print('parts by recorded seconds: ' + ', '.join(str(round(t)) for t in load) +
          (f' (with no record for {unknown} of the cases, each counted as {default:g} s)'
           if unknown else ''), file=sys.stderr)


def main():
    if len(sys.argv) == 4 and sys.argv[1] == 'measure':
        measure(sys.argv[2], sys.argv[3].split(','))
    elif len(sys.argv) == 4 and sys.argv[1] == 'split' and sys.argv[2].isdigit() \
            and int(sys.argv[2]) > 0:
        split(int(sys.argv[2]), sys.argv[3])
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
