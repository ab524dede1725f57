"""The screens of the game, one module each."""
