"""``tutor classroom``: the settings that let Voila hold a class, and a small class served for
real (two scripted students on loopback: ready from the warm pool, a click answered, a closed
tab's kernel freed)."""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.classroom import apps, lan_address, voila_config
from tutor.cli import main
from tutor.lab import CourseError

from .students import Server, Student, kernel_exists, run, start

ROOT = Path(__file__).resolve().parents[2]
needs_voila = pytest.mark.skipif(importlib.util.find_spec("voila") is None,
                                 reason="voila is not installed")


def test_the_apps_are_the_course_apps() -> None:
    assert set(apps()) == {p.stem for p in (ROOT / "notebooks" / "apps").glob("*.ipynb")}
    with pytest.raises(CourseError, match="no apps"):
        apps(ROOT / "tests")


def test_settings_that_hold_a_class() -> None:
    config = voila_config(20, 8866, ["hand_builder"], ROOT / "notebooks" / "apps")
    assert config["Voila"]["ip"] == "0.0.0.0"
    assert config["Voila"]["port_retries"] == 0  # the printed address is the real one
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools == {"default": {"pool_size": 0}, "hand_builder.ipynb": {"pool_size": 20}}
    assert config["VoilaKernelManager"]["fill_delay"] >= 60
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60
    assert config["MappingKernelManager"]["cull_idle_timeout"] > 0
    assert config["MappingKernelManager"]["cull_connected"] is False


def test_the_pages_load_the_widget_managers() -> None:
    """Voila's own widget manager is an extension too: left out of the allowlist, every page
    comes up without its widgets ("No provider for jupyterWidgetRegistry")."""
    import json

    config = voila_config(20, 8866, ["hand_builder"], ROOT / "notebooks" / "apps")
    allowed = config["VoilaConfiguration"]["extension_allowlist"]
    assert {"@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager",
            "anywidget"} <= set(allowed)
    project = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert project["extension_allowlist"] == allowed  # the plain voila command loads the same


@pytest.mark.parametrize(("students", "port", "message"), [
    (0, 8866, "--students must be between 1 and 200"),
    (10**9, 8866, "--students must be between 1 and 200"),
    (20, 70000, "--port must be between 1 and 65535"),
])
def test_bad_numbers_are_clear_errors(students: int, port: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        voila_config(students, port, [], ROOT)


def test_an_unknown_app_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed")
    assert main(["classroom", "no_such_app"]) == 2
    err = capsys.readouterr().err
    assert "no app named 'no_such_app'" in err and err.count("\n") == 1


def test_the_lan_address_is_an_ipv4_address() -> None:
    parts = lan_address().split(".")
    assert len(parts) == 4 and all(0 <= int(p) < 256 for p in parts)


@pytest.fixture
def small_class(tmp_path: Path) -> Iterator[Server]:
    server = start(tmp_path, "hand_builder", "--students", "2")
    try:
        server.wait_for("Ready for the class: 2 warm kernel(s)", 300)
        yield server
    finally:
        server.stop()


@needs_voila
def test_a_small_class_is_served(small_class: Server) -> None:
    output = small_class.output()
    assert f":{small_class.port}/" in output and "Students open   http://" in output

    async def lesson() -> tuple[float, int, bool, bool]:
        student = Student(small_class.url, "hand_builder")
        await student.open()
        pickers = student.pickers()
        assert pickers, "the hand builder shows no tile picker"
        answered = await student.click(pickers[0], {"event": "pick", "tile": "1m"})
        before = await kernel_exists(small_class.url, student.kernel_id)
        status = await student.close()
        await asyncio.sleep(1)
        return answered, status, before, await kernel_exists(small_class.url,
                                                                      student.kernel_id)

    answered, status, before, after = run(lesson())
    assert before
    assert status == 204  # the closed tab's kernel is shut down, no _xsrf cookie needed
    assert not after
    assert answered < 30
    address = lan_address()
    if address != "127.0.0.1":  # reachable from the network, not only from this machine
        import urllib.request

        with urllib.request.urlopen(f"http://{address}:{small_class.port}/", timeout=30) as page:
            assert "Voilà".encode() in page.read()
