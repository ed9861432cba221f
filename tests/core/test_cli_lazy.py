"""The command line loads only what the command it runs needs; ``tutor --help`` still lists
every command, from the table in :mod:`tutor.cli`."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from tutor.cli import COMMANDS, Commands, _Parser, main


def _loaded_after(code: str) -> set[str]:
    """The ``tutor`` modules (and a few heavy standard ones) a fresh interpreter holds after
    running ``code``."""
    probe = (f"import sys\n{code}\nprint(' '.join(m for m in sys.modules if m.startswith"
             "('tutor') or m in ('json', 'html', 'random', 'statistics', 'dataclasses', 'typing', "
             "'inspect')))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return set(out.split())


@pytest.mark.parametrize("module", sorted({c.module for c in COMMANDS}))
def test_the_table_lists_exactly_what_each_module_registers(module: str) -> None:
    import importlib

    sub = _Parser(prog="tutor").add_subparsers(parser_class=_Parser)
    commands = Commands(sub)
    importlib.import_module(f"tutor.cli.{module}").register(commands)
    assert commands.made == {(c.name, c.variant) for c in COMMANDS if c.module == module}


def test_help_lists_every_command_without_loading_a_module(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    for command in COMMANDS:
        assert f" {command.name} " in out
        if command.variant is None:
            assert " ".join(command.help.split()) in out
    loaded = _loaded_after("from tutor.cli import main\ntry:\n    main(['--help'])\n"
                           "except SystemExit:\n    pass")
    assert not {m for m in loaded if m.startswith("tutor.cli.")}


def test_a_variant_group_lists_its_variants(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "huangyan score a Huangyan Reckoning hand" in out
    assert "hangzhou score a self-drawn Hangzhou win" in out


def test_a_command_loads_only_its_module() -> None:
    loaded = _loaded_after("from tutor.cli import main\nmain(['waits', '1112345678999m', "
                           "'--json'])")
    assert {m for m in loaded if m.startswith("tutor.cli.")} == {"tutor.cli.core"}
    assert not {m for m in loaded if m.startswith(("tutor.game", "tutor.variants",
                                                   "tutor.display", "tutor.study"))}
    loaded = _loaded_after("from tutor.cli import main\nmain(['score', 'hangzhou', "
                           "'123456789m中中中白白', '--drawn', '5z'])")
    assert {m for m in loaded if m.startswith("tutor.cli.")} == {"tutor.cli.hangzhou"}


def test_import_tutor_loads_only_the_core() -> None:
    loaded = _loaded_after("import tutor")
    assert loaded <= {"tutor", "tutor.errors", "tutor.core", "tutor.core.tiles",
                      "tutor.core.variant", "tutor.core.hand", "tutor.core.notation",
                      "tutor.core.shapes", "tutor.core.tables", "tutor.core.waits",
                      "tutor.core.value"}, loaded  # nor dataclasses, typing or inspect
    import tutor

    assert tutor.Ledger.__name__ == "Ledger"  # settlement values still reachable, on first use


def test_bad_input_is_one_line_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "111m"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tutor waits: error:")
    with pytest.raises(SystemExit) as stop:
        main(["bogus"])
    assert stop.value.code == 2


def test_a_command_line_the_quick_reading_misses_still_runs(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.cli as cli

    monkeypatch.setattr(cli, "_wanted", lambda argv: set())  # as if no module were named
    assert main(["waits", "1112345678999m"]) == 0
    assert "ready" in capsys.readouterr().out
    assert isinstance(cli.build_parser(), argparse.ArgumentParser)
