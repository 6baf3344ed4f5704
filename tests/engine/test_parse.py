"""Reading orders: every notation of the rule books, the DATC files and the Slack league.

Each table row is (power, text as a player writes it, the order in canonical notation).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import (
    AmbiguousOrderError,
    Build,
    Convoy,
    Dislodged,
    IllegalOrderError,
    InvalidOrderError,
    Move,
    OrderError,
    Phase,
    Position,
    SupportMove,
    Unit,
    UnitType,
    Variant,
    format_order,
    load_variant,
    parse_order,
    parse_orders,
)
from engine.names import location_code, names_for, power_code, province_code
from engine.position import retreat_options
from engine.variant import variant_from_dict

STANDARD = load_variant()


def board(
    phase: str,
    units: Mapping[str, Sequence[str]],
    centers: Mapping[str, Sequence[str]] | None = None,
    dislodged: Sequence[tuple[str, str, str | None]] = (),
    variant: Variant = STANDARD,
) -> Position:
    """A position from unit lists; centres default to the home centres, and each dislodged
    entry is (power, unit, attacker's origin) with its retreats worked out."""
    placed = {p: tuple(Unit.parse(u) for u in units.get(p, ())) for p in variant.powers}
    occupied = {u.province for us in placed.values() for u in us}
    owned = centers if centers is not None else {p: variant.homes(p) for p in variant.powers}
    return Position(
        variant=variant,
        phase=Phase.parse(phase),
        units=placed,
        centers={p: frozenset(owned.get(p, ())) for p in variant.powers},
        homes={p: variant.homes(p) for p in variant.powers},
        dislodged=tuple(
            Dislodged(
                power,
                Unit.parse(unit),
                origin,
                retreat_options(variant, Unit.parse(unit), origin, occupied, ()),
            )
            for power, unit, origin in dislodged
        ),
    )


OPENING = Position.initial()

# Fall 1901: fleets at sea for convoys, and units to support
AT_SEA = board(
    "F1901M",
    {
        "ENGLAND": ["F NTH", "A YOR", "A LON", "F ENG", "F NWG", "F NAO"],
        "FRANCE": ["A PIC", "F LYO", "F MAO", "A NAF"],
        "GERMANY": ["A HOL", "F HEL", "A BUR", "F DEN"],
        "ITALY": ["F TYS", "A TUS", "F ADR", "F WES"],
        "AUSTRIA": ["A SER", "A BUD"],
        "RUSSIA": ["A UKR", "F SEV", "F BOT", "F SPA/SC"],
        "TURKEY": ["A BUL", "F EAS"],
    },
)

RETREATS = board(
    "F1901R",
    {"GERMANY": ["A PAR", "F BRE"], "ENGLAND": ["F MAO"]},
    dislodged=[("FRANCE", "A PAR", "BUR"), ("FRANCE", "F GAS", "BRE"), ("ENGLAND", "F NTH", None)],
)

WINTER = board(
    "W1901A",
    {"ENGLAND": ["A NWY"], "GERMANY": ["A MUN", "F KIE", "A BER", "A HOL"], "RUSSIA": []},
    centers={
        "ENGLAND": ["EDI", "LON", "LVP", "NWY"],
        "GERMANY": ["BER", "KIE", "MUN"],
        "RUSSIA": ["STP", "MOS", "WAR", "SEV"],
    },
)


def canonical(text: str, position: Position, power: str) -> str:
    return format_order(parse_order(text, position, power))


# Movement ------------------------------------------------------------------------------

OPENING_ORDERS = [
    # UK rule book II.2, III.6: brackets, dashes of every length, abbreviations
    ("FRANCE", "F (Bre) — ENG", "F BRE - ENG"),
    ("FRANCE", "F (Bre) – ENG", "F BRE - ENG"),
    ("FRANCE", "F(Bre)-Pic", "F BRE - PIC"),
    ("FRANCE", "A (Par) — Bur", "A PAR - BUR"),
    ("FRANCE", "A(Par)-Bur", "A PAR - BUR"),
    ("FRANCE", "A (Mar) — Spa", "A MAR - SPA"),
    ("ENGLAND", "A(Lpl)-Yor", "A LVP - YOR"),
    ("ENGLAND", "F(Lon)-NTH", "F LON - NTH"),
    ("ENGLAND", "F(Edi)-NWG", "F EDI - NWG"),
    ("RUSSIA", "F(St.P)-GOB", "F STP/SC - BOT"),
    ("RUSSIA", "F(Sev)-BLA", "F SEV - BLA"),
    ("TURKEY", "A(Con)-Bul", "A CON - BUL"),
    ("ITALY", "F(Nap)-ION", "F NAP - ION"),
    ("GERMANY", "F(Kie)-Den", "F KIE - DEN"),
    ("GERMANY", "F(Kie) Stands", "F KIE H"),
    ("ITALY", "A(Ven) Stands", "A VEN H"),
    # the brief's and the Slack league's plain notation
    ("ENGLAND", "A Lon-NTH", "F LON - NTH"),  # wrong unit letter: the real unit (DATC 4.C.2)
    ("ENGLAND", "F Lon-NTH", "F LON - NTH"),
    ("GERMANY", "F KIE—HEL", "F KIE - HEL"),
    ("GERMANY", "A Mun H", "A MUN H"),
    ("GERMANY", "A Mun hold", "A MUN H"),
    ("GERMANY", "A Mun holds", "A MUN H"),
    ("GERMANY", "A Mun stands", "A MUN H"),
    ("GERMANY", "A MUN HOLD", "A MUN H"),
    ("GERMANY", "A Mun -> Ruh", "A MUN - RUH"),
    ("GERMANY", "A Mun → Ruh", "A MUN - RUH"),
    ("GERMANY", "A Mun to Ruh", "A MUN - RUH"),
    ("GERMANY", "A Mun moves to Ruh", "A MUN - RUH"),
    ("GERMANY", "A Mun move to Ruh", "A MUN - RUH"),
    ("GERMANY", "a mun-ruh", "A MUN - RUH"),
    # 1961 rules sample game: dotted abbreviations and full names
    ("ENGLAND", "A Liv.—Yor.", "A LVP - YOR"),
    ("ENGLAND", "F Lon.—North Sea", "F LON - NTH"),
    ("ENGLAND", "F Edi.—Norw. Sea", "F EDI - NWG"),
    ("GERMANY", "A Ber.—Kiel", "A BER - KIE"),
    ("GERMANY", "A Mun.—Ruhr", "A MUN - RUH"),
    ("GERMANY", "F Kiel—Den.", "F KIE - DEN"),
    ("RUSSIA", "F St. P.—Both.", "F STP/SC - BOT"),
    ("RUSSIA", "F Sev.—Bla.", "F SEV - BLA"),
    ("TURKEY", "F Ank.—Bla.", "F ANK - BLA"),
    ("AUSTRIA", "A Vie.—Tri.", "A VIE - TRI"),
    ("ITALY", "A Rome—Ven.", "A ROM - VEN"),
    ("ITALY", "F Nap.—Ion.", "F NAP - ION"),
    ("ITALY", "F Nap.—Tyr.", "F NAP - TYS"),  # for a fleet, Tyr. can only be the sea
    ("ITALY", "A Ven.—Tyr.", "A VEN - TYR"),
    ("FRANCE", "F Bre.—Pic.", "F BRE - PIC"),
    # Slack league summary: province, unit word, "to"
    ("GERMANY", "Munich army to Ruhr", "A MUN - RUH"),
    ("GERMANY", "Kiel fleet to Holland", "F KIE - HOL"),
    ("GERMANY", "Berlin army to Silesia", "A BER - SIL"),
    ("ENGLAND", "London fleet to North Sea", "F LON - NTH"),
    ("ENGLAND", "Edinburgh fleet to Norwegian Sea", "F EDI - NWG"),
    ("ENGLAND", "Liverpool army to Yorkshire", "A LVP - YOR"),
    ("FRANCE", "Paris army to Burgundy", "A PAR - BUR"),
    # UK rule book II.3: the unit left out when only one could do it
    ("AUSTRIA", "Army to Serbia", "A BUD - SER"),
    ("AUSTRIA", "Army to Rumania", "A BUD - RUM"),
    ("AUSTRIA", "Fleet to Albania", "F TRI - ALB"),
    # supports
    ("FRANCE", "A Mar S A Par-Bur", "A MAR S A PAR - BUR"),
    ("FRANCE", "A Mar supports A Par - Bur", "A MAR S A PAR - BUR"),
    ("FRANCE", "A Mar SUPPORTS A Par-Bur", "A MAR S A PAR - BUR"),
    ("FRANCE", "A Mar s Par-Bur", "A MAR S PAR - BUR"),
    ("FRANCE", "A Mar S Paris - Burgundy", "A MAR S PAR - BUR"),
    ("GERMANY", "A Mun S A Ber", "A MUN S A BER"),
    ("GERMANY", "A mun support a ber", "A MUN S A BER"),
    ("GERMANY", "F Kie S A Ber", "F KIE S A BER"),
    ("GERMANY", "A Ber S F Kie", "A BER S F KIE"),
    ("RUSSIA", "A War S A Mos - Ukr", "A WAR S A MOS - UKR"),
    # split coasts in every notation
    ("RUSSIA", "F StP/sc H", "F STP/SC H"),
    ("RUSSIA", "F StP(sc) H", "F STP/SC H"),
    ("RUSSIA", "F St. Petersburg (South Coast) stands", "F STP/SC H"),
    ("RUSSIA", "F St Petersburg South Coast - Finland", "F STP/SC - FIN"),
    ("RUSSIA", "F stp/nc-bot", "F STP/SC - BOT"),  # wrong coast of the unit (DATC 4.B.5)
    ("RUSSIA", "F stp/sc-bot", "F STP/SC - BOT"),
    ("FRANCE", "A Mar - Spa/nc", "A MAR - SPA"),  # an army's coast is ignored (DATC 4.B.6)
    ("FRANCE", "A Mar - Spa (north coast)", "A MAR - SPA"),
    # long names, hyphens inside names
    ("FRANCE", "F Bre - Mid-Atlantic Ocean", "F BRE - MAO"),
    ("FRANCE", "F Bre - Mid Atlantic", "F BRE - MAO"),
    ("FRANCE", "F Bre - MID", "F BRE - MAO"),
    ("FRANCE", "F Brest - English Channel", "F BRE - ENG"),
    # a power naming itself
    ("FRANCE", "France: A Par - Bur", "A PAR - BUR"),
    ("FRANCE", "FRANCE A Par-Bur", "A PAR - BUR"),
    ("GERMANY", "Germany: F(Kie)-Den", "F KIE - DEN"),
    ("AUSTRIA", "Austria-Hungary: A Vie.—Tri.", "A VIE - TRI"),
]


@pytest.mark.parametrize(("power", "text", "expected"), OPENING_ORDERS)
def test_opening_notations(power: str, text: str, expected: str) -> None:
    assert canonical(text, OPENING, power) == expected


AT_SEA_ORDERS = [
    # convoys: UK rule book, 1961 rules, DATC files
    ("ENGLAND", "F NTH C A Yor-Nwy", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F NTH convoys A Yor - Nwy", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F nth Convoys A yor - nwy", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F NTH CONVOY A yor-nwy", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F(NTH)cA(Yor)-Nwy", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F North Sea C A Yor.—Norway", "F NTH C A YOR - NWY"),
    ("ENGLAND", "F (ENG) c A (Lon) — Bel", "F ENG C A LON - BEL"),
    ("ENGLAND", "Fleet convoys A Yor - Nwy", "F NTH C A YOR - NWY"),
    ("ITALY", "F (TYS) c A(Tus) — Nap", "F TYS C A TUS - NAP"),
    ("ENGLAND", "A Yor-Nwy", "A YOR - NWY"),
    ("ENGLAND", "A Yor.—Norway", "A YOR - NWY"),
    ("ENGLAND", "A Lon-Bel via convoy", "A LON - BEL VIA"),
    ("ENGLAND", "A Lon-Bel VIA", "A LON - BEL VIA"),
    ("ENGLAND", "A Lon-Bel via Convoy", "A LON - BEL VIA"),
    ("ENGLAND", "A Lon - Bel by convoy", "A LON - BEL VIA"),
    ("ENGLAND", "A (Lond) c Bel", "A LON - BEL VIA"),
    ("ENGLAND", "A Lon - Bel", "A LON - BEL"),
    # nationality in a support is read and ignored (DATC 4.C.5, 4.C.6)
    ("GERMANY", "A HOL S A FRA PIC—BEL", "A HOL S A PIC - BEL"),
    ("GERMANY", "A HOL S A FRA BEL", "A HOL S A BEL"),
    ("AUSTRIA", "A Ser S Turk. A Bul-Rum", "A SER S A BUL - RUM"),
    ("AUSTRIA", "A(Ser) s Turkish A(Bul)-Rum", "A SER S A BUL - RUM"),
    ("AUSTRIA", "A Ser. S Turk. A Bul.—Rum.", "A SER S A BUL - RUM"),
    ("AUSTRIA", "A Ser S A Italian Bul - Rum", "A SER S A BUL - RUM"),
    ("GERMANY", "F HEL S F English Channel - NTH", "F HEL S F ENG - NTH"),
    ("GERMANY", "F HEL S F ENG - NTH", "F HEL S F ENG - NTH"),
    ("RUSSIA", "A(Ukr)sF(Sev)-Rum", "A UKR S F SEV - RUM"),
    ("GERMANY", "F(Den) Stands", "F DEN H"),
    ("RUSSIA", "F spa/nc H", "F SPA/SC H"),  # the coast of the unit is not checked (4.B.5)
    ("RUSSIA", "A Ukr S F Sev.—Rum.", "A UKR S F SEV - RUM"),
    ("GERMANY", "A Bur S Pic-Bel", "A BUR S PIC - BEL"),
    ("GERMANY", "A Bur supports A Pic - Bel", "A BUR S A PIC - BEL"),
    ("FRANCE", "Picardy army supports Burgundy army in attack on Paris", "A PIC S A BUR - PAR"),
    ("ENGLAND", "F S A Yor", "F NTH S A YOR"),  # only one fleet could
    ("AUSTRIA", "A(Bud) ms A(Ser)", "A BUD S A SER"),  # UK rule book's mutual support
    # sea abbreviations of every rule book, and the DATC files' (godip) ones
    ("FRANCE", "F GoL H", "F LYO H"),
    ("FRANCE", "F LYO H", "F LYO H"),
    ("FRANCE", "F gol H", "F LYO H"),
    ("FRANCE", "F Gulf of Lyons H", "F LYO H"),
    ("FRANCE", "F Gulf of L. H", "F LYO H"),
    ("FRANCE", "F MAO H", "F MAO H"),
    ("FRANCE", "F MID H", "F MAO H"),
    ("FRANCE", "F Mid-Atlantic Ocean H", "F MAO H"),
    ("FRANCE", "F Mid. H", "F MAO H"),
    ("ENGLAND", "F NAO H", "F NAO H"),
    ("ENGLAND", "F NAT H", "F NAO H"),
    ("ENGLAND", "F North Atlantic Ocean H", "F NAO H"),
    ("ENGLAND", "F NWG H", "F NWG H"),
    ("ENGLAND", "F NRG H", "F NWG H"),
    ("ENGLAND", "F Norw. Sea H", "F NWG H"),
    ("ENGLAND", "F North Sea H", "F NTH H"),
    ("ENGLAND", "F English Channel H", "F ENG H"),
    ("ITALY", "F ADS H", "F ADR H"),
    ("ITALY", "F ADR H", "F ADR H"),
    ("ITALY", "F WMS H", "F WES H"),
    ("ITALY", "F WES H", "F WES H"),
    ("ITALY", "F W Med. H", "F WES H"),
    ("ITALY", "F Tyr. H", "F TYS H"),  # 1961: "F Tyr.—Gulf of L."
    ("ITALY", "F Tyr.—Gulf of L.", "F TYS - LYO"),
    ("ITALY", "F TYS—W Med.", "F TYS - WES"),
    ("ITALY", "F W Med.—Tun.", "F WES - TUN"),
    ("TURKEY", "F EMS H", "F EAS H"),
    ("TURKEY", "F EAS H", "F EAS H"),
    ("RUSSIA", "F GoB H", "F BOT H"),
    ("RUSSIA", "F BOT H", "F BOT H"),
    ("RUSSIA", "F Both. H", "F BOT H"),
    ("FRANCE", "A NAf H", "A NAF H"),
    ("FRANCE", "A N Africa H", "A NAF H"),
    # split coasts as the UK rule book writes them
    ("RUSSIA", "F(Spa)sc — Mar", "F SPA/SC - MAR"),
    ("RUSSIA", "F Spa sc - Mar", "F SPA/SC - MAR"),
    ("RUSSIA", "F spa/sc-mar", "F SPA/SC - MAR"),
    ("RUSSIA", "F Spa nc - MAO", "F SPA/SC - MAO"),
    ("RUSSIA", "F Spa - Por", "F SPA/SC - POR"),
    ("FRANCE", "F (MAO) — Spa sc", "F MAO - SPA/SC"),
    ("FRANCE", "F MAO - Spa nc", "F MAO - SPA/NC"),
    ("FRANCE", "F MAO - Spa(nc)", "F MAO - SPA/NC"),
    ("FRANCE", "F MAO - Spain (North Coast)", "F MAO - SPA/NC"),
    ("FRANCE", "F MAO - spa/nc", "F MAO - SPA/NC"),
    ("FRANCE", "F MAO - Spa north", "F MAO - SPA/NC"),
]


@pytest.mark.parametrize(("power", "text", "expected"), AT_SEA_ORDERS)
def test_fleets_at_sea_notations(power: str, text: str, expected: str) -> None:
    assert canonical(text, AT_SEA, power) == expected


# Retreats and adjustments -----------------------------------------------------------------

RETREAT_ORDERS = [
    ("FRANCE", "A Par R Gas", "A PAR R GAS"),
    ("FRANCE", "A Par - Gas", "A PAR R GAS"),
    ("FRANCE", "A Par retreats to Gas", "A PAR R GAS"),
    ("FRANCE", "A Par retreat Pic", "A PAR R PIC"),
    ("FRANCE", "A(Par)—Pic", "A PAR R PIC"),
    ("FRANCE", "A Par disband", "A PAR D"),
    ("FRANCE", "A Par D", "A PAR D"),
    ("FRANCE", "A PAR DISBAND", "A PAR D"),
    ("FRANCE", "F Gas R Spa", "F GAS R SPA/NC"),  # the only coast it can reach
    ("FRANCE", "F Gas - Spa nc", "F GAS R SPA/NC"),
    ("FRANCE", "Army retreats to Gas", "A PAR R GAS"),
    ("ENGLAND", "F nth-edi", "F NTH R EDI"),
]


@pytest.mark.parametrize(("power", "text", "expected"), RETREAT_ORDERS)
def test_retreat_notations(power: str, text: str, expected: str) -> None:
    assert canonical(text, RETREATS, power) == expected


ADJUSTMENT_ORDERS = [
    ("ENGLAND", "Build F Edi", "F EDI B"),
    ("ENGLAND", "F EDI B", "F EDI B"),
    ("ENGLAND", "build army Lon", "A LON B"),
    ("ENGLAND", "Build A lon", "A LON B"),
    ("ENGLAND", "BUILD A lvp", "A LVP B"),
    ("ENGLAND", "F(Edi)", "F EDI B"),  # UK rule book's "Units built" column
    ("ENGLAND", "F EDI", "F EDI B"),  # Slack league: "Build ... F BER"
    ("ENGLAND", "England builds F Edi.", "F EDI B"),
    ("ENGLAND", "waive", "WAIVE"),
    ("ENGLAND", "WAIVE", "WAIVE"),
    ("RUSSIA", "F StP/nc B", "F STP/NC B"),
    ("RUSSIA", "BUILD F stp/nc", "F STP/NC B"),
    ("RUSSIA", "Build F St. Petersburg (North Coast)", "F STP/NC B"),
    ("RUSSIA", "Build F StP(sc)", "F STP/SC B"),
    ("RUSSIA", "build stp/nc", "F STP/NC B"),  # no letter, but a coast: a fleet (DATC 4.C.3)
    ("RUSSIA", "Build mos", "A MOS B"),  # no letter, inland: an army (DATC 4.C.3)
    ("RUSSIA", "Russia builds A St. P.", "A STP B"),
    ("RUSSIA", "Build A war", "A WAR B"),
    ("RUSSIA", "raise A MOS", "A MOS B"),  # the bot's own word for a build
    ("RUSSIA", "field A Moscow", "A MOS B"),  # the Diplomacia handbook's
    ("GERMANY", "Remove A Mun", "A MUN D"),
    ("GERMANY", "Remove mun", "A MUN D"),
    ("GERMANY", "A Mun D", "A MUN D"),
    ("GERMANY", "disband A Mun", "A MUN D"),
    ("GERMANY", "A Mun disband", "A MUN D"),
    ("GERMANY", "Remove F kie", "F KIE D"),
    ("GERMANY", "Remove A kie", "F KIE D"),  # the real unit (DATC 4.C.2)
    ("GERMANY", "Germany removes A Mun.", "A MUN D"),
    ("GERMANY", "Remove fleet", "F KIE D"),
]


@pytest.mark.parametrize(("power", "text", "expected"), ADJUSTMENT_ORDERS)
def test_adjustment_notations(power: str, text: str, expected: str) -> None:
    assert canonical(text, WINTER, power) == expected


# The DATC files' notation, read without checking --------------------------------------------

DATC_BOARD = board(
    "S1901M",
    {
        "ENGLAND": ["F NTH", "A YOR", "A LVP", "F LON"],
        "FRANCE": ["F POR", "F GAS", "A BEL"],
        "AUSTRIA": ["A TRI", "F ADR"],
        "ITALY": ["A VEN"],
    },
)

DATC_ORDERS = [
    ("ENGLAND", "F nth-pic", "F NTH - PIC"),  # 6.A.1
    ("ENGLAND", "A yor-yor", "A YOR - YOR"),  # 6.A.5
    ("ENGLAND", "A lvp supports A yor-yor", "A LVP S A YOR - YOR"),
    ("ENGLAND", "F nth convoys A yor - yor", "F NTH C A YOR - YOR"),
    ("GERMANY", "F lon-nth", "F LON - NTH"),  # 6.A.6: another power's unit
    ("ENGLAND", "F lon-bel", "F LON - BEL"),  # 6.A.7
    ("ENGLAND", "F nth Convoys F lon-bel", "F NTH C A LON - BEL"),
    ("FRANCE", "F por-spa", "F POR - SPA"),  # 6.B.1
    ("FRANCE", "F gas-spa", "F GAS - SPA/NC"),  # 6.B.2
    ("FRANCE", "F gas-spa/sc", "F GAS - SPA/SC"),  # 6.B.3
    ("FRANCE", "F por supports f gas - spa/nc", "F POR S F GAS - SPA/NC"),  # coast kept
    ("FRANCE", "A bel-hol via convoy", "A BEL - HOL VIA"),
    ("AUSTRIA", "A tri S A ven", "A TRI S A VEN"),
    ("AUSTRIA", "A tri HOLD", "A TRI H"),
    ("AUSTRIA", "F adr SUPPORT A tri - ven", "F ADR S A TRI - VEN"),
    ("AUSTRIA", "F adr Supports A tri-ven", "F ADR S A TRI - VEN"),
    ("AUSTRIA", "A tri S ven-tyr", "A TRI S VEN - TYR"),
    ("ITALY", "A ven H", "A VEN H"),
]


@pytest.mark.parametrize(("power", "text", "expected"), DATC_ORDERS)
def test_datc_notation_without_check(power: str, text: str, expected: str) -> None:
    order = parse_order(text, DATC_BOARD, power, check=False)
    assert format_order(order) == expected


def test_datc_build_and_remove_notation() -> None:
    assert format_order(parse_order("Remove F kie", WINTER, "GERMANY")) == "F KIE D"
    assert format_order(parse_order("Build F stp", WINTER, "RUSSIA", check=False)) == "F STP B"
    with pytest.raises(IllegalOrderError, match="needs a coast"):
        parse_order("Build F stp", WINTER, "RUSSIA")  # DATC 6.B.14


def test_check_false_still_returns_the_real_unit() -> None:
    order = parse_order("A kie-hol", DATC_BOARD_WITH_FLEET, "GERMANY", check=False)
    assert order == Move(Unit(UnitType.FLEET, "KIE"), "HOL")


DATC_BOARD_WITH_FLEET = board("S1901M", {"GERMANY": ["F KIE"]})


# Errors -----------------------------------------------------------------------------------

INVALID = [
    (OPENING, "FRANCE", "", "empty"),
    (OPENING, "FRANCE", "   ", "empty"),
    (OPENING, "FRANCE", "hello world", "hello"),
    (OPENING, "FRANCE", "A Par -", "province"),
    (OPENING, "FRANCE", "A Par - H", "expected a province"),
    (OPENING, "FRANCE", "A Par S", "province"),
    (OPENING, "FRANCE", "A Par xyzzy", "xyzzy"),
    (OPENING, "FRANCE", "A Par", "no order"),
    (OPENING, "FRANCE", "F Bre C A Par", "convoy"),
    (OPENING, "FRANCE", "A Par - Bur Bur", "bur"),
    (WINTER, "ENGLAND", "Build army", "where to build"),
]


@pytest.mark.parametrize(("position", "power", "text", "words"), INVALID)
def test_invalid_orders_say_which_word(
    position: Position, power: str, text: str, words: str
) -> None:
    with pytest.raises(InvalidOrderError, match=words):
        parse_order(text, position, power)


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [
        ("A Par - Burgandy", "Burgundy"),
        ("A Par - Picardie", "Picardy"),
        ("A Mar - Spian", "Spain"),
        ("F Bre - Englsh Channel", "English Channel"),
        ("A Parsi - Bur", "Paris"),
        # an army's move never ends at sea, a fleet's never inland: no such suggestion
        ("A Mar - Try", "Tyrolia"),
        ("F Bre - Picardi", "Picardy"),
    ],
)
def test_misspelt_province_suggests_the_nearest(text: str, suggestion: str) -> None:
    with pytest.raises(InvalidOrderError) as caught:
        parse_order(text, OPENING, "FRANCE")
    assert caught.value.suggestion == suggestion
    assert f"did you mean {suggestion}?" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A Xyz - Bur", "unknown province 'xyz'"),
        ("Xyz - Bur", "unknown province 'xyz'"),
        ("A Marsielles - Spa", "unknown province 'marsielles' (did you mean Marseilles?)"),
        ("A Par - Xyz", "unknown province 'xyz'"),
        ("A Par-Bur-Pic", "a move names one destination, but '- PIC' follows it"),
        ("A Par - Bur - Pic - Bel", "but '- PIC - BEL' follows it"),
    ],
)
def test_what_cannot_be_read_is_named_as_players_meant_it(text: str, message: str) -> None:
    with pytest.raises(InvalidOrderError) as caught:
        parse_order(text, OPENING, "FRANCE")
    assert message in str(caught.value)
    assert "could not read the order" not in str(caught.value)


