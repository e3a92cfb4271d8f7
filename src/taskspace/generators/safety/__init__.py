"""Safety tasks (GRAPH2EVAL appendix H): threats embedded at run time into what an agent
retrieves (doc tasks) or sees in the browser (web tasks), scored by attack success."""

__all__ = ["canary", "injecting", "overlay", "page", "sample", "spec", "variants"]
