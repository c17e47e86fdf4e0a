"""Playing: the listing of every legal move, the coach that picks one (``hint``), a game against the
computer (seats, the deal, turns, hands to the target score), and self-play of whole hands.

Everything here asks the engine which moves are legal; nothing here decides legality itself.
"""
