"""Placeholder: this variant's plugin is being written."""
