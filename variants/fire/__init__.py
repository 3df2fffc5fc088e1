"""Fire Pai Sho (placeholder until the Fire plugin lands)."""
