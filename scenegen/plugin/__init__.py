"""The plugin contract: what a family declares (parameters, output, pairing) and how it is found and configured."""
