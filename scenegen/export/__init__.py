"""Exporters: turn what a family made into JSON-ready documents."""
