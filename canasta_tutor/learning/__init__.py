"""Learning: lessons and their questions, quizzes, the learner's progress and review schedule, and
the dialogue that takes a learner through them. The built-in lessons are in ``lessons/``."""
