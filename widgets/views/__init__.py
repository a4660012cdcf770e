"""One module per game: ``widgets.views.<game>.View`` draws that game's board.

``GameApp`` finds the view by the game's name, so adding a game adds a module
here and changes nothing shared.
"""
