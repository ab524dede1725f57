"""Small widgets of the table; each receives what it shows and posts messages up."""