@pytest.mark.parametrize(
    "text", ["build A Xyz", "field A Xyz", "raise F Xyz", "Build Xyz", "remove A Xyz"]
)
def test_a_build_or_removal_in_an_unknown_province_names_it(text: str) -> None:
    with pytest.raises(InvalidOrderError) as caught:
        parse_order(text, WINTER, "ENGLAND")
    assert str(caught.value) == "unknown province 'xyz'"


ILLEGAL = [
    (OPENING, "FRANCE", "F Kie - Hel", "you have no unit in KIE"),  # DATC 6.A.6
    (OPENING, "GERMANY", "F Kie - Mun", "fleets cannot move inland: MUN"),
    (OPENING, "GERMANY", "A Ber - Lon", "BER is not adjacent to LON"),
    (OPENING, "ENGLAND", "A Lvp - Iri", "armies cannot move to sea: IRI"),
    (OPENING, "ENGLAND", "F Lon - Bel via convoy", "only armies can be convoyed"),
    (OPENING, "FRANCE", "A Par - Par", "already there"),
    (OPENING, "GERMANY", "A Mun - Swi", "impassable"),
    (OPENING, "FRANCE", "A Par - Gas via convoy", "not on the coast"),
    (OPENING, "FRANCE", "A Par R Gas", "only holds, moves, supports and convoys"),
    (OPENING, "FRANCE", "Build A Par", "only holds, moves, supports and convoys"),
    (OPENING, "AUSTRIA", "Fleet to Serbia", "fleets cannot move inland: SER"),
    (OPENING, "RUSSIA", "Army to Norway", "none of your armies"),
    (OPENING, "ENGLAND", "England: Fleet to Denmark", "none of your fleets"),
    (
        OPENING,
        "ENGLAND",
        "France: A Par - Bur",
        "you play England, so you cannot order France's units",
    ),
    (AT_SEA, "ENGLAND", "F NTH C F Lon - Bel", "only armies can be convoyed"),
    (RETREATS, "FRANCE", "A Par - Bur", "A PAR may retreat to GAS or PIC"),
    (RETREATS, "GERMANY", "A Par - Gas", "you have no dislodged unit in PAR"),
    (RETREATS, "FRANCE", "A Par H", "only retreats and disbands"),
    (WINTER, "GERMANY", "waive", "Germany has no builds"),
    (WINTER, "ENGLAND", "Remove A Nwy", "no units to remove"),
    (WINTER, "RUSSIA", "F Mos B", "fleets cannot be built inland: MOS"),  # DATC 6.I.2
]


