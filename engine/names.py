"""Names players write for provinces, coasts and powers, resolved against a variant's data.

Everything province-specific comes from the :class:`~engine.variant.Variant` (codes, names,
aliases, ``ambiguous_names``); only the generic words for coasts ("north coast", "nc") live
here. Matching ignores case, dots, extra spaces and hyphens (``St. P.`` = ``StP`` = ``st p``).

A written name can mean more than one province, so a match is a list of *tiers*: exact
matches (code, full name or alias) first, then names the text abbreviates word by word
(``W Med`` for Western Mediterranean, ``Gulf of L`` for Gulf of Lyon). The parser picks the
candidate the rest of the order makes sense of, preferring earlier tiers.

>>> from engine.variant import load_variant
>>> province_code(load_variant(), "Mid-Atlantic Ocean")
'MAO'
>>> location_code(load_variant(), "St. Petersburg (South Coast)")
'STP/SC'
>>> power_code(load_variant(), "Turk.")
'TURKEY'
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Collection, Iterable, Sequence
from functools import cache
from typing import NamedTuple

from engine.errors import AmbiguousOrderError, InvalidOrderError
from engine.variant import ProvinceKind, Variant

DASH = "-"
# words that only glue a name together; "Gulf Lyon" still finds Gulf of Lyon
_FILLERS = frozenset({"of", "the"})
_DIRECTIONS = {"north": "NC", "south": "SC", "east": "EC", "west": "WC"}
_LONGEST_NAME = 6  # words (and hyphens) a single name may span
_MIN_ABBREVIATION = 3  # letters; shorter prefixes are too easily order keywords

_DROP = re.compile(r"[.'’`*]")
# letters NFKD does not take apart into a base letter and an accent
_UNACCENTED = str.maketrans({"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe"})
_DASHES = re.compile(r"[-‐‑‒–—―−]+")
_SPLIT = re.compile(r"[\s()/\[\]{}:,;!?\"]+")


def words(text: str) -> list[str]:
    """Lower-case words of ``text``: dots dropped, brackets and slashes split, hyphens and
    dashes kept as separate ``"-"`` words. Accents stay (for messages); names are matched
    without them (:func:`compact`).

    >>> words("F St.P/sc")
    ['f', 'stp', 'sc']
    >>> words("Mid-Atlantic Ocean")
    ['mid', '-', 'atlantic', 'ocean']
    >>> words("Středozemní moře – západ")
    ['středozemní', 'moře', '-', 'západ']
    """
    text = _DROP.sub("", text.lower())
    if "-" in text or not text.isascii():  # every other dash is not ASCII
        text = _DASHES.sub(f" {DASH} ", text)
    return [w for w in _SPLIT.split(text) if w]


def _unaccented(text: str) -> str:
    """``Karélie`` as ``Karelie``: players write names with their accents or without."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNACCENTED))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def compact(parts: Iterable[str]) -> str:
    """The key a name is matched by: letters and digits only, without accents, glue words
    left out.

    >>> compact(words("Středozemní moře – západ"))
    'stredozemnimorezapad'
    """
    kept = [p for p in parts if p != DASH]
    if len(kept) > 1:
        kept = [p for p in kept if p not in _FILLERS] or kept
    return re.sub(r"[^0-9a-z]", "", _unaccented("".join(kept)))


def _hyphenated(parts: Sequence[str]) -> str:
    """The key of a name written with a hyphen, which must be where the data has one."""
    return "".join("-" if p == DASH else re.sub(r"[^0-9a-z]", "", _unaccented(p)) for p in parts)


def _name_words(name: str) -> tuple[str, ...]:
    found = [_unaccented(w) for w in words(name) if w != DASH]
    if len(found) > 1:
        found = [w for w in found if w not in _FILLERS] or found
    return tuple(found)


# Abbreviation answers and suggestions kept per variant before starting afresh (a bound
# against junk input).
_REMEMBERED = 4096


