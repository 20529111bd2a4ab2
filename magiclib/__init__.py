"""magiclib: magic squares, n queens and the magic hexagon, for the notebooks.

Everything public is re-exported here (``from magiclib import siamese``), except
the hexagon, which has names of its own (``from magiclib import hexagon``), and
the widgets (``from magiclib.widgets import ...``), which need ipywidgets.
"""

from .squares import *  # noqa: F401,F403
from .siamese import *  # noqa: F401,F403
from .enumerate import *  # noqa: F401,F403
from .queens import *  # noqa: F401,F403
from .construct import *  # noqa: F401,F403
from .matrices import *  # noqa: F401,F403
from . import hexagon  # noqa: F401

__version__ = "0.1.0"
