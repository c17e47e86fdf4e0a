"""Playing: the listing of every legal move, the hint that picks one, and self-play of whole hands.

Everything here asks the engine which moves are legal; nothing here decides legality itself.
"""
