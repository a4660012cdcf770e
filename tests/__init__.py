"""The tests, a package so that every test module imports its helpers by a full name (``tests.support.…``) and
the suite collects under ``--import-mode=importlib`` as well as the default."""
