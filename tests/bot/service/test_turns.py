"""Who takes the database next: a player's command before a deadline's transaction that
asked earlier, and the deadline's transaction all the same once its patience is spent."""

from __future__ import annotations

import asyncio

from bot.service.turns import Turns


async def _command(turns: Turns, name: str, done: list[str], hold: asyncio.Event) -> None:
    async with turns.command():
        done.append(name)
        await hold.wait()


async def _deadline(turns: Turns, done: list[str]) -> None:
    async with turns.deadline():
        done.append("deadline")


async def test_a_command_that_comes_after_a_deadline_asked_still_goes_first() -> None:
    turns = Turns(1, patience=60)
    done: list[str] = []
    hold = asyncio.Event()
    first = asyncio.create_task(_command(turns, "first", done, hold))
    await asyncio.sleep(0)
    deadline = asyncio.create_task(_deadline(turns, done))
    await asyncio.sleep(0.01)  # the deadline has asked, and waits
    second = asyncio.create_task(_command(turns, "second", done, hold))
    await asyncio.sleep(0)
    hold.set()
    await asyncio.gather(first, deadline, second)
    assert done == ["first", "second", "deadline"]


async def test_a_deadline_is_not_held_back_for_ever_by_a_stream_of_commands() -> None:
    turns = Turns(2, patience=0.01)
    done: list[str] = []
    never = asyncio.Event()
    busy = asyncio.create_task(_command(turns, "busy", done, never))
    await asyncio.sleep(0)
    await asyncio.wait_for(_deadline(turns, done), 5)
    assert done == ["busy", "deadline"] and not busy.done()
    busy.cancel()


async def test_a_deadline_goes_at_once_when_no_command_waits() -> None:
    turns = Turns(1, patience=60)
    done: list[str] = []
    await asyncio.wait_for(_deadline(turns, done), 5)
    assert done == ["deadline"]


async def test_with_several_connections_a_deadline_takes_none_of_the_commands_turns() -> None:
    turns = Turns(2, patience=60)
    done: list[str] = []
    hold = asyncio.Event()
    deadline_in = asyncio.Event()

    async def long_deadline() -> None:
        async with turns.deadline():
            done.append("deadline")
            deadline_in.set()
            await hold.wait()

    deadline = asyncio.create_task(long_deadline())
    await deadline_in.wait()
    # both connections the commands take are still theirs while the deadline's map is drawn
    first = asyncio.create_task(_command(turns, "first", done, hold))
    second = asyncio.create_task(_command(turns, "second", done, hold))
    await asyncio.sleep(0.01)
    assert done == ["deadline", "first", "second"]
    hold.set()
    await asyncio.gather(deadline, first, second)
