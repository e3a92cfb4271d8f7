"""Agents for causal-path tasks: tool use over the apps and the greedy path walker."""

__all__ = ["tool_use", "walker", "walker_words"]
