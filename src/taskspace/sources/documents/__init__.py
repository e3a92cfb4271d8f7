"""Documents (PDF, HTML, Markdown) parsed into one structural model, then into the graph."""
