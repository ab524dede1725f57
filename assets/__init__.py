"""The game's resources that are not code: the help (help.md), the stylesheet (app.tcss) and the
colour themes (themes/*.toml). Installed as the package ``tui.assets`` (see pyproject.toml) and
read with importlib.resources (text.resources)."""
