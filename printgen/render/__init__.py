"""Stage 5, render: assets drawn as plain drawing operations, in millimetres."""
