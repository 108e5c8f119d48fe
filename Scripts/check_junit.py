#!/usr/bin/env python3
"""Reads `questionkit test --format junit` output with junitparser, a JUnit XML reader from PyPI.

Usage: check_junit.py BUNDLED.xml BROKEN.xml BROKEN_FOLDER

- BUNDLED.xml (the bundled fixtures) must hold one testcase per fixture, every one passing;
- BROKEN.xml must hold one testcase per *.fixture.json of BROKEN_FOLDER, every one failing, each
  failure's message ending "[code] at <file>:<line>:<column>" for that testcase's file, and the
  testcase's `line` attribute that line.
Exits 0 when all holds, 1 otherwise, listing each failure.
"""

import os
import re
import sys

from junitparser import Failure, JUnitXml

LOCATED = re.compile(r"\[[a-z0-9.-]+\] at (?P<file>.+):(?P<line>\d+):(?P<column>\d+)( \(and \d+ more\))?$")


def cases(path):
    xml = JUnitXml.fromfile(path)
    return [case for suite in xml for case in suite]


def check_bundled(path, problems):
    found = cases(path)
    if not found:
        problems.append(f"{path}: no testcase")
    for case in found:
        if not case.is_passed:
            problems.append(f"{path}: {case.name} does not pass: {[r.message for r in case.result]}")


def check_broken(path, folder, problems):
    expected = sorted(name for name in os.listdir(folder) if name.endswith(".fixture.json"))
    found = cases(path)
    if sorted(case.name for case in found) != expected:
        problems.append(f"{path}: testcases {sorted(case.name for case in found)}, expected {expected}")
    for case in found:
        failures = [result for result in case.result if isinstance(result, Failure)]
        if len(failures) != 1:
            problems.append(f"{path}: {case.name} has {len(failures)} failures, expected 1")
            continue
        match = LOCATED.search(failures[0].message or "")
        if not match or not match.group("file").endswith(case.name):
            problems.append(f"{path}: {case.name}: the failure is not located in it: {failures[0].message!r}")
        elif case._elem.get("line") != match.group("line"):
            problems.append(f"{path}: {case.name}: line={case._elem.get('line')!r}, the cause is on {match.group('line')}")
        if not failures[0].text:
            problems.append(f"{path}: {case.name}: the failure lists no problem")


def main(arguments):
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    bundled, broken, folder = arguments
    problems = []
    check_bundled(bundled, problems)
    check_broken(broken, folder, problems)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        return 1
    print(f"check_junit.py: {bundled} and {broken} read by junitparser as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
