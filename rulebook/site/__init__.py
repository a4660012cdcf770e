"""The web site: every notebook in ``notebooks/`` served by Voilà.

- ``serve``    builds the Voilà configuration and starts it (``rulebook serve``).
- ``app``      the Voilà application with the site's handlers (imports Voilà).
- ``request``  ``query_params()`` for notebooks: the page's URL query.
- ``process``  the site's kernels as processes (``/proc``), for the host page
               and the status handler; the tests' site starter is
               ``tests/support/site_process.py``.
- ``paths``    where the notebooks and templates are (no server import).
- ``served_modules``  the boards' ES modules under their hash, the kernel's side (no Tornado).
- ``rules_pages``     ``/rules/``: the edition's pages, handed over by ``rulebook serve``.
- ``templates/voila/templates/rulebook``  the site's Voilà template.

Importing this package is cheap: nothing here imports Voilà until a server
is actually started, so notebooks can import ``rulebook.site.request``.
Which modules are the kernel's side and which the server's is a contract in
pyproject.toml (``[tool.importlinter]``): a kernel's side never reaches the server.
"""
