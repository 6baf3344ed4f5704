"""The sample games of the rule books, replayed through the parser and the engine.

Two books print a game from Spring 1901 to the adjustments after Fall 1902: the UK rule
book (section III.6, ``../shared/rulebooks/uk-rulebook-with-sample-game.md``) and Calhamer's
rules of 1961 (``../shared/rulebooks/calhamer-rules-1961.md``). It is the same game, written
in two notations. Orders are transcribed as the books write them and read with
:func:`engine.parse.parse_order`; what each book says happened is written out per phase:
the outcome of every order, who was dislodged and where they could go, and the board after.

Each phase is checked twice: on its own, starting from the board the book describes before
it (so that one wrong phase does not hide the others), and as part of the whole game
replayed from the opening.

How the books were read (their conventions, and where they slip):

- Italics (the UK book's mark for a move that fails) are not part of an order and are not
  transcribed; the outcome tables below say what failed. The UK book's own ``*`` after a
  unit ("unit forced to retreat or disband") is kept: the parser ignores it.
- The UK book writes no order for a unit whose move its power supports or convoys:
  "No direct orders have been written for the English Army in York, or the Russian Fleet in
  Sevastopol, as the convoy order and the support order contain sufficient information
  regarding the movements involved" (Autumn 1901). Its later phases use the same shorthand
  (``F(BAR) s A(Nwy)-St P`` with no order for A(Nwy)); Calhamer writes those moves out, so
  his game checks that the reading is right. See :func:`implied_moves`.
- UK ``ms`` ("the units indicated give each other mutual support") is two supports, and
  ``A(Mun) and A(Bel) s A(Ruh)-Bur`` is two orders; see :func:`expand`.
- The UK book leaves some failing moves in roman type; its text or the rest of the game
  shows that they failed, and the rules agree. These are marked where they occur.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

import pytest

from engine import (
    Convoy,
    IllegalOrderError,
    Order,
    OrderError,
    Outcome,
    Position,
    Resolution,
    SupportHold,
    SupportMove,
    adjudicate,
    format_order,
    parse_order,
    parse_orders,
)
from engine.orders import order_unit

MOVED = Outcome.MOVED
BOUNCED = Outcome.BOUNCED
HELD = Outcome.HELD
SUPPORTED = Outcome.SUPPORTED
CUT = Outcome.CUT
CONVOYED = Outcome.CONVOYED
DISLODGED = Outcome.DISLODGED
DESTROYED = Outcome.DESTROYED
RETREATED = Outcome.RETREATED
BUILT = Outcome.BUILT
REMOVED = Outcome.REMOVED

POWERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


def board(
    phase: str,
    units: Mapping[str, str],
    centers: Mapping[str, str],
    dislodged: Mapping[str, Sequence[tuple[str, str, str]]] | None = None,
) -> dict[str, Any]:
    """A position in the contract's JSON form, from compact strings:
    ``units={"ENGLAND": "A YOR F NTH"}``, ``centers={"ENGLAND": "LON EDI"}``,
    ``dislodged={"RUSSIA": [("A STP", "NWY", "FIN LVN MOS")]}`` (unit, attacker's origin,
    retreats)."""

    def pairs(text: str) -> list[str]:
        words = text.split()
        return [f"{kind} {where}" for kind, where in zip(words[::2], words[1::2], strict=True)]

    return {
        "phase": phase,
        "units": {p: pairs(units.get(p, "")) for p in POWERS},
        "centers": {p: centers.get(p, "").split() for p in POWERS},
        "dislodged": {
            power: [
                {"unit": unit, "from": origin, "retreats": retreats.split()}
                for unit, origin, retreats in entries
            ]
            for power, entries in (dislodged or {}).items()
        },
    }


@dataclass(frozen=True)
class BookPhase:
    """One phase of a sample game: the orders as printed, what the book says came of them
    (every order's outcome, keyed by unit), and the board that follows."""

    phase: str
    orders: Mapping[str, Sequence[str]]
    results: Mapping[str, Outcome]
    after: Mapping[str, Any]


@dataclass(frozen=True)
class SampleGame:
    name: str
    phases: Sequence[BookPhase]
    # the UK book's shorthand: supporting or convoying your own unit's move orders the move
    implied_moves: bool = False

    def before(self, index: int) -> Position:
        """The board the book describes at the start of phase ``index``."""
        if index == 0:
            return Position.initial()
        return Position.from_json(self.phases[index - 1].after)


# The centres each power holds, from Winter 1901 to the end of the books' games ---------------

HOMES = {
    "AUSTRIA": "BUD TRI VIE",
    "ENGLAND": "EDI LON LVP",
    "FRANCE": "BRE MAR PAR",
    "GERMANY": "BER KIE MUN",
    "ITALY": "NAP ROM VEN",
    "RUSSIA": "MOS SEV STP WAR",
    "TURKEY": "ANK CON SMY",
}
# "No Power has lost a 'Home' Supply Centre" (UK, Autumn 1901); the additional centres are the
# UK book's table. "France does not control Spain, as the Army moved through in the Spring."
CENTRES_1901 = {
    "AUSTRIA": HOMES["AUSTRIA"] + " GRE",
    "ENGLAND": HOMES["ENGLAND"] + " NWY",
    "FRANCE": HOMES["FRANCE"] + " POR",
    "GERMANY": HOMES["GERMANY"] + " DEN HOL",
    "ITALY": HOMES["ITALY"] + " TUN",
    "RUSSIA": HOMES["RUSSIA"] + " SWE RUM",
    "TURKEY": HOMES["TURKEY"] + " BUL",
}
# The UK book's table after Fall 1902: England (5) gains St. Petersburg, Germany (6) Belgium,
# Russia (4) loses Rumania and St. Petersburg, Turkey (5) gains Rumania, Austria (5) Serbia,
# Italy (4) no change, France (5) Spain. All 34 centres are owned.
CENTRES_1902 = {
    "AUSTRIA": CENTRES_1901["AUSTRIA"] + " SER",
    "ENGLAND": CENTRES_1901["ENGLAND"] + " STP",
    "FRANCE": CENTRES_1901["FRANCE"] + " SPA",
    "GERMANY": CENTRES_1901["GERMANY"] + " BEL",
    "ITALY": CENTRES_1901["ITALY"],
    "RUSSIA": "MOS SEV WAR SWE",
    "TURKEY": CENTRES_1901["TURKEY"] + " RUM",
}


# The boards both books describe -------------------------------------------------------------

AFTER_S1901 = board(
    "F1901M",
    {
        "AUSTRIA": "A BUD F ALB A TRI",
        "ENGLAND": "A YOR F NTH F NWG",
        "FRANCE": "A BUR A SPA F PIC",
        "GERMANY": "F DEN A KIE A RUH",
        "ITALY": "A PIE A VEN F ION",
        "RUSSIA": "A UKR A WAR F BOT F SEV",
        "TURKEY": "A BUL A CON F ANK",
    },
    HOMES,
)
AFTER_F1901 = board(
    "W1901A",
    {
        "AUSTRIA": "A BUD F GRE A TRI",
        "ENGLAND": "A NWY F NTH F BAR",
        "FRANCE": "A BUR A POR F PIC",
        "GERMANY": "A HOL A RUH F DEN",
        "ITALY": "A PIE A VEN F TUN",
        "RUSSIA": "A UKR F RUM A GAL F SWE",
        "TURKEY": "A BUL A CON F BLA",
    },
    CENTRES_1901,
)
AFTER_W1901 = board(
    "S1902M",
    {
        "AUSTRIA": "A BUD F GRE A TRI A VIE",
        "ENGLAND": "A NWY F NTH F BAR F EDI",
        "FRANCE": "A BUR A POR F PIC F MAR",
        "GERMANY": "A HOL A RUH F DEN F KIE A MUN",
        "ITALY": "A PIE A VEN F TUN F NAP",
        "RUSSIA": "A UKR F RUM A GAL F SWE A STP A SEV",
        "TURKEY": "A BUL A CON F BLA A SMY",
    },
    CENTRES_1901,
)
AFTER_S1902 = board(
    "F1902M",
    {
        "AUSTRIA": "A SER F GRE A TRI A VIE",
        "ENGLAND": "A NWY F NTH F BAR F EDI",
        "FRANCE": "A BUR A SPA F PIC F MAR",
        "GERMANY": "A BEL A RUH F DEN F HOL A MUN",
        "ITALY": "A PIE A VEN F WES F TYS",
        "RUSSIA": "A UKR F RUM A GAL F SWE A STP A SEV",
        "TURKEY": "A BUL A CON F BLA A ARM",
    },
    CENTRES_1901,
)
# "Two units are obliged to retreat": the Russian army in St. Petersburg (beaten by the army
# from Norway, so it may go to Finland, Livonia or Moscow) and the French army in Burgundy
# (beaten from Ruhr; Paris and Gascony are free — "The retreat from Burgundy to Gascony
# purposely left Paris vacant"). The Russian fleet in Rumania "having nowhere to retreat to,
# ... is disbanded": the engine removes it in the movement step itself.
AFTER_F1902 = board(
    "F1902R",
    {
        "AUSTRIA": "A SER F GRE A BUD A VIE",
        "ENGLAND": "A STP F NWY F BAR F NTH",
        "FRANCE": "A SPA F PIC F MAR",
        "GERMANY": "A BEL A BUR F DEN F HOL A MUN",
        "ITALY": "A PIE A VEN F MAO F LYO",
        "RUSSIA": "A UKR A GAL F SWE A SEV",
        "TURKEY": "A RUM A BUL F BLA A ARM",
    },
    CENTRES_1901,
    {"RUSSIA": [("A STP", "NWY", "FIN LVN MOS")], "FRANCE": [("A BUR", "RUH", "GAS PAR")]},
)
AFTER_F1902R = board(
    "W1902A",
    {
        "AUSTRIA": "A SER F GRE A BUD A VIE",
        "ENGLAND": "A STP F NWY F BAR F NTH",
        "FRANCE": "A SPA F PIC F MAR A GAS",
        "GERMANY": "A BEL A BUR F DEN F HOL A MUN",
        "ITALY": "A PIE A VEN F MAO F LYO",
        "RUSSIA": "A UKR A GAL F SWE A SEV A MOS",
        "TURKEY": "A RUM A BUL F BLA A ARM",
    },
    CENTRES_1902,
)


def after_w1902(turkish_build: str) -> dict[str, Any]:
    return board(
        "S1903M",
        {
            "AUSTRIA": "A SER F GRE A BUD A VIE A TRI",
            "ENGLAND": "A STP F NWY F BAR F NTH F LON",
            "FRANCE": "A SPA F PIC F MAR A GAS A PAR",
            "GERMANY": "A BEL A BUR F DEN F HOL A MUN F KIE",
            "ITALY": "A PIE A VEN F MAO F LYO",
            "RUSSIA": "A UKR F SWE A SEV A MOS",
            "TURKEY": "A RUM A BUL F BLA A ARM " + turkish_build,
        },
        CENTRES_1902,
    )


# What happened, phase by phase (the same in both books) --------------------------------------

# "All moves succeed except the Fleets ordered to the Black Sea, and the Armies to Galicia
# stand each other off." (The UK book italicises only F(Ank)-BLA.)
RESULTS_S1901 = {
    "A LVP": MOVED, "F LON": MOVED, "F EDI": MOVED,
    "F KIE": MOVED, "A BER": MOVED, "A MUN": MOVED,
    "A MOS": MOVED, "A WAR": BOUNCED, "F STP/SC": MOVED, "F SEV": BOUNCED,
    "A CON": MOVED, "A SMY": MOVED, "F ANK": BOUNCED,
    "A BUD": BOUNCED, "F TRI": MOVED, "A VIE": MOVED,
    "A VEN": MOVED, "A ROM": MOVED, "F NAP": MOVED,
    "A PAR": MOVED, "A MAR": MOVED, "F BRE": MOVED,
}  # fmt: skip

# "The units ordered to Marseilles, Serbia, and Belgium do not move. As the Turkish Army has
# not moved out of Bulgaria, the Army in Constantinople cannot move."
RESULTS_F1901 = {
    "F NTH": CONVOYED, "A YOR": MOVED, "F NWG": MOVED,
    "A KIE": MOVED, "A RUH": BOUNCED, "F DEN": HELD,
    "A UKR": SUPPORTED, "F SEV": MOVED, "A WAR": MOVED, "F BOT": MOVED,
    "A BUL": BOUNCED, "F ANK": MOVED, "A CON": BOUNCED,
    "A BUD": BOUNCED, "F ALB": MOVED, "A TRI": HELD,
    "A PIE": BOUNCED, "F ION": MOVED, "A VEN": HELD,
    "A BUR": BOUNCED, "A SPA": MOVED, "F PIC": BOUNCED,
}  # fmt: skip

RESULTS_W1901 = {
    "F EDI": BUILT,
    "F KIE": BUILT, "A MUN": BUILT,
    "A STP": BUILT, "A SEV": BUILT,
    "A SMY": BUILT,
    "A VIE": BUILT,
    "F NAP": BUILT,
    "F MAR": BUILT,
}  # fmt: skip

# "The clash between the equally matched English and Russian forces in Norway/St. Petersburg
# resulted in a Stand Off; consequently none of the English moves take place." Germany wins
# Belgium, "as the French support from Burgundy was cut by the German attack from Munich".
# "None of the three units ordered to Budapest moves." Calhamer: "Only the following moves
# take place: Hol.—Bel., Kiel—Hol., Smy.—Arm., Bud.—Ser., Tun.—W. Med., Nap.—Tyr., Por.—Spa."
# The UK book prints A(Mun)-Bur in roman type, but it is an attack that cuts a support and
# fails (one army against the army in Burgundy); in Autumn it still orders A(Mun).
RESULTS_S1902 = {
    "F BAR": SUPPORTED, "A NWY": BOUNCED, "F NTH": BOUNCED, "F EDI": BOUNCED,
    "A RUH": SUPPORTED, "A HOL": MOVED, "F KIE": MOVED, "A MUN": BOUNCED, "F DEN": HELD,
    "F SWE": SUPPORTED, "A STP": BOUNCED, "A GAL": BOUNCED, "F RUM": HELD,
    "A UKR": SUPPORTED, "A SEV": SUPPORTED,
    "F BLA": SUPPORTED, "A BUL": BOUNCED, "A CON": BOUNCED, "A SMY": MOVED,
    "A BUD": MOVED, "A TRI": BOUNCED, "A VIE": BOUNCED, "F GRE": HELD,
    "A PIE": BOUNCED, "F TUN": MOVED, "F NAP": MOVED, "A VEN": HELD,
    "A BUR": CUT, "F PIC": BOUNCED, "A POR": MOVED, "F MAR": HELD,
}  # fmt: skip

# "The intervention of the German Fleet in Denmark cuts the Russian support from Sweden, so
# that the English moves now all succeed, and the Russian Army must retreat from St.
# Petersburg." In the Balkans "the flanking attacks from Vienna on Galicia, and Armenia on
# Sevastopol remove the Russian support, and Rumania falls to the Turks"; the fleet there has
# nowhere to go. Germany takes Burgundy; "had Belgium not received support from Holland, the
# French move Burgundy-Belgium would have succeeded". The support of A(Bel) for the attack on
# Burgundy is not cut by the attack from Burgundy itself. Calhamer: "The following moves take
# place: Norw.—St. P., North Sea—Norway, Edi.—North Sea, Ruhr—Bur., Bul.—Rum., Con.—Bul.,
# Tri.—Bud., W. Med.—Mid., Tyr., Gulf of L."
# The UK book prints A(Vie)-Gal and F(Den)-Swe in roman type, but both fail: each is one unit
# against a unit that stays (Russia still has A(Gal) to disband in the adjustments, and
# Calhamer lists neither move); each cuts a support, which is all the book says of them.
RESULTS_F1902 = {
    "F BAR": SUPPORTED, "A NWY": MOVED, "F NTH": MOVED, "F EDI": MOVED,
    "A MUN": SUPPORTED, "A BEL": SUPPORTED, "A RUH": MOVED, "F HOL": SUPPORTED,
    "F DEN": BOUNCED,
    "F SWE": CUT, "A STP": DISLODGED, "F RUM": DESTROYED, "A SEV": CUT, "A UKR": SUPPORTED,
    "A GAL": CUT,
    "F BLA": SUPPORTED, "A BUL": MOVED, "A CON": MOVED, "A ARM": BOUNCED,
    "A SER": SUPPORTED, "A VIE": BOUNCED, "A TRI": MOVED, "F GRE": HELD,
    "A PIE": BOUNCED, "A VEN": BOUNCED, "F WES": MOVED, "F TYS": MOVED,
    "F PIC": SUPPORTED, "A BUR": DISLODGED, "A SPA": SUPPORTED, "F MAR": CUT,
}  # fmt: skip

RESULTS_F1902R = {"A STP": RETREATED, "A BUR": RETREATED}

# "Although Russia lost two supply centers she has to remove only one unit, because one was
# annihilated during the year." (Calhamer)
RESULTS_W1902 = {
    "F LON": BUILT, "F KIE": BUILT, "A GAL": REMOVED, "A TRI": BUILT, "A PAR": BUILT,
}  # fmt: skip


# The UK rule book, III.6 --------------------------------------------------------------------

UK = SampleGame(
    name="uk",
    implied_moves=True,
    phases=(
        BookPhase(
            "S1901M",
            {
                "ENGLAND": ["A(Lpl)-Yor", "F(Lon)-NTH", "F(Edi)-NWG"],
                "GERMANY": ["F(Kie)-Den", "A(Ber)-Kie", "A(Mun)-Ruh"],
                "RUSSIA": ["A(Mos)-Ukr", "A(War)-Gal", "F(St.P)-GOB", "F(Sev)-BLA"],
                "TURKEY": ["A(Con)-Bul", "A(Smy)-Con", "F(Ank)-BLA"],
                "AUSTRIA": ["A(Bud)-Gal", "F(Tri)-Alb", "A(Vie)-Tri"],
                "ITALY": ["A(Ven)-Pie", "A(Rom)-Ven", "F(Nap)-ION"],
                "FRANCE": ["A(Par)-Bur", "A(Mar)-Spa", "F(Bre)-Pic"],
            },
            RESULTS_S1901,
            AFTER_S1901,
        ),
        BookPhase(
            "F1901M",  # the UK book's "Autumn 1901"
            {
                "ENGLAND": ["F(NTH)cA(Yor)-Nwy", "F(NWG)-BAR"],
                "GERMANY": ["A(Kie)-Hol", "A(Ruh)-Bel", "F(Den) Stands"],
                "RUSSIA": ["A(Ukr)sF(Sev)-Rum", "A(War)-Gal", "F(GoB)-Swe"],
                "TURKEY": ["A(Bul)-Ser", "F(Ank)-BLA", "A(Con)-Bul"],
                "AUSTRIA": ["A(Bud)-Ser", "F(Alb)-Gre", "A(Tri) Stands"],
                "ITALY": ["A(Pie)-Mar", "F(ION)-Tun", "A(Ven) Stands"],
                "FRANCE": ["A(Bur)-Mar", "A(Spa)-Por", "F(Pic)-Bel"],
            },
            RESULTS_F1901,
            AFTER_F1901,
        ),
        BookPhase(
            "W1901A",  # the "Units Built" column of the book's table
            {
                "ENGLAND": ["F(Edi)"],
                "GERMANY": ["F(Kie)", "A(Mun)"],
                "RUSSIA": ["A(St.P)", "A(Sev)"],
                "TURKEY": ["A(Smy)"],
                "AUSTRIA": ["A(Vie)"],
                "ITALY": ["F(Nap)"],
                "FRANCE": ["F(Mar)"],
            },
            RESULTS_W1901,
            AFTER_W1901,
        ),
        BookPhase(
            "S1902M",
            {
                "ENGLAND": ["F(BAR) s A(Nwy)-St P", "F(NTH)-Nwy", "F(Edi)-NTH"],
                "GERMANY": ["A(Ruh) s A(Hol)-Bel", "F(Kie)-Hol", "A(Mun)-Bur", "F(Den) Stands"],
                "RUSSIA": [
                    "F(Swe) s A(St P)-Nwy",
                    "A(Gal)-Bud",
                    "F(Rum) Stands",
                    "A(Ukr) s F(Rum",  # sic: the book drops the bracket
                    "A(Sev) s F(Rum)",
                ],
                "TURKEY": ["F(BLA) s A(Bul)-Rum", "A(Con)-Bul", "A(Smy)-Arm"],
                "AUSTRIA": ["A(Bud)-Ser", "A(Tri)-Bud", "A(Vie)-Bud", "F(Gre) Stands"],
                "ITALY": ["A(Pie)-Mar", "F(Tun)-WMS", "F(Nap)-TYS", "A(Ven) Stands"],
                "FRANCE": ["A(Bur) s F(Pic)-Bel", "A(Por)-Spa", "F(Mar) Stands"],
            },
            RESULTS_S1902,
            AFTER_S1902,
        ),
        BookPhase(
            "F1902M",  # "Autumn 1902"
            {
                "ENGLAND": ["F(BAR) s A(Nwy)-StP", "F(NTH)-Nwy", "F(Edi)-NTH"],
                "GERMANY": ["A(Mun) and A(Bel) s A(Ruh)-Bur", "F(Hol) s A(Bel)", "F(Den)-Swe"],
                "RUSSIA": [
                    "F(Swe) s A(StP)-Nwy",
                    "F(Rum)* ms A(Sev)",
                    "A(Ukr) s A(Sev)",
                    "A(Gal) s F(Rum)",
                ],
                "TURKEY": ["F(BLA) s A(Bul)-Rum", "A(Con)-Bul", "A(Arm)-Sev"],
                "AUSTRIA": [
                    "A(Ser) s Turkish A(Bul)-Rum",
                    "A(Vie)-Gal",
                    "A(Tri)-Bud",
                    "F(Gre) Stands",
                ],
                "ITALY": ["A(Pie)-Mar", "A(Ven)-Pie", "F(WMS)-MAO", "F(TYS)-GoL"],
                "FRANCE": ["F(Pic) s A(Bur)*-Bel", "A(Spa) ms F(Mar)"],
            },
            RESULTS_F1902,
            AFTER_F1902,
        ),
        BookPhase(
            "F1902R",  # "Russia: St. Petersburg — Moscow / France: Burgundy — Gascony"
            {"RUSSIA": ["St. Petersburg — Moscow"], "FRANCE": ["Burgundy — Gascony"]},
            RESULTS_F1902R,
            AFTER_F1902R,
        ),
        BookPhase(
            # The table's "Built" cells are read as they stand. Its "Disbanded" cell is read
            # with the column's verb: a bare unit in a winter phase is read as a build.
            "W1902A",
            {
                "ENGLAND": ["F(Lon)"],
                "GERMANY": ["F(Kie)"],
                "RUSSIA": ["disband A(Gal)"],
                "TURKEY": ["A(Ank)"],
                "AUSTRIA": ["A(Tri)"],
                "FRANCE": ["A(Par)"],
            },
            {**RESULTS_W1902, "A ANK": BUILT},
            after_w1902("A ANK"),
        ),
    ),
)


# Calhamer's rules, 1961: "Moves in a Sample Game" ---------------------------------------------
#
# Each power's orders run on in one line ("A Liv.—Yor. F Lon.—North Sea F Edi.—Norw. Sea");
# they are split here, one order a string, as the unit letters split them. The builds are
# sentences ("Germany builds F Kiel and A Mun."), split at "and" the same way. "F Stands" and
# "F S A Bul.—Rum." name no place: each power has only the one fleet.

CALHAMER = SampleGame(
    name="calhamer",
    phases=(
        BookPhase(
            "S1901M",
            {
                "ENGLAND": ["A Liv.—Yor.", "F Lon.—North Sea", "F Edi.—Norw. Sea"],
                "GERMANY": ["A Ber.—Kiel", "A Mun.—Ruhr", "F Kiel—Den."],
                "RUSSIA": ["A Mos.—Ukr.", "A War.—Gal.", "F St. P.—Both.", "F Sev.—Bla."],
                "TURKEY": ["A Con.—Bul.", "A Smy.—Con.", "F Ank.—Bla."],
                "AUSTRIA": ["A Vie.—Tri.", "A Bud.—Gal.", "F Tri.—Alb."],
                "ITALY": ["A Ven.—Pie.", "A Rome—Ven.", "F Nap.—Ion."],
                "FRANCE": ["A Par.—Bur.", "A Mar.—Spa.", "F Bre.—Pic."],
            },
            RESULTS_S1901,
            AFTER_S1901,
        ),
        BookPhase(
            "F1901M",
            {
                "ENGLAND": ["A Yor.—Norway", "F North Sea C A Yor.—Norway", "F Norw. Sea—Bar."],
                "GERMANY": ["A Kiel—Hol.", "A Ruhr—Bel.", "F Stands"],
                "RUSSIA": ["A Ukr S F Sev.—Rum.", "A War.—Gal.", "F Both.—Swe.", "F Sev.—Rum."],
                "TURKEY": ["A Bul.—Ser.", "A Con.—Bul.", "F Ank.—Bla."],
                "AUSTRIA": ["A Tri. Stand", "A Bud.—Ser.", "F Alb.—Gre."],
                "ITALY": ["A Ven. Stands", "A Pie.—Mar.", "F Ion.—Tun."],
                "FRANCE": ["A Bur.—Mar.", "A Spa.—Por.", "F Pic.—Bel."],
            },
            RESULTS_F1901,
            AFTER_F1901,
        ),
        BookPhase(
            "W1901A",
            {
                "ENGLAND": ["England builds F Edi."],
                "GERMANY": ["Germany builds F Kiel", "A Mun."],
                "RUSSIA": ["Russia builds A St. P.", "A Sev."],
                "TURKEY": ["Turkey builds A Smy."],
                "AUSTRIA": ["Austria-Hungary builds A Vie."],
                "ITALY": ["Italy builds F Naples"],
                "FRANCE": ["France builds F Marseilles."],
            },
            RESULTS_W1901,
            AFTER_W1901,
        ),
        BookPhase(
            "S1902M",
            {
                "GERMANY": [
                    "A Hol.—Bel.",
                    "A Ruhr S Hol.—Bel.",
                    "A Mun.—Bur.",
                    "F Den. Stands",
                    "F Kiel—Hol.",
                ],
                "RUSSIA": [
                    "A Ukr. S F Rum.",
                    "A Gal.—Bud.",
                    "A St. P.—Norway",
                    "A Sev. S F Rum.",
                    "F Swe. S St. P.—Norway",
                    "F Rum. Stands",
                ],
                "TURKEY": ["A Bul.—Rum.", "A Con.—Bul.", "A Smy.—Arm.", "F Bla. S Bul.—Rum."],
                "AUSTRIA": ["A Tri.—Bud.", "A Vie—Bud.", "A Bud.—Ser.", "F Stands"],
                "ITALY": ["A Ven. Stands", "A Pie.—Mar.", "F Tun.—W Med.", "F Nap.—Tyr."],
                "FRANCE": ["A Bur. S F Pic.—Bel.", "A Por.—Spa.", "F Pic.—Bel.", "F Mar. Stands"],
                # The book's own rule: "The first three letters are a sufficient abbreviation,
                # except for the spaces beginning with 'Nor'". Here it writes "Nor." anyway,
                # where only Norway fits (England's one army stands there, and no other "Nor"
                # space borders St. Petersburg); its rule for such orders is "A badly written
                # order, which nevertheless can have only one meaning, must be followed", and
                # its account of the phase (a stand-off, each army with one support) reads
                # them as Norway. So must the parser.
                "ENGLAND": [
                    "A Nor.—St. P.",
                    "F North Sea—Norway",
                    "F Bar. S Nor.—St. P",
                    "F Edi.—North Sea",
                ],
            },
            RESULTS_S1902,
            AFTER_S1902,
        ),
        BookPhase(
            "F1902M",
            {
                "GERMANY": [
                    "A Ruhr—Bur.",
                    "A Mun. S Ruhr—Bur.",
                    "A Bel. S Ruhr—Bur.",
                    "F Den.—Swe.",
                    "F Hol. S A Bel.",
                ],
                "RUSSIA": [
                    "A St. P.—Norway",
                    "F Swe. S St. P.—Norw.",
                    "F Rum. S A Sev.",
                    "A Sev. S F Rum.",
                    "A Gal. S F Rum.",
                    "A Ukr. S A Sev.",
                ],
                "TURKEY": ["A Bul.—Rum.", "A Con.—Bul.", "A Arm.—Sev.", "F S A Bul.—Rum."],
                "AUSTRIA": [
                    "A Vie.—Gal.",
                    "A Tri.—Bud.",
                    # printed "A Ser. S Turk. A Bul." at the end of a line and "Rum." at the
                    # start of the next: the dash is lost at the line break
                    "A Ser. S Turk. A Bul.—Rum.",
                    "F Stands",
                ],
                "ITALY": ["A Ven.—Pie.", "A Pie.—Mar.", "F W Med.—Mid.", "F Tyr.—Gulf of L."],
                "FRANCE": [
                    "A Bur.—Bel.",
                    "F Pic. S Bur.—Bel.",
                    "A Spa. S F Mar.",
                    "F Mar. S A Spa.",
                ],
                "ENGLAND": [
                    "A Norw.—St. P.",
                    "F Bar. S Norw.—St. P.",
                    "F North Sea—Norway",
                    "F Edi.—North Sea",
                ],
            },
            RESULTS_F1902,
            AFTER_F1902,
        ),
        BookPhase(
            "F1902R",  # "Retreats: Russia, St. P.—Mos.; France, Bur.—Gas."
            {"RUSSIA": ["St. P.—Mos."], "FRANCE": ["Bur.—Gas."]},
            RESULTS_F1902R,
            AFTER_F1902R,
        ),
        BookPhase(
            "W1902A",  # "... Italy does not change, ..."
            {
                "GERMANY": ["Germany builds F Kiel"],
                "RUSSIA": ["Russia removes A Gal."],
                "TURKEY": ["Turkey builds F Smyrna"],
                "AUSTRIA": ["Austria-Hungary builds A Tri."],
                "FRANCE": ["France builds A Paris"],
                "ENGLAND": ["England builds F Lon."],
            },
            {**RESULTS_W1902, "F SMY": BUILT},
            after_w1902("F SMY"),
        ),
    ),
)

GAMES = {game.name: game for game in (UK, CALHAMER)}


# Reading the books' orders ------------------------------------------------------------------

_MUTUAL = re.compile(r"^(?P<a>.+?)\s+ms\s+(?P<b>.+)$", re.IGNORECASE)
_BOTH = re.compile(r"^(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+(?P<rest>s\s+.+)$", re.IGNORECASE)


def expand(text: str) -> list[str]:
    """The UK book's two-order shorthands as the orders they stand for.

    ``X ms Y`` ("the units indicated give each other mutual support") is ``X s Y`` and
    ``Y s X``; ``X and Y s Z`` is ``X s Z`` and ``Y s Z``. Anything else is one order.
    """
    if (both := _BOTH.match(text)) is not None:
        return [f"{both['a']} {both['rest']}", f"{both['b']} {both['rest']}"]
    if (mutual := _MUTUAL.match(text)) is not None:
        return [text, f"{mutual['b']} s {mutual['a']}"]
    return [text]


def implied_moves(position: Position, power: str, orders: Sequence[Order]) -> list[Order]:
    """Moves the UK book leaves to be read from a support or convoy order: a power that
    supports or convoys the move of its own unit, and gives that unit no order, orders the
    move."""
    ordered = {unit.province for o in orders if (unit := order_unit(o)) is not None}
    implied: list[Order] = []
    for order in orders:
        if isinstance(order, SupportMove):
            source = order.target
        elif isinstance(order, Convoy):
            source = order.army
        else:
            continue
        unit = position.unit_in(source)
        if unit is None or position.owner_in(source) != power or source in ordered:
            continue
        implied.append(parse_order(f"{unit} - {order.dest}", position, power))
        ordered.add(source)
    return implied


def read_orders(game: SampleGame, position: Position, phase: BookPhase) -> dict[str, list[Order]]:
    """Every order of the phase, read as the book writes it; a text the parser refuses
    fails the test with the parser's own message."""
    orders: dict[str, list[Order]] = {}
    for power, texts in phase.orders.items():
        read: list[Order] = []
        for written in texts:
            for text in expand(written):
                try:
                    read.append(parse_order(text, position, power))
                except OrderError as error:
                    pytest.fail(f"{game.name} {phase.phase}: {power} {text!r}: {error}")
        if game.implied_moves:
            read.extend(implied_moves(position, power, read))
        orders[power] = read
    return orders


def outcomes(resolution: Resolution) -> dict[str, Outcome]:
    keys = [r.key for r in resolution.results]
    assert len(keys) == len(set(keys)), f"two results for one unit: {sorted(keys)}"
    return {r.key: r.outcome for r in resolution.results}


def play(game: SampleGame, index: int, position: Position) -> Resolution:
    phase = game.phases[index]
    assert str(position.phase) == phase.phase
    return adjudicate(position, read_orders(game, position, phase))


def check(phase: BookPhase, resolution: Resolution) -> None:
    assert outcomes(resolution) == dict(phase.results)
    assert resolution.winner is None
    assert resolution.position.to_json() == Position.from_json(phase.after).to_json()


PHASES = [
    pytest.param(name, index, id=f"{name}-{phase.phase}")
    for name, game in GAMES.items()
    for index, phase in enumerate(game.phases)
]


@pytest.mark.parametrize(("name", "index"), PHASES)
def test_phase_from_the_books_board(name: str, index: int) -> None:
    game = GAMES[name]
    check(game.phases[index], play(game, index, game.before(index)))


@pytest.mark.parametrize("name", list(GAMES))
def test_whole_game_replays_from_the_opening(name: str) -> None:
    game = GAMES[name]
    position = Position.initial()
    for index, phase in enumerate(game.phases):
        resolution = play(game, index, position)
        check(phase, resolution)
        position = resolution.position
    assert position == Position.from_json(game.phases[-1].after)


# The books' own checks on what they expect -----------------------------------------------------


def test_the_books_boards_are_positions() -> None:
    """Every board written above is a position the engine accepts, with 34 centres owned
    after Fall 1902 and no power short of a unit it could have built."""
    for game in GAMES.values():
        for phase in game.phases:
            assert Position.from_json(phase.after).to_json()["phase"] == phase.after["phase"]
    owned = Position.from_json(AFTER_F1902R).centers
    assert sum(len(cs) for cs in owned.values()) == 34


def test_the_two_books_describe_the_same_game() -> None:
    for uk, calhamer in zip(UK.phases, CALHAMER.phases, strict=True):
        assert uk.phase == calhamer.phase
        if uk.phase != "W1902A":  # Turkey builds A(Ank) in one book, F Smyrna in the other
            assert uk.results == calhamer.results
            assert uk.after == calhamer.after


def plain(order: Order) -> str:
    """The order in canonical notation, without the supported unit's letter (which one book
    writes and the other leaves out)."""
    if isinstance(order, SupportHold | SupportMove):
        order = replace(order, target_type=None)
    return format_order(order)


def test_uk_implied_moves_are_the_ones_calhamer_writes_out() -> None:
    """The UK book's shorthand, read as above, gives exactly the orders Calhamer prints."""
    for index, (uk, calhamer) in enumerate(zip(UK.phases, CALHAMER.phases, strict=True)):
        if uk.phase.endswith("M"):
            position = UK.before(index)
            read_uk = read_orders(UK, position, uk)
            read_calhamer = read_orders(CALHAMER, position, calhamer)
            for power in POWERS:
                assert sorted(map(plain, read_uk[power])) == sorted(
                    map(plain, read_calhamer[power])
                ), (uk.phase, power)


def test_calhamer_nor_means_norway_where_nothing_else_fits() -> None:
    """Spring 1902: "A Nor.—St. P." and "F Bar. S Nor.—St. P" (see the transcription).
    England's one army stands in Norway; the North Sea holds an English fleet, which cannot
    reach St. Petersburg; the Norwegian Sea is empty."""
    spring = CALHAMER.before(3)
    assert plain(parse_order("A Nor.—St. P.", spring, "ENGLAND")) == "A NWY - STP"
    assert plain(parse_order("F Bar. S Nor.—St. P", spring, "ENGLAND")) == "F BAR S NWY - STP"


def test_calhamer_norw_in_a_support_means_norway_where_nothing_else_fits() -> None:
    """Fall 1902: "F Bar. S Norw.—St. P.". "Norw." begins both Norway and the Norwegian Sea,
    but the Norwegian Sea is empty, and no unit there could move to St. Petersburg anyway
    (only a fleet can stand there, and it does not border St. Petersburg): only Norway
    gives the order a meaning."""
    fall = CALHAMER.before(4)
    assert plain(parse_order("F Bar. S Norw.—St. P.", fall, "ENGLAND")) == "F BAR S NWY - STP"


def test_uk_austria_could_have_taken_budapest_with_support() -> None:
    """Spring 1902: "had he ordered Vienna to support Trieste's move (or vice versa) his
    move would have succeeded"."""
    position = UK.before(3)
    for mover, supporter in (("Tri", "Vie"), ("Vie", "Tri")):
        orders = read_orders(UK, position, UK.phases[3])
        written = ("A(Bud)-Ser", f"A({mover})-Bud", f"A({supporter}) s A({mover})-Bud")
        orders["AUSTRIA"] = [parse_order(text, position, "AUSTRIA") for text in written]
        result = outcomes(adjudicate(position, orders))
        assert result[f"A {mover.upper()}"] is MOVED
        assert result[f"A {supporter.upper()}"] is SUPPORTED
        assert result["A GAL"] is BOUNCED


def test_uk_burgundy_would_have_taken_belgium_without_holland() -> None:
    """Autumn 1902: "had Belgium not received support from Holland, the French move
    Burgundy-Belgium would have succeeded. An attack on a province does not in itself prevent
    the unit occupying that province from moving"."""
    position = UK.before(4)
    orders = read_orders(UK, position, UK.phases[4])
    orders["GERMANY"] = [o for o in orders["GERMANY"] if format_order(o) != "F HOL S A BEL"] + [
        parse_order("F(Hol) Stands", position, "GERMANY")
    ]
    resolution = adjudicate(position, orders)
    result = outcomes(resolution)
    assert result["A BUR"] is MOVED
    assert result["A RUH"] is MOVED
    assert result["A BEL"] is DISLODGED
    assert resolution.position.owner_in("BEL") == "FRANCE"
    assert resolution.position.owner_in("BUR") == "GERMANY"


def test_calhamer_a_fleet_cannot_support_inland() -> None:
    """Spring 1902: "The Austro-Hungarian fleet could not have supported the action in
    Serbia, because the fleet cannot move to an inland province"."""
    with pytest.raises(IllegalOrderError):
        parse_order("F Gre. S A Bud.—Ser.", CALHAMER.before(3), "AUSTRIA")


def test_uk_a_unit_that_stands_on_a_home_centre_blocks_a_build() -> None:
    """Winter 1901: a power builds only in a vacant home centre (III.5, 1.11). Turkey's army
    from Smyrna went to Constantinople in Spring, so Smyrna and Ankara were free."""
    position = UK.before(2)
    with pytest.raises(IllegalOrderError):
        parse_order("A(Con)", position, "TURKEY")
    assert format_order(parse_order("A(Smy)", position, "TURKEY")) == "A SMY B"


# The 1961 book's lines as printed ----------------------------------------------------------------
#
# Each power's orders run on in one line, with no separator between orders; a player who
# pastes them gets them split where a new order starts (engine.parse_runs). Where the book
# breaks a line between two orders the break is kept. Two breaks fall inside an order: France's
# "F Mar. S A" / "Spa." is joined, and Austria's "A Ser. S Turk. A Bul." / "Rum." has its lost
# dash back (see the transcription above).

CALHAMER_PRINTED: dict[str, dict[str, str]] = {
    "S1901M": {
        "ENGLAND": "England: A Liv.—Yor. F Lon.—North Sea F Edi.—Norw. Sea",
        "GERMANY": "Germany: A Ber.—Kiel A Mun.—Ruhr F Kiel—Den.",
        "RUSSIA": "Russia: A Mos.—Ukr. A War.—Gal. F St. P.—Both. F Sev.—Bla.",
        "TURKEY": "Turkey: A Con.—Bul. A Smy.—Con. F Ank.—Bla.",
        "AUSTRIA": "Austria-Hungary: A Vie.—Tri. A Bud.—Gal. F Tri.—Alb.",
        "ITALY": "Italy: A Ven.—Pie. A Rome—Ven. F Nap.—Ion.",
        "FRANCE": "France: A Par.—Bur. A Mar.—Spa. F Bre.—Pic.",
    },
    "F1901M": {
        "ENGLAND": "England: A Yor.—Norway F North Sea C A Yor.—Norway F Norw. Sea—Bar.",
        "GERMANY": "Germany: A Kiel—Hol. A Ruhr—Bel. F Stands",
        "RUSSIA": "Russia: A Ukr S F Sev.—Rum. A War.—Gal. F Both.—Swe. F Sev.—Rum.",
        "TURKEY": "Turkey: A Bul.—Ser. A Con.—Bul. F Ank.—Bla.",
        "AUSTRIA": "Austria-Hungary: A Tri. Stand A Bud.—Ser. F Alb.—Gre.",
        "ITALY": "Italy: A Ven. Stands A Pie.—Mar. F Ion.—Tun.",
        "FRANCE": "France: A Bur.—Mar. A Spa.—Por. F Pic.—Bel.",
    },
    "W1901A": {
        "ENGLAND": "England builds F Edi.",
        "GERMANY": "Germany builds F Kiel and A Mun.",
        "RUSSIA": "Russia builds A St. P. and A Sev.",
        "TURKEY": "Turkey builds A Smy.",
        "AUSTRIA": "Austria-Hungary builds A Vie.",
        "ITALY": "Italy builds F Naples",
        "FRANCE": "France builds F Marseilles.",
    },
    "S1902M": {
        "GERMANY": "Germany: A Hol.—Bel. A Ruhr S Hol.—Bel. A Mun.—Bur. F Den. Stands F Kiel—Hol.",
        "RUSSIA": (
            "Russia: A Ukr. S F Rum. A Gal.—Bud. A St. P.—Norway A Sev. S F Rum. "
            "F Swe. S St. P.—Norway F Rum. Stands"
        ),
        "TURKEY": "Turkey: A Bul.—Rum. A Con.—Bul. A Smy.—Arm. F Bla. S Bul.—Rum.",
        "AUSTRIA": "Austria-Hungary: A Tri.—Bud. A Vie—Bud. A Bud.—Ser. F Stands",
        "ITALY": "Italy: A Ven. Stands A Pie.—Mar. F Tun.—W Med. F Nap.—Tyr.",
        "FRANCE": "France: A Bur. S F Pic.—Bel. A Por.—Spa. F Pic.—Bel. F Mar. Stands",
        "ENGLAND": "England: A Nor.—St. P. F North Sea—Norway F Bar. S Nor.—St. P F Edi.—North Sea",
    },
    "F1902M": {
        "GERMANY": (
            "Germany: A Ruhr—Bur. A Mun. S Ruhr—Bur. A Bel. S Ruhr—Bur.\n"
            "F Den.—Swe. F Hol. S A Bel."
        ),
        "RUSSIA": (
            "Russia: A St. P.—Norway F Swe. S St. P.—Norw. F Rum. S A Sev.\n"
            "A Sev. S F Rum. A Gal. S F Rum. A Ukr. S A Sev."
        ),
        "TURKEY": "Turkey: A Bul.—Rum. A Con.—Bul. A Arm.—Sev. F S A Bul.—Rum.",
        "AUSTRIA": ("Austria-Hungary: A Vie.—Gal. A Tri.—Bud. A Ser. S Turk. A Bul.—Rum. F Stands"),
        "ITALY": "Italy: A Ven.—Pie. A Pie.—Mar. F W Med.—Mid. F Tyr.—Gulf of L.",
        "FRANCE": "France: A Bur.—Bel. F Pic. S Bur.—Bel. A Spa. S F Mar. F Mar. S A Spa.",
        "ENGLAND": (
            "England: A Norw.—St. P. F Bar. S Norw.—St. P. F North Sea—Norway\nF Edi.—North Sea"
        ),
    },
}


@pytest.mark.parametrize("phase", list(CALHAMER_PRINTED))
def test_calhamer_lines_as_printed_split_into_their_orders(phase: str) -> None:
    """Each power's line reads as the orders the transcription gives one by one, and the
    phase then comes out as the book says."""
    index = next(i for i, p in enumerate(CALHAMER.phases) if p.phase == phase)
    position = CALHAMER.before(index)
    transcribed = read_orders(CALHAMER, position, CALHAMER.phases[index])
    printed: dict[str, list[Order]] = {}
    for power, line in CALHAMER_PRINTED[phase].items():
        read = parse_orders(line, position, power)
        assert [str(r.error) for r in read if not r.ok] == [], (power, line)
        printed[power] = [r.order for r in read if r.order is not None]
        assert printed[power] == transcribed[power], power
    check(CALHAMER.phases[index], adjudicate(position, printed))
