"""Every practice generator over many seeds: legal, answerable, unambiguous items whose answers
agree with an independent computation, the same item for the same seed, and levels that differ.

The default run checks about 3,700 items; ``TUTOR_PRACTICE_SEEDS=10`` checks ten times as
many seeds of every topic.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from tutor.cli import main
from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_tile, parse_tiles
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.core.waits import shanten as engine_shanten
from tutor.exercises.model import AnswerKind
from tutor.practice import LEVELS, TOPICS, PracticeError, PracticeItem, generate
from tutor.variants.guiyang import Discard, FinishedHand, MeldRecord, PlayerRecord, Win, WinKind

from . import reference

SCALE = int(os.environ.get("TUTOR_PRACTICE_SEEDS", "1"))
SEEDS = {"waits": 150, "shanten": 150, "discard": 50, "huangyan-score": 150,
         "huangyan-reckon": 300, "live-tile": 200, "hangzhou-multiplier": 150,
         "guiyang-chickens": 100}
REQUIRED = {"topic", "variant", "level", "seed", "question", "answer", "explanation", "hint",
            "title"}
FIELDS = {"waits": {"hand"}, "shanten": {"hand"}, "discard": {"hand", "drawn"},
          "huangyan-score": {"hand", "win_tile", "seat", "self_draw"},
          "huangyan-reckon": {"dealer", "winner", "totals", "liable"},
          "live-tile": {"seat", "hand", "tile", "discards", "live_wall"},
          "hangzhou-multiplier": {"hand", "drawn", "kongs", "joker_discards"},
          "guiyang-chickens": {"seat", "winner", "revealed", "discards", "hand"}}


def items(name: str, level: int) -> Iterator[PracticeItem]:
    for seed in range(SEEDS[name] * SCALE):
        yield generate(name, seed=seed, level=level)


def _wrong(item: PracticeItem) -> list[str]:
    ex = item.exercise
    if ex.kind is AnswerKind.NUMBER:
        assert isinstance(ex.answer, int)
        return [str(ex.answer + 1), str(ex.answer - 2)]
    if ex.kind is AnswerKind.CHOICE:
        return [o for o in ex.options if o != ex.answer]
    if ex.kind is AnswerKind.TILES:
        assert isinstance(ex.answer, frozenset)
        answer = sorted(ex.answer)
        other = next(t for t in KINDS if t not in ex.answer)
        return [" ".join(str(t) for t in answer[1:]) or "none",
                " ".join(str(t) for t in [*answer, other])]
    assert isinstance(ex.answer, dict)
    return [" ".join(f"{s.letter}{n + (1 if s is Wind.EAST else -1):+d}"
                     for s, n in ex.answer.items())]


def _common(item: PracticeItem) -> dict[str, object]:
    """What every item must satisfy; returns its JSON form."""
    ex = item.exercise
    assert ex.title and ex.hint and ex.explanation and ex.prompt
    right = ex.check(ex.answer_text())
    assert right.right, (item, ex.answer_text(), right.message)
    for text in _wrong(item):
        verdict = ex.check(text)
        assert verdict.readable and not verdict.right, (item, text)
        # a wrong answer is never told the answer
        if ex.kind is AnswerKind.TILES and isinstance(ex.answer, frozenset) and ex.answer:
            missing = sorted(ex.answer)[0]
            assert str(missing) not in verdict.message or str(missing) in text
        elif ex.kind is AnswerKind.NUMBER:
            assert not re.search(rf"(?<![\d+-]){ex.answer}(?!\d)", verdict.message.replace(
                text, "")), (text, verdict.message)
    data = json.loads(json.dumps(item.as_dict()))
    assert set(data) >= REQUIRED and FIELDS[item.topic] <= set(data), set(data)
    assert data["topic"] == item.topic and data["level"] == item.level
    if ex.hand is not None:
        hand = parse_hand(ex.hand, ex.variant)  # legal: no fifth copy, the game's tiles
        assert str(hand) == ex.hand
    return data


@pytest.mark.parametrize("level", LEVELS)
def test_waits(level: int) -> None:
    sizes = Counter()
    for item in items("waits", level):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), item.variant)
        assert hand.size == 13
        assert data["answer"] == reference.waits(hand, item.variant.value)
        assert data["answer"], "a generated hand is ready"
        sizes[len(data["answer"])] += 1
        if level == 1:
            assert not hand.melds and item.variant is not Variant.HANGZHOU
    n = sum(sizes.values())
    if level == 1:
        assert max(sizes) <= 2
    if level == 3:  # many-sided waits: three or more almost always
        assert sum(c for k, c in sizes.items() if k >= 3) >= 0.9 * n


@pytest.mark.parametrize("level", LEVELS)
def test_shanten(level: int) -> None:
    values = Counter()
    for item in items("shanten", level):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), item.variant)
        assert data["answer"] == reference.shanten(hand, item.variant.value)
        values[data["answer"]] += 1
    assert set(values) <= {1: {0, 1}, 2: {1, 2}, 3: {2, 3, 4}}[level]


@pytest.mark.parametrize("level", LEVELS)
def test_discard_is_unique_and_best(level: int) -> None:
    for n, item in enumerate(items("discard", level)):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), item.variant)
        assert hand.size == 14 and parse_tile(str(data["drawn"])) in hand.concealed
        variant = item.variant.value
        after = reference.discard_shanten(hand, variant)
        best = parse_tile(str(data["answer"][0]))  # type: ignore[index]
        low = min(after.values())
        assert after[best] == low
        if level == 1:  # only one discard keeps the hand this close
            assert [t for t, s in after.items() if s == low] == [best]
        else:  # several keep it; the best keeps 4+ more tiles (level 2) or 1 to 3 (level 3)
            options = data["options"]
            assert isinstance(options, list)
            first, second = options[0], options[1]
            assert first["discard"] == str(best) and second["shanten"] == first["shanten"]
            margin = first["count"] - second["count"]
            assert margin >= 4 if level == 2 else 1 <= margin <= 3
        if n % 5 == 0:  # the tile counts by brute force on a sample (slower)
            counts = {t: reference.improving_count(hand, t, variant)
                      for t, s in after.items() if s == low}
            assert max(counts, key=lambda t: counts[t]) == best
            assert sorted(counts.values())[-2:] != [counts[best]] * 2 or len(counts) == 1
        else:  # the engine's own shanten, one draw at a time
            rest = hand.remove(best)
            now = engine_shanten(rest, item.variant)
            assert now == low


@pytest.mark.parametrize("level", LEVELS)
def test_huangyan_score_agrees_with_the_cli(level: int, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    doubles = Counter()
    for item in items("huangyan-score", level):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), "huangyan")
        assert reference.oracle.is_complete(hand, "huangyan")
        argv = ["score", "huangyan", str(data["hand"]), "--win-tile", str(data["win_tile"]),
                "--seat", str(data["seat"]), "--json"]
        if data["kong_draw"]:
            argv.append("--kong-draw")
        elif data["self_draw"]:
            argv.append("--self-draw")
        assert main(argv) == 0
        sheet = json.loads(capsys.readouterr().out)
        assert sheet["total"] == data["answer"] == sheet["base"] * 2 ** sheet["doubles"]
        doubles[sheet["doubles"]] += 1
    if level == 1:
        assert set(doubles) == {0}
    elif level == 3:
        assert min(doubles) >= 2
    else:
        assert set(doubles) <= {1, 2}


@pytest.mark.parametrize("level", LEVELS)
def test_huangyan_reckon_agrees_with_the_rules(level: int) -> None:
    liable = 0
    for item in items("huangyan-reckon", level):
        data = _common(item)
        totals = data["totals"]
        assert isinstance(totals, dict)
        expected = reference.reckoning(dealer=str(data["dealer"]), winner=str(data["winner"]),
                                       totals=totals, liable=data["liable"])  # type: ignore
        assert data["answer"] == expected
        assert sum(expected.values()) == 0
        if level == 1:
            assert data["dealer"] == data["winner"]
        else:
            assert data["dealer"] != data["winner"]
        liable += data["liable"] is not None
    assert (liable > 0) == (level == 3)


@pytest.mark.parametrize("level", LEVELS)
def test_live_tile_agrees_with_the_rules(level: int) -> None:
    verdicts = Counter()
    for item in items("live-tile", level):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), "huangyan")
        discards = data["discards"]
        assert isinstance(discards, dict) and set(discards) == set("ESWN")
        counts = list(hand.held_counts)
        for row in discards.values():
            for t in parse_tiles(row) if row else ():
                counts[t.index] += 1
        assert max(counts) <= 4, "no fifth copy between the hand and the discards"
        assert parse_tile(str(data["tile"])) in hand.concealed
        assert data["answer"] == reference.live_verdict(str(data["tile"]), hand, discards)
        assert data["stage_on"] == (int(data["live_wall"]) <= 14)  # type: ignore[call-overload]
        verdicts[data["answer"]] += 1
    expected = {"safe", "Live"} if level == 1 else {"safe", "Live", "exempt"}
    assert set(verdicts) == expected


@pytest.mark.parametrize("level", LEVELS)
def test_hangzhou_multiplier_agrees_with_the_table(level: int) -> None:
    lines = Counter()
    for item in items("hangzhou-multiplier", level):
        data = _common(item)
        hand = Hand.parse(str(data["hand"]), "hangzhou")
        drawn = parse_tile(str(data["drawn"]))
        assert reference.oracle.is_complete(hand, "hangzhou")
        assert hand.held_counts[31] + int(data["joker_discards"]) <= 4  # type: ignore
        expected = reference.hangzhou_product(hand, drawn, int(data["kongs"]),  # type: ignore
                                              int(data["joker_discards"]))  # type: ignore
        assert data["answer"] == expected, item
        lines[len(data["lines"])] += 1  # type: ignore[arg-type]
    assert set(lines) <= {1: {0, 1}, 2: {2}, 3: set(range(3, 10))}[level]


def _table(data: dict[str, object]) -> FinishedHand:
    """Nothing but the JSON: the asked player's tiles and discards, the win and the reveal."""
    seat = Wind.parse(str(data["seat"]))
    hand = Hand.parse(str(data["hand"]), "guiyang")
    if data["seat"] == data["winner"]:
        hand = hand.remove(parse_tile(str(data["win_tile"])))
    record = PlayerRecord(hand.concealed, tuple(MeldRecord(m) for m in hand.melds))
    empty = PlayerRecord(())
    players = tuple(record if s == seat else empty for s in Wind)
    discards = tuple(Discard(Wind.parse(d["seat"]), parse_tile(d["tile"]),  # type: ignore
                             Wind.parse(d["claimed_by"]) if d["claimed_by"] else None)  # type: ignore
                     for d in data["discards"])  # type: ignore[attr-defined]
    source = Wind.parse(str(data["from"])) if data["from"] else None
    win = Win(WinKind(str(data["how"])), (Wind.parse(str(data["winner"])),),
              parse_tile(str(data["win_tile"])), source)
    return FinishedHand(players, discards, win, parse_tile(str(data["revealed"])))  # type: ignore


