"""Scoring: SQuAD metrics, ROUGE-L against rouge-score on real text, checks, citations,
pass@k and the attempt scorer."""

from __future__ import annotations

import math
import random

import pytest
from rouge_score import rouge_scorer

from taskspace.core.words import normalized, tokens
from taskspace.metrics.passk import mean_pass_at_k, pass_at_k, pass_at_k_by_task
from taskspace.metrics.rouge import lcs_length, rouge_l, rouge_l_stemmed
from taskspace.metrics.squad import exact_match, f1, normalize_answer
from taskspace.tasks.attempt import Attempt
from taskspace.tasks.errors import UnknownCheckError
from taskspace.tasks.model import GroundRef, Task
from taskspace.tasks.scoring.attempts import score_attempt
from taskspace.tasks.scoring.checks import CHECK_KINDS, check_passes, numbers_in, parse_check
from taskspace.tasks.scoring.citations import citation_scores
from tests.support.docs import REAL_DOCS, require_real_eips


def _task(template: str, check: str, prompt: str, answer: str, grounded: list[str]) -> Task:
    return Task(
        id=f"task:{template}",
        kind="doc",
        type=template,
        template=template,
        difficulty="easy",
        prompt=prompt,
        answer=answer,
        check=check,
        anchor=grounded[0],
        fingerprint="fp",
        grounding=[GroundRef(label="Section", id=node) for node in grounded],
        seed=0,
    )


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("The Cat sat on a mat.", "cat sat on mat"),
        ("  An   apple, the PEAR!  ", "apple pear"),
        ("EIP-1559: Fee market", "eip1559 fee market"),
        ("Theory of another anthem", "theory of another anthem"),
        ("", ""),
    ],
)
def test_squad_normalisation(text: str, normal: str) -> None:
    assert normalize_answer(text) == normal


def test_exact_match_and_token_f1_known_values() -> None:
    assert exact_match("The Operations.", "operations") == 1.0
    assert exact_match("Operations team", "Operations") == 0.0
    # 2 common tokens, precision 2/3, recall 2/4: F1 = 2·(2/3)(1/2)/(2/3+1/2) = 4/7
    assert f1("new container terminal", "the new terminal has cranes") == pytest.approx(4 / 7)
    assert f1("x b b", "b b c") == pytest.approx(2 / 3)
    assert f1("a b b", "b b c") == pytest.approx(0.8)  # "a" is an article
    assert f1("nothing shared", "operations") == 0.0
    # as SQuAD's script: two empty texts match exactly but share no token
    assert exact_match("", "") == 1.0 and f1("", "") == 0.0 and f1("the", "cranes") == 0.0


def test_reference_keeps_unicode_punctuation_and_matching_words_drop_it() -> None:
    """SQuAD EM is the script's (ASCII punctuation only); the words checks and agents
    compare names with are the Unicode-aware variant, under their own name."""
    assert exact_match("“Fee market”", "Fee market") == 0.0
    assert normalized("The “Fee market” — change…") == "fee market change"
    assert tokens("It’s the ‘Berlin’ fork") == ("its", "berlin", "fork")


