"""The MCS family kit: what every MCS task family shares, so that a family declares only its own task."""
