"""Built-in families; each registers in the ``scenegen.families`` entry-point group."""
