"""Top-down pictures of MCS scenes, as SVG: ``scenegen preview``, and the contact sheet of a run's stats page.

Data flows one way: :mod:`.scene` replays a document (through
:mod:`scenegen.mcs.replay`) into what is drawn at a step, in metres, with the
roles :mod:`.roles` reads from the scene and its label and the routes and marks
of :mod:`.routes`; :mod:`.svg` draws that as
one panel, its text placed by :mod:`.labels`; :mod:`.sheet` lays panels out (a
strip of steps, a passive-agent scene's trials, a contact sheet of a run, the
frames of an animation); :mod:`.png` rasterises the result and :mod:`.animate`
joins frames; :mod:`.formats` tells the format from the name written to, and
:mod:`.write` writes what the command asked for.
"""
