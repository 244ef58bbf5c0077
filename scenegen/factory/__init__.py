"""The factory: the run loop, its jobs and executors, the per-sample random streams."""
