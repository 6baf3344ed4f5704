"""Conditional retreats and adjustments, sent ahead with movement orders (the league's
errata), as players write them, and put to work when their phase opens:

    if MUN dislodged retreat BER, KIE           MUN's unit, if dislodged, retreats to BER if
                                                it may, else to KIE (in order of preference);
                                                end the list with `disband` to disband rather
                                                than be asked
    if +2 build A LON, F EDI                    two builds owed after the Fall (in Diplomacia,
                                                at the control evaluation after an even
                                                turn): these builds
    if +1 build F LON                           one build owed: this one
    if -1 remove A MUN                          one removal owed: this one

Several go in one `order` separated by `;` or new lines, and may sit beside plain orders.
``+N`` / ``-N`` is the adjustment the power ends the year with: builds owed (centres gained)
or removals owed. The league's own words say the same: "If two Supply Centers are gained,
build A LON and F EDI; if only one is gained, build F LON" is ``if +2 ...; if +1 ...``, and
so are "if I gain 2", "if gain one", "if 1 centre gained", "if one supply center is lost,
remove A MUN", "if I lose 1" (counts in figures or as words, one to ten).

When the retreat or adjustment phase opens, each condition that fits what happened becomes an
order of the new phase, as if the player had just sent it. What the conditions did not
foresee is left to the player, who is asked as usual (the league's errata: "that player will
still need to submit valid orders").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.stored_orders import order_key
from bot.store import Game, OrderKind, PhaseStatus, Store
from bot.store import Order as OrderRow
from bot.store import Phase as PhaseRow
from engine import (
    Build,
    Disband,
    Dislodged,
    Order,
    OrderError,
    Phase,
    PhaseKind,
    Position,
    Season,
    Waive,
    adjustment,
    adjustment_at_best,
    format_order,
    kind_name,
    parse_order,
    still_to_order,
)
from engine.names import location_code

_IF = re.compile(r"(?i)\s*if\b")
_RETREAT = re.compile(
    r"(?is)\s*if\s+(?P<place>.+?)\s+(?:is\s+)?dislodged\b\s*[:,]?\s*"
    r"(?:(?:retreats?|r)\b\s*(?:to\b)?\s*)?(?:\(?in order of preference\)?\s*[:,]?\s*)?"
    r"(?P<list>.*)"
)
_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# "if +2 build ...", "If two Supply Centers are gained, build ..." (the league's own wording),
# "if only one is gained, ...", "if I gain 2 ...", "if I lose 1, remove ..."
_ADJUST = re.compile(
    r"(?is)\s*if\s+(?:(?:i|we)\s+)?(?P<gain>gains?|wins?|loses?)?\s*(?:only\s+)?"
    rf"(?P<delta>[+-]?\s*\d+|{'|'.join(_NUMBERS)})\b\s*(?:(?:more|fewer)\s+)?"
    r"(?P<noun>(?:supply\s+)?(?:centres?|centers?)|scs?|builds?|removals?)?\s*"
    r"(?:(?:is|are)\s+)?(?P<done>gained|won|lost)?\s*[:,]?\s*"
    r"(?P<verb>builds?|removes?|disbands?)?\b\s*(?P<list>.*)"
)
# the words that say whether centres are gained (builds owed) or lost (removals owed)
_BUILDS = ("gain", "win", "won", "build")
_REMOVALS = ("lose", "lost", "remov", "disband")
_SEPARATORS = re.compile(r"[;\n]")
_ITEMS = re.compile(r"\s*(?:,|\band\b|\bor\b|\bthen\b)\s*", re.IGNORECASE)
_DISBAND = ("disband", "d")

RETREAT = "retreat"
ADJUST = "adjust"
PREFIX = "IF:"


class ConditionError(ValueError):
    """A conditional order that cannot be taken; the message says what would be right."""


@dataclass(frozen=True, slots=True)
class Conditional:
    """One condition and what to do if it comes true.

    ``retreat``: ``province`` (where the power's unit stands now), ``retreats`` in order of
    preference, ``disband`` if none may be taken. ``adjust``: ``delta`` (builds owed if
    positive, removals if negative) and ``orders`` in canonical notation.
    """

    kind: str
    province: str = ""
    retreats: tuple[str, ...] = ()
    disband: bool = False
    delta: int = 0
    orders: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The key it is stored under: a later conditional for the same case replaces it."""
        if self.kind == RETREAT:
            return f"{PREFIX}{self.province}"
        return f"{PREFIX}{self.delta:+d}"

    @property
    def text(self) -> str:
        if self.kind == RETREAT:
            choices = [*self.retreats, *(["disband"] if self.disband else [])]
            return f"if {self.province} dislodged retreat {', '.join(choices)}"
        verb = "build" if self.delta > 0 else "remove"
        bare = [o.removesuffix(" B").removesuffix(" D") for o in self.orders]
        return f"if {self.delta:+d} {verb} {', '.join(bare)}"

    def to_json(self) -> dict[str, Any]:
        if self.kind == RETREAT:
            return {
                "kind": RETREAT,
                "province": self.province,
                "retreats": list(self.retreats),
                "disband": self.disband,
            }
        return {"kind": ADJUST, "delta": self.delta, "orders": list(self.orders)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Conditional:
        if data.get("kind") == RETREAT:
            return cls(
                RETREAT,
                province=str(data["province"]),
                retreats=tuple(str(r) for r in data.get("retreats", ())),
                disband=bool(data.get("disband", False)),
            )
        return cls(
            ADJUST, delta=int(data["delta"]), orders=tuple(str(o) for o in data.get("orders", ()))
        )


def is_condition(piece: str) -> bool:
    """Whether one piece of an `order` text is a conditional order (it starts with `if`)."""
    return _IF.match(piece) is not None


def split_pieces(text: str) -> tuple[list[str], str]:
    """The conditional pieces of an `order` text (each starting with `if`) and the rest,
    the plain orders, as one text."""
    conditions: list[str] = []
    plain: list[str] = []
    for piece in _SEPARATORS.split(text):
        if not piece.strip():
            continue
        (conditions if is_condition(piece) else plain).append(piece.strip())
    return conditions, "; ".join(plain)


def read_conditional(text: str, position: Position, power: str) -> Conditional:
    """One ``if ...`` clause, checked against the movement phase it is sent with."""
    if position.phase.kind is not PhaseKind.MOVEMENT:
        third = kind_name(PhaseKind.ADJUSTMENTS, numbered_turns=position.phase.is_turn).lower()
        raise ConditionError(
            f"conditional orders go with movement orders, for the retreats and {third} that follow"
        )
    adjust = _ADJUST.fullmatch(text)
    if adjust is not None:
        return _adjustment(adjust, position, power)
    retreat = _RETREAT.fullmatch(text)
    if retreat is not None:
        return _retreat(retreat, position, power)
    raise ConditionError(
        "write `if MUN dislodged retreat BER, KIE` or `if +2 build A LON, F EDI` "
        "(`if -1 remove A MUN` for a removal)"
    )


def _items(text: str) -> list[str]:
    return [item for item in _ITEMS.split(text.strip().rstrip(".")) if item]


def _retreat(match: re.Match[str], position: Position, power: str) -> Conditional:
    place = match.group("place")
    words = place.split()
    if len(words) > 1 and words[0].lower() in ("a", "f", "army", "fleet"):
        place = " ".join(words[1:])
    try:
        province = location_code(position.variant, place).split("/")[0]
    except OrderError as exc:
        raise ConditionError(str(exc)) from None
    unit = next((u for u in position.units.get(power, ()) if u.province == province), None)
    if unit is None:
        raise ConditionError(f"you have no unit in {province} to be dislodged")
    items = _items(match.group("list"))
    if not items:
        raise ConditionError(
            f"say where {unit} retreats, e.g. `if {province} dislodged retreat ...`"
        )
    retreats: list[str] = []
    disband = False
    for item in items:
        if item.lower() in _DISBAND:
            disband = True
            break
        try:
            target = location_code(position.variant, item)
        except OrderError as exc:
            raise ConditionError(str(exc)) from None
        if not position.variant.reaches(unit.type, unit.location, target.split("/")[0]):
            raise ConditionError(f"{unit} can never retreat to {target}: it is not next to it")
        if target not in retreats:
            retreats.append(target)
    return Conditional(RETREAT, province=province, retreats=tuple(retreats), disband=disband)


def _delta(match: re.Match[str]) -> int:
    """The adjustment the condition names: builds owed (positive) or removals (negative).

    A sign says which; so do the words (gained, lost, build, remove); with neither, a count
    is of builds.
    """
    written = match.group("delta").replace(" ", "").lower()
    count = _NUMBERS.index(written) + 1 if written in _NUMBERS else abs(int(written))
    if count == 0:
        raise ConditionError("say +1, +2, ... for builds owed or -1, -2, ... for removals owed")
    words = [(match.group(g) or "").lower() for g in ("gain", "noun", "done", "verb")]
    builds = any(w.startswith(_BUILDS) for w in words)
    removals = any(w.startswith(_REMOVALS) for w in words)
    if written[0] in "+-":
        delta = int(written)
        if (builds and delta < 0) or (removals and delta > 0):
            raise ConditionError(f"{delta:+d} means {'removals' if delta < 0 else 'builds'}")
        return delta
    if builds and removals:
        raise ConditionError(
            f"centres gained mean builds and centres lost mean removals: write "
            f"`if +{count} build ...` or `if -{count} remove ...`"
        )
    return -count if removals else count


def _adjustment(match: re.Match[str], position: Position, power: str) -> Conditional:
    delta = _delta(match)
    if not position.phase.settles_centres:
        if position.phase.is_turn:
            raise ConditionError(
                "builds and removals come at the control evaluation after an even turn: "
                f"send them with your turn {position.phase.year + 1} orders"
            )
        raise ConditionError("adjustments follow a Fall: send them with your Fall orders")
    items = _items(match.group("list"))
    if not items:
        raise ConditionError("say what to build or remove")
    if len(items) > abs(delta):
        raise ConditionError(f"{delta:+d} allows {abs(delta)}, not {len(items)}")
    winter = adjustment_at_best(position, power)
    orders: list[str] = []
    for item in items:
        written = item if item.lower() == "waive" else ("build " if delta > 0 else "remove ") + item
        try:
            order = parse_order(written, winter, power, check=delta > 0)
        except OrderError as exc:
            raise ConditionError(f"{item}: {exc}") from None
        if delta > 0 and not isinstance(order, Build | Waive):
            raise ConditionError(f"{item}: +{delta} is for builds")
        if delta < 0 and not isinstance(order, Disband):
            raise ConditionError(f"{item}: {delta} is for removals")
        orders.append(format_order(order))
    return Conditional(ADJUST, delta=delta, orders=tuple(orders))


def applicable(conditionals: Sequence[Conditional], delta: int) -> Conditional | None:
    """The adjustment conditional for the adjustment the power has, if one was given."""
    return next((c for c in conditionals if c.kind == ADJUST and c.delta == delta), None)


@dataclass(frozen=True, slots=True)
class Applied:
    """A power's conditional orders that became orders of the new phase."""

    orders: tuple[str, ...]
    # Nothing is left for the player to order.
    complete: bool


async def source_phase(
    store: Store, game: Game, judged: PhaseRow, opened: Position
) -> PhaseRow | None:
    """The movement phase whose conditional orders the opened phase may use."""
    kind = opened.phase.kind
    if kind is PhaseKind.RETREATS:
        return judged
    if kind is not PhaseKind.ADJUSTMENTS:
        return None
    # the movement phase before: the Fall's, or the even turn's in Diplomacia
    season = Season.TURN if opened.phase.is_turn else Season.FALL
    fall = str(Phase(opened.phase.year, season, PhaseKind.MOVEMENT))
    if judged.name == fall:
        return judged
    done = [
        p
        for p in await store.phases_of(game.id)
        if p.name == fall and p.status == PhaseStatus.ADJUDICATED
    ]
    return done[-1] if done else None


async def apply(
    store: Store,
    game: Game,
    judged: PhaseRow,
    opened: PhaseRow,
    position: Position,
    playing: Collection[str],
) -> dict[str, Applied]:
    """Record the fitting conditional orders as the opened phase's orders; power -> what
    was applied."""
    source = await source_phase(store, game, judged, position)
    if source is None:
        return {}
    rows = await store.orders_of_phase(source.id, kind=OrderKind.CONDITIONAL)
    by_power: dict[str, list[tuple[Conditional, OrderRow]]] = {}
    for row in rows:
        if row.power in playing and row.condition is not None:
            by_power.setdefault(row.power, []).append((Conditional.from_json(row.condition), row))
    out: dict[str, Applied] = {}
    for power, given in by_power.items():
        orders = (
            _retreats(position, power, given)
            if position.phase.kind is PhaseKind.RETREATS
            else _adjustments(position, power, given)
        )
        if not orders:
            continue
        keys: list[str] = []
        for order, row in orders:
            key = order_key(order, keys)
            keys.append(key)
            text = format_order(order)
            await store.record_order(
                opened.id,
                power,
                key,
                text,
                canonical_text=text,
                submitted_by=row.submitted_by,
            )
        applied = [o for o, _ in orders]
        complete = not still_to_order(position, power, applied)
        out[power] = Applied(tuple(format_order(o) for o in applied), complete)
    return out


def _read(position: Position, power: str, text: str) -> Order | None:
    try:
        return parse_order(text, position, power)
    except OrderError:
        return None


def _retreats(
    position: Position, power: str, given: Sequence[tuple[Conditional, OrderRow]]
) -> list[tuple[Order, OrderRow]]:
    wanted = {c.province: (c, row) for c, row in given if c.kind == RETREAT}
    out: list[tuple[Order, OrderRow]] = []
    for dislodged in position.dislodged:
        if dislodged.power != power or dislodged.unit.province not in wanted:
            continue
        condition, row = wanted[dislodged.unit.province]
        text = _retreat_text(dislodged, condition)
        order = None if text is None else _read(position, power, text)
        if order is not None:
            out.append((order, row))
    return out


def _retreat_text(dislodged: Dislodged, condition: Conditional) -> str | None:
    """The first preference the unit may take; a province without a coast matches the one
    coast it may reach."""
    for target in condition.retreats:
        if target in dislodged.retreats:
            return f"{dislodged.unit} R {target}"
        coasts = [r for r in dislodged.retreats if r.split("/")[0] == target]
        if len(coasts) == 1:
            return f"{dislodged.unit} R {coasts[0]}"
    if condition.disband:
        return f"{dislodged.unit} D"
    return None


def _adjustments(
    position: Position, power: str, given: Sequence[tuple[Conditional, OrderRow]]
) -> list[tuple[Order, OrderRow]]:
    # accounts kept apart count together here: `if +1 build ...` is one unit more in all
    delta = adjustment(position, power).owed
    conditionals: Mapping[Conditional, OrderRow] = {c: row for c, row in given if c.kind == ADJUST}
    chosen = applicable(list(conditionals), delta)
    if chosen is None:
        return []
    row = conditionals[chosen]
    owed = len(still_to_order(position, power, ()))
    out: list[tuple[Order, OrderRow]] = []
    places: set[str] = set()
    for text in chosen.orders:
        if len(out) >= owed:
            break
        order = _read(position, power, text)
        if order is None:
            continue
        place = format_order(order).split(" ")[1] if " " in format_order(order) else ""
        if place and place.split("/")[0] in places:
            continue
        places.add(place.split("/")[0])
        out.append((order, row))
    return out
