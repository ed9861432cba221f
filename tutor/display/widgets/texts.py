"""The words the widgets' JavaScript puts on screen, translated in Python.

The files in ``static/`` write their texts in English inside ``mtT("...")`` (or ``mtN("...")``
where the text is kept in a list and translated when drawn); the widget models carry
``_texts``, which maps each of them to the current language (:func:`screen_texts`, empty in
English, so the English page is what the files say) along with the tiles' names
(``name:mt-3m``, ``tip:mt-3m``). A test checks that :data:`SCREEN` lists every text of the files.
"""

from __future__ import annotations

from tutor.core.tiles import KINDS, Tile
from tutor.i18n import C_, language, pgettext

__all__ = ["SCREEN", "screen_texts"]

#: every text the JavaScript passes to ``mtT`` or ``mtN`` (context "screen" in the catalog)
SCREEN: tuple[str, ...] = (
    C_("screen", "a tile face down"),
    C_("screen", "{label}: {tiles}"),
    C_("screen", "meld"),
    C_("screen", ", "),
    C_("screen", " (press to take it back)"),
    C_("screen", ", suggested"),
    C_("screen", "just drawn"),
    C_("screen", "the tile just drawn"),
    C_("screen", "position"),
    C_("screen", "type tiles in notation"),
    C_("screen", "type tiles, e.g. 123m 55z, then Enter"),
    C_("screen", "Add"),
    C_("screen", "tiles to add: arrow keys move, Enter adds one"),
    C_("screen", "No tiles yet: click tiles below, or type them."),
    C_("screen", "your hand: arrow keys move between tiles, Enter takes one back"),
    C_("screen", "{name}: {n} more can be added"),
    C_("screen", "{name}: no copy left"),
    C_("screen", "show the table at move {move}, {seat} to decide"),
    C_("screen", "Move {move}"),
    C_("screen", "biggest lesson"),
    C_("screen", "played (the coach agrees):"),
    C_("screen", "played:"),
    C_("screen", "coach:"),
    C_("screen", "{count} {label}"),
    C_("screen", "played"),
    C_("screen", "coach's choice"),
    C_("screen", "how the table marks the tiles of the move made and of the coach's choice"),
    C_("screen", " show all {total} decisions"),
    C_("screen", "Click a moment to see the table just before {seat}'s move."),
    C_("screen", "Every decision was good: nothing to correct. Tick “show all” to see them."),
    C_("screen", "No decisions to review: every move of this seat was forced."),
    C_("screen", "{seat} wind"),
    C_("screen", " (you)"),
    C_("screen", " (bot)"),
    C_("screen", "dealer"),
    C_("screen", "East deals and starts with 14 tiles"),
    C_("screen", "to play"),
    C_("screen", "whose turn it is"),
    C_("screen", "bound"),
    C_("screen", "{n} tiles"),
    C_("screen", "tiles in this player's hand, face down"),
    C_("screen", "{seat}'s hand: {n} tiles face down"),
    C_("screen", "your hand: arrow keys choose a tile, Enter discards it"),
    C_("screen", "{seat}'s hand"),
    C_("screen", ", a Live Tile"),
    C_("screen", ", safe"),
    C_("screen", ", a chicken"),
    C_("screen", ", cannot be discarded now"),
    C_("screen", "{seat}'s discards, in order"),
    C_("screen", "{seat}'s discards"),
    C_("screen", "{seat} has discarded nothing yet"),
    C_("screen", ", claimed into a meld"),
    C_("screen", ", the latest discard"),
    C_("screen", ": claimed into a meld"),
    C_("screen", ": the latest discard"),
    C_("screen", "the player at the bottom"),
    C_("screen", "Wall: {n} live tiles"),
    C_("screen", ", dead wall {n}"),
    C_("screen", "live wall: tiles left to draw; dead wall: kept apart for kong replacement tiles"),
    C_("screen", "tiles left to draw; kong replacements come from the far end of the same wall"),
    C_("screen", "live"),
    C_("screen", "dead (striped)"),
    C_("screen", "next draw"),
    C_("screen", "kong replacement"),
    C_("screen", "break"),
    C_("screen", "the hand is over"),
    C_("screen", "claim it or pass"),
    C_("screen", "{seat} may claim it"),
    C_("screen", "{seat} discarded {tile}: {answer}"),
    C_("screen", "A player"),
    C_("screen", "Your turn: click a tile (or press Enter on it) to discard it"),
    C_("screen", "{seat} to play"),
    C_("screen", "{seat}'s turn"),
    C_("screen", ": "),
    C_("screen", "★ suggested"),
    C_("screen", "❚❚ Pause"),
    C_("screen", "▶ Play"),
    C_("screen", "stop playing the hand"),
    C_("screen", "play the hand move by move at this pace"),
    C_("screen", "Hint"),
    C_("screen", "what the tutor would do, and why"),
    C_("screen", "Take back"),
    C_("screen", "undo your last move (a practice game)"),
    C_("screen", "instant"),
    C_("screen", "fast (0.25 s)"),
    C_("screen", "normal (0.5 s)"),
    C_("screen", "slow (1 s)"),
    C_("screen", "very slow (2 s)"),
    C_("screen", "Pace: "),
    C_("screen", "how long each of the other players' moves stays on screen"),
    C_("screen", "Keys: Tab to your hand, ← → choose a tile, Enter discards it; P pong, C chow, "
                 "K kong, W win, N pass; H hint, U take back, Y your hand."),
    C_("screen", ". "),
    C_("screen", "What you saw happen"),
    C_("screen", "What happened"),
    C_("screen", "What the markers mean"),
    C_("screen", "{name}. "),
    C_("screen", "Ponds. "),
    C_("screen", "Each player's discards lie in front of them in the order thrown; a faded tile "
                 "was claimed into a meld; the glowing one is the latest."),
    C_("screen", "moves as they happen"),
)

_cache: dict[str, dict[str, str]] = {}


def screen_texts() -> dict[str, str]:
    """The screen's English texts in the current language, and the tiles' names
    (``{}`` in English)."""
    lang = language()
    if lang == "en":
        return {}
    found = _cache.get(lang)
    if found is None:
        from tutor.display import svg
        from tutor.display.widgets.sprite import symbol_id

        found = {text: pgettext("screen", text) for text in SCREEN}
        white = Tile.parse("5z")
        for tile, joker in [*((t, False) for t in KINDS), (white, True)]:
            symbol = symbol_id(tile, joker=joker)
            found[f"name:{symbol}"] = svg.tile_label(tile, joker=joker)
            found[f"tip:{symbol}"] = svg.tile_tip(tile, joker=joker)
        found["name:mt-back"] = found["tip:mt-back"] = pgettext("screen", "a tile face down")
        _cache[lang] = found
    return dict(found)
