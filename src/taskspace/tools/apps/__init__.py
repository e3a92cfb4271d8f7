"""Tools over the apps of causal-path tasks: what a person sees in each app, nothing more."""

__all__ = ["results", "toolbox"]