@pytest.mark.parametrize(("position", "power", "text", "message"), ILLEGAL)
def test_illegal_orders_say_what_is_wrong(
    position: Position, power: str, text: str, message: str
) -> None:
    with pytest.raises(IllegalOrderError, match=message):
        parse_order(text, position, power)


AMBIGUOUS = [
    (OPENING, "ENGLAND", "Fleet to North Sea", ["F EDI - NTH", "F LON - NTH"]),
    (OPENING, "ENGLAND", "F Edi - Nor", ["Norway", "North Sea", "Norwegian Sea"]),
    (OPENING, "ENGLAND", "F Nor. - Edi", ["Norway", "North Sea", "Norwegian Sea"]),
    (OPENING, "GERMANY", "Army to Silesia", ["A BER - SIL", "A MUN - SIL"]),
    (WINTER, "ENGLAND", "Build Edi", ["A EDI", "F EDI"]),
    (WINTER, "RUSSIA", "Build stp", ["A STP", "F STP"]),  # DATC 4.C.3
    (WINTER, "GERMANY", "Remove army", ["A MUN D", "A BER D", "A HOL D"]),
]


@pytest.mark.parametrize(("position", "power", "text", "choices"), AMBIGUOUS)
def test_ambiguous_orders_name_the_choices(
    position: Position, power: str, text: str, choices: list[str]
) -> None:
    with pytest.raises(AmbiguousOrderError) as caught:
        parse_order(text, position, power)
    for choice in choices:
        assert choice in str(caught.value)


