"""The built-in card data (cards.yaml), shipped inside the package as peloponnes_tui.assets."""
