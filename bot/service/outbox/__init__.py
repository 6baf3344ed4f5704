"""TODO zone docstring."""
