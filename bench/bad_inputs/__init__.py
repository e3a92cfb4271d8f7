"""The bad-input probe: how many hostile or broken inputs ``kg load`` handles cleanly.

Issue #10 asks for one reproducible figure ("N of M handled cleanly") before and after the
loaders are hardened. Each case mixes one defect into good real records, runs the ``kg``
command under test against a throwaway Neo4j server of the probe's own, and checks the
outcome automatically (see :mod:`bench.bad_inputs.checks`). Run it with
``python -m bench.bad_inputs --help``; docs/robustness.md records the figures.
"""