def test_ambiguity_is_raised_even_without_check() -> None:
    with pytest.raises(AmbiguousOrderError):
        parse_order("Fleet to North Sea", OPENING, "ENGLAND", check=False)


def test_illegal_order_is_returned_as_read_without_check() -> None:
    order = parse_order("A Lvp S A Yor - Yor", DATC_BOARD, "ENGLAND", check=False)
    assert order == SupportMove(Unit(UnitType.ARMY, "LVP"), "YOR", "YOR", UnitType.ARMY)
    convoy = parse_order("F NTH C A Yor - Yor", DATC_BOARD, "ENGLAND", check=False)
    assert convoy == Convoy(Unit(UnitType.FLEET, "NTH"), "YOR", "YOR")


def test_unknown_power_is_an_order_error() -> None:
    with pytest.raises(IllegalOrderError, match="unknown power"):
        parse_order("A Par - Bur", OPENING, "NARNIA")


def test_power_may_be_given_by_name() -> None:
    assert canonical("A Par - Bur", OPENING, "France") == "A PAR - BUR"


# Several orders at once ------------------------------------------------------------------------


def test_parse_orders_splits_on_lines_semicolons_and_commas() -> None:
    text = "F (Bre) — ENG, A (Par) — Bur; A (Mar) — Spa\n\n  A Par - Mun\nA Mar - Burgandy"
    lines = parse_orders(text, OPENING, "FRANCE")
    assert [line.text for line in lines] == [
        "F (Bre) — ENG",
        "A (Par) — Bur",
        "A (Mar) — Spa",
        "A Par - Mun",
        "A Mar - Burgandy",
    ]
    assert [format_order(line.order) for line in lines[:3] if line.order] == [
        "F BRE - ENG",
        "A PAR - BUR",
        "A MAR - SPA",
    ]
    assert isinstance(lines[3].error, IllegalOrderError)
    assert isinstance(lines[4].error, InvalidOrderError)
    assert [line.ok for line in lines] == [True, True, True, False, False]


