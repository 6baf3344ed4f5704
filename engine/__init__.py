"""The rules of Diplomacy: variants, orders, positions and adjudication. Pure Python."""
