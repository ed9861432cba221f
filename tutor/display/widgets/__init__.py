"""ipywidgets views over the engine's model objects (needs the ``notebook`` extra).

Each view keeps its ipywidgets in ``.box``, shows itself in a notebook, and has a short, stable
``text/plain`` form so notebooks run under nbval compare something meaningful. Errors are shown
as messages in the view, never as tracebacks.
"""

from tutor.display.widgets.base import CheckAnswer, TutorView, error_html
from tutor.display.widgets.tiles import HandView, TilePicker

__all__ = ["CheckAnswer", "HandView", "TilePicker", "TutorView", "error_html"]

# The views themselves live in one module each (hand_builder, huangyan, hangzhou, guiyang,
# play, replay, review, whatif); import them from there, e.g.
# ``from tutor.display.widgets.play import PlayView``.
