"""The examples in the engine's docstrings run as written."""

from __future__ import annotations

import doctest

import engine


def test_engine_docstring_examples() -> None:
    failures, tried = doctest.testmod(engine)
    assert tried > 0
    assert failures == 0
