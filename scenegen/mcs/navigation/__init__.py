"""What the Lava and Holes families share: the navigation task over a field of dangerous floor cells, its config
and its checks (a kit package: it registers no family of its own)."""
