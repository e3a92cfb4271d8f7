"""GUI navigation tasks: get from one page-graph screen to another along a known route."""
