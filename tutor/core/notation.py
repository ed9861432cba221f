"""The parser/printer pair for tiles, melds and hands.

Accepted, freely mixed:

* MPSZ: ``123m456p789s11z`` (digits, then the suit letter m, p, s or z; honors 1z-7z are East,
  South, West, North, White, Green, Red). Digits wait for the next suit letter, so the rule text's
  ``5白7m`` reads as 5m, White Dragon, 7m.
* Honors as CJK characters ``東南西北白發中`` (simplified ``东`` and ``发`` too).
* Unicode tile glyphs (U+1F000 to U+1F021).
* Whitespace and ``+`` separate groups and are otherwise ignored.
* Melds: exposed ``[345s]`` ``[777z]`` ``[1111m]`` (chow, pong, open kong), added kong
  ``{1111m}``, concealed kong ``(2222p)``.

Everything else is a :class:`~tutor.errors.NotationError` that quotes the input and names the
position: a digit with no suit, rank 0, ``8z``/``9z``, an unknown character, an empty or
malformed meld, a fifth copy of a tile, and (given a variant) a tile that variant does not use.
A text longer than :data:`MAX_TEXT` characters is refused before any of it is read (a hand is a
few dozen characters, a whole wall written ``1m 5p ...`` about 400), and a text that is not a
``str`` is an :class:`~tutor.errors.ArgumentError`.
"""

from __future__ import annotations

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.errors import ArgumentError, HandError, InputError, NotationError, expect, shown

# An error's text is a tutor.i18n Message (shown in the learner's language); tutor.i18n is
# imported where an error is raised, so that ``import tutor`` stays light.

__all__ = ["MAX_TEXT", "format_hand", "parse_hand", "parse_meld", "parse_tile", "parse_tiles"]

#: the most characters a notation text may have: room for the 136 tiles of a wall written with
#: spaces (407 characters); checked before the text is read, so a huge text costs nothing
MAX_TEXT = 600

_HONOR_CHARS = {c: 27 + i for i, c in enumerate("東南西北白發中")}
_HONOR_CHARS.update({"东": 27, "发": 32})
_SEPARATORS = " \t\n\r+\u3000"
_OPENERS = {"[": ("]", None), "{": ("}", MeldKind.ADDED_KONG), "(": (")", MeldKind.CONCEALED_KONG)}
_CLOSERS = {"]", "}", ")"}


def _glyph_index(ch: str) -> int | None:
    code = ord(ch)
    if 0x1F000 <= code <= 0x1F003:
        return 27 + code - 0x1F000
    if code == 0x1F004:
        return 33
    if code == 0x1F005:
        return 32
    if code == 0x1F006:
        return 31
    if 0x1F007 <= code <= 0x1F00F:
        return code - 0x1F007
    if 0x1F010 <= code <= 0x1F018:
        return 18 + code - 0x1F010
    if 0x1F019 <= code <= 0x1F021:
        return 9 + code - 0x1F019
    return None


Located = tuple[Tile, int]