def _real_pairs() -> list[tuple[str, str]]:
    """Pairs of real EIP paragraphs: unrelated, one against its own clipped and shuffled
    words, and a paragraph against its first sentence."""
    require_real_eips()
    paragraphs = [
        block.strip()
        for path in sorted(REAL_DOCS.glob("*.md"))
        for block in path.read_text(encoding="utf-8").split("\n\n")
        if len(block.split()) >= 6
    ]
    rng = random.Random(11)
    pairs = []
    for index, paragraph in enumerate(paragraphs):
        words = paragraph.split()
        rng.shuffle(words)
        pairs.append((paragraph, " ".join(words[: max(3, len(words) // 2)])))
        pairs.append((paragraph, paragraphs[(index * 7 + 3) % len(paragraphs)]))
        pairs.append((paragraph, paragraph.split(". ")[0]))
    return pairs


def test_rouge_l_equals_rouge_score_on_real_text() -> None:
    pairs = _real_pairs()
    assert len(pairs) >= 50
    reference = rouge_scorer.RougeScorer(["rougeL"])
    differences = [
        abs(reference.score(gold, prediction)["rougeL"].fmeasure - rouge_l(prediction, gold))
        for gold, prediction in pairs
    ]
    assert max(differences) <= 1e-9
    assert any(0.0 < rouge_l(p, g) < 1.0 for g, p in pairs)  # not all trivial
    stemmed = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)
    assert all(
        abs(stemmed.score(gold, prediction)["rougeL"].fmeasure - rouge_l_stemmed(prediction, gold))
        <= 1e-9
        for gold, prediction in pairs
    )


def test_lcs_and_rouge_edge_cases() -> None:
    assert lcs_length(["a", "b", "c", "b", "d", "a", "b"], ["b", "d", "c", "a", "b", "a"]) == 4
    assert rouge_l("", "gold") == 0.0 and rouge_l("ÄÖÜ", "gold") == 0.0
    assert rouge_l("Fee market change", "fee MARKET change!") == 1.0


# Gold answers and prompts as `kg sample doc` renders them
# (see tests/server/generators/templates/test_doc_sampling.py).
COUNT_PROMPT = (
    "How many subsections does the section “Rationale” of “Typed Transaction Envelope” have?"
)
CAPTION_PROMPT = "What does Figure 1 of “Harbor Freight Annual Report” show?"
CAPTION = "Figure 1: Layout of the new container terminal with three cranes and two berths"
SUMMARY = "EIP-2718 | EIP-2930 | FORK_BLOCK_NUMBER"


@pytest.mark.parametrize(
    ("check", "gold", "answer", "prompt", "passes"),
    [
        ("exact", "Backwards Compatibility", "backwards compatibility.", "", True),
        ("exact", "Authors' addresses", "“Authors addresses”", "", True),
        ("exact", "true", "True.", "", True),
        ("exact", "Specification", "The Specification section", "", False),
        ("exact", "55.71", "$55.71", "", True),
        ("exact", "55.71", "55.17", "", False),
        ("number", "5", "It has five subsections.", COUNT_PROMPT, True),
        ("number", "5", "5.0", COUNT_PROMPT, True),
        ("number", "1200", "1,200 tonnes", "", True),
        ("number", "8", "Section 12 has 8 subsections.", "section “12 Example”?", True),
        ("number", "5", "Four.", COUNT_PROMPT, False),
        ("number", "5", "Either 4 or 5.", COUNT_PROMPT, False),
        ("number", "5", "There are 15.", COUNT_PROMPT, False),
        (
            "contains_all",
            "Typed Transaction Envelope",
            "It builds on typed transaction envelope (EIP-2718).",
            "",
            True,
        ),
        (
            "contains_all",
            SUMMARY,
            "EIP 2718 envelopes with EIP-2930 lists from FORK_BLOCK_NUMBER on.",
            "",
            True,
        ),
        (
            "contains_all",
            SUMMARY,
            "It adds EIP-2718 envelopes and EIP-2930 access lists.",
            "",
            False,
        ),
        ("contains_all", "Harbor Arrival Guide", "The Harbor Arrival", "", False),
        (
            "keywords",
            CAPTION,
            "The layout of the new container terminal: three cranes, two berths.",
            CAPTION_PROMPT,
            True,
        ),
        (
            "keywords",
            CAPTION,
            "It shows the container terminal layout with its cranes.",
            CAPTION_PROMPT,
            False,
        ),
        (
            "keywords",
            CAPTION,
            "Figure 1 of the Harbor Freight Annual Report.",
            CAPTION_PROMPT,
            False,
        ),
    ],
)
def test_each_check_kind(check: str, gold: str, answer: str, prompt: str, passes: bool) -> None:
    assert check in CHECK_KINDS
    assert check_passes(check, gold, answer, prompt) is passes


def test_number_parsing_and_unknown_checks() -> None:
    assert numbers_in("three cranes, twenty-one berths, 1,200.5 t, -4 °C and v2.1") == (
        1200.5,
        -4.0,
        3.0,
        21.0,
    )
    assert check_passes("number", "Overview", "overview")  # no number: exact
    with pytest.raises(UnknownCheckError, match="unknown check 'fuzzy'"):
        check_passes("fuzzy", "a", "a")


KEY_SENTENCES = (
    "Ships report to the Valdoria Port Authority twelve hours before arrival. Captains "
    "confirm their cargo manifest with the harbor office before docking."
)


def test_rouge_check_uses_the_threshold_the_task_declares() -> None:
    summary = "Ships report to the port authority twelve hours before arrival."
    score = rouge_l(summary, KEY_SENTENCES)
    assert 0.4 < score < 0.7
    assert check_passes("rouge", KEY_SENTENCES, summary)  # the default, 0.3
    assert check_passes("rouge:0.4", KEY_SENTENCES, summary)
    assert not check_passes("rouge:0.7", KEY_SENTENCES, summary)
    assert not check_passes("rouge", KEY_SENTENCES, "Monthly cargo volumes rose in March.")
    assert parse_check("rouge:0.35") == ("rouge", 0.35) and parse_check("exact") == ("exact", None)
    assert "rouge" in CHECK_KINDS
    for bad in ("rouge:1.5", "rouge:x", "exact:0.3"):
        with pytest.raises(UnknownCheckError, match="only rouge takes a threshold"):
            check_passes(bad, "a", "a")


def test_citation_precision_and_recall() -> None:
    assert citation_scores(["s1", "p9"], ["s1", "s2", "s3", "s4"]) == (0.5, 0.25)
    assert citation_scores(["s1", "s1"], ["s1"]) == (1.0, 1.0)
    assert citation_scores([], ["s1"]) == (0.0, 0.0)
    assert citation_scores(["x"], []) == (0.0, 0.0)


def test_pass_at_k_known_values() -> None:
    assert pass_at_k(5, 0, 1) == 0.0 and pass_at_k(5, 5, 3) == 1.0
    assert pass_at_k(5, 2, 1) == pytest.approx(0.4)
    assert pass_at_k(3, 1, 2) == pytest.approx(1 - math.comb(2, 2) / math.comb(3, 2))
    assert pass_at_k(10, 3, 5) == pytest.approx(1 - 21 / 252)
    outcomes = [("a", True), ("a", False), ("a", False), ("b", False), ("b", False), ("b", False)]
    assert pass_at_k_by_task(outcomes, 2) == {"a": pytest.approx(2 / 3), "b": 0.0}
    assert mean_pass_at_k(outcomes, 3) == pytest.approx(0.5)
    assert mean_pass_at_k(outcomes, 4) is None  # HumanEval reports it only with k attempts
    with pytest.raises(ValueError, match="k=4"):
        pass_at_k(3, 1, 4)


def test_score_attempt_combines_check_metrics_and_citations() -> None:
    task = _task("count_subsections", "number", COUNT_PROMPT, "5", ["d1", "s7", "s8", "s9"])
    result = score_attempt(
        task, Attempt(task_id=task.id, answer="5", cited=["s7", "x"], confidence=0.8)
    )
    assert result.success and result.score == 1.0
    assert result.metrics == {
        "exact_match": 1.0,
        "f1": 1.0,
        "rouge_l": 1.0,
        "citation_precision": 0.5,
        "citation_recall": 0.25,
        "confidence": 0.8,
    }
    wrong = score_attempt(task, Attempt(task_id=task.id, answer="It has 4 subsections."))
    assert not wrong.success and wrong.score == 0.0
    assert "confidence" not in wrong.metrics and wrong.metrics["citation_recall"] == 0.0


def test_a_cited_chunk_stands_for_the_grounded_elements_it_holds() -> None:
    grounding = ["doc:a", "el:p1", "el:s1"]
    cover = {"chunk:1": ["doc:a", "el:p1"], "chunk:9": []}
    assert citation_scores(["chunk:1"], grounding) == (0.0, 0.0)
    assert citation_scores(["chunk:1"], grounding, cover) == (1.0, 2 / 3)
    precision, recall = citation_scores(["chunk:1", "chunk:9", "el:s1"], grounding, cover)
    assert (precision, recall) == (2 / 3, 1.0)
