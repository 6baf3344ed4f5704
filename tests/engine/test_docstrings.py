"""The examples in the engine's docstrings run as written, in every module of the package.

Modules are found with pkgutil, so a module added to the engine is covered without
touching this file; and the run fails if no example is found at all, so it cannot pass
by finding nothing.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import engine


def _module_names() -> list[str]:
    found = pkgutil.walk_packages(engine.__path__, prefix=f"{engine.__name__}.")
    return [engine.__name__, *sorted(info.name for info in found)]


MODULES = _module_names()


def _examples(module: ModuleType) -> list[doctest.DocTest]:
    # the finder skips names a module only imports, so each example runs once, at home
    return [test for test in doctest.DocTestFinder().find(module) if test.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    report: list[str] = []
    runner = doctest.DocTestRunner()
    for test in _examples(importlib.import_module(name)):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)


def test_the_engine_has_examples() -> None:
    count = sum(
        len(test.examples) for name in MODULES for test in _examples(importlib.import_module(name))
    )
    assert count > 0, "no docstring examples found in the engine"
