"""``scenegen stats``: what a finished run holds, read in one streaming pass.

:mod:`.fields` flattens labels and params into fields and counts them;
:mod:`.fit` tests a parameter's observed values against what its config asked
for; :mod:`.shortcuts` looks for a label that one parameter or cue predicts;
:mod:`.probe` fits simple classifiers (:mod:`.classifiers`) on each document's
flat features (:mod:`.flatten`, :mod:`.matrix`) to find a label they predict;
:mod:`.report` reads a run into a report (plain JSON); :mod:`.text` and
:mod:`.html` show it.
"""
