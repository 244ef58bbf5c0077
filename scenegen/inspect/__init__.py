"""Looking at finished runs: statistics and their page."""
