"""The command line and the KRM main loop: the top layer, the only one that reads arguments.

``krmfn`` with no mode is the KRM function (a ResourceList on stdin, one on stdout); with a mode it
works on files. Each mode's subcommand reads the registry (``krmfn.model.modes``); diff, explain
and adopt have a module of their own here. Architecture: CONTRIBUTING.md.
"""
