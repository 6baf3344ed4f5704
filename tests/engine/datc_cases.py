"""Reader for the DATC case files (jDip ``TestSuite`` format; see ../shared/datc/README.md)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

SHARED_DATC = Path(__file__).resolve().parents[3] / "shared" / "datc"
CASE_FILES = (
    "datc_v2.4_06.txt",
    "dipai.txt",
    "real.txt",
    "droidippy_errors.txt",
    "diplicity_errors.txt",
)
POWER_NAMES = {
    "austria": "AUSTRIA",
    "england": "ENGLAND",
    "france": "FRANCE",
    "germany": "GERMANY",
    "germnay": "GERMANY",  # a typo in the case file, read as godip reads it
    "italy": "ITALY",
    "russia": "RUSSIA",
    "turkey": "TURKEY",
}


@dataclass
class Case:
    name: str
    source: str
    phase: str = "S1901M"
    owners: list[tuple[str, str]] = field(default_factory=list)
    units: list[tuple[str, str]] = field(default_factory=list)
    dislodged: list[tuple[str, str]] = field(default_factory=list)
    prior: list[tuple[bool, str, str]] = field(default_factory=list)
    orders: list[tuple[str, str]] = field(default_factory=list)
    same: bool = False
    post_units: list[tuple[str, str]] = field(default_factory=list)
    post_dislodged: list[tuple[str, str]] = field(default_factory=list)


_PHASE = re.compile(r"(spring|fall|autumn|winter)\s+(\d+),?\s*(movement|retreat|adjustment)", re.I)
_SECTIONS = {
    "PRESTATE_SUPPLYCENTER_OWNERS": "owners",
    "PRESTATE": "units",
    "PRESTATE_DISLODGED": "dislodged",
    "PRESTATE_RESULTS": "prior",
    "ORDERS": "orders",
    "POSTSTATE": "post_units",
    "POSTSTATE_DISLODGED": "post_dislodged",
}


def _phase(text: str) -> str:
    match = _PHASE.search(text)
    if not match:
        raise ValueError(f"unreadable phase: {text!r}")
    season, year, kind = match.group(1).lower(), match.group(2), match.group(3).lower()
    if kind == "adjustment":
        return f"W{year}A"
    return f"{'S' if season == 'spring' else 'F'}{year}{'M' if kind == 'movement' else 'R'}"


def _power_line(line: str) -> tuple[str, str]:
    """``England: F lon-nth`` (the colon is sometimes missing) -> (ENGLAND, 'F lon-nth')."""
    head, _, rest = line.partition(":")
    if head.strip().lower() in POWER_NAMES:
        return POWER_NAMES[head.strip().lower()], rest.strip()
    word, _, rest = line.partition(" ")
    return POWER_NAMES[word.strip().lower()], rest.strip()


def read_cases(path: Path) -> list[Case]:
    cases: list[Case] = []
    case: Case | None = None
    section: str | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        keyword = line.split()[0]
        if keyword == "CASE":
            case = Case(name=line[5:].strip(), source=path.name)
            section = None
        elif case is None:
            continue
        elif keyword == "PRESTATE_SETPHASE":
            case.phase = _phase(line)
        elif keyword in _SECTIONS:
            section = _SECTIONS[keyword]
        elif keyword == "POSTSTATE_SAME":
            case.same = True
            section = None
        elif keyword == "END":
            cases.append(case)
            case, section = None, None
        elif section == "prior":
            verdict, _, rest = line.partition(":")
            power, order = _power_line(rest.strip())
            case.prior.append((verdict.strip().upper() == "SUCCESS", power, order))
        elif section is not None:
            getattr(case, section).append(_power_line(line))
    return cases


def all_cases() -> list[Case]:
    return [c for name in CASE_FILES for c in read_cases(SHARED_DATC / name)]
