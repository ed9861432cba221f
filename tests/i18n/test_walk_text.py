"""The settlement walk printed (lesson 04 prints it step by step) reads in the learner's language:
Chinese with no English word, English as it was."""

from __future__ import annotations

import re

from tutor.i18n import using_language
from tutor.study.huangyan.walk import SettlementWalk

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _printed(lang: str) -> list[str]:
    with using_language(lang):
        walk = SettlementWalk.preset("Rule text example 2 with stacks of 20")
        printed = [str(walk)]
        while walk.next() is not None:
            printed.append(str(walk))
    return printed


def test_the_walk_printed_in_english_is_as_before() -> None:
    printed = _printed("en")
    assert printed[0] == ("step 0 of 4: Before any payment\n"
                          "  nets so far: East +0, South +0, West +0, North +0\n"
                          "  stacks: East 20, South 20, West 20, North 20")
    assert printed[2].splitlines()[0] == (
        "step 2 of 4: Wave two, settlement 1: East 20 vs South 28: difference 8")
    assert printed[-1].splitlines()[-2:] == ["  nets so far: East -6, South +2, West -20, "
                                             "North +24", "  stacks: East 14, South 22, West 0, "
                                             "North 44"]


def test_the_walk_printed_in_chinese_has_no_english_word() -> None:
    printed = _printed("zh")
    assert printed[0].startswith("第 0 步（共 4 步）：付款之前")
    assert [ENGLISH_WORD.findall(text) for text in printed] == [[]] * len(printed)
    assert all(ENGLISH_WORD.findall(text) for text in _printed("en"))  # the check can fail
