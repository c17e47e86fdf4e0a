"""What the tool shows: rulings, scores, move lists and tables as JSON-ready data (``report``), as
plain text, as Rich tables in the terminal and as SVG images. Words come from ``texts``."""
