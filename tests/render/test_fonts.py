"""Text the map font draws: every name a shipped board can put on a picture (areas, their
aliases, ports, powers), players' names in Latin, Greek and Cyrillic, and the legend's em
dash are in the shipped font's character map (read with fontTools, apart from the renderer);
a character it lacks is never drawn as a missing glyph."""

from __future__ import annotations

from importlib import resources

import pytest

from engine import Position, available_variants, load_variant
from render.fonts import FONT_FILE, drawable, has_glyph
from render.legend import legend_rows

ttlib = pytest.importorskip("fontTools.ttLib")

PLAYERS = {
    "FRANCE": "alice, bob",
    "RUSSIA": "Дмитрий Шостакович, Ελένη Παπαδοπούλου",
    "AUSTRIA": "Jiří Čech, Łucja Żółć",
    "GERMANY": "Jörg Straße",
    "TURKEY": "Ayşe Yılmaz",
}


def covered() -> set[int]:
    path = resources.files("render").joinpath("data").joinpath(FONT_FILE)
    with resources.as_file(path) as file:
        font = ttlib.TTFont(file)
        return set(font.getBestCmap())


COVERED = covered()


def missing(text: str) -> set[str]:
    return {c for c in text if ord(c) not in COVERED and c.isprintable()}


def test_the_font_and_its_licence_ship_in_the_package() -> None:
    data = resources.files("render").joinpath("data")
    assert data.joinpath(FONT_FILE).is_file()
    licence = data.joinpath("NotoSans-OFL.txt").read_text("utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence


@pytest.mark.parametrize("name", available_variants())
def test_every_name_of_every_shipped_board_is_in_the_font(name: str) -> None:
    variant = load_variant(name)
    texts = [info.name for info in variant.power_info.values()]
    for province in variant.provinces.values():
        texts += [province.code, province.name, *province.aliases]
        if province.port:
            texts.append(province.port)
    assert {t: missing(t) for t in texts if missing(t)} == {}
    # and the renderer draws each as written
    assert [t for t in texts if drawable(t) != t] == []


def test_a_teams_legend_draws_every_name_as_written() -> None:
    rows = legend_rows(Position.initial(), PLAYERS)
    names = {row.power: row.name for row in rows}
    assert names["FRANCE"] == "France — alice, bob"
    assert names["RUSSIA"].startswith("Russia — Дмитрий Шостакович, Ελένη")
    assert names["AUSTRIA"] == "Austria — Jiří Čech, Łucja Żółć"
    for name in names.values():
        assert missing(name) == set(), name


def test_the_renderers_check_agrees_with_the_fonts_character_map() -> None:
    sample = "AzÀžČřŁąßÆøЖжЫѣΩωάἈ—–…·‘’“”€→−✓漢😀ﬁ"
    for char in sample:
        assert has_glyph(char) == (ord(char) in COVERED), char


def test_a_character_the_font_lacks_is_never_drawn_as_a_box() -> None:
    assert drawable("Paris → Lyon") == "Paris -> Lyon"
    assert drawable("東京") == "??"
    assert drawable("a\u200bb") == "ab"
    for text in ("東京 → 😀", "Ꙭ x", "a\u0301"):
        assert missing(drawable(text)) == set(), text
