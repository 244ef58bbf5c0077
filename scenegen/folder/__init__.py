"""Files on disk as scenegen opens and writes them (``files.py``), and the run folder: its lifecycle (lock, resume,
overwrite), its manifest and run record, how documents are stored in it, and its dataset card."""
