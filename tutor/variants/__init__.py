"""One package per game: rules tables, scoring and settlement."""
