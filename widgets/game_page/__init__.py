"""The parts of a game page, one responsibility per file (``widgets.app.GameApp`` puts them together).

Where to look:

- ``layout.py``      the page's widgets, made once and wired to their callbacks
- ``drawing.py``     ``refresh``: everything redrawn from the table (header, action bar, outcome, log…)
- ``moves.py``       a tap's move on its way to the table; rolls; undo and redo
- ``table_watch.py`` other devices: polling the table, the heartbeat, following the next game
- ``hotseat.py``     who is looking: the viewer seat and the pass screen
- ``new_game.py``    new tables and the new-game panel
- ``table_link.py``  the table behind the page and the links (seat links, the address bar)
- ``lesson_run.py``  the page's side of "Learn to play"
- ``saving.py``      save files and loading them
- ``errors.py``      ``guarded`` callbacks and the error box
- ``context.py``     ``PageContext``: all a game's view may ask of its page
- ``parts.py``       the shared attributes and small helpers
"""
