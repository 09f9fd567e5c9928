"""The guided first game: lessons and their run."""
