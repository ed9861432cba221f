"""Values and combinatorics shared by every variant: tiles, notation, hands, shapes, waits."""
