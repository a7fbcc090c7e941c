"""Runs the report generator's unit tests and fails when too few ran.

`python3 -m unittest discover` exits 0 on "Ran 0 tests" (Python 3.11), so a
renamed file or a broken pattern would pass silently; this runner requires at
least MIN_TESTS (a floor below today's count).
"""
import sys
import unittest
from pathlib import Path

MIN_TESTS = 50


def main() -> int:
    here = Path(__file__).resolve().parent
    suite = unittest.defaultTestLoader.discover(str(here), pattern="test_*.py")
    result = unittest.TextTestRunner(verbosity=2).run(suite)
    if result.testsRun < MIN_TESTS:
        print(f"run_unit_tests: only {result.testsRun} tests ran, expected at least {MIN_TESTS}", file=sys.stderr)
        return 1
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