def test_parse_orders_uk_rule_book_order_sheet() -> None:
    text = "F (HEL) — Den, F (SKA) s F (HEL) — Den\nF (NTH) s F (HEL) — Den, F (Edi) s F (NTH)"
    position = board("F1901M", {"ENGLAND": ["F HEL", "F SKA", "F NTH", "F EDI"]})
    orders = [
        format_order(line.order) for line in parse_orders(text, position, "ENGLAND") if line.order
    ]
    assert orders == [
        "F HEL - DEN",
        "F SKA S F HEL - DEN",
        "F NTH S F HEL - DEN",
        "F EDI S F NTH",
    ]


# Several orders run together on one line, as the 1961 rules print them (the book's own
# lines, split and read, are in test_sample_games.py)

RUNS = [
    (OPENING, "FRANCE", "A Par-Bur F Bre-MAO A Mar-Spa", ["A Par-Bur", "F Bre-MAO", "A Mar-Spa"]),
    # a support or convoy names a unit inside it; a new order starts only after a whole one
    (OPENING, "FRANCE", "A Mar S A Par-Bur A Par-Bur", ["A Mar S A Par-Bur", "A Par-Bur"]),
    (AT_SEA, "ENGLAND", "F NTH C A Yor-Nwy A Yor-Nwy", ["F NTH C A Yor-Nwy", "A Yor-Nwy"]),
    (AT_SEA, "ENGLAND", "A Yor-Nwy F NTH C A Yor-Nwy", ["A Yor-Nwy", "F NTH C A Yor-Nwy"]),
    (AT_SEA, "ENGLAND", "F(NTH)cA(Yor)-Nwy F(NWG)-BAR", ["F(NTH)cA(Yor)-Nwy", "F(NWG)-BAR"]),
    (
        OPENING,
        "FRANCE",
        "France: A Par. S A Mar.—Bur. A Mar.—Bur.",
        ["France: A Par. S A Mar.—Bur.", "A Mar.—Bur."],
    ),
    (
        OPENING,
        "FRANCE",
        "Fleet Brest to MAO Army Paris to Burgundy",
        ["Fleet Brest to MAO", "Army Paris to Burgundy"],
    ),
    (OPENING, "FRANCE", "A Par - Bur and F Bre - MAO", ["A Par - Bur", "F Bre - MAO"]),
    # "F Stands": the unit is left for the order to pick out
    (OPENING, "GERMANY", "A Ber-Kie F Stands", ["A Ber-Kie", "F Stands"]),
    (WINTER, "GERMANY", "Remove A Mun F Kie D", ["Remove A Mun", "F Kie D"]),
    (WINTER, "ENGLAND", "England builds F Edi", ["England builds F Edi"]),
    (RETREATS, "FRANCE", "A Par R Gas F Gas R Spa", ["A Par R Gas", "F Gas R Spa"]),
]


