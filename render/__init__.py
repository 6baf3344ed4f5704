"""Board pictures: position (+ orders, results) -> PNG bytes."""