class _Reader:
    """Reads one run of tiles (outside or inside brackets) and remembers positions."""

    def __init__(self, text: str) -> None:
        self.text = text

    def fail(self, position: int | None, problem: str) -> NotationError:
        return NotationError(self.text, position, problem)

    def tiles(self, start: int, stop_chars: str) -> tuple[list[Located], int]:
        """Read tiles from ``start`` until a character in ``stop_chars`` (or the end)."""
        text = self.text
        out: list[Located | None] = []  # None: a digit still waiting for its suit letter
        pending: list[tuple[str, int, int]] = []  # (digit, position, slot in out)
        i = start
        while i < len(text):
            ch = text[i]
            if ch in stop_chars:
                break
            if ch.isdigit() and ch.isascii():
                pending.append((ch, i, len(out)))
                out.append(None)
            elif ch in "mpsz":
                if not pending:
                    from tutor.i18n import Message
                    raise self.fail(i, Message("suit letter {char} with no digits before it",
                                               char=repr(ch)))
                for digit, pos, slot in pending:
                    out[slot] = self._suited(digit, ch, pos)
                pending = []
            elif ch in _HONOR_CHARS:
                out.append((KINDS[_HONOR_CHARS[ch]], i))
            elif _glyph_index(ch) is not None:
                out.append((KINDS[_glyph_index(ch) or 0], i))
                if text[i + 1:i + 2] == "\ufe0f":  # emoji presentation selector after 🀄
                    i += 1
            elif 0x1F022 <= ord(ch) <= 0x1F02B:
                from tutor.i18n import Message
                raise self.fail(i, Message("{char} is a flower, season, joker or back tile, which "
                                           "none of these games uses", char=repr(ch)))
            elif ch in _SEPARATORS or ch in _OPENERS or ch in _CLOSERS:
                if pending:
                    raise self._no_suit(pending)
                if ch in _SEPARATORS:
                    i += 1
                    continue
                break
            elif ch.isdigit():
                from tutor.i18n import Message
                raise self.fail(i, Message("{char} is not an ASCII digit 1-9", char=repr(ch)))
            else:
                from tutor.i18n import Message
                raise self.fail(i, Message("unknown character {char} (tiles are digits with m, "
                                           "p, s or z, or the honors 東南西北白發中)",
                                           char=repr(ch)))
            i += 1
        if pending:
            raise self._no_suit(pending)
        return [t for t in out if t is not None], i

    def _no_suit(self, pending: list[tuple[str, int, int]]) -> NotationError:
        digits = "".join(d for d, _, _ in pending)
        if len(digits) > 14:
            from tutor.i18n import Message
            return self.fail(pending[0][1], Message("{n} digits with no suit letter (m, p, s or z) "
                                                    "after them", n=f"{len(digits):,}"))
        from tutor.i18n import Message
        return self.fail(pending[0][1], Message("{quoted} has no suit (write {digits}m, {digits}p, "
                                                "{digits}s or {digits}z)", quoted=repr(digits),
                                                digits=digits))

    def _suited(self, digit: str, letter: str, position: int) -> Located:
        rank = int(digit)
        if rank == 0:
            from tutor.i18n import Message
            raise self.fail(position, Message("rank 0 does not exist ('0{letter}': this notation "
                                              "has no red fives; ranks are 1-9)",
                                              letter=letter))
        if letter == "z" and rank > 7:
            from tutor.i18n import Message
            raise self.fail(position, Message("'{rank}z' does not exist (honors are 1z-7z: East, "
                                              "South, West, North, White, Green, Red)",
                                              rank=rank))
        offset = {"m": 0, "p": 9, "s": 18, "z": 27}[letter]
        return (KINDS[offset + rank - 1], position)


def checked_text(text: object, what: str = "tile notation", limit: int = MAX_TEXT) -> str:
    """``text`` if it is a ``str`` of at most ``limit`` characters; otherwise an
    :class:`~tutor.errors.ArgumentError` (the wrong type) or a :class:`NotationError` (too long),
    raised before anything reads it."""
    if not isinstance(text, str):
        raise ArgumentError(f"{what} must be text, not {type(text).__name__} {shown(text, 40)}")
    if len(text) > limit:
        from tutor.i18n import N_, Message

        N_("tile notation"), N_("hand notation"), N_("meld notation")  # the whats, for the catalog
        raise NotationError(text, None, Message("{n} characters is too long for {what} (at most "
                                                "{limit})", n=f"{len(text):,}", what=Message(what),
                                                limit=f"{limit:,}"))
    return text


def _read(text: str) -> tuple[list[Located], list[tuple[Meld, int]]]:
    checked_text(text)
    reader = _Reader(text)
    concealed: list[Located] = []
    melds: list[tuple[Meld, int]] = []
    i = 0
    while i < len(text):
        tiles, i = reader.tiles(i, "".join(_OPENERS) + "".join(_CLOSERS))
        concealed += tiles
        if i >= len(text):
            break
        ch = text[i]
        if ch in _CLOSERS:
            from tutor.i18n import Message
            raise reader.fail(i, Message("{char} closes a meld that was never opened",
                                          char=repr(ch)))
        closer, kind = _OPENERS[ch]
        inner, end = reader.tiles(i + 1, "".join(_OPENERS) + "".join(_CLOSERS))
        if end >= len(text) or text[end] != closer:
            from tutor.i18n import Message
            raise reader.fail(i, Message("meld opened with {char} is not closed with {closer}",
                                          char=repr(ch), closer=repr(closer)))
        if not inner:
            from tutor.i18n import Message
            raise reader.fail(i, Message("empty meld {meld}", meld=ch + closer))
        meld_tiles = tuple(t for t, _ in inner)
        meld_kind = kind or _exposed_kind(meld_tiles)
        try:
            meld = Meld(meld_kind or MeldKind.PONG, meld_tiles)
        except HandError:
            meld = None
        if meld is None or meld_kind is None:
            written = shown(text[i:end + 1], 40)
            from tutor.i18n import N_
            expected = {
                None: N_("three consecutive tiles of one suit, three identical tiles or four"),
                MeldKind.ADDED_KONG: N_("four identical tiles"),
                MeldKind.CONCEALED_KONG: N_("four identical tiles"),
            }[kind]
            from tutor.i18n import Message
            raise reader.fail(i, Message("malformed meld {meld}: expected {expected}", meld=written,
                                          expected=Message(expected)))
        melds.append((meld, i))
        i = end + 1
    return concealed, melds