@pytest.mark.parametrize(("position", "power", "text", "pieces"), RUNS)
def test_orders_run_together_are_split_where_a_unit_starts_a_new_order(
    position: Position, power: str, text: str, pieces: list[str]
) -> None:
    lines = parse_orders(text, position, power)
    assert [line.text for line in lines] == pieces
    assert all(line.ok for line in lines), [str(line.error) for line in lines]


def test_builds_joined_by_and_are_split() -> None:
    winter = board("W1901A", {"GERMANY": ["A HOL"]}, {"GERMANY": ["BER", "KIE", "MUN", "HOL"]})
    lines = parse_orders("Germany builds F Kiel and A Mun.", winter, "GERMANY")
    assert [format_order(line.order) for line in lines if line.order] == ["F KIE B", "A MUN B"]


@pytest.mark.parametrize(
    ("position", "power", "text"),
    [
        # "Eng" may be England or the English Channel: read whole, it is England's army
        (
            board("F1901M", {"ENGLAND": ["A WAL", "A LON", "F ENG"]}),
            "ENGLAND",
            "A Wal S Eng A Lon - Bel",
        ),
        # another power's unit starts no order of this one
        (OPENING, "FRANCE", "A Par - Bur A Mun - Ruh"),
        (OPENING, "FRANCE", "A Mar S A Par-Bur"),
        (AT_SEA, "ENGLAND", "F NTH C A Yor-Nwy"),
    ],
)
def test_one_order_is_never_split(position: Position, power: str, text: str) -> None:
    assert [line.text for line in parse_orders(text, position, power)] == [text]


def test_a_piece_of_a_run_that_is_no_order_says_why() -> None:
    lines = parse_orders("A Par - Bur A Mar", OPENING, "FRANCE")
    assert [line.text for line in lines] == ["A Par - Bur", "A Mar"]
    assert lines[0].ok
    assert str(lines[1].error) == "A MAR has no order: add H, - and a province, S or C"


# A wrong unit letter: the order stands for the unit actually there (DATC 4.C.2), and the
# player is told; when that unit cannot carry it out, the letter is what the reply names


@pytest.mark.parametrize(
    ("power", "text", "message"),
    [
        ("FRANCE", "F Mar - Gulf of Lyon", "there is an army in Marseilles, not a fleet"),
        ("FRANCE", "A Bre - Par", "there is a fleet in Brest, not an army"),
        ("FRANCE", "A Bre S F Mar - Spa", "there is a fleet in Brest, not an army"),
        ("ENGLAND", "F Lvp - Iri", "there is an army in Liverpool, not a fleet"),
    ],
)
def test_a_wrong_unit_letter_is_what_a_refused_order_names(
    power: str, text: str, message: str
) -> None:
    with pytest.raises(IllegalOrderError) as caught:
        parse_order(text, OPENING, power)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("position", "power", "text", "expected", "note"),
    [
        (OPENING, "FRANCE", "A Bre - MAO", "F BRE - MAO", "there is a fleet in Brest, not an army"),
        (
            OPENING,
            "FRANCE",
            "F Mar - Spa",
            "A MAR - SPA",
            "there is an army in Marseilles, not a fleet",
        ),
        (WINTER, "GERMANY", "Remove A Kie", "F KIE D", "there is a fleet in Kiel, not an army"),
        (OPENING, "FRANCE", "F Bre - MAO", "F BRE - MAO", None),
        (OPENING, "FRANCE", "Bre - MAO", "F BRE - MAO", None),
        (WINTER, "ENGLAND", "Build F Edi", "F EDI B", None),
    ],
)
def test_a_wrong_unit_letter_is_told_when_the_order_is_taken(
    position: Position, power: str, text: str, expected: str, note: str | None
) -> None:
    (line,) = parse_orders(text, position, power)
    assert line.order is not None and format_order(line.order) == expected
    assert line.note == note


# Names --------------------------------------------------------------------------------------

