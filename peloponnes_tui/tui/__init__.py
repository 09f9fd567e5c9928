"""The Textual app: screens and widgets that render the engine and answer its prompts."""
