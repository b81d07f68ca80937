"""The migrations themselves, one module per revision."""