# UK rule book III.4 (names and abbreviations), 1961 sample game, DATC (godip) abbreviations
PROVINCE_NAMES = [
    ("Albania", "ALB"),
    ("Alb", "ALB"),
    ("Ankara", "ANK"),
    ("Apulia", "APU"),
    ("Armenia", "ARM"),
    ("Belgium", "BEL"),
    ("Berlin", "BER"),
    ("Bohemia", "BOH"),
    ("Brest", "BRE"),
    ("Budapest", "BUD"),
    ("Bulgaria", "BUL"),
    ("Burgundy", "BUR"),
    ("Clyde", "CLY"),
    ("Constantinople", "CON"),
    ("Denmark", "DEN"),
    ("Edinburgh", "EDI"),
    ("Finland", "FIN"),
    ("Galicia", "GAL"),
    ("Gascony", "GAS"),
    ("Greece", "GRE"),
    ("Holland", "HOL"),
    ("Kiel", "KIE"),
    ("Liverpool", "LVP"),
    ("Lpl", "LVP"),
    ("Lvp", "LVP"),
    ("Livonia", "LVN"),
    ("Lvn", "LVN"),
    ("London", "LON"),
    ("Marseilles", "MAR"),
    ("Moscow", "MOS"),
    ("Munich", "MUN"),
    ("Naples", "NAP"),
    ("North Africa", "NAF"),
    ("NAf", "NAF"),
    ("Norway", "NWY"),
    ("Nwy", "NWY"),
    ("Paris", "PAR"),
    ("Picardy", "PIC"),
    ("Piedmont", "PIE"),
    ("Portugal", "POR"),
    ("Prussia", "PRU"),
    ("Ruhr", "RUH"),
    ("Rome", "ROM"),
    ("Rumania", "RUM"),
    ("St. Petersburg", "STP"),
    ("StP", "STP"),
    ("St. P.", "STP"),
    ("St P", "STP"),
    ("Serbia", "SER"),
    ("Sevastopol", "SEV"),
    ("Silesia", "SIL"),
    ("Smyrna", "SMY"),
    ("Spain", "SPA"),
    ("Sweden", "SWE"),
    ("Syria", "SYR"),
    ("Trieste", "TRI"),
    ("Tunis", "TUN"),
    ("Tuscany", "TUS"),
    ("Tyrolia", "TYR"),
    ("Ukraine", "UKR"),
    ("Venice", "VEN"),
    ("Vienna", "VIE"),
    ("Wales", "WAL"),
    ("Warsaw", "WAR"),
    ("Yorkshire", "YOR"),
    ("Adriatic", "ADR"),
    ("ADS", "ADR"),
    ("Aegean", "AEG"),
    ("AEG", "AEG"),
    ("Baltic", "BAL"),
    ("Barents", "BAR"),
    ("Black", "BLA"),
    ("BLA", "BLA"),
    ("Eastern Mediterranean", "EAS"),
    ("EMS", "EAS"),
    ("English Channel", "ENG"),
    ("ENG", "ENG"),
    ("Gulf of Bothnia", "BOT"),
    ("GoB", "BOT"),
    ("Both.", "BOT"),
    ("Gulf of Lyons", "LYO"),
    ("GoL", "LYO"),
    ("Gulf of L.", "LYO"),
    ("North Sea", "NTH"),
    ("NTH", "NTH"),
    ("Heligoland Bight", "HEL"),
    ("HEL", "HEL"),
    ("Norwegian", "NWG"),
    ("NWG", "NWG"),
    ("NRG", "NWG"),
    ("Norw. Sea", "NWG"),
    ("Ionian", "ION"),
    ("ION", "ION"),
    ("Skagerrak", "SKA"),
    ("SKA", "SKA"),
    ("Irish", "IRI"),
    ("IRI", "IRI"),
    ("Tyrrhenian", "TYS"),
    ("TYS", "TYS"),
    ("Mid Atlantic Ocean", "MAO"),
    ("Mid-Atlantic Ocean", "MAO"),
    ("MAO", "MAO"),
    ("MID", "MAO"),
    ("Mid.", "MAO"),
    ("Western Mediterranean", "WES"),
    ("WMS", "WES"),
    ("W Med.", "WES"),
    ("North Atlantic Ocean", "NAO"),
    ("NAO", "NAO"),
    ("NAT", "NAO"),
    ("gol", "LYO"),
    ("mid", "MAO"),
    ("nat", "NAO"),
    ("nrg", "NWG"),
    ("eng", "ENG"),
    ("bot", "BOT"),
    ("ska", "SKA"),
    ("hel", "HEL"),
    ("tys", "TYS"),
    ("wes", "WES"),
    ("eas", "EAS"),
    ("lvn", "LVN"),
    ("nwy", "NWY"),
    ("Liv.", "LVP"),
    ("Lond", "LON"),
    ("mid-atlantic", "MAO"),
    ("  north   sea ", "NTH"),
    ("NORTH SEA", "NTH"),
]


@pytest.mark.parametrize(("text", "code"), PROVINCE_NAMES)
def test_province_names_and_abbreviations(text: str, code: str) -> None:
    assert province_code(STANDARD, text) == code


def test_nor_alone_is_ambiguous() -> None:
    with pytest.raises(AmbiguousOrderError) as caught:
        province_code(STANDARD, "Nor")
    assert "Norway (NWY)" in str(caught.value)
    assert "North Sea (NTH)" in str(caught.value)
    assert "Norwegian Sea (NWG)" in str(caught.value)


def test_unknown_province_suggests() -> None:
    with pytest.raises(InvalidOrderError) as caught:
        province_code(STANDARD, "Edinborough")
    assert caught.value.suggestion == "Edinburgh"


@pytest.mark.parametrize(
    ("text", "location"),
    [
        ("St. Petersburg (South Coast)", "STP/SC"),
        ("StP/sc", "STP/SC"),
        ("StP(sc)", "STP/SC"),
        ("spa nc", "SPA/NC"),
        ("spa/nc", "SPA/NC"),
        ("Spain (north coast)", "SPA/NC"),
        ("Spa n.c.", "SPA/NC"),
        ("bul ec", "BUL/EC"),
        ("Bulgaria East Coast", "BUL/EC"),
        ("Bre", "BRE"),
        ("Bre/ec", "BRE"),  # a coast Brest does not have is ignored (DATC 4.B.6)
    ],
)
def test_locations_with_coasts(text: str, location: str) -> None:
    assert location_code(STANDARD, text) == location


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("Turk.", "TURKEY"),
        ("Turkish", "TURKEY"),
        ("FRA", "FRANCE"),
        ("French", "FRANCE"),
        ("Austria-Hungary", "AUSTRIA"),
        ("england", "ENGLAND"),
        ("ENGLAND", "ENGLAND"),
        ("Ger.", "GERMANY"),
        ("Italian", "ITALY"),
        ("Rus", "RUSSIA"),
    ],
)
def test_power_names(text: str, power: str) -> None:
    assert power_code(STANDARD, text) == power


def test_unknown_power_name() -> None:
    with pytest.raises(InvalidOrderError, match="unknown power"):
        power_code(STANDARD, "Narnia")


