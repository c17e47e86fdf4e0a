"""Reading what users write: the strict YAML reader that every file goes through.

It keeps each value's line and column for error messages and refuses what YAML allows but a table
file never needs (anchors, aliases, tags, merge keys, duplicate keys). Nothing here knows Canasta.
"""
