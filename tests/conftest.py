"""Shared test hooks: the run ends with a line saying how many DATC cases ran and passed."""

from __future__ import annotations

import pytest

_DATC: dict[str, int] = {"ran": 0, "passed": 0}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and "test_datc_case[" in report.nodeid:
        _DATC["ran"] += 1
        _DATC["passed"] += int(report.passed)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _DATC["ran"]:
        terminalreporter.write_line(f"DATC: {_DATC['ran']} cases ran, {_DATC['passed']} passed")
