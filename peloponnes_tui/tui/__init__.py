"""The Textual app: screens and widgets that render the engine and answer its prompts."""

import os

# Textual draws the screen at most TEXTUAL_FPS times a second (60 unless set), on a fixed grid
# of instants: the frame that shows an answer waited for the next instant of the grid, on
# average half of 1/60 s and, when the answer's widgets asked for their updates one after the
# other, a whole period more.  At 240 the wait is a quarter of that; nothing else draws more
# often, as the screen is drawn only when something on it changed.  Read once, when Textual is
# first imported (always through this package); a TEXTUAL_FPS of the user's own is kept.
FRAMES_PER_SECOND = 240
os.environ.setdefault("TEXTUAL_FPS", str(FRAMES_PER_SECOND))
