"""Teachers' tools: the JSON Schemas for editors and the commented skeletons that ``canasta new``
writes (``templates/``)."""
