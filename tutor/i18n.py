"""The tutor in English or Chinese: gettext catalogs and texts translated when shown.

The language is English (``en``) unless the environment variable ``TUTOR_LANG`` says ``zh``
(simplified Chinese), or :func:`set_language` (``tutor --lang zh``) chooses it. The catalogs are
the standard library's :mod:`gettext` files shipped in the package
(``tutor/locale/zh/LC_MESSAGES/tutor.mo``, compiled from ``tutor.po`` by ``make catalog``) and
read with :mod:`importlib.resources`, so they work from a wheel, a zip and under Pyodide.

* :func:`_`, :func:`ngettext` and :func:`pgettext` translate at once, into the current language:
  for text printed straight away (a table's heading).
* :class:`Message` is for text kept in data (a score sheet's line, a payment's reason): a
  ``str`` whose value is the English, so JSON output and equality are the same in both
  languages, that remembers its message and arguments; :func:`localize` translates it when it
  is shown. Arguments that are messages themselves are translated with it.
* :func:`N_` only marks a text for extraction (``make catalog``); it returns it unchanged
  (:func:`C_` likewise, with a context).

>>> reason = Message("{reason}, halved (two non-dealers)",
...                  reason=Message("half the winner's total {total}", total=12))
>>> reason, reason == "half the winner's total 12, halved (two non-dealers)"
("half the winner's total 12, halved (two non-dealers)", True)
>>> with using_language("zh"):
...     localize(reason)
'赢家总分 12 的一半，减半（两家都不是庄家）'
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager

from tutor.errors import TutorError

TYPE_CHECKING = False  # typing is not imported at run time (as in tutor.cli)
if TYPE_CHECKING:  # gettext and the package's files are read only for another language
    from gettext import NullTranslations

__all__ = ["C_", "DOMAIN", "KEYWORDS", "LANGUAGES", "N_", "LanguageError", "Message", "_",
           "columns", "comma", "get_language", "join", "language", "localize", "ngettext",
           "nmessage", "padded", "pgettext", "pmessage", "set_language", "shown",
           "using_language"]

#: the catalog's name: ``tutor/locale/<lang>/LC_MESSAGES/tutor.mo``
DOMAIN = "tutor"
#: what ``make catalog`` and the catalog test extract (Babel's keyword specifications)
KEYWORDS: dict[str, object] = {"_": None, "N_": None, "ngettext": (1, 2),
                               "pgettext": ((1, "c"), 2), "Message": None, "nmessage": (1, 2),
                               "C_": ((1, "c"), 2), "pmessage": ((1, "c"), 2)}
#: the languages the tutor speaks, with their names
LANGUAGES = {"en": "English", "zh": "简体中文"}
#: how other names of the languages are written (``zh_CN.UTF-8``, ``zh-Hans``, ``C``)
_ALIASES = {"c": "en", "posix": "en", "english": "en", "chinese": "zh", "中文": "zh"}


class LanguageError(TutorError, ValueError):
    """A language the tutor has no catalog for."""


def _normal(lang: str) -> str:
    """``zh_CN.UTF-8``, ``zh-Hans`` and ``ZH`` are ``zh``; an unknown name raises."""
    if not isinstance(lang, str):
        raise LanguageError(f"a language is a code such as 'en' or 'zh', not {lang!r}"[:120])
    text = lang.strip().lower()
    code = _ALIASES.get(text, text.replace("-", "_").split(".")[0].split("_")[0])
    if code not in LANGUAGES:
        raise LanguageError(f"no language {lang[:40]!r}: the tutor speaks "
                            + ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items()))
    return code


def _from_environment() -> str:
    """``TUTOR_LANG``, or English when it is unset, empty or unknown."""
    try:
        return _normal(os.environ.get("TUTOR_LANG") or "en")
    except LanguageError:
        return "en"


_language = _from_environment()
_catalogs: dict[str, NullTranslations] = {}


def _catalog(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang``, read from the package once (none: English)."""
    found = _catalogs.get(lang)
    if found is None:
        import gettext
        import io
        from importlib import resources

        found = gettext.NullTranslations()
        if lang != "en":
            path = resources.files("tutor").joinpath("locale", lang, "LC_MESSAGES",
                                                     f"{DOMAIN}.mo")
            if path.is_file():
                found = gettext.GNUTranslations(io.BytesIO(path.read_bytes()))
        _catalogs[lang] = found
    return found