# A second variant is data only --------------------------------------------------------------

TOY = variant_from_dict(
    {
        "name": "toy",
        "rules": {"victory": "centres", "victory_count": 2, "first_year": 1900},
        "powers": {
            "RED": {
                "name": "Redland",
                "adjective": "Redlandish",
                "aliases": ["Rd"],
                "colour": "#ff0000",
                "homes": ["AVA"],
                "units": ["A AVA"],
            },
            "BLUE": {
                "name": "Blueland",
                "adjective": "Bluish",
                "colour": "#0000ff",
                "homes": ["CAM"],
                "units": ["F CAM/NC"],
            },
        },
        "provinces": [
            {
                "code": "AVA",
                "name": "Avalon",
                "type": "coast",
                "supply_center": True,
                "aliases": ["Isle of Apples"],
            },
            {"code": "BRI", "name": "Brigadoon", "type": "land"},
            {
                "code": "CAM",
                "name": "Camelot",
                "type": "coast",
                "supply_center": True,
                "coasts": ["NC", "SC"],
            },
            {"code": "SUN", "name": "Sundering Sea", "type": "sea"},
            {"code": "NAR", "name": "Narrow Sea", "type": "sea"},
        ],
        "army_adjacency": {"AVA": "BRI CAM", "BRI": "AVA CAM", "CAM": "AVA BRI"},
        "fleet_adjacency": {
            "AVA": "SUN NAR",
            "SUN": "AVA CAM/NC NAR",
            "NAR": "AVA CAM/SC SUN",
            "CAM/NC": "SUN",
            "CAM/SC": "NAR",
        },
        "ambiguous_names": {"Sea": ["NAR", "SUN"]},
    }
)


@pytest.mark.parametrize(
    ("power", "text", "expected"),
    [
        ("BLUE", "Blueland: F Camelot (north coast) - Sundering Sea", "F CAM/NC - SUN"),
        ("BLUE", "F Cam - Sun", "F CAM/NC - SUN"),
        ("RED", "A Isle of Apples - Brig", "A AVA - BRI"),
        ("RED", "Avalon army to Camelot", "A AVA - CAM"),
        ("RED", "A Ava S Bluish F Cam", "A AVA S F CAM"),
    ],
)
def test_a_second_variant_needs_only_data(power: str, text: str, expected: str) -> None:
    assert canonical(text, Position.initial(TOY), power) == expected


def test_a_second_variant_declares_its_own_ambiguous_names() -> None:
    toy = Position.initial(TOY)
    with pytest.raises(AmbiguousOrderError, match="Narrow Sea"):
        province_code(TOY, "Sea")
    with pytest.raises(AmbiguousOrderError, match="Narrow Sea"):
        parse_order("A Ava - Sea", toy, "RED")
    # where only one of the declared meanings makes sense, the order has only one meaning
    assert canonical("F Cam - Sea", toy, "BLUE") == "F CAM/NC - SUN"
    assert names_for(TOY).power("Rd") == "RED"


# Never anything but an order error ----------------------------------------------------------

VOCABULARY = [
    "A",
    "F",
    "army",
    "fleet",
    "S",
    "C",
    "H",
    "D",
    "B",
    "R",
    "-",
    "—",
    "->",
    "to",
    "via",
    "convoy",
    "supports",
    "holds",
    "build",
    "remove",
    "waive",
    "retreats",
    "(",
    ")",
    "/",
    "nc",
    "sc",
    "north",
    "coast",
    "Par",
    "Bur",
    "StP",
    "Spa",
    "NTH",
    "Nor",
    "Tyr",
    "Lon",
    "Bel",
    "France",
    "Turk.",
    "English",
    "Channel",
    "Mid-Atlantic",
    "Ocean",
    "St.",
    "P.",
    ":",
    ",",
    ".",
    "x",
    "Swi",
    "Mos",
    "Kie",
    "Hol",
    "Lvp",
    "Yor",
    "Edi",
    "ms",
    "in",
    "attack",
    "on",
]


@given(st.text(max_size=60))
def test_any_text_raises_only_order_errors(text: str) -> None:
    for position in (OPENING, RETREATS, WINTER):
        for check in (True, False):
            with contextlib.suppress(OrderError):
                parse_order(text, position, "FRANCE", check=check)


@given(st.lists(st.sampled_from(VOCABULARY), max_size=10))
def test_order_like_text_raises_only_order_errors(parts: list[str]) -> None:
    text = " ".join(parts)
    for position in (OPENING, AT_SEA, RETREATS, WINTER):
        for power in ("ENGLAND", "FRANCE", "RUSSIA"):
            for check in (True, False):
                with contextlib.suppress(OrderError):
                    parse_order(text, position, power, check=check)
    for line in parse_orders(text, AT_SEA, "ENGLAND"):
        assert (line.order is None) != (line.error is None)


def test_build_order_value() -> None:
    assert parse_order("Build F Edi", WINTER, "ENGLAND") == Build(Unit(UnitType.FLEET, "EDI"))


# A code written exactly names that province, even when the order it gives is illegal and a
# province the code abbreviates would make it legal (ROM is Rome, never Rumania).
ROME_OR_RUMANIA = board(
    "F1902M",
    {
        "AUSTRIA": ["A SER", "A VIE", "F TRI"],
        "ITALY": ["A ROM", "F NAP", "A VEN"],
        "RUSSIA": ["F RUM", "A MOS", "A WAR"],
    },
)


@pytest.mark.parametrize(
    ("power", "text", "message"),
    [
        ("AUSTRIA", "A SER - ROM", "SER is not adjacent to ROM"),
        ("RUSSIA", "A ROM H", "you have no unit in ROM"),
        ("RUSSIA", "F ROM - BLA", "you have no unit in ROM"),
    ],
)
def test_an_exact_code_wins_over_a_prefix_even_when_illegal(
    power: str, text: str, message: str
) -> None:
    with pytest.raises(IllegalOrderError, match=message):
        parse_order(text, ROME_OR_RUMANIA, power)


@pytest.mark.parametrize(
    ("power", "text", "expected"),
    [
        ("AUSTRIA", "A SER - RUM", "A SER - RUM"),
        ("AUSTRIA", "A Ser - Rumania", "A SER - RUM"),
        ("RUSSIA", "F Rum H", "F RUM H"),
        ("ITALY", "A ROM H", "A ROM H"),
        # the 1961 rules' sample game: a fleet can never enter Tyrolia, so Tyr. is the sea
        ("ITALY", "F Nap.—Tyr.", "F NAP - TYS"),
        ("ITALY", "A Ven - Tyr", "A VEN - TYR"),
    ],
)
def test_a_prefix_is_read_only_where_the_exact_code_could_not_be_meant(
    power: str, text: str, expected: str
) -> None:
    assert canonical(text, ROME_OR_RUMANIA, power) == expected
