"""Scoring of agents' answers to document tasks: the task checks, overlap metrics
(exact match, token F1, ROUGE-L), citation precision/recall, pass@k, an LLM judge, and
inspect_ai scorers that wrap them. Everything but the judge is pure and fast."""
