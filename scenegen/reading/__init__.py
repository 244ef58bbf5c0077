"""Reading finished runs: the dataset API, shard decoding, conversion, validation and the dataset card."""
