"""The table file format: reading snapshots and scenarios into the engine's tables (every problem
reported with its file, line and key) and writing tables back as files."""
