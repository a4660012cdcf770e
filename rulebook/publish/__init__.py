"""The static edition of the rulebook (``rulebook publish OUT/``): rules to read with no server.

``build`` writes the folder, ``pages`` makes each page, ``content`` gathers
a game's texts and example pictures, ``chromium`` renders share-card
pictures and PDFs, ``live`` serves the same pages on the site at ``/rules/``.
"""

from .build import PublishError, PublishOptions, Report, publish

__all__ = ["PublishError", "PublishOptions", "Report", "publish"]