class Span(NamedTuple):
    """Words ``start:end`` of a text name a province.

    ``tiers`` holds candidate province codes, best first. ``declared`` says the variant lists
    the words as ambiguous (``Nor``): only the rest of an order can tell which is meant.
    (A named tuple: every order read makes several.)
    """

    end: int
    tiers: tuple[tuple[str, ...], ...]
    declared: bool = False


_UNKNOWN = Span(0, ())  # a name not looked up yet


class Written(NamedTuple):
    """A location written as the canonical notation writes it (``PAR``, ``STP/SC``), as
    reading it gives it: the province, and the coast word read after it (kept even where
    the province has no such coast, as a written coast is)."""

    code: str
    coast: str | None


class Names:
    """Name tables for one variant; get one with :func:`names_for`."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._exact: dict[str, set[str]] = {}
        # "SWE - DEN" is a move, not "Sweden": a hyphen joins only names spelt with one
        self._hyphens: dict[str, set[str]] = {}
        self._spelled: list[tuple[tuple[str, ...], str]] = []
        self._abbreviations: dict[tuple[str, ...], tuple[str, ...]] = {}
        # names of several words as written, with and without accents: one of them may be an
        # order word ("Belgie a Lucembursko") and still be read as the whole name
        self._phrases: set[tuple[str, ...]] = set()
        self._spans: dict[tuple[tuple[str, ...], frozenset[str]], Span | None] = {}
        self._power_spans: dict[tuple[str, ...], tuple[str, int] | None] = {}
        # misspelling -> the name suggested for it, kept for the misspellings seen lately
        self._suggestions: dict[tuple[str, frozenset[ProvinceKind]], str | None] = {}
        for code, province in variant.provinces.items():
            self._add(code, (code, province.name, *province.aliases))
        for code, name in (*variant.impassable.items(), *variant.out_of_play.items()):
            self._add(code, (code, name))
        self._phrase_starts = frozenset(phrase[0] for phrase in self._phrases)
        self._spelled_from: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for spelled, code in self._spelled:
            if spelled and spelled[0]:
                self._spelled_from.setdefault(spelled[0][0], []).append((spelled, code))
        self._ambiguous = {
            compact(words(key)): tuple(codes) for key, codes in variant.ambiguous_names.items()
        }
        self._coasts = {c.lower(): c for p in variant.provinces.values() for c in p.coasts}
        self._powers: dict[str, str] = {}
        self._power_of: dict[str, str | None] = {}
        for code, info in variant.power_info.items():
            for name in (code, info.name, info.adjective, *info.aliases):
                self._powers[compact(words(name))] = code

    def _add(self, code: str, spellings: Iterable[str]) -> None:
        for spelling in spellings:
            parts = words(spelling)
            self._exact.setdefault(compact(parts), set()).add(code)
            if len(parts) > 1:
                self._phrases.update((tuple(parts), tuple(_unaccented(p) for p in parts)))
            if DASH in parts:
                self._hyphens.setdefault(_hyphenated(parts), set()).add(code)
            self._spelled.append((_name_words(spelling), code))

    # Provinces ---------------------------------------------------------------------

    def exact(self, key: str) -> tuple[str, ...]:
        return tuple(sorted(self._exact.get(key, ())))

    def abbreviated(self, parts: Sequence[str]) -> tuple[str, ...]:
        """Provinces whose name starts, word by word, with ``parts`` (``w med``)."""
        key = tuple(parts)
        found = self._abbreviations.get(key)
        if found is None:
            # Every order read tries this for several runs of words against every spelling;
            # people (and stored orders) use few distinct words, so answers are kept.
            if len(self._abbreviations) >= _REMEMBERED:
                self._abbreviations.clear()
            found = self._abbreviations[key] = self._scan(key)
        return found

    def _scan(self, parts: Sequence[str]) -> tuple[str, ...]:
        given = [_unaccented(p) for p in parts if p not in _FILLERS] or list(parts)
        if len("".join(given)) < _MIN_ABBREVIATION:
            return ()
        if len(given) == 1 and len(given[0]) < _MIN_ABBREVIATION:
            return ()
        # a spelling's first word must start with the first word given, so with its letter
        candidates = self._spelled_from.get(given[0][0], ()) if given[0] else self._spelled
        found = {
            code
            for spelled, code in candidates
            if len(given) <= len(spelled)
            and all(s.startswith(g) for g, s in zip(given, spelled, strict=False))
        }
        return tuple(sorted(found))

    def span(self, tokens: Sequence[str], start: int, stop: Collection[str] = ()) -> Span | None:
        """The longest run of ``tokens`` from ``start`` that names a province.

        No word in ``stop`` (order keywords) may continue a name past its first word unless the
        run is a whole name as written (``Belgie a Lucembursko``), and a hyphen may only join
        words of an exact name (``Mid-Atlantic``), never an abbreviation.
        """
        window = tuple(tokens[start : start + _LONGEST_NAME])
        stops = stop if isinstance(stop, frozenset) else frozenset(stop)
        # A name runs on over an order word only when it is a whole name as written: past the
        # first one, only such names need looking at, and the rest depends on the words
        # before it alone.
        cut = len(window)
        for at in range(1, cut):
            word = window[at]
            if word in stops and word != DASH:
                cut = at
                break
        if cut < len(window) and window[0] in self._phrase_starts:
            for end in range(len(window), cut, -1):
                if window[:end] in self._phrases:
                    whole = self._span_at(window[:end], stops)
                    if whole is not None:
                        return Span(start + end, *whole)
        key = (window[:cut], stops)
        # Every order read asks this at several words; orders are written with few distinct
        # names, so the answers (which depend only on the words) are kept.
        found = self._spans.get(key, _UNKNOWN)
        if found is _UNKNOWN:
            if len(self._spans) >= _REMEMBERED:
                self._spans.clear()
            found = self._spans[key] = self._longest(*key)
        return None if found is None else Span(start + found.end, found.tiers, found.declared)

    def _longest(self, window: tuple[str, ...], stop: Collection[str]) -> Span | None:
        """:meth:`span` from the first word of ``window``, its end counted from there."""
        for end in range(len(window), 0, -1):
            found = self._span_at(window[:end], stop)
            if found is not None:
                return Span(end, *found)
        return None

    def _span_at(
        self, parts: Sequence[str], stop: Collection[str]
    ) -> tuple[tuple[tuple[str, ...], ...], bool] | None:
        if not parts or parts[0] == DASH or parts[-1] == DASH:
            return None
        if any(p in stop and p != DASH for p in parts[1:]) and tuple(parts) not in self._phrases:
            return None
        key = compact(parts)
        if not key:
            return None
        if key in self._ambiguous:
            return (self._ambiguous[key],), True
        if DASH in parts:
            hyphenated = tuple(sorted(self._hyphens.get(_hyphenated(parts), ())))
            return ((hyphenated,), False) if hyphenated else None
        exact = self.exact(key)
        prefixed = tuple(c for c in self.abbreviated(parts) if c not in exact)
        tiers = tuple(t for t in (exact, prefixed) if t)
        return (tiers, False) if tiers else None

    def province(self, text: str) -> str:
        """The one province ``text`` names; raise an order error saying why not."""
        tokens = words(text)
        found = self.span(tokens, 0) if tokens else None
        if found is None or found.end != len(tokens):
            raise InvalidOrderError(
                f"unknown province {text.strip()!r}", suggestion=self.suggest(text)
            )
        best = found.tiers[0]
        if len(best) > 1:
            raise AmbiguousOrderError(self.ambiguity(text.strip(), best))
        return best[0]

    def ambiguity(self, written: str, codes: Iterable[str]) -> str:
        options = [f"{self.variant.province_name(c)} ({c})" for c in codes]
        listed = ", ".join(options[:-1]) + f" or {options[-1]}" if len(options) > 1 else options[0]
        return f"{written!r} could be {listed}: say which"

    def suggest(self, text: str, *, shunned: Collection[ProvinceKind] = ()) -> str | None:
        """The province name nearest to a misspelling, or ``None`` if nothing is close;
        ``shunned``: kinds of province the order could not mean (an army never moves to
        the sea), never suggested."""
        key = compact(words(text))
        if not key:
            return None
        remembered = (key, frozenset(shunned))
        if remembered not in self._suggestions:
            # Comparing with every name is a quarter of reading a sloppy text: once a spelling.
            if len(self._suggestions) >= _REMEMBERED:
                self._suggestions.clear()
            self._suggestions[remembered] = self._nearest(key, remembered[1])
        return self._suggestions[remembered]

    def _nearest(self, key: str, shunned: frozenset[ProvinceKind]) -> str | None:
        provinces = self.variant.provinces

        def fits(code: str) -> bool:
            # a name outside the board's provinces (Switzerland) is never where a unit goes
            return code not in provinces or provinces[code].kind not in shunned

        spellings = [written for written, codes in self._exact.items() if any(map(fits, codes))]
        close = difflib.get_close_matches(key, spellings, n=1, cutoff=0.6)
        if not close:
            return None
        codes = sorted(filter(fits, self._exact[close[0]]))
        return self.variant.province_name(codes[0])

    def canonical_locations(
        self, keywords: Collection[str], stop: Collection[str]
    ) -> dict[str, Written]:
        """Every location the canonical notation writes (``PAR``, ``STP/SC``) that reading
        word by word takes for exactly its own province, whatever order words surround it.

        A code is left out when the words of an order could take it for something else: a
        code that is an order word (``keywords``) or a coast, that the variant declares
        ambiguous, that is also another province's name (or part of one written with order
        words in it), or that starts a power's name with
        the unit letter before it (``A US`` for Austria). A code may also abbreviate other
        names (``TYR``, the Tyrrhenian Sea): the exact name comes first. A coast is kept only
        where the reader stops a name before it (``stop``). ``A PAR - BUR`` still reads
        Par-Bur as one name if the variant has one: see :meth:`hyphen_pairs`.
        """
        coast_words = {*self._coasts, *_DIRECTIONS, "coast"}
        if {"a", "f"} & set(self._powers):
            return {}
        found: dict[str, Written] = {}
        lowered = {code.lower() for code in self.variant.provinces}
        # a name of several words is read whole even across order words ("Belgie a
        # Lucembursko"): a code that is one of the words of such a name, all of them codes,
        # order words or coasts, could be read as that name
        plain = lowered | set(keywords) | coast_words | {DASH}
        in_names = {w for phrase in self._phrases if set(phrase) <= plain for w in phrase}
        for code in self.variant.provinces:
            word = code.lower()
            if (
                not re.fullmatch(r"[0-9a-z]+", word)
                or word in keywords
                or word in coast_words
                or word in self._ambiguous
                or word in in_names
                or self._exact.get(word) != {code}
                or any(self._names_power(word, key, lowered, keywords) for key in self._powers)
            ):
                continue
            found[code] = Written(code, None)
            for coast_word, coast in self._coasts.items():
                if coast_word in stop:
                    found[f"{code}/{coast}"] = Written(code, coast)
        return found

    @staticmethod
    def _names_power(
        word: str, key: str, codes: Collection[str], keywords: Collection[str]
    ) -> bool:
        """``word`` with a unit letter before it, or with a code or order word after it, is
        (the start of) the power name ``key``."""
        if key.startswith(("a" + word, "f" + word)):
            return True
        rest = key[len(word) :] if key.startswith(word) else ""
        return bool(rest) and (rest in codes or rest in keywords)

    def may_start_power(self, word: str) -> bool:
        """Words starting with ``word`` (lower-case letters and digits) may be read as a
        power's name (:meth:`power_span`)."""
        return word in _FILLERS or any(key.startswith(word) for key in self._powers)

    def hyphen_pairs(self) -> frozenset[tuple[str, str]]:
        """Pairs of codes ``X``, ``Y`` such that ``X - Y`` is also a hyphenated name of the
        variant (the reader takes it for that name)."""
        codes = {code.lower(): code for code in self.variant.provinces}
        pairs = set()
        for key in self._hyphens:
            first, _, second = key.partition("-")
            if first in codes and second in codes:
                pairs.add((codes[first], codes[second]))
        return frozenset(pairs)

    # Coasts -----------------------------------------------------------------------

    def coast(self, tokens: Sequence[str], start: int) -> tuple[str, int] | None:
        """A coast written at ``tokens[start]``: ``nc``, ``north``, ``north coast``."""
        if start >= len(tokens):
            return None
        word = tokens[start]
        if word in self._coasts:
            return self._coasts[word], start + 1
        if word in _DIRECTIONS:
            end = start + 1
            if end < len(tokens) and tokens[end] == "coast":
                end += 1
            return _DIRECTIONS[word], end
        return None

    # Powers -----------------------------------------------------------------------

    def power_span(self, tokens: Sequence[str], start: int) -> tuple[str, int] | None:
        """A power named at ``tokens[start]`` (``Turk``, ``FRA``, ``Austria-Hungary``)."""
        window = tuple(tokens[start : start + 3])
        if window in self._power_spans:
            found = self._power_spans[window]
        else:
            if len(self._power_spans) >= _REMEMBERED:
                self._power_spans.clear()
            found = self._power_spans[window] = self._power_at(window)
        return None if found is None else (found[0], start + found[1])

    def _power_at(self, window: tuple[str, ...]) -> tuple[str, int] | None:
        for end in range(len(window), 0, -1):
            parts = window[:end]
            if parts[0] == DASH or parts[-1] == DASH:
                continue
            code = self._powers.get(compact(parts))
            if code is not None:
                return code, end
        return None

    def power(self, text: str) -> str | None:
        # asked for every order read, nearly always with a power's code
        found = self._power_of.get(text, "")
        if found != "":
            return found
        if len(self._power_of) >= _REMEMBERED:
            self._power_of.clear()
        found = self._power_of[text] = self._power_named(text)
        return found

    def _power_named(self, text: str) -> str | None:
        tokens = words(text)
        found = self.power_span(tokens, 0)
        return found[0] if found and found[1] == len(tokens) else None


