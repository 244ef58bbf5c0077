"""What Lava and Holes share: the navigation task over a field of dangerous floor cells."""
