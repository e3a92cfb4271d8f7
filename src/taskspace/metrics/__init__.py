"""Published metrics as pure functions, one module per reference implementation.

Each module's docstring names the code it reproduces (repository, file, commit) and the
semantics in a few lines; ``tests/test_metrics_conformance.py`` checks every case of
``../shared/conformance/`` against them. The reference behaviour is the default; a
variant that later work uses has a name of its own and is never reported under the
reference's name.

| module | reference |
|---|---|
| ``squad`` | SQuAD v1.1 ``evaluate-v1.1.py``: exact match and token F1 |
| ``rouge`` | ``rouge-score`` 0.1.2: ROUGE-L F (``use_stemmer`` False and True) |
| ``passk`` | HumanEval ``estimate_pass_at_k`` |
| ``mind2web`` | Mind2Web ``src/action_prediction/metric.py``: Ele.Acc, Op.F1, Step SR, task SR |
| ``aitw`` | AITW ``android_in_the_wild/action_matching.py``: ``check_actions_match`` |
| ``naturalgaia`` | NaturalGAIA's WPSR, MATCR, p-ATSR (the paper's equations 1-3) |
| ``mmina`` | MMInA's hop queue: hop success rate and task success rate |
| ``pipeline_stages`` | the web-agent pipeline paper's stage metrics: RE, AP, grounding |

These modules import nothing of taskspace: scorers, step evaluation and reports call them.
"""

__all__ = ["aitw", "mind2web", "mmina", "naturalgaia", "passk", "pipeline_stages", "rouge", "squad"]