@cache
def names_for(variant: Variant) -> Names:
    """The name tables of ``variant``, built once."""
    return Names(variant)


def province_code(variant: Variant, text: str) -> str:
    """The province ``text`` names; raises Invalid (with a suggestion) or Ambiguous.

    >>> from engine.variant import load_variant
    >>> province_code(load_variant(), "Norw. Sea")
    'NWG'
    """
    return names_for(variant).province(text)


def location_code(variant: Variant, text: str) -> str:
    """A province with an optional coast.

    >>> from engine.variant import load_variant
    >>> location_code(load_variant(), "spa nc"), location_code(load_variant(), "StP(sc)")
    ('SPA/NC', 'STP/SC')
    """
    names = names_for(variant)
    tokens = words(text)
    found = names.span(tokens, 0) if tokens else None
    if found is None:
        raise InvalidOrderError(
            f"unknown province {text.strip()!r}", suggestion=names.suggest(text)
        )
    code = names.province(" ".join(tokens[: found.end]))
    coast = names.coast(tokens, found.end)
    end = coast[1] if coast else found.end
    if end != len(tokens):
        raise InvalidOrderError(f"unknown coast {' '.join(tokens[found.end :])!r}")
    province = variant.provinces.get(code)
    if coast and province is not None and coast[0] in province.coasts:
        return f"{code}/{coast[0]}"
    # a coast the province does not have is ignored, as in orders (DATC 4.B.6)
    return code


def power_code(variant: Variant, text: str) -> str:
    """The code of the power ``text`` names; raises InvalidOrderError.

    >>> from engine.variant import load_variant
    >>> [power_code(load_variant(), text) for text in ("French", "FRA", "Turk.")]
    ['FRANCE', 'FRANCE', 'TURKEY']
    """
    code = names_for(variant).power(text)
    if code is None:
        known = ", ".join(variant.power_info[p].name for p in variant.powers)
        raise InvalidOrderError(f"unknown power {text.strip()!r} (powers: {known})")
    return code
