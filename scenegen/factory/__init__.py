"""The factory: the config file a user names, the run loop, its jobs and executors, the per-sample random
streams."""
