"""The referee: cards, rulesets, the table, moves, the rules (one function per rule id), the judge
and scoring.

The engine knows nothing of files, terminals or languages: it takes a table and a move and returns
a verdict made of rule ids and their parameters. Everything else in the package is built on it.
"""
