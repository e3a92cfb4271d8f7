"""Mind2Web-style step-level evaluation: gold steps, the modular (SeeAct) pipeline, metrics.

Pure functions over plain values: nothing here reads the graph or calls a model, so the
metrics are unit-testable by hand and the offline pipeline scores all 1,009 shared tasks
in seconds. ``taskspace.evaluation`` wraps it for ``kg eval steps``.
"""
