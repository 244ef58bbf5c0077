"""Top-down pictures of MCS scenes, as SVG: ``scenegen preview``, and the contact sheet of a run's stats page.

Data flows one way: :mod:`.scene` replays a document (through
:mod:`scenegen.mcs.replay`) into what is drawn at a step, in metres;
:mod:`.svg` draws that as one panel; :mod:`.sheet` lays panels out (a strip of
steps, a contact sheet of a run); :mod:`.png` rasterises the result.
"""