def _exposed_kind(tiles: tuple[Tile, ...]) -> MeldKind | None:
    same = all(t == tiles[0] for t in tiles)
    if len(tiles) == 3:
        return MeldKind.PONG if same else MeldKind.CHOW
    if len(tiles) == 4 and same:
        return MeldKind.OPEN_KONG
    return None


def _check(text: str, tiles: list[Located], variant: Variant | None) -> None:
    seen = [0] * 34
    for tile, position in tiles:
        seen[tile.index] += 1
        if seen[tile.index] == 5:
            from tutor.i18n import Message, pmessage
            raise NotationError(text, position, Message(
                "a fifth copy of {tile} ({name}); a set has only four", tile=tile,
                name=pmessage("tile", tile.name)))
        if variant is not None and tile not in variant.kinds:
            from tutor.i18n import Message, pmessage
            raise NotationError(text, position, Message(
                "{tile} ({name}) is not used in {game}: its {n} tiles are the three suits "
                "only, no honors", tile=tile, name=pmessage("tile", tile.name),
                game=Message(variant.title), n=variant.tile_count))


def parse_hand(text: str, variant: Variant | str | None = None) -> Hand:
    """Read a hand. With ``variant``, also refuse tiles and melds that game cannot have."""
    checked_text(text, "hand notation")
    var = Variant.parse(variant) if variant is not None else None
    concealed, melds = _read(text)
    located = concealed + [(t, pos) for meld, pos in melds for t in meld.tiles]
    if not located:
        from tutor.i18n import Message
        raise NotationError(text, None, Message("no tiles"))
    _check(text, located, var)
    try:
        hand = Hand(tuple(t for t, _ in concealed), tuple(m for m, _ in melds))
        if var is not None:
            hand.check(var)
    except HandError as exc:
        raise NotationError(text, None, exc.args[0]) from None
    return hand


def parse_tiles(text: str, variant: Variant | str | None = None) -> tuple[Tile, ...]:
    """Read a run of tiles without melds, in the order written (``"5白7m"`` -> 5m, 5z, 7m)."""
    checked_text(text)
    var = Variant.parse(variant) if variant is not None else None
    concealed, melds = _read(text)
    if melds:
        from tutor.i18n import Message
        raise NotationError(text, melds[0][1], Message("melds are not allowed here, only tiles"))
    _check(text, concealed, var)
    return tuple(t for t, _ in concealed)


def parse_tile(text: str, variant: Variant | str | None = None) -> Tile:
    """Read exactly one tile: ``"3m"``, ``"中"``, ``"🀄"``."""
    checked_text(text)
    tiles = parse_tiles(text, variant)
    if len(tiles) != 1:
        from tutor.i18n import Message
        raise NotationError(text, None, Message("expected one tile, found {n}", n=len(tiles)))
    return tiles[0]


def parse_meld(text: str) -> Meld:
    """Read exactly one meld in brackets."""
    checked_text(text, "meld notation")
    concealed, melds = _read(text)
    if concealed or len(melds) != 1:
        from tutor.i18n import Message
        raise NotationError(text, None, Message("expected exactly one meld in brackets, such as "
                                                "[345s]"))
    _check(text, [(t, pos) for m, pos in melds for t in m.tiles], None)
    return melds[0][0]


def format_hand(hand: Hand, style: str = "mpsz") -> str:
    """Print a hand. ``"mpsz"`` is the canonical form (``str(hand)``); ``"cjk"`` writes honors
    as 東南西北白發中 and separates suits; ``"unicode"`` uses the tile glyphs."""
    expect(hand, Hand, "format_hand's hand")
    expect(style, str, "format_hand's style")
    if style == "mpsz":
        return str(hand)
    if style == "unicode":
        body = "".join(t.glyph for t in hand.concealed)
        melds = [m.kind.brackets[0] + "".join(t.glyph for t in m.tiles) + m.kind.brackets[1]
                 for m in hand.melds]
        return " ".join([body, *melds]) if body else " ".join(melds)
    if style == "cjk":
        def run(tiles: tuple[Tile, ...]) -> str:
            groups: list[str] = []
            for letter in "mps":
                part = "".join(str(t.rank) for t in sorted(tiles) if t.suit.value == letter)
                if part:
                    groups.append(part + letter)
            honors = "".join(t.chinese for t in sorted(tiles) if t.is_honor)
            if honors:
                groups.append(honors)
            return " ".join(groups)

        parts = [run(hand.concealed)] if hand.concealed else []
        parts += [m.kind.brackets[0] + run(m.tiles).replace(" ", "") + m.kind.brackets[1]
                  for m in hand.melds]
        return " ".join(parts)
    raise InputError(f"unknown style {shown(style)} (mpsz, cjk or unicode)")