@pytest.mark.parametrize("level", LEVELS)
def test_guiyang_chickens_agree_with_the_rules(level: int) -> None:
    golden = 0
    for item in items("guiyang-chickens", level):
        data = _common(item)
        table = _table(data)
        assert data["answer"] == reference.chicken_value(table, str(data["seat"])), item
        assert int(data["answer"]) >= 1  # type: ignore[call-overload]
        golden += data["revealed"] == "9s"
        places = {c["place"] for c in data["chickens"]}  # type: ignore[attr-defined]
        if level == 1:
            assert places <= {"held", "melded"}
        elif level == 2:
            assert places & {"discarded", "winning tile"}
    assert (golden > 0) == (level == 3)


@pytest.mark.parametrize("name", list(TOPICS))
def test_the_same_seed_gives_the_same_exercise(name: str) -> None:
    for level in LEVELS:
        first = [generate(name, seed=s, level=level).as_dict() for s in range(8)]
        again = [generate(name, seed=s, level=level).as_dict() for s in range(8)]
        assert first == again
        assert len({json.dumps(d["question"]) + json.dumps(d["answer"]) + str(d.get("hand"))
                    for d in first}) >= 6, "different seeds give different exercises"


def test_a_game_can_be_chosen_for_the_hand_topics() -> None:
    for name in ("waits", "shanten", "discard"):
        for variant in Variant:
            item = generate(name, seed=5, level=2, variant=variant)
            assert item.variant is variant and item.exercise.variant == variant.value


@pytest.mark.parametrize(("call", "message"), [
    (lambda: generate("nonsense"), "unknown practice topic"),
    (lambda: generate("waits", level=4), "level 4"),
    (lambda: generate("waits", seed=-1), "seed"),
    (lambda: generate("waits", seed=True), "seed"),
    (lambda: generate("huangyan-score", variant="guiyang"), "not a Guiyang Chicken topic"),
])
def test_bad_requests_are_typed_errors(call: object, message: str) -> None:
    with pytest.raises(PracticeError, match=message):
        call()  # type: ignore[operator]
