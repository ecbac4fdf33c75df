"""``pkg/virtctl/template``: ``virtctl template process --local`` and ``virtctl template convert``."""
