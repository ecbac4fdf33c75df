"""Prints what the robustness tests ran (table size, property examples) in pytest's summary."""
from __future__ import annotations

from krmfn.kio import tree
from tests.unit.robustness.strategies import REPORT


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001 - pytest's hook signature
    if REPORT:
        terminalreporter.write_sep("-", "robustness")
        for name, count in REPORT.items():
            terminalreporter.write_line(f"{name}: {count}")


def pytest_configure(config):  # noqa: ARG001
    # krmfn raises the recursion limit on its first parse (room for KRMFN_MAX_DEPTH levels); do it
    # now, so that hypothesis does not see it change during a test and warn.
    tree.parse(b"{}")
