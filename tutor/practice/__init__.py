"""Generated practice: seeded exercises that never run out, at three levels of difficulty.

``generate("waits", seed=7, level=2)`` returns a :class:`PracticeItem` whose ``exercise`` the
check-answer widget shows and whose :meth:`~PracticeItem.as_dict` is the JSON of ``tutor
practice``. The same topic, seed, level (and game) always give the same exercise; every answer
and explanation is computed by the engine.

>>> item = generate("huangyan-reckon", seed=3, level=1)
>>> item.exercise.check(item.exercise.answer_text()).right
True
>>> generate("huangyan-reckon", seed=3, level=1) == item
True
"""

from __future__ import annotations

from tutor.core.variant import Variant
from tutor.i18n import N_
from tutor.practice.base import LEVELS, PracticeError, PracticeItem, Topic
from tutor.practice.guiyang import chickens
from tutor.practice.hangzhou import multiplier
from tutor.practice.huangyan import live_tile, reckon_topic, score_topic
from tutor.practice.shapes import discard, shanten_topic, waits_topic

__all__ = ["LEVELS", "TOPICS", "PracticeError", "PracticeItem", "Topic", "generate", "topic"]

_ALL = tuple(Variant)
H, Z, G = Variant.HUANGYAN, Variant.HANGZHOU, Variant.GUIYANG

#: Every topic by name, in the order the practice app lists them.
TOPICS: dict[str, Topic] = {t.name: t for t in (
    Topic("waits", N_("Which tiles complete this hand?"), _ALL,
          (N_("one or two suits, one or two waits, no jokers"),
           N_("any game: melds, seven pairs, one joker, up to four waits"),
           N_("dense one-suit hands, kongs, two jokers, three to nine waits")), waits_topic),
    Topic("shanten", N_("How far from ready?"), _ALL,
          (N_("ready or one tile away"), N_("one or two away, melds and a joker"),
           N_("two to four away, seven pairs, two jokers")), shanten_topic),
    Topic("discard", N_("The most efficient discard"), _ALL,
          (N_("only one discard keeps the hand as close"),
           N_("the best keeps four or more extra tiles"),
           N_("the best wins by one to three tiles")), discard),
    Topic("huangyan-score", N_("Score a Huangyan winning hand"), (H,),
          (N_("a concealed hand, no doubles"), N_("melds, honors, a double or two"),
           N_("flushes, all pongs, kongs: two doubles or more")), score_topic),
    Topic("huangyan-reckon", N_("The nets of a Huangyan reckoning"), (H,),
          (N_("the dealer wins: everyone pays in full"), N_("a non-dealer wins, any dealer seat"),
           N_("liability: a Live Tile discarder pays for everyone")), reckon_topic),
    Topic("live-tile", N_("Live, safe or exempt?"), (H,),
          (N_("a few discards, safe or Live"), N_("more discards, the exception appears"),
           N_("late in the hand, melds, every answer equally likely")), live_tile),
    Topic("hangzhou-multiplier", N_("The product of a Hangzhou win"), (Z,),
          (N_("one multiplier or none"), N_("two multipliers"),
           N_("three or more: jokers, kongs, chains")),
          multiplier),
    Topic("guiyang-chickens", N_("A player's chicken value"), (G,),
          (N_("chickens held or melded"),
           N_("discarded 1s and the charging chicken, winning tiles"),
           N_("golden chickens and claimed charging chickens")), chickens),
)}


def topic(name: str) -> Topic:
    """The topic called ``name`` (a :class:`PracticeError` names the topics otherwise)."""
    found = TOPICS.get(name.strip().lower()) if isinstance(name, str) else None
    if found is None:
        raise PracticeError(f"unknown practice topic {str(name)[:40]!r} (topics: "
                            f"{', '.join(TOPICS)})")
    return found


def generate(name: str, seed: int = 0, level: int = 1,
             variant: Variant | str | None = None) -> PracticeItem:
    """A generated exercise of topic ``name``. ``variant`` picks the game of a topic that has
    several (``waits``, ``shanten``, ``discard``); by default the random seed picks it."""
    return topic(name).make(seed, level, variant)
