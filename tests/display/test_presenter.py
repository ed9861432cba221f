"""The projector-mode frame: the toggle switches classes and folds the controls, nothing else."""

from __future__ import annotations

import ipywidgets as widgets

from tutor.display.widgets.presenter import AppFrame


def test_projector_mode_folds_controls_and_marks_the_frame() -> None:
    main, controls = widgets.HTML("picture"), widgets.VBox([widgets.Button()])
    frame = AppFrame(main, controls, title="Hand <builder>", projector=True)
    assert "tutor-projector" in frame.box._dom_classes
    assert "tutor-main" in main._dom_classes
    assert frame.controls is not None and frame.controls.selected_index is None
    assert "&lt;builder&gt;" in frame.title.value
    frame.toggle.value = False
    assert "tutor-projector" not in frame.box._dom_classes
    assert frame.controls.selected_index == 0 and not frame.projector
    frame.projector = True
    assert "tutor-projector" in frame.box._dom_classes


def test_a_frame_without_controls() -> None:
    frame = AppFrame(widgets.HTML("x"))
    assert frame.controls is None and not frame.projector
