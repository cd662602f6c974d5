#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge an ftracetest KTAP run against the base's expectations.

Usage: ktap_check.py RESULTS_DIR[,RESULTS_DIR...] TEST_D EXPECTATIONS [NEW_TESTS]

RESULTS_DIR holds what scripts/guest-ftracetest.sh wrote (tests.txt,
ktap.txt, logs/); several, comma-separated, are the parts of one run
made by guests side by side, judged as one.  TEST_D is the installed test.d (to tell which cases
ftracetest re-runs in an instance).  EXPECTATIONS lists every case that
does not pass on the base kernel, as "CASE RESULT reason...".  NEW_TESTS,
if given, names the cases the series adds, one a line: they must pass.

Prints one line per unexpected result with the end of its log, then
"N passed, N failed, N skipped, N expected": a case that fails exactly as
it does on the base (FAIL or UNRESOLVED in EXPECTATIONS) counts as
expected, not failed.  Exits 1 if anything is worse than the base, a new
case does not pass, or the run ended early.  With KTAP_RESULTS=FILE in the
environment, every case's result goes to FILE too, "CASE<tab>RESULT" a line.
"""

import os
import re
import sys

RESULT_RE = re.compile(r'^(ok|not ok) (\d+) (.*?)(?: # (\S+))?\s*$')
PLAN_RE = re.compile(r'^1\.\.(\d+)$')


def status_of(ok, directive):
    """ftracetest's result, from the KTAP line."""
    if directive == 'SKIP':
        return 'SKIP'
    if directive == 'XFAIL':
        return 'XFAIL'
    if ok == 'ok':
        return 'PASS'
    if directive == 'UNRESOLVED':
        return 'UNRESOLVED'
    return 'FAIL'


def case_names(res_dir, test_d):
    """Case names in ftracetest's numbering: every case, then the instance re-runs."""
    with open(os.path.join(res_dir, 'tests.txt')) as f:
        cases = [line.strip() for line in f if line.strip()]
    names = list(cases)
    for case in cases:
        try:
            with open(os.path.join(test_d, case)) as f:
                text = f.read()
        except OSError:
            continue
        if re.search(r'^#[ \t]*flags:.*instance', text, re.M):
            names.append(case + ' (instance)')
    return names


def read_expectations(path):
    expect = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            line = line.split('#', 1)[0].strip() if line.lstrip().startswith('#') else line.strip()
            if not line:
                continue
            m = re.match(r'^(\S+(?: \(instance\))?)\s+(FAIL|UNRESOLVED|SKIP|XFAIL)\s+(\S.*)$', line)
            if not m:
                sys.exit(f'{path}:{lineno}: expected "CASE RESULT reason", got: {line}')
            expect[m.group(1)] = m.group(2)
    return expect


def log_tail(res_dir, number, lines=12):
    logs = os.path.join(res_dir, 'logs')
    try:
        for name in sorted(os.listdir(logs)):
            if name.startswith(f'{number}-') and '-log.' in name:
                with open(os.path.join(logs, name), errors='replace') as f:
                    text = f.read().splitlines()
                return [f'    | {t}' for t in text[-lines:]]
    except OSError:
        pass
    return ['    | (no log)']


def main(argv):
    if len(argv) not in (4, 5):
        sys.exit(__doc__)
    res_dirs = argv[1].split(',')
    test_d, exp_path = argv[2:4]
    new = set()
    if len(argv) == 5 and os.path.exists(argv[4]):
        with open(argv[4]) as f:
            new = {line.strip() for line in f if line.strip()}

    expect = read_expectations(exp_path)
    bad = []
    notes = []
    passed = failed = skipped = expected = 0
    all_names = []
    listing = []
    for res_dir in res_dirs:
        names = case_names(res_dir, test_d)
        all_names.extend(names)
        plan = None
        results = {}
        with open(os.path.join(res_dir, 'ktap.txt'), errors='replace') as f:
            for line in f:
                line = line.rstrip('\n')
                m = PLAN_RE.match(line)
                if m and plan is None:
                    plan = int(m.group(1))
                    continue
                m = RESULT_RE.match(line)
                if m:
                    results[int(m.group(2))] = status_of(m.group(1), m.group(4))

        total = plan if plan is not None else len(names)
        if plan is None:
            bad.append('ktap.txt has no plan line: ftracetest did not start')
        elif plan != len(names):
            bad.append(f'ftracetest planned {plan} cases, tests.txt implies {len(names)}')
        for n in range(1, total + 1):
            name = names[n - 1] if n <= len(names) else f'case {n}'
            base_name = name.replace(' (instance)', '')
            got = results.get(n, 'CRASHED')
            listing.append(f'{name}\t{got}')
            want = expect.get(name, 'PASS')
            if got == 'PASS':
                passed += 1
            elif got in ('SKIP', 'XFAIL'):
                skipped += 1
            elif got == want and base_name not in new:
                expected += 1
            else:
                failed += 1
            if base_name in new and got != 'PASS':
                bad.append(f'{got}: {name} (a new case of the series must pass)')
                bad.extend(log_tail(res_dir, n))
            elif got != want:
                if got == 'PASS':
                    notes.append(f'now passes: {name} (expected {want}): remove it from {exp_path}')
                else:
                    bad.append(f'{got}: {name} (the base: {want})')
                    bad.extend(log_tail(res_dir, n))
    # A subset run (make test T=...) need not include the new cases.
    subset = os.environ.get('KTAP_SUBSET') == '1'
    for name in sorted(set() if subset else new - set(all_names)):
        bad.append(f'NOT RUN: {name} (a new case of the series must run and pass)')
    for name in sorted(set() if subset else set(expect) - set(all_names)):
        notes.append(f'not run: {name} is in {os.path.basename(exp_path)} but was not run')

    if os.environ.get('KTAP_RESULTS'):
        with open(os.environ['KTAP_RESULTS'], 'w') as f:
            f.writelines(line + '\n' for line in listing)
    for line in notes:
        print(f'note: {line}')
    for line in bad:
        print(line)
    if bad:
        print(f'ftracetest: worse than the base (above; logs in {", ".join(d + "/logs" for d in res_dirs)})')
    else:
        print(f'ftracetest: nothing worse than the base '
              f'({len(expect)} expected non-passes in {exp_path})')
    print(f'{passed} passed, {failed} failed, {skipped} skipped, {expected} expected')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
