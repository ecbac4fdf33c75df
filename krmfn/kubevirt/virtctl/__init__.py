"""``pkg/virtctl``: what virtctl commands do offline, on plain data (no CLI, no files)."""