def set_language(lang: str) -> str:
    """Speak ``lang`` (``"en"`` or ``"zh"``) from now on; returns the code chosen.
    :class:`LanguageError` for a language without a catalog."""
    global _language
    _language = _normal(lang)
    return _language


def language() -> str:
    """The current language's code: ``"en"`` or ``"zh"``."""
    return _language


get_language = language


@contextmanager
def using_language(lang: str) -> Iterator[str]:
    """Speak ``lang`` inside a ``with`` block, then the language before it."""
    before = _language
    code = set_language(lang)
    try:
        yield code
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the current language."""
    return message if _language == "en" else _catalog(_language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or the plural of a message for ``n``, in the current language."""
    if _language == "en":
        return singular if n == 1 else plural
    return _catalog(_language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, in ``context`` (one English word, two meanings)."""
    return message if _language == "en" else _catalog(_language).pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (it is translated later)."""
    return message


def C_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalog without translating it (translated later
    with :func:`pgettext` in the same context)."""
    return message


# One piece of a Message: literal text, or (msgid, plural msgid or None, n, arguments).
_Piece = str | tuple[str, str | None, int, Mapping[str, object]]


_CONTEXT = "\x04"  # gettext's separator of a context and its message


def _english(piece: _Piece) -> str:
    if isinstance(piece, str):
        return piece
    msgid, plural, n, args = piece
    text = msgid.rpartition(_CONTEXT)[2] if plural is None or n == 1 else plural
    return text.format(**args) if args else text


def _translated(piece: _Piece, catalog: NullTranslations) -> str:
    if isinstance(piece, str):
        return piece
    msgid, plural, n, args = piece
    text = catalog.gettext(msgid) if plural is None else catalog.ngettext(msgid, plural, n)
    if text == msgid and _CONTEXT in msgid:  # a message in context the catalog lacks
        text = msgid.rpartition(_CONTEXT)[2]
    if not args:
        return text
    return _spaced(text, {k: localize(v) if isinstance(v, Message) else v
                          for k, v in args.items()})


def _ideograph(char: str) -> bool:
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"  # False for ""


def _spaced(text: str, values: Mapping[str, object]) -> str:
    """``text.format(**values)``, a space put between a value and the Chinese beside it where
    one side is a Latin letter or digit (``打出 7m 后``, but ``过后``): a translation then
    needs no space of its own around a value that may be a tile or a word."""
    from string import Formatter  # only a translation needs it

    formatter = Formatter()
    out: list[str] = []
    for literal, field, spec, conversion in formatter.parse(text):
        if literal:
            if out and _latin(out[-1][-1:]) and _ideograph(literal[0]):
                out.append(" ")
            out.append(literal)
        if field is None:
            continue
        found = formatter.get_field(field, (), values)[0]  # as str.format: {a.b}, {a[0]}
        value = format(formatter.convert_field(found, conversion), spec or "")
        if value and out and _ideograph(out[-1][-1:]) and _latin(value[0]):
            out.append(" ")
        out.append(value)
    return "".join(out)


def _latin(char: str) -> bool:
    return char.isascii() and char.isalnum()  # False for ""


class Message(str):
    """English text, kept in data, translated when shown (:func:`localize`).

    ``Message(msgid, **arguments)`` is ``msgid.format(**arguments)``; messages added together
    (``+``, :func:`join`) stay messages. Equality, hashing and JSON see only the English.
    """

    _pieces: tuple[_Piece, ...]

    def __new__(cls, msgid: str, /, **arguments: object) -> Message:
        out = str.__new__(cls, msgid.format(**arguments) if arguments else msgid)
        out._pieces = ((msgid, None, 1, arguments),)
        return out

    @classmethod
    def _make(cls, pieces: tuple[_Piece, ...], english: str | None = None) -> Message:
        """A message of ``pieces``, whose English is ``english`` (computed when not given)."""
        out = str.__new__(cls, "".join(map(_english, pieces)) if english is None else english)
        out._pieces = pieces
        return out

    def __getnewargs__(self) -> tuple[str]:  # copy and pickle: the pieces come back as state
        return (str(self),)

    def __getstate__(self) -> dict[str, object]:
        return {"_pieces": self._pieces}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._pieces = state["_pieces"]  # type: ignore[assignment]

    def translate_to(self, catalog: NullTranslations) -> str:
        return "".join(_translated(p, catalog) for p in self._pieces)

    def __add__(self, other: str) -> Message:
        if not isinstance(other, str):
            return NotImplemented
        return Message._make(self._pieces + _pieces_of(other), str.__add__(self, other))

    def __radd__(self, other: str) -> Message:
        if not isinstance(other, str):
            return NotImplemented
        return Message._make(_pieces_of(other) + self._pieces, str.__add__(other, self))

    def __repr__(self) -> str:
        return str.__repr__(self)


def _pieces_of(text: str) -> tuple[_Piece, ...]:
    return text._pieces if isinstance(text, Message) else (str(text),)


def nmessage(singular: str, plural: str, n: int, /, **arguments: object) -> Message:
    """A :class:`Message` with a singular and a plural (``n`` is also an argument, ``{n}``)."""
    return Message._make(((singular, plural, n, {"n": n, **arguments}),))


def pmessage(context: str, msgid: str, /, **arguments: object) -> Message:
    """A :class:`Message` in ``context`` (as :func:`pgettext`: one English word, two meanings)."""
    return Message._make(((f"{context}{_CONTEXT}{msgid}", None, 1, arguments),),
                         msgid.format(**arguments) if arguments else msgid)


def join(separator: str, items: Iterable[str]) -> Message:
    """``separator.join(items)``, kept a :class:`Message` so each item (and the separator, if it
    is a message) is translated."""
    items = list(items)
    pieces: list[_Piece] = []
    between = _pieces_of(separator)
    for i, item in enumerate(items):
        if i:
            pieces.extend(between)
        pieces.extend(_pieces_of(item))
    return Message._make(tuple(pieces), str(separator).join(items))


def localize(text: object) -> str:
    """``text`` as the learner reads it: a :class:`Message` in the current language, a plain
    string through the catalog (a text marked with :func:`N_` where it was written), anything
    else as ``str`` gives it (translated if that is a message)."""
    if _language == "en":
        return str.__str__(text) if isinstance(text, str) else str(text)
    if not isinstance(text, str):  # an object whose str() is a message (an outcome)
        text = str(text)
        if not isinstance(text, Message):
            return str.__str__(text)
    if isinstance(text, Message):
        return text.translate_to(_catalog(_language))
    if isinstance(text, str):
        return _catalog(_language).gettext(text) if text else text
    return str(text)


class _Shown(Message):
    """An object's text: its English ``str()`` as the value, its ``str()`` in the language of
    the moment when shown (a score sheet's line, a chicken: texts their own classes translate)."""

    _object: object

    def translate_to(self, catalog: NullTranslations) -> str:
        return localize(self._object)

    def __getstate__(self) -> dict[str, object]:
        return {"_pieces": self._pieces, "_object": self._object}

    def __setstate__(self, state: dict[str, object]) -> None:
        self._pieces = state["_pieces"]  # type: ignore[assignment]
        self._object = state["_object"]


def shown(thing: object) -> str:
    """``str(thing)`` kept as a message: English in data and JSON, translated (by ``thing``'s own
    ``__str__``, or the catalog) when shown, whatever the language it was made in."""
    with using_language("en"):
        english = str(thing)
    inner = str.__new__(_Shown, english)
    inner._pieces = (english,)
    inner._object = thing
    return Message._make((("{shown}", None, 1, {"shown": inner}),), english)


def columns(text: str) -> int:
    """The columns ``text`` takes in a terminal or a monospaced output (a Chinese character
    takes two).

    >>> columns("net"), columns("净得")
    (3, 4)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` and spaces up to ``width`` columns (:func:`columns`), the spaces before it when
    ``right``: lines that line up in either language; ``text`` as it is when it is wider.

    >>> padded("净得", 6) + "|", padded("net", 6) + "|", padded("+4", 4, right=True)
    ('净得  |', 'net   |', '  +4')
    """
    space = " " * max(0, width - columns(text))
    return space + text if right else text + space


def comma() -> str:
    """The separator of a list, in the current language (Chinese writes ，)."""
    return pgettext("list separator", ", ")
