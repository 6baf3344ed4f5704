"""A Diplomacia game through the whole service, on a map file added to the variants folder
(tests/data/handbook.json: the handbook's examples' areas): numbered turns, two accounts at
the control evaluation, two orders for one unit, the shortened game, secrecy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import load_variant
from tests.bot.service.harness import Table, open_table, said

MAPS = Path(__file__).parents[2] / "data"

JOIN = """
gm> /dip newgame hague variant=handbook reminders=off {options}
alice> /dip join france
bob> /dip join russia
carol> /dip join scandinavia
gm> /dip start
"""
ALL_READY = """
alice> /dip ready
bob> /dip ready
carol> /dip ready
"""


@pytest.fixture(autouse=True)
def handbook_folder(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("DIPGM_VARIANTS_DIR", str(MAPS))
    load_variant.cache_clear()
    yield
    load_variant.cache_clear()


async def begin(table: Table, options: str = "", join: str = JOIN) -> list[str]:
    return await table.play(join.format(options=options))


async def test_a_map_file_in_the_folder_is_a_variant_of_newgame_and_help(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip help newgame")
        text = "\n".join(said(lines, "only:gm#game"))
        assert "variant=standard|1961-3|1961-4|1961-5|1961-6|diplomacia|ww1|handbook" in text
        assert "handbook (7 powers: 7 supply centres)" in text
        lines = await begin(table)
        channel = said(lines, "#game")
        assert "Variant handbook — The areas of the Diplomacia handbook's examples, for tests." in (
            channel
        )
        assert "hague has begun: Turn 1" in channel
        assert "Send your orders for Turn 1 to me here, for example:" in said(lines, "dm:bob")


async def test_turns_are_named_and_centres_and_ports_counted_after_each(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table)
        await table.play("bob@dm> order A KAR - EST; F GFI - EBA")
        lines = await table.play(ALL_READY)
        channel = said(lines, "#game")
        assert "hague: Turn 1 — results" in channel
        assert "A KAR - EST  ✓ moved" in channel
        # control changes as units move: counted after every turn, ports beside centres
        assert "Russia: 1 centre, 2 ports" in channel
        assert "Next: Turn 2" in channel
        assert not any("Fall" in line or "Spring" in line or "Winter" in line for line in lines)


async def test_two_orders_for_one_unit_in_one_message_store_neither(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table)
        await table.play("bob@dm> order A KAR - FIN; F GFI H")
        lines = await table.play("bob@dm> order A KAR - EST; A KAR H")
        reply = said(lines, "dm:bob")
        assert reply[0] == "Orders: 0 accepted, 2 not accepted"
        assert "✗ A KAR - EST — illegal: two orders for Karelia: neither counts" in reply
        assert (
            "⚠ Two orders for Karelia: neither counts (Diplomacia rule 8); send one. "
            "Your earlier order (A KAR - FIN) is withdrawn too."
        ) in reply
        lines = await table.play("bob@dm> orders")
        assert said(lines, "dm:bob")[1:] == ["F GFI H", "Units without orders: A KAR"]
        # the same order twice is one order; a later message replaces an earlier one
        await table.play("bob@dm> order A KAR - EST; A KAR - EST")
        lines = await table.play("bob@dm> order A KAR - FIN")
        assert "⚠ A KAR - FIN — replaces your earlier order for A KAR" in said(lines, "dm:bob")
        lines = await table.play(ALL_READY)
        assert "A KAR - FIN  ✓ moved" in said(lines, "#game")


async def to_the_control_evaluation(table: Table) -> list[str]:
    """Turns 1 and 2 played, Russia leaving Kronstadt's sector free: what turn 2 printed."""
    await begin(table)
    await table.play("bob@dm> order A KAR - EST; F GFI - EBA")
    await table.play(ALL_READY)
    await table.play("bob@dm> order A EST - LAT")
    return await table.play(ALL_READY)


