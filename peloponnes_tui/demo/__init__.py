"""Narrated rules demonstrations: scenarios, the narrator and a narrated bot game."""
