"""One BLAS thread per process, set before numpy is first imported (the command line imports this module first).

scenegen's linear algebra is on 2x2 to 4x4 matrices, and a run's parallelism is
its worker processes: BLAS threads gain nothing, and starting them costs every
process of a run about 0.1 s of CPU (a one-scene ``make``: 0.27 s of CPU with
OpenBLAS's default threads, 0.17 s with one). A value the user set is kept.
"""

from __future__ import annotations

import os

for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")
