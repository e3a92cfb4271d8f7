"""GUI navigation tasks: get from one page-graph screen to another along a known route."""

__all__ = ["family", "lints", "sampler", "screens", "space", "walks"]
