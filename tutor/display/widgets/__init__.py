"""ipywidgets views over the engine's model objects (needs the ``notebook`` extra).

Each view keeps its ipywidgets in ``.box``, shows itself in a notebook, and has a short, stable
``text/plain`` form so notebooks run under nbval compare something meaningful. Errors are shown
as messages in the view, never as tracebacks.
"""

from tutor.display.widgets.base import CheckAnswer, TilePicker, TutorView, error_html

__all__ = ["CheckAnswer", "TilePicker", "TutorView", "error_html"]
