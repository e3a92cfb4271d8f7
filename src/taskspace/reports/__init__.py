"""``kg eval report``: success and failure tables and plots of evaluation runs, read from
the graph's ``:Run`` nodes and ``ATTEMPTED`` edges, as one self-contained HTML page."""

__all__ = [
    "data",
    "errors",
    "failures",
    "gui_steps",
    "hop_plots",
    "hops",
    "html",
    "model",
    "path_plots",
    "paths",
    "plots",
    "steps",
]
