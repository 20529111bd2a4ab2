"""Interactive widgets for the notebooks (ipywidgets).

Each topic has its own module; everything public is re-exported here, so
``from magiclib.widgets import siamese_player`` works.
"""

from ._front import *  # noqa: F401,F403
from ._player import *  # noqa: F401,F403
from .browse import *  # noqa: F401,F403
from .hexagon import *  # noqa: F401,F403
from .progress import *  # noqa: F401,F403
from .queens import *  # noqa: F401,F403
from .siamese import *  # noqa: F401,F403
from .space import *  # noqa: F401,F403
