"""Teams (`teams=`): several people commanding one power, drawn by lot among teams, every
member told what the power is told, conferring with `press team`, and one vote per power."""

from __future__ import annotations

from pathlib import Path

from tests.bot.service.harness import Table, open_table, said

TEAMS = """
gm> /dip newgame hague teams=any reminders=off
alice> /dip join france
bob> /dip join with alice
carol> /dip join
dave> /dip join
"""


def power_of(channel: list[str], user: str) -> str:
    return next(line.split(": ")[0] for line in channel if user in line.split(": ")[-1])


async def start_teams(table: Table) -> list[str]:
    await table.play(TEAMS)
    return await table.play("gm> /dip start")


async def test_a_team_draws_one_power_and_both_are_welcomed(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(TEAMS)
        channel = said(lines, "#game")
        assert "bob joined alice's team in hague: alice, bob (1 of 7 teams)." in channel
        assert "carol joined hague (2 of 7 teams)." in channel
        assert said(lines, "only:bob#game")[0].startswith("You are in a team with alice's")
        lines = await table.play("gm> /dip start")
        channel = said(lines, "#game")
        assert "France: alice, bob" in channel
        for user in ("alice", "bob"):
            assert "hague: you play France" in said(lines, f"dm:{user}")
        assert "hague: you play France" not in said(lines, "dm:carol")


async def test_the_lot_is_among_teams(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        lines = await table.play(
            """
            gm> /dip newgame hague teams=any
            alice> /dip join
            bob> /dip join with alice
            carol> /dip join
            dave> /dip join with carol
            erin> /dip join with dave
            gm> /dip start
            """
        )
        channel = said(lines, "#game")
        seated = {
            line.split(": ")[0]: line.split(": ")[1]
            for line in channel
            if line.split(": ")[0] in POWER_NAMES
        }
        assert sorted(v for v in seated.values() if v != "—") == ["alice, bob", "carol, dave, erin"]


POWER_NAMES = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


async def test_every_member_gets_the_results_and_the_call_to_adjust(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        lines = await table.play("alice@dm> order A Par-Bur")
        assert said(lines, "dm:alice")[0] == "Orders: 1 accepted"
        lines = await table.play("bob@dm> orders")
        assert said(lines, "dm:bob")[:2] == ["France: orders for Spring 1901", "A PAR - BUR"]
        assert not [line for line in lines if "dm:carol" in line or "dm:dave" in line]
        await table.play("gm> /dip process\nbob@dm> order A Bur-Bel")
        lines = await table.play("gm> /dip process")
        for user in ("alice", "bob"):
            mine = said(lines, f"dm:{user}")
            assert mine[:3] == [
                "hague: Winter 1901 adjustments — France to act",
                "Your orders in Fall 1901",
                "A BUR - BEL  ✓ moved",
            ]
        assert said(lines, "dm:alice") == said(lines, "dm:bob")


async def test_press_team_reaches_only_the_teammate(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        lines = await table.play("alice@dm> press team Shall we take Belgium?")
        assert said(lines, "dm:alice") == ["Sent to your teammate in France, and to nobody else."]
        assert said(lines, "dm:bob") == [
            "hague: from your teammate alice (France)",
            "Shall we take Belgium?",
        ]
        assert {line.split("]")[0] for line in lines} == {"[dm:alice", "[dm:bob"}
        lines = await table.play("carol@dm> press team Anyone?")
        assert said(lines, "dm:carol")[0].startswith("Nobody else commands ")
        lines = await table.play("gm> /dip export")
        assert not [line for line in lines if "Belgium" in line]


async def test_votes_are_per_power(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        await table.play("alice@dm> draw")
        lines = await table.play("bob@dm> draw")
        assert said(lines, "dm:bob") == [
            "You already vote for a draw in Spring 1901; `undraw` takes it back."
        ]
        lines = await table.play("carol@dm> draw\ndave@dm> draw\ngm> /dip process")
        assert any("draw" in line for line in said(lines, "#game"))


async def test_joining_a_power_under_way_asks_its_team(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        france = power_of(said(await table.play("gm> /dip players"), "only:gm#game"), "alice")
        word = france.lower()
        await table.play("alice@dm> order A Par-Bur\nbob@dm> press team Keep Burgundy quiet")
        lines = await table.play(f"zoe@dm> game hague join {word}")
        assert said(lines, "dm:zoe") == [
            f"You asked to join {france}'s team in hague: its members and the game master are "
            "asked, and you hear from me when one of them answers. Until then you see nothing "
            f"of {france}."
        ]
        for asked in ("alice", "bob", "gm"):
            assert said(lines, f"dm:{asked}")[:2] == [
                f"hague: zoe asks to join {france}'s team",
                f"zoe would like to command {france} with its team. Until one of you answers, "
                f"they see nothing of {france} and its orders stand as the team gives them.",
            ]
        assert not said(lines, "#game"), "nobody joined yet"
        # until answered, zoe is no player: no orders, no press, no DMs of the power
        lines = await table.play("zoe@dm> game hague orders")
        assert "A PAR - BUR" not in "\n".join(lines)
        lines = await table.play("alice@dm> press team Welcome?")
        assert not said(lines, "dm:zoe")
        lines = await table.play("zoe@dm> game hague join accept @zoe")
        assert said(lines, "dm:zoe") == [
            f"zoe asked to join {france}'s team: its members or the game master answer."
        ]
        lines = await table.play("carol@dm> game hague join accept @zoe")
        assert said(lines, "dm:carol")[0].startswith("zoe asked to join")
        lines = await table.play("bob@dm> game hague join accept @zoe")
        assert said(lines, "dm:bob")[0] == f"zoe joined {france}'s team and is briefed by DM."
        assert f"zoe joined {france}'s team." in said(lines, "#game")
        welcome = said(lines, "dm:zoe")
        assert welcome[0] == f"hague: you now play {france}"
        assert welcome[1].startswith(f"You joined {france}'s team in Spring 1901")
        assert "A PAR - BUR" in welcome
        assert not [line for line in welcome if "game master handed" in line]
        lines = await table.play("alice@dm> press team Welcome, zoe")
        assert said(lines, "dm:zoe")[1] == "Welcome, zoe"


async def test_a_refused_newcomer_is_told_and_sees_nothing(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        france = power_of(said(await table.play("gm> /dip players"), "only:gm#game"), "alice")
        await table.play(f"zoe@dm> game hague join {france.lower()}")
        lines = await table.play("gm@dm> game hague join refuse @zoe")
        assert said(lines, "dm:gm") == [f"zoe does not join {france}'s team; they are told."]
        assert said(lines, "dm:zoe") == [
            "hague: your request was refused",
            f"{france}'s team did not take you in hague.",
        ]
        lines = await table.play("alice@dm> game hague join accept @zoe")
        assert said(lines, "dm:alice") == ["zoe has not asked to join a team in hague."]
        lines = await table.play("alice@dm> press team Still two of us")
        assert not said(lines, "dm:zoe")


async def test_asking_another_team_withdraws_the_first_request_and_tells_that_team(
    tmp_path: Path,
) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await start_teams(table)
        players = said(await table.play("gm> /dip players"), "only:gm#game")
        france, other = power_of(players, "alice"), power_of(players, "carol")
        await table.play(f"zoe@dm> game hague join {france.lower()}")
        lines = await table.play(f"zoe@dm> game hague join {other.lower()}")
        assert said(lines, "dm:zoe") == [
            f"You asked to join {other}'s team in hague: its members and the game master are "
            "asked, and you hear from me when one of them answers. Until then you see nothing "
            f"of {other}. Your request to join {france}'s team is withdrawn, and they are told."
        ]
        for told in ("alice", "bob", "gm"):
            assert said(lines, f"dm:{told}")[:2] == [
                f"hague: zoe no longer asks to join {france}'s team",
                f"zoe asks to join {other}'s team instead, so their request to {france} is "
                "withdrawn: there is nothing more to answer.",
            ], told
        assert not [line for line in said(lines, "dm:carol") if "no longer" in line]
        # France's team answering now finds nothing of theirs to answer
        lines = await table.play("alice@dm> game hague join accept @zoe")
        assert said(lines, "dm:alice") == [
            f"zoe asked to join {other}'s team: its members or the game master answer."
        ]
        lines = await table.play("carol@dm> game hague join accept @zoe")
        assert f"zoe joined {other}'s team." in said(lines, "#game")


async def test_an_outsider_never_resets_agreed_orders(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(trio("all"))
        await table.play(
            "alice@dm> order F Bre-MAO\nbob@dm> order F Bre-MAO\ncarol@dm> order F Bre-MAO"
        )
        lines = await table.play("zoe@dm> game hague join with @alice")
        assert said(lines, "dm:zoe")[0].startswith("You asked to join France's team")
        lines = await table.play("alice@dm> orders")
        assert "waiting for zoe" not in "\n".join(lines)
        lines = await table.play("gm> /dip process")
        assert "F BRE - MAO  ✓ moved" in said(lines, "#game")


async def test_teams_refused_without_the_option_and_with_players(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague\nalice> /dip join")
        lines = await table.play("bob> /dip join with alice")
        assert said(lines, "only:bob#game") == [
            "hague has one player per power: teams are allowed only in a game created with "
            "`newgame ... teams=any` or `teams=all`."
        ]
        lines = await table.play("gm#other> /dip newgame other teams=any players=4")
        assert said(lines, "only:gm#other")[0].startswith(
            "teams=any cannot go with seats: players=4 gives one person several powers"
        )
        lines = await table.play("gm#third> /dip newgame third teams=any variant=ww1")
        assert said(lines, "only:gm#third")[0].startswith(
            "teams=any cannot go with seats: this variant is played in fixed seats"
        )
        lines = await table.play("gm#fourth> /dip newgame fourth teams=every")
        assert said(lines, "only:gm#fourth")[0].startswith("teams=every is not a team rule")


def trio(rule: str) -> str:
    return f"""
gm> /dip newgame hague teams={rule} reminders=off
alice> /dip join france
bob> /dip join with alice
carol> /dip join with alice
dave> /dip join
erin> /dip join
gm> /dip start
"""


async def test_with_any_the_latest_order_of_the_team_counts(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(trio("any"))
        await table.play("alice@dm> order A Par-Bur\nbob@dm> order A Par-Pic")
        lines = await table.play("gm> /dip process")
        assert "A PAR - PIC  ✓ moved" in said(lines, "#game")


async def test_with_all_only_an_order_every_member_gave_counts(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(trio("all"))
        lines = await table.play("alice@dm> order A Par-Bur; F Bre-MAO; A Mar-Spa")
        assert "A PAR - BUR: waiting for bob, carol" in said(lines, "dm:alice")
        lines = await table.play("bob@dm> order A Par-Bur; F Bre-MAO; A Mar-Pie")
        bob = said(lines, "dm:bob")
        assert "A PAR - BUR: waiting for carol" in bob
        assert "A MAR - PIE: alice gave A MAR - SPA; waiting for carol" in bob
        lines = await table.play("carol@dm> order F Bre-MAO; A Mar-Spa")
        carol = said(lines, "dm:carol")
        assert "F BRE - MAO: agreed" in carol
        assert "A MAR - SPA: bob gave A MAR - PIE" in carol
        assert "Units without orders: A MAR, A PAR" in carol
        lines = await table.play("carol@dm> orders")
        assert "A PAR - BUR: waiting for carol" not in said(lines, "dm:carol")
        # carol reads "you", never her own name, as who the unit waits for
        assert "PAR: alice gave A PAR - BUR; bob gave A PAR - BUR; waiting for you" in said(
            lines, "dm:carol"
        )
        assert not [line for line in said(lines, "dm:carol") if "waiting for carol" in line]
        assert not [line for line in lines if "dm:dave" in line]
        lines = await table.play("gm> /dip process")
        results = said(lines, "#game")
        # all three: moves; two of three: holds; two members differing: holds
        assert "F BRE - MAO  ✓ moved" in results
        assert "A PAR - BUR" not in "\n".join(results)
        assert "A MAR - SPA" not in "\n".join(results)


async def test_with_all_a_power_is_ready_once_every_member_is(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(trio("all"))
        lines = await table.play("dave@dm> ready\nerin@dm> ready\nalice@dm> ready")
        assert "France is ready once every member is: waiting for bob, carol." in said(
            lines, "dm:alice"
        )
        lines = await table.play("bob@dm> ready")
        assert "France is ready once every member is: waiting for carol." in said(lines, "dm:bob")
        assert not [line for line in lines if "adjudicated" in line]
        lines = await table.play("carol@dm> ready")
        assert not [line for line in said(lines, "dm:carol") if "waiting for" in line]
        assert [line for line in said(lines, "dm:carol") if line.startswith("Everyone is ready")]


async def test_with_all_a_draw_needs_every_member(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play(trio("all"))
        lines = await table.play("dave@dm> draw\nerin@dm> draw\nalice@dm> draw\nbob@dm> draw")
        assert "France's vote counts once every member casts it: waiting for carol." in said(
            lines, "dm:bob"
        )
        lines = await table.play("gm> /dip process")
        assert "A draw needs the vote of every power still playing: not this time." in said(
            lines, "#game"
        )
        lines = await table.play(
            "dave@dm> draw\nerin@dm> draw\nalice@dm> draw\nbob@dm> draw\ncarol@dm> draw"
        )
        assert not [line for line in said(lines, "dm:carol") if "waiting for" in line]
        lines = await table.play("gm> /dip process")
        assert "In the draw: France, Russia and Turkey." in said(lines, "#game")


async def test_join_with_at_a_name_as_the_help_writes_it(tmp_path: Path) -> None:
    async with open_table("sqlite", tmp_path) as table:
        await table.play("gm> /dip newgame hague teams=any\nalice> /dip join")
        lines = await table.play("bob> /dip join with @alice")
        assert "bob joined alice's team in hague: alice, bob (1 of 7 teams)." in said(
            lines, "#game"
        )
        lines = await table.play("carol@dm> game hague join with @alice")
        assert said(lines, "dm:carol")[0].startswith("You are in a team with alice's")
