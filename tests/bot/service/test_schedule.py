"""Schedules: parsing what a game master types, phase times on all three kinds (the league's
timetable across daylight-saving changes), reminders, ready-early, pauses, JSON."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service.schedule import (
    CLASSROOM,
    LEAGUE,
    Blitz,
    Durations,
    PhaseTimes,
    Schedule,
    ScheduleError,
    ScheduleKind,
    Slot,
    Weekly,
    describe,
    describe_duration,
    early_deadline,
    extended,
    first_phase_opens,
    format_duration,
    format_relative,
    format_when,
    parse_clock,
    parse_duration,
    parse_options,
    parse_slot,
    parse_when,
    phase_times,
    remaining,
    reminder_times,
    resumed,
    resumed_deadline,
    split_options,
    to_options,
)
from engine import PhaseKind, load_variant

STANDARD_RULES = load_variant("standard").rules
LA = "America/Los_Angeles"
PT = ZoneInfo(LA)
M, R, A = PhaseKind.MOVEMENT, PhaseKind.RETREATS, PhaseKind.ADJUSTMENTS


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def pt(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    """A Los Angeles wall-clock time (the first, where the clocks repeat one)."""
    return datetime(year, month, day, hour, minute, tzinfo=PT)


def h(hours: float) -> timedelta:
    return timedelta(hours=hours)


SECOND = timedelta(seconds=1)
MINUTE = timedelta(minutes=1)


LEAGUE_READY = replace(LEAGUE, ready_early=True, grace=timedelta(minutes=10))


def options(text: str, base: Schedule | None = None) -> Schedule:
    return parse_options(split_options(text), base=base)


# Durations ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("48h", h(48)),
        ("90m", timedelta(minutes=90)),
        ("2d", timedelta(days=2)),
        ("1h30m", timedelta(hours=1, minutes=30)),
        ("1d12h", timedelta(days=1, hours=12)),
        ("1d 12h", timedelta(days=1, hours=12)),
        (" 2D ", timedelta(days=2)),
        ("30m1h", timedelta(hours=1, minutes=30)),
        ("1w", timedelta(days=7)),
        ("30s", timedelta(seconds=30)),
        ("2 hours", h(2)),
        ("1 day 12 hours", timedelta(days=1, hours=12)),
        ("1 hr, 30 mins", timedelta(hours=1, minutes=30)),
        ("a day and 2 hours", timedelta(days=1, hours=2)),
        ("an hour", h(1)),
        ("45 minutes", timedelta(minutes=45)),
    ],
)
def test_parse_duration(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "no duration given: write one e.g. 48h, 90m, 2d, 1h30m or 1d12h"),
        ("48", "'48' has no unit: write e.g. 48h, 48m or 48d"),
        ("1.5h", "'1.5h': use whole numbers, e.g. 1h30m rather than 1.5h"),
        ("-2h", "'-2h': a duration cannot be negative"),
        ("2x", "'2x': unknown unit 'x'; use d (days), h (hours), m (minutes), w (weeks)"),
        ("2 fortnights", "'2 fortnights': unknown unit 'fortnights'"),
        ("1h1h", "'1h1h': hours given twice"),
        ("0h", "'0h' is no time at all"),
        ("400d", "'400d' is too long: at most 365 days"),
        ("h", "cannot read 'h' as a duration"),
        ("soon", "cannot read 'soon' as a duration"),
    ],
)
def test_parse_duration_errors(text: str, error: str) -> None:
    with pytest.raises(ScheduleError, match="^" + re.escape(error)):
        parse_duration(text)


def test_zero_only_where_allowed() -> None:
    assert parse_duration("0", allow_zero=True) == timedelta(0)
    assert parse_duration("0m", allow_zero=True) == timedelta(0)
    with pytest.raises(ScheduleError, match="has no unit"):
        parse_duration("0")


@given(st.integers(1, 365 * 86400))
def test_format_duration_reads_back(seconds: int) -> None:
    span = timedelta(seconds=seconds)
    assert parse_duration(format_duration(span)) == span


@pytest.mark.parametrize(
    ("span", "compact", "words"),
    [
        (h(48), "2d", "2 days"),
        (timedelta(minutes=90), "1h30m", "1 hour 30 minutes"),
        (timedelta(days=1, hours=12), "1d12h", "1 day 12 hours"),
        (timedelta(0), "0", "no time"),
    ],
)
def test_duration_forms(span: timedelta, compact: str, words: str) -> None:
    assert format_duration(span) == compact
    assert describe_duration(span) == words


# Times of day and weekly slots -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("20:00", time(20, 0)),
        ("0:00", time(0, 0)),
        ("00:00", time(0, 0)),
        ("8pm", time(20, 0)),
        ("8 PM", time(20, 0)),
        ("8:30pm", time(20, 30)),
        ("8 a.m.", time(8, 0)),
        ("12am", time(0, 0)),
        ("12pm", time(12, 0)),
        ("noon", time(12, 0)),
    ],
)
def test_parse_clock(text: str, expected: time) -> None:
    assert parse_clock(text) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("midnight", "'midnight' is ambiguous: write 00:00 with the day that begins then"),
        ("24:00", "'24:00': write 00:00 of the next day instead of 24:00"),
        ("25:00", "'25:00' is not a time of day: hours 0-23, minutes 0-59"),
        ("13pm", "'13pm' is not a time of day: with am/pm, hours run 1-12"),
        ("8", "'8': say which 8: 8:00 (24-hour), 8am or 8pm"),
        ("teatime", "'teatime' is not a time of day: write 24-hour 20:00 or 8pm"),
    ],
)
def test_parse_clock_errors(text: str, error: str) -> None:
    with pytest.raises(ScheduleError, match="^" + re.escape(error)):
        parse_clock(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wed 00:00", Slot(2, time(0, 0))),
        ("Wednesday 00:00", Slot(2, time(0, 0))),
        ("sun 8pm", Slot(6, time(20, 0))),
        ("thu@12:30", Slot(3, time(12, 30))),
        ("thurs at 12:30", Slot(3, time(12, 30))),
        ("tues 9:15am", Slot(1, time(9, 15))),
    ],
)
def test_parse_slot(text: str, expected: Slot) -> None:
    assert parse_slot(text) == expected
    assert parse_slot(str(expected)) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("xyz 00:00", "'xyz 00:00': unknown weekday 'xyz' (mon, tue, wed, thu, fri, sat or sun)"),
        ("wed", "'wed': give a weekday and a time, e.g. 'wed 00:00' or 'sun 8pm'"),
        ("wed midnight", "'midnight' is ambiguous"),
    ],
)
def test_parse_slot_errors(text: str, error: str) -> None:
    with pytest.raises(ScheduleError, match="^" + re.escape(error)):
        parse_slot(text)


# deadline <when> ---------------------------------------------------------------------------------

# Wednesday 25 November 2026, 02:00 in Los Angeles.
NOW = utc(2026, 11, 25, 10, 0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("+2h", NOW + h(2)),
        ("+1d12h", NOW + h(36)),
        ("in 2 hours", NOW + h(2)),
        ("in 1 day 6 hours", NOW + h(30)),
        ("in an hour", NOW + h(1)),
        ("in 45m", NOW + timedelta(minutes=45)),
        ("90m", NOW + timedelta(minutes=90)),
        ("2026-11-25 18:00", pt(2026, 11, 25, 18, 0)),
        ("2026-11-25 6pm", pt(2026, 11, 25, 18, 0)),
        ("2026-12-01T09:30", pt(2026, 12, 1, 9, 30)),
        ("sunday 20:00", pt(2026, 11, 29, 20, 0)),
        ("sun 8pm", pt(2026, 11, 29, 20, 0)),
        ("Sun at 8pm", pt(2026, 11, 29, 20, 0)),
        # Later today, by the game's clock, is still "this Wednesday".
        ("wed 12:00", pt(2026, 11, 25, 12, 0)),
        # Earlier today has passed: a week on.
        ("wed 01:00", pt(2026, 12, 2, 1, 0)),
        ("tomorrow 12:30", pt(2026, 11, 26, 12, 30)),
        ("today 18:00", pt(2026, 11, 25, 18, 0)),
        ("18:00", pt(2026, 11, 25, 18, 0)),
        ("1am", pt(2026, 11, 26, 1, 0)),
        ("tomorrow noon", pt(2026, 11, 26, 12, 0)),
    ],
)
def test_parse_when(text: str, expected: datetime) -> None:
    moment = parse_when(text, now=NOW, zone=LA)
    assert moment == expected
    assert moment.tzinfo is UTC


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", "no time given: write e.g. '+2h', 'in 2 hours', 'sun 20:00'"),
        ("blah", "cannot read 'blah' as a time: write e.g. '+2h', 'in 2 hours'"),
        ("in 0m", "'0m' is no time at all"),
        ("+soon", "cannot read 'soon' as a duration"),
        (
            "2026-11-24 18:00",
            "'2026-11-24 18:00' is in the past (it is now Wed 25 Nov 2026 02:00 PST)",
        ),
        ("today 01:00", "'today 01:00' has already passed (it is now Wed 25 Nov 2026 02:00 PST)"),
        ("2026-02-30 10:00", "'2026-02-30 10:00': there is no such date (write YYYY-MM-DD)"),
        ("2026-11-30", "'2026-11-30': add a time of day, e.g. '2026-11-30 18:00'"),
        ("sun", "'sun': add a time of day, e.g. 'sun 20:00'"),
        ("midnight", "'midnight' is ambiguous"),
        ("sun midnight", "'midnight' is ambiguous"),
        ("8", "'8': say which 8"),
        (
            "2027-03-14 02:30",
            "'2027-03-14 02:30': 02:30 does not exist on 2027-03-14 in America/Los_Angeles",
        ),
    ],
)
def test_parse_when_errors(text: str, error: str) -> None:
    with pytest.raises(ScheduleError, match="^" + re.escape(error)):
        parse_when(text, now=NOW, zone=LA)


def test_parse_when_around_the_clock_change() -> None:
    before = utc(2026, 10, 30, 12, 0)
    # 01:30 happens twice on 1 November 2026: the first (still daylight time) is meant.
    assert parse_when("2026-11-01 01:30", now=before, zone=LA) == utc(2026, 11, 1, 8, 30)
    # The same wall-clock time a day apart is 25 real hours apart across the change.
    sat = parse_when("sat 12:00", now=before, zone=LA)
    sun = parse_when("sun 12:00", now=before, zone=LA)
    assert sun - sat == h(25)


def test_parse_when_reads_the_games_zone() -> None:
    assert parse_when("tomorrow 12:30", now=NOW, zone="Europe/London") == utc(2026, 11, 26, 12, 30)
    with pytest.raises(ScheduleError, match="unknown time zone 'Mars/Olympus'"):
        parse_when("+2h", now=NOW, zone="Mars/Olympus")


def test_naive_now_is_refused() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        parse_when("+2h", now=datetime(2026, 1, 1), zone=LA)  # noqa: DTZ001
    with pytest.raises(ValueError, match="timezone-aware"):
        phase_times(Schedule(), M, datetime(2026, 1, 1))  # noqa: DTZ001


# Schedule options --------------------------------------------------------------------------------

LEAGUE_SPELLED = (
    "schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;process=mon 12:30,thu 12:30;"
    "retreats=2h;adjustments=2h negotiation=7d ready_early=off"
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", Schedule()),
        ("schedule=48h/2h/2h", Schedule(Durations(h(48), h(2), h(2)))),
        # a day's warning cannot come in a day's phase: the hour's alone
        (
            "schedule=24h/1h/30m",
            Schedule(Durations(h(24), h(1), timedelta(minutes=30)), reminders=(h(1),)),
        ),
        ("schedule=durations:3d/12h/12h", Schedule(Durations(h(72), h(12), h(12)))),
        ("schedule=blitz:5m", CLASSROOM),
        ("schedule=blitz", CLASSROOM),
        ("schedule=classroom", CLASSROOM),
        ("schedule=blitz:10m", Schedule(Blitz(timedelta(minutes=10)), reminders=(MINUTE,))),
        ("schedule=league", LEAGUE),
        (LEAGUE_SPELLED, LEAGUE),
        # Spaces after separators, and the order of keys inside, do not matter.
        (
            "schedule=weekly: process=mon 12:30, thu 12:30; due=sun 00:00, wed 00:00; "
            "tz=America/Los_Angeles negotiation=7d ready_early=off",
            LEAGUE,
        ),
        # The tz option serves a weekly timetable that names none.
        (
            "tz=America/Los_Angeles schedule=weekly:due=wed 00:00,sun 00:00;"
            "process=mon 12:30,thu 12:30 negotiation=7d ready_early=off",
            LEAGUE,
        ),
        (
            "schedule=weekly:tz=Europe/London;due=sun 18:00",
            Schedule(Weekly(due=(Slot(6, time(18)),)), zone="Europe/London"),
        ),
        (
            "schedule=weekly:tz=UTC;due=fri 12:00;retreats=1h;adjustments=90m;notice=0",
            Schedule(
                Weekly(
                    due=(Slot(4, time(12)),),
                    retreats=h(1),
                    adjustments=timedelta(minutes=90),
                    notice=timedelta(0),
                )
            ),
        ),
        ("schedule=league negotiation=3d", replace(LEAGUE, negotiation=h(72))),
        ("negotiation=3d schedule=league", replace(LEAGUE, negotiation=h(72))),
        ("schedule=league ready_early=on grace=10m", LEAGUE_READY),
        ("negotiation=7d", Schedule(negotiation=timedelta(days=7))),
        ("negotiation=0", Schedule()),
        ("negotiation=off", Schedule()),
        ("grace=10m", Schedule(grace=timedelta(minutes=10))),
        ("ready_early=off", Schedule(ready_early=False)),
        ("ready-early=no", Schedule(ready_early=False)),
        ("ready_early=on", Schedule(ready_early=True)),
        ("reminders=24h,1h", Schedule()),
        ("reminders=1h, 10m", Schedule(reminders=(h(1), timedelta(minutes=10)))),
        ("reminders=off", Schedule(reminders=())),
        ("tz=Europe/Paris", Schedule(zone="Europe/Paris")),
        ("timezone=Europe/Paris", Schedule(zone="Europe/Paris")),
        ('schedule="48h/2h/2h"', Schedule()),
        ("schedule=“blitz:5m”", CLASSROOM),
    ],
)
def test_parse_options(text: str, expected: Schedule) -> None:
    assert options(text) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        (
            "schedule=48h",
            "schedule: give three durations, movement/retreats/adjustments, e.g. 48h/2h/2h, or "
            "blitz:48h for every phase the same",
        ),
        ("schedule=48h/2h", "schedule: give three durations, movement/retreats/adjustments"),
        ("schedule=48h/0h/2h", "schedule: retreats: '0h' is no time at all"),
        ("schedule=30s/2h/2h", "schedule: movement of 30s is too short: at least 1m"),
        ("schedule=blitz:5x", "schedule: '5x': unknown unit 'x'"),
        ("schedule=fortnightly", "schedule: not a schedule I know; e.g. schedule=48h/2h/2h"),
        ("schedule=weekly", "schedule: weekly needs its timetable, e.g. schedule=48h/2h/2h"),
        (
            "schedule=weekly:tz=Mars/Olympus;due=wed 00:00",
            "schedule: unknown time zone 'Mars/Olympus': use an IANA name such as "
            "America/Los_Angeles",
        ),
        (
            "schedule=weekly:process=mon 12:30",
            "schedule: say when orders are due, e.g. due=wed 00:00,sun 00:00",
        ),
        (
            "schedule=weekly:due=wed 00:00;colour=blue",
            "schedule: 'colour=blue': a weekly timetable takes tz=..., due=..., process=...",
        ),
        (
            "schedule=weekly:due=wed 00:00;due=sun 00:00",
            "schedule: due is given twice",
        ),
        ("schedule=weekly:due=xyz 00:00", "schedule: due: 'xyz 00:00': unknown weekday 'xyz'"),
        ("schedule=weekly:due=wed midnight", "schedule: due: 'midnight' is ambiguous"),
        ("schedule=weekly:due=wed 00:00;notice=7d", "schedule: notice=7d is a week or more"),
        (
            "schedule=weekly:tz=UTC;due=wed 00:00 tz=Europe/London",
            "schedule: it says tz=UTC but tz=Europe/London was also given; give one",
        ),
        (
            "schedule=league tz=Europe/London",
            "schedule: the league's timetable is in America/Los_Angeles time, but "
            "tz=Europe/London was also given",
        ),
        ("grace=soon", "grace: cannot read 'soon' as a duration"),
        ("negotiation=7", "negotiation: '7' has no unit: write e.g. 7h, 7m or 7d"),
        ("ready_early=maybe", "ready_early=maybe: write ready_early=on or off"),
        ("reminders=1h,x", "reminders: cannot read 'x' as a duration"),
        ("reminders=,", "reminders=: give durations before the deadline, e.g. 24h,1h, or off"),
        ("tz=Nowhere/Special", "unknown time zone 'Nowhere/Special'"),
        (
            "colour=blue",
            "unknown option 'colour': the schedule options are grace, negotiation, ready_early, "
            "reminders, schedule, tz",
        ),
        ("schedule", "'schedule': options are name=value, e.g. schedule=48h/2h/2h"),
        ("grace=", "grace= needs a value"),
        ("grace=1m grace=2m", "grace is given twice"),
        ("tz=UTC timezone=UTC", "tz is given twice"),
    ],
)
def test_parse_options_errors(text: str, error: str) -> None:
    with pytest.raises(ScheduleError, match="^" + re.escape(error)):
        options(text)


def test_options_apply_to_the_current_schedule() -> None:
    current = options("schedule=league")
    assert options("grace=5m", base=current) == replace(LEAGUE, grace=timedelta(minutes=5))
    # A durations schedule keeps the zone the game already has.
    assert options("schedule=24h/2h/2h", base=current).zone == LA


def test_split_options_keeps_spaces_inside_values() -> None:
    assert split_options(
        "schedule=weekly:tz=UTC; due=wed 00:00, sun 8pm  grace=10m Ready-Early=on"
    ) == {
        "schedule": "weekly:tz=UTC; due=wed 00:00, sun 8pm",
        "grace": "10m",
        "ready_early": "on",
    }


# Phase times -------------------------------------------------------------------------------------


def test_durations_phase_times() -> None:
    schedule = Schedule(Durations(h(48), h(2), timedelta(minutes=90)))
    opened = utc(2026, 5, 1, 12, 0)
    assert phase_times(schedule, M, opened) == PhaseTimes(opened + h(48), opened + h(48))
    assert phase_times(schedule, R, opened) == PhaseTimes(opened + h(2), opened + h(2))
    assert phase_times(schedule, A, opened).deadline == opened + timedelta(minutes=90)


def test_durations_are_elapsed_time_across_the_clock_change() -> None:
    # Saturday noon daylight time; 48 real hours later the clocks show 11:00 standard time.
    opened = pt(2026, 10, 31, 12, 0)
    times = phase_times(Schedule(), M, opened)
    assert times.deadline == utc(2026, 11, 2, 19, 0)
    assert times.deadline.astimezone(PT).hour == 11


def test_blitz_phase_times() -> None:
    opened = utc(2026, 5, 1, 9, 0)
    for kind in (M, R, A):
        times = phase_times(CLASSROOM, kind, opened)
        assert times == PhaseTimes(opened + timedelta(minutes=5), opened + timedelta(minutes=5))


@pytest.mark.parametrize(
    ("opened", "close", "deadline"),
    [
        # The autumn change (Sunday 1 November 2026, 02:00 PDT -> 01:00 PST).
        # Monday afternoon PDT: due Wednesday 00:00 PDT, adjudicated Thursday 12:30 PDT.
        (pt(2026, 10, 26, 14, 30), utc(2026, 10, 28, 7, 0), utc(2026, 10, 29, 19, 30)),
        # Thursday: due Sunday 00:00, still PDT; adjudicated Monday 12:30, now PST.
        (pt(2026, 10, 29, 16, 30), utc(2026, 11, 1, 7, 0), utc(2026, 11, 2, 20, 30)),
        # Monday after: due Wednesday 00:00 PST (08:00 UTC), adjudicated Thursday 12:30 PST.
        (pt(2026, 11, 2, 14, 30), utc(2026, 11, 4, 8, 0), utc(2026, 11, 5, 20, 30)),
        # The spring change (Sunday 14 March 2027, 02:00 PST -> 03:00 PDT).
        (pt(2027, 3, 8, 14, 30), utc(2027, 3, 10, 8, 0), utc(2027, 3, 11, 20, 30)),
        # Due Sunday 00:00, still PST; adjudicated Monday 12:30, now PDT (19:30 UTC).
        (pt(2027, 3, 11, 16, 30), utc(2027, 3, 14, 8, 0), utc(2027, 3, 15, 19, 30)),
        (pt(2027, 3, 15, 14, 30), utc(2027, 3, 17, 7, 0), utc(2027, 3, 18, 19, 30)),
    ],
)
def test_league_timetable_across_daylight_saving(
    opened: datetime, close: datetime, deadline: datetime
) -> None:
    times = phase_times(LEAGUE, M, opened)
    assert times == PhaseTimes(close, deadline)
    assert times.orders_close_at.astimezone(PT).time() == time(0, 0)
    assert times.deadline.astimezone(PT).time() == time(12, 30)


def test_league_retreats_and_adjustments_follow_the_adjudication() -> None:
    adjudicated = utc(2026, 11, 2, 20, 30)
    assert phase_times(LEAGUE, R, adjudicated) == PhaseTimes(adjudicated + h(2), adjudicated + h(2))
    assert phase_times(LEAGUE, A, adjudicated + h(2)).deadline == adjudicated + h(4)


def test_league_formats_its_times() -> None:
    times = phase_times(LEAGUE, M, pt(2026, 11, 23, 14, 30))
    assert format_when(times.orders_close_at, LA) == "Wed 25 Nov 2026 00:00 PST"
    assert format_when(times.deadline, LA) == "Thu 26 Nov 2026 12:30 PST"


def test_weekly_gives_a_movement_phase_its_notice() -> None:
    # Opened Tuesday 10:00: Wednesday 00:00 is only 14 hours off, so orders are due Sunday.
    times = phase_times(LEAGUE, M, pt(2026, 11, 3, 10, 0))
    assert times == PhaseTimes(utc(2026, 11, 8, 8, 0), utc(2026, 11, 9, 20, 30))
    no_notice = Schedule(Weekly(due=LEAGUE_DUE, process=LEAGUE_PROCESS, notice=timedelta(0)))
    assert phase_times(no_notice, M, utc(2026, 11, 3, 18, 0)).orders_close_at == utc(
        2026, 11, 4, 0, 0
    )


LEAGUE_DUE = (Slot(2, time(0, 0)), Slot(6, time(0, 0)))
LEAGUE_PROCESS = (Slot(0, time(12, 30)), Slot(3, time(12, 30)))


def test_weekly_without_processing_slots_adjudicates_at_the_due_time() -> None:
    schedule = options("schedule=weekly:tz=Europe/London;due=sun 18:00")
    times = phase_times(schedule, M, utc(2026, 11, 2, 12, 0))
    assert times.orders_close_at == times.deadline == utc(2026, 11, 8, 18, 0)


def test_weekly_slot_the_clocks_skip_or_repeat() -> None:
    skipped = options(f"schedule=weekly:tz={LA};due=sun 02:30;notice=0")
    # 02:30 on 14 March 2027 does not exist: it comes when the clocks show 03:30.
    close = phase_times(skipped, M, pt(2027, 3, 13, 12, 0)).orders_close_at
    assert close == utc(2027, 3, 14, 10, 30)
    assert close.astimezone(PT).time() == time(3, 30)
    repeated = options(f"schedule=weekly:tz={LA};due=sun 01:30;notice=0")
    # 01:30 on 1 November 2026 happens twice: the first time, daylight time.
    assert phase_times(repeated, M, pt(2026, 10, 31, 12, 0)).orders_close_at == utc(
        2026, 11, 1, 8, 30
    )


def test_a_due_slot_at_the_opening_moment_counts() -> None:
    schedule = options("schedule=weekly:tz=UTC;due=wed 00:00;process=wed 00:00;notice=0")
    opened = utc(2026, 11, 4, 0, 0)
    assert phase_times(schedule, M, opened) == PhaseTimes(opened, opened)


_INSTANTS = st.datetimes(
    min_value=datetime(2026, 1, 1),  # noqa: DTZ001
    max_value=datetime(2029, 1, 1),  # noqa: DTZ001
    timezones=st.just(UTC),
)


@given(_INSTANTS)
def test_league_times_always_fall_on_the_timetable(opened: datetime) -> None:
    times = phase_times(LEAGUE, M, opened)
    close = times.orders_close_at.astimezone(PT)
    deadline = times.deadline.astimezone(PT)
    assert (close.strftime("%a"), close.time()) in {("Wed", time(0)), ("Sun", time(0))}
    assert (deadline.strftime("%a"), deadline.time()) in {
        ("Mon", time(12, 30)),
        ("Thu", time(12, 30)),
    }
    assert opened + h(24) <= times.orders_close_at < opened + h(24) + timedelta(days=4)
    assert times.orders_close_at < times.deadline < times.orders_close_at + timedelta(days=2)


# Negotiation -------------------------------------------------------------------------------------


def test_first_phase_opens_after_negotiation() -> None:
    started = utc(2026, 5, 1, 12, 0)
    assert first_phase_opens(Schedule(), started) == started
    assert first_phase_opens(options("negotiation=2d"), started) == started + h(48)
    assert first_phase_opens(CLASSROOM, started) == started


def test_league_first_turn_is_a_week_away() -> None:
    started = pt(2026, 9, 7, 10, 0)  # a Monday
    opens = first_phase_opens(LEAGUE, started)
    assert opens == pt(2026, 9, 14, 10, 0)
    times = phase_times(LEAGUE, M, opens)
    assert times == PhaseTimes(pt(2026, 9, 16, 0, 0), pt(2026, 9, 17, 12, 30))


@given(_INSTANTS, st.integers(0, 14 * 24))
def test_weekly_first_deadline_is_at_least_the_negotiation_away(
    started: datetime, hours: int
) -> None:
    schedule = replace(LEAGUE, negotiation=h(hours))
    times = phase_times(schedule, M, first_phase_opens(schedule, started))
    assert times.orders_close_at - started >= h(hours)


# Reminders ---------------------------------------------------------------------------------------


def test_reminders_before_orders_close() -> None:
    opened = utc(2026, 5, 1, 12, 0)
    times = phase_times(Schedule(), M, opened)
    assert reminder_times(Schedule(), times, opened) == [opened + h(24), opened + h(47)]


def test_reminders_none_before_the_phase_opened_or_in_the_past() -> None:
    opened = utc(2026, 5, 1, 12, 0)
    short = options("schedule=12h/1h/90m")
    assert reminder_times(short, phase_times(short, M, opened), opened) == [opened + h(11)]
    # An hour before the end of a one-hour phase is its opening: no reminder then.
    assert reminder_times(short, phase_times(short, R, opened), opened) == []
    assert reminder_times(short, phase_times(short, A, opened), opened) == [opened + h(0.5)]
    # A day's or an hour's warning cannot come in a five-minute turn.
    long_warnings = replace(CLASSROOM, reminders=Schedule().reminders)
    assert reminder_times(long_warnings, phase_times(long_warnings, M, opened), opened) == []
    times = phase_times(Schedule(), M, opened)
    late = opened + h(30)
    assert reminder_times(Schedule(), times, opened, now=late) == [opened + h(47)]


def test_reminders_count_back_from_when_orders_close() -> None:
    opened = pt(2026, 10, 29, 16, 30)
    times = phase_times(LEAGUE, M, opened)
    # Orders close Sunday 1 November 00:00 PDT, well before the Monday adjudication.
    assert reminder_times(LEAGUE, times, opened) == [
        pt(2026, 10, 31, 0, 0),
        pt(2026, 10, 31, 23, 0),
    ]


def test_custom_reminders() -> None:
    schedule = options("schedule=blitz:5m reminders=2m")
    opened = utc(2026, 5, 1, 9, 0)
    times = phase_times(schedule, M, opened)
    assert reminder_times(schedule, times, opened) == [opened + timedelta(minutes=3)]
    silent = options("reminders=off")
    assert reminder_times(silent, phase_times(silent, M, opened), opened) == []


def test_a_blitz_game_is_reminded_a_minute_before_orders_close() -> None:
    opened = utc(2026, 5, 1, 9, 0)
    assert reminder_times(CLASSROOM, phase_times(CLASSROOM, M, opened), opened) == [
        opened + timedelta(minutes=4)
    ]
    for text in ("schedule=blitz", "schedule=classroom", "schedule=blitz:10m"):
        assert options(text).reminders == (MINUTE,), text
    # newgame starts from the game's zone; settings from the game's own schedule.
    assert options("schedule=blitz", base=Schedule(zone=LA)).reminders == (MINUTE,)
    assert options("schedule=blitz:3m", base=CLASSROOM).reminders == (MINUTE,)
    # Back to days-long phases, the days-long defaults come back.
    assert options("schedule=48h/2h/2h", base=CLASSROOM).reminders == Schedule().reminders
    assert options("schedule=league", base=CLASSROOM) == LEAGUE
    # Reminders a game master chose, or turned off, stay when the timing changes.
    assert options("schedule=blitz reminders=2m").reminders == (2 * MINUTE,)
    assert options("schedule=blitz", base=options("reminders=30s")).reminders == (SECOND * 30,)
    assert options("schedule=blitz", base=options("reminders=off")).reminders == ()
    assert options("schedule=48h/2h/2h", base=options("schedule=blitz reminders=2m")).reminders == (
        2 * MINUTE,
    )
    assert Schedule.from_json({"kind": "blitz", "turn": 600}).reminders == (MINUTE,)


# Ready early -------------------------------------------------------------------------------------


def test_early_deadline() -> None:
    ready = utc(2026, 5, 1, 10, 0)
    assert early_deadline(Schedule(), ready) == ready
    graced = options("grace=10m")
    assert early_deadline(graced, ready) == ready + timedelta(minutes=10)
    assert early_deadline(options("ready_early=off grace=10m"), ready) is None
    assert early_deadline(LEAGUE, ready) is None


def test_early_deadline_never_later_than_the_deadline() -> None:
    ready = utc(2026, 5, 1, 10, 0)
    graced = options("grace=10m")
    assert early_deadline(graced, ready, deadline=ready + h(1)) == ready + timedelta(minutes=10)
    assert early_deadline(graced, ready, deadline=ready + timedelta(minutes=5)) is None
    assert early_deadline(graced, ready, deadline=ready + timedelta(minutes=10)) is None


# Pause, resume, extend ----------------------------------------------------------------------------


def test_pause_and_resume_keep_the_remaining_time() -> None:
    opened = utc(2026, 5, 1, 12, 0)
    deadline = phase_times(Schedule(), M, opened).deadline
    paused_at = opened + h(40)
    left = remaining(deadline, paused_at)
    assert left == h(8)
    resumed_at = paused_at + timedelta(days=3, minutes=7)
    assert resumed_deadline(left, resumed_at) == resumed_at + h(8)
    assert remaining(deadline, deadline + h(1)) == timedelta(0)
    with pytest.raises(ValueError, match="negative"):
        resumed_deadline(-h(1), resumed_at)


def test_resume_moves_both_moments() -> None:
    times = phase_times(LEAGUE, M, pt(2026, 11, 2, 14, 30))
    paused_at = pt(2026, 11, 3, 9, 0)
    now = paused_at + h(30)
    after = resumed(times, paused_at, now)
    assert remaining(after.orders_close_at, now) == remaining(times.orders_close_at, paused_at)
    assert remaining(after.deadline, now) == remaining(times.deadline, paused_at)
    with pytest.raises(ValueError, match="before it was paused"):
        resumed(times, now, paused_at)


def test_extended() -> None:
    times = PhaseTimes(utc(2026, 5, 1, 0, 0), utc(2026, 5, 2, 12, 0))
    assert extended(times, h(24)) == PhaseTimes(utc(2026, 5, 2, 0, 0), utc(2026, 5, 3, 12, 0))
    assert extended(times, -h(1)).deadline == utc(2026, 5, 2, 11, 0)


def test_phase_times_keep_order() -> None:
    with pytest.raises(ValueError, match="orders cannot close after"):
        PhaseTimes(utc(2026, 5, 2), utc(2026, 5, 1))


# JSON --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("schedule", [Schedule(), LEAGUE, CLASSROOM, LEAGUE_READY])
def test_json_round_trip(schedule: Schedule) -> None:
    data = json.loads(json.dumps(schedule.to_json()))
    assert Schedule.from_json(data) == schedule


def test_league_json() -> None:
    assert LEAGUE.to_json() == {
        "kind": "weekly",
        "due": ["wed 00:00", "sun 00:00"],
        "process": ["mon 12:30", "thu 12:30"],
        "retreats": 7200,
        "adjustments": 7200,
        "notice": 86400,
        "zone": LA,
        "negotiation": 604800,
        "ready_early": False,
        "grace": 0,
        "reminders": [86400, 3600],
    }
    assert LEAGUE.kind is ScheduleKind.WEEKLY


def test_from_json_defaults_and_errors() -> None:
    assert Schedule.from_json({}) == Schedule()
    assert Schedule.from_json({"kind": "blitz"}) == CLASSROOM
    with pytest.raises(ScheduleError, match="unknown schedule kind 'hourly'"):
        Schedule.from_json({"kind": "hourly"})
    with pytest.raises(ScheduleError, match="movement must be a whole number of seconds"):
        Schedule.from_json({"movement": "48h"})
    with pytest.raises(ScheduleError, match="at least one due time"):
        Schedule.from_json({"kind": "weekly"})
    with pytest.raises(ScheduleError, match="unknown time zone"):
        Schedule.from_json({"zone": "Nowhere"})
    with pytest.raises(ScheduleError, match="ready_early must be true or false"):
        Schedule.from_json({"ready_early": "yes"})


_SECONDS = st.integers(60, 365 * 86400).map(lambda s: timedelta(seconds=s))
_DURATIONS = st.builds(Durations, _SECONDS, _SECONDS, _SECONDS)


@given(_DURATIONS)
def test_durations_json_round_trip(timing: Durations) -> None:
    schedule = Schedule(timing)
    assert Schedule.from_json(json.loads(json.dumps(schedule.to_json()))) == schedule
    assert options(to_options(schedule)) == schedule


_ZERO_OR_MORE = st.integers(0, 365 * 86400).map(lambda s: timedelta(seconds=s))
_SLOTS = st.builds(Slot, st.integers(0, 6), st.builds(time, st.integers(0, 23), st.integers(0, 59)))
_TIMINGS = st.one_of(
    _DURATIONS,
    st.builds(Blitz, _SECONDS),
    st.builds(
        Weekly,
        st.lists(_SLOTS, min_size=1, max_size=4).map(tuple),
        st.lists(_SLOTS, max_size=4).map(tuple),
        _SECONDS,
        _SECONDS,
        st.integers(0, 7 * 86400 - 1).map(lambda s: timedelta(seconds=s)),
    ),
)
_SCHEDULES = st.builds(
    Schedule,
    _TIMINGS,
    st.sampled_from(["UTC", LA, "Europe/London", "Asia/Kolkata", "Australia/Lord_Howe"]),
    _ZERO_OR_MORE,
    st.booleans(),
    _ZERO_OR_MORE,
    st.lists(st.integers(1, 365 * 86400).map(lambda s: timedelta(seconds=s)), max_size=4).map(
        tuple
    ),
)


@given(_SCHEDULES)
def test_any_schedule_round_trips(schedule: Schedule) -> None:
    assert Schedule.from_json(json.loads(json.dumps(schedule.to_json()))) == schedule
    assert options(to_options(schedule)) == schedule


# Showing times -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moment", "zone", "text"),
    [
        (utc(2026, 11, 25, 8, 0), LA, "Wed 25 Nov 2026 00:00 PST"),
        (utc(2026, 11, 1, 7, 0), LA, "Sun 1 Nov 2026 00:00 PDT"),
        (utc(2026, 11, 2, 20, 30), "UTC", "Mon 2 Nov 2026 20:30 UTC"),
        (utc(2026, 7, 1, 12, 0), "Europe/London", "Wed 1 Jul 2026 13:00 BST"),
    ],
)
def test_format_when(moment: datetime, zone: str, text: str) -> None:
    assert format_when(moment, zone) == text


@pytest.mark.parametrize(
    ("delta", "text"),
    [
        (timedelta(days=2, hours=3), "in 2 days 3 hours"),
        (timedelta(days=2, hours=3, minutes=10), "in 2 days 3 hours"),
        (timedelta(days=1, hours=23, minutes=59), "in 2 days"),
        (timedelta(days=2), "in 2 days"),
        (timedelta(days=1, hours=1), "in 1 day 1 hour"),
        (timedelta(minutes=45), "in 45 minutes"),
        (timedelta(minutes=44, seconds=50), "in 45 minutes"),
        (timedelta(hours=1), "in 1 hour"),
        (timedelta(hours=2, minutes=5), "in 2 hours 5 minutes"),
        (timedelta(minutes=1), "in 1 minute"),
        (timedelta(seconds=20), "in less than a minute"),
        (timedelta(0), "now"),
        (-timedelta(seconds=20), "less than a minute ago"),
        (-timedelta(minutes=5), "5 minutes ago"),
        (-timedelta(days=3), "3 days ago"),
    ],
)
def test_format_relative(delta: timedelta, text: str) -> None:
    assert format_relative(NOW + delta, NOW) == text


@pytest.mark.parametrize(
    ("schedule", "text"),
    [
        (
            LEAGUE,
            "Orders due Wed 00:00 and Sun 00:00, adjudicated the next Mon 12:30 or Thu 12:30 "
            "(America/Los_Angeles time); then 2 hours for retreats and 2 hours for adjustments; "
            "7 days to negotiate before the first turn; no early adjudication; reminders 1 day "
            "and 1 hour before orders close.",
        ),
        (
            Schedule(),
            "Movement 2 days, retreats 2 hours, adjustments 2 hours (times in UTC); adjudicated "
            "as soon as everyone is ready; reminders 1 day and 1 hour before orders close.",
        ),
        (
            options("schedule=classroom grace=30s reminders=off"),
            "Blitz: every phase 5 minutes (times in UTC); adjudicated 30 seconds after everyone "
            "is ready; no reminders.",
        ),
        (
            options("schedule=weekly:tz=Europe/London;due=sun 18:00"),
            "Orders due Sun 18:00, adjudicated then (Europe/London time); then 2 hours for "
            "retreats and 2 hours for adjustments; adjudicated as soon as everyone is ready; "
            "reminders 1 day and 1 hour before orders close.",
        ),
    ],
)
def test_describe(schedule: Schedule, text: str) -> None:
    assert describe(schedule, STANDARD_RULES) == text


@pytest.mark.parametrize(
    ("schedule", "text"),
    [
        (
            Schedule(),
            "Movement 2 days, retreats 2 hours, control evaluation 2 hours (times in UTC)",
        ),
        (
            options("schedule=weekly:tz=Europe/London;due=sun 18:00"),
            "Orders due Sun 18:00, adjudicated then (Europe/London time); then 2 hours for "
            "retreats and 2 hours for control evaluation",
        ),
    ],
)
def test_a_diplomacia_schedule_names_the_control_evaluation(schedule: Schedule, text: str) -> None:
    # handbook 6.5: the phase after an even turn is the control evaluation, not adjustments
    assert describe(schedule, load_variant("diplomacia").rules).startswith(text + ";")


@pytest.mark.parametrize(
    ("schedule", "reminders"),
    [
        (CLASSROOM, "reminders 1 minute before orders close."),
        # Blitz games made before a blitz reminded a minute before kept a day's and an hour's.
        (replace(CLASSROOM, reminders=Schedule().reminders), "no reminders."),
        (replace(CLASSROOM, reminders=(h(1), MINUTE)), "reminders 1 minute before orders close."),
        # A blitz turn of a minute leaves no time before it for a one-minute reminder.
        (options("schedule=blitz:1m"), "no reminders."),
    ],
)
def test_a_blitz_description_shows_only_reminders_that_can_come(
    schedule: Schedule, reminders: str
) -> None:
    assert describe(schedule, STANDARD_RULES).endswith(f"; {reminders}")


def test_describe_a_blitz_game() -> None:
    assert describe(options("schedule=blitz"), STANDARD_RULES) == (
        "Blitz: every phase 5 minutes (times in UTC); adjudicated as soon as everyone is ready; "
        "reminders 1 minute before orders close."
    )


def test_to_options_of_the_league() -> None:
    assert to_options(LEAGUE) == (
        "schedule=weekly:tz=America/Los_Angeles;due=wed 00:00,sun 00:00;"
        "process=mon 12:30,thu 12:30;retreats=2h;adjustments=2h;notice=1d "
        "negotiation=7d ready_early=off grace=0 reminders=1d,1h"
    )