async def test_the_control_evaluation_states_both_accounts(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await to_the_control_evaluation(table)
        channel = said(lines, "#game")
        accounts = (
            "Russia: 1 centre and 1 army; 2 ports and 1 fleet — 1 fleet to raise "
            "(in Kronstadt (GFI))"
        )
        assert channel[channel.index("Next: Turn 2 control evaluation") + 1] == accounts
        dm = said(lines, "dm:bob")
        assert dm[0] == "hague: Turn 2 control evaluation — Russia to act"
        assert (
            "Your accounts: 1 centre and 1 army; 2 ports and 1 fleet — 1 fleet to raise "
            "(in Kronstadt (GFI))."
        ) in dm
        assert "order F GFI B   (`order waive` gives up a build)" in dm
        assert not said(lines, "dm:alice"), "France has nothing to raise or remove"
        lines = await table.play("alice> /dip status")
        status = said(lines, "only:alice#game")
        assert status[0] == "hague: Turn 2 control evaluation — status"
        assert "Russia: still ordering" in status
        assert accounts in status[status.index("Accounts") :]
        lines = await table.play(ALL_READY)
        channel = said(lines, "#game")
        assert "hague: Turn 2 control evaluation — results" in channel
        assert "1 build not ordered (waived)" in channel
        assert "Next: Turn 3" in channel


async def test_no_power_sees_another_powers_orders_before_the_turn_resolves(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table)
        lines = await table.play(
            """
            bob@dm> order A KAR - EST; F GFI - EBA
            alice> /dip status
            alice> /dip orders
            carol@dm> orders
            """
        )
        others = [line for line in lines if "bob" not in line.split("]")[0]]
        assert not any("KAR - EST" in line or "GFI - EBA" in line for line in others)
        lines = await table.play(ALL_READY)
        assert "A KAR - EST  ✓ moved" in said(lines, "#game")


async def test_a_shortened_game_ends_after_its_turn_with_the_most_centres(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await begin(table, "end=2")
        assert (
            "Press: full; players' powers are public. The game ends after turn 2, the most "
            "supply centres win." in said(lines, "#game")
        )
        await table.play(ALL_READY)
        lines = await table.play(ALL_READY)
        assert "Next: Turn 2 control evaluation" in said(lines, "#game")
        # the evaluation after the last turn is played first, as a year's adjustments are
        lines = await table.play(ALL_READY)
        channel = said(lines, "#game")
        assert "hague: Turn 2 control evaluation — results" in channel
        assert "Game over" in channel
        assert "hague: final standings" in channel
        final = channel[channel.index("hague: final standings") :]
        assert final[1] == "The agreed end came: France won with the most supply centres (2)."
        assert final[3] == "1. France (alice): 2 supply centres, 3 units"
        assert "hague: supply centres by turn" in channel
        assert table.animator.calls, "the animated history of the whole game"


async def test_a_year_is_refused_as_the_end_of_a_game_of_turns(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play("gm> /dip newgame hague variant=handbook end=1910")
        assert said(lines, "only:gm#game") == [
            "end=1910: this game counts turns, not years: end=12 ends it after turn 12."
        ]


async def test_civil_disorder_units_hold(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await begin(table)
        assert (
            "No player for Britain, Germany, Spain, Visegrad: civil disorder, their units hold."
            in said(lines, "#game")
        )
        lines = await table.play(ALL_READY)
        channel = said(lines, "#game")
        assert channel[channel.index("Britain") + 1 : channel.index("Britain") + 3] == [
            "A SEN  held (no order)",
            "F CHA  held (no order)",
        ]


# On the shipped board (engine/data/diplomacia.json) -----------------------------------------

SHIPPED = """
gm> /dip newgame hague variant=diplomacia reminders=off {options}
alice> /dip join turkey
bob> /dip join russia
gm> /dip start
"""


async def test_the_shipped_board_names_its_control_evaluation_in_the_schedule(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await begin(table, join=SHIPPED)
        schedule = (
            "Movement 2 days, retreats 2 hours, control evaluation 2 hours (times in UTC); "
            "adjudicated as soon as everyone is ready; no reminders."
        )
        assert said(lines, "#game").count(schedule) == 2, "at newgame and at the start"
        assert not any("adjustments" in line for line in lines)
        lines = await table.play("alice> /dip settings")
        assert schedule in said(lines, "only:alice#game")


async def test_a_port_seizure_and_a_hop_chain_read_as_done(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table, join=SHIPPED)
        await table.play("alice@dm> order A CON - GRE; F ICA - LVS; F MRM - NAE")
        await table.play("gm> /dip process")
        await table.play("alice@dm> order A GRE ZP MYR; F NAE - ICA")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        # the seizure succeeded: the order is marked done, and Piraeus's sector is Turkey's
        assert "A GRE ZP MYR  ✓ seized" in channel
        assert "Turkey: 4 centres, 5 ports (+1)" in channel, "Piraeus is the fifth"
        assert "A GRE ZP MYR  ✓ seized" in said(lines, "dm:alice")
        await table.play("alice@dm> order waive; waive")
        await table.play("gm> /dip process")
        await table.play("alice@dm> order F ICA C SMY - LVS; F LVS C ICA - EGY; A SMY - EGY")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "A SMY - EGY  ✓ moved" in channel
        assert "F ICA C SMY - LVS  ✓ convoyed" in channel
        assert "F LVS C ICA - EGY  ✓ convoyed" in channel
        assert "EGY: neutral → Turkey" in channel


async def test_a_draw_of_every_power_still_playing_ends_a_diplomacia_game(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table, join=SHIPPED)
        lines = await table.play("alice@dm> draw")
        assert said(lines, "dm:alice")[0].startswith("Turkey votes for a draw in Turn 1.")
        await table.play("bob@dm> draw")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "Next: Turn 2" not in channel
        over = channel[channel.index("Game over") :]
        assert over[:4] == [
            "Game over",
            "The game ended in a draw shared by Russia and Turkey.",
            "Votes",
            "Draw: Russia, Turkey",
        ]
        assert "hague: supply centres by turn" in channel


async def test_with_teams_all_a_seizure_counts_once_every_member_gives_it(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(
            """
            gm> /dip newgame hague variant=diplomacia teams=all reminders=off
            alice> /dip join turkey
            bob> /dip join with alice
            carol> /dip join russia
            gm> /dip start
            """
        )
        lines = await table.play("alice@dm> order A CON - GRE; F ICA - LVS; F MRM - NAE")
        assert "A CON - GRE: waiting for bob" in said(lines, "dm:alice")
        await table.play("bob@dm> order A CON - GRE; F ICA - LVS; F MRM - ICA")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        assert "A CON - GRE  ✓ moved" in channel
        assert "F ICA - LVS  ✓ moved" in channel
        assert "F MRM  held (no order)" in channel, "the two members differed: it holds"
        lines = await table.play("alice@dm> order A GRE ZP MYR")
        assert "A GRE ZP MYR: waiting for bob" in said(lines, "dm:alice")
        lines = await table.play("bob@dm> order A GRE ZP MYR")
        assert "A GRE ZP MYR: agreed" in said(lines, "dm:bob")
        lines = await table.play("gm> /dip process")
        assert "A GRE ZP MYR  ✓ seized" in said(lines, "#game")


async def test_civil_disorder_removes_an_army_and_a_fleet_each_from_its_account(
    tmp_path: Path,
) -> None:
    """Handbook 6.5: each account is settled on its own, so a power that orders nothing loses
    an army for its lost centre and a fleet for its lost port, never two fleets."""
    async with open_table("sqlite", tmp_path) as table:
        await begin(table)
        # Russia leaves Karelia and Kronstadt and raises a second fleet in Riga; Scandinavia
        # walks into Karelia and seizes Kronstadt
        await table.play("bob@dm> order A KAR - EST; F GFI - GBO\ncarol@dm> order A UPP - FIN")
        await table.play("gm> /dip process")
        await table.play("gm> /dip process")
        await table.play("bob@dm> order build F EBA\ngm> /dip process")
        await table.play("carol@dm> order A FIN - KAR\ngm> /dip process")
        lines = await table.play("carol@dm> order A KAR ZP GFI\ngm> /dip process")
        channel = said(lines, "#game")
        assert (
            "Russia: 0 centres and 1 army — 1 army to remove; 1 port and 2 fleets — 1 fleet to "
            "remove" in channel
        )
        # each account takes what it owes: a second fleet is not removed for the army
        lines = await table.play("bob@dm> order F GBO D; F EBA D")
        dm = said(lines, "dm:bob")
        assert (
            "✗ F EBA D — illegal: you have 1 fleet removal to order and all are given "
            "(F GBO D): `clear` one first"
        ) in dm
        await table.play("bob@dm> clear GBO")
        lines = await table.play("gm> /dip process")
        channel = said(lines, "#game")
        start = channel.index("Russia") + 1
        assert channel[start : start + 3] == [
            "A EST  removed (no removal order: civil-disorder rule)",
            "F GBO  removed (no removal order: civil-disorder rule)",
            "Scandinavia",
        ]


async def test_rule_book_press_and_conditionals_name_the_control_evaluation(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await begin(table, "press=rulebook")
        lines = await table.play("bob@dm> order A KAR - EST; if +1 build F GFI")
        assert (
            "Conditional orders apply when the retreats or control evaluation come, if they fit."
            in said(lines, "dm:bob")
        )
        await table.play("gm> /dip process")
        await table.play("bob@dm> order A EST - LAT; F GFI - EBA\ngm> /dip process")
        lines = await table.play("bob@dm> press france Shall we?")
        assert lines == [
            "[dm:bob] hague follows the rule book: there is no diplomacy during retreats and "
            "control evaluation. Your message was not sent; press opens again with the next "
            "movement phase."
        ]
        lines = await table.play("bob@dm> order if +1 build F GFI")
        assert (
            "✗ if +1 build F GFI — conditional orders go with movement orders, for the retreats "
            "and control evaluation that follow" in said(lines, "dm:bob")
        )


async def test_units_are_raised_in_the_handbook_s_words_and_ours(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await to_the_control_evaluation(table)
        # "1 fleet to raise": the bot's own word, in a DM without `order`
        lines = await table.play("bob@dm> raise F GFI")
        assert said(lines, "dm:bob")[:2] == ["Orders: 1 accepted", "✓ F GFI B"]
        # the handbook's "field" (6.5.1)
        lines = await table.play("bob@dm> clear\nbob@dm> field Finský záliv")
        assert "✓ F GFI B" in said(lines, "dm:bob")


async def test_possible_lists_the_port_an_account_may_raise_a_fleet_in(tmp_path: Path) -> None:
    """What `possible` offers at the evaluation is the engine's answer: the fleet account's
    build in a controlled port, and no unit of an account that owes nothing."""
    async with open_table("sqlite", tmp_path) as table:
        await to_the_control_evaluation(table)
        lines = await table.play("bob@dm> possible")
        reply = said(lines, "dm:bob")
        assert reply[1:3] == [
            "in GFI: F GFI B",
            "`possible <province>` lists every order for one unit, supports too.",
        ]
        lines = await table.play("bob@dm> possible LAT")
        assert said(lines, "dm:bob") == [
            "You have nothing to order in LAT this phase (your places: GFI)."
        ]
