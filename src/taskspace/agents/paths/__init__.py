"""Agents for causal-path tasks: tool use over the apps and the greedy path walker."""
