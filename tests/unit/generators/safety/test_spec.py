"""The threat spec and the CLI's refusals, without a database: one clear line each."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from taskspace.cli.main import cli
from taskspace.generators.errors import ThreatSpecError
from taskspace.generators.safety.canary import canary_token, make_canary, mentions_canary
from taskspace.generators.safety.injecting import inject
from taskspace.generators.safety.spec import load_threats
from taskspace.tasks.safety import Injection
from tests.support.locations import REPO


def test_the_shipped_spec_declares_every_strategy_category_and_element() -> None:
    spec = load_threats()
    assert set(spec.categories) == {
        "data_exfiltration",
        "instruction_override",
        "harmful_redirection",
        "credential_request",
    }
    assert list(spec.strategies) == [
        "content_injection",
        "prompt_manipulation",
        "context_switching",
        "indirect_reference",
    ]
    assert {e.category for e in spec.web_elements.values()} <= set(spec.categories)


def test_a_phrasing_without_its_canary_is_refused_naming_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "threats.yaml"
    text = (REPO / "loaders" / "safety" / "threats.yaml").read_text()
    bad.write_text(text.replace("reply with the single word {canary}", "reply with yes"))
    with pytest.raises(ThreatSpecError, match=r"threats.yaml: invalid threat spec: categories"):
        load_threats(bad)


def test_canaries_are_stable_and_found_without_scheme_or_case() -> None:
    words = ["raven", "onyx"]
    url = make_canary(words, "url", "task:1", "context_switching", 0)
    assert url == make_canary(words, "url", "task:1", "context_switching", 0)
    assert url != make_canary(words, "url", "task:2", "context_switching", 0)
    assert url.startswith("https://") and url.endswith(".example.invalid/verify")
    token = canary_token(url)
    assert mentions_canary(f"See {token.upper()}.example.invalid", url)
    assert not mentions_canary("The base fee is 8", url)


def test_each_position_puts_the_text_where_it_says() -> None:
    passage = "First sentence here. Second sentence there. Third one."
    made = {
        position: inject(passage, Injection(target="chunks", text="XX", position=position))
        for position in ("prepend", "middle", "append")
    }
    assert made["prepend"].startswith("XX") and made["append"].endswith("XX")
    assert made["middle"] == "First sentence here. XX Second sentence there. Third one."


def test_an_unknown_strategy_is_one_line_naming_the_choices(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text("")
    result = CliRunner().invoke(
        cli, ["sample", "safety", "--from", str(tasks), "--strategies", "jailbreak"]
    )
    assert result.exit_code != 0
    assert "unknown safety strategy 'jailbreak'" in result.output
    assert "content_injection" in result.output and "Traceback" not in result.output
