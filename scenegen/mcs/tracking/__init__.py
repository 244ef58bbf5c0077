"""What the container-tracking families (Shell Game, Set Rotation) share.

``props``: containers, lids, the ball and the placers that carry them;
``timeline``: the steps of a placer dropping its load or dragging a container;
``params``: config parameters compiled once, drawn per sample, and object ids;
``fit``: layouts checked once per run by the geometry solver;
``replay`` and ``checks``: the document-only replay and semantic checks that
verify a scene and its answer.
"""
