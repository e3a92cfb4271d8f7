"""One JSON document or JSON Lines, told by parsing: every reader asks the one helper."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from taskspace.core.json_layout import json_layout, text_layout
from taskspace.sources.episodes.formats import detect_format, read_episodes
from taskspace.sources.wikidata.entity_json import read_entity_json
from taskspace.sources.wikidata.terms import ParseIssue
from tests.support import SHARED_DATA, require_shared

KAHN = SHARED_DATA / "wikidata" / "entity_json" / "Q131261_Oliver_Kahn.wbgetentities.json"
AITZ = SHARED_DATA / "gui" / "aitz_episode" / "GOOGLE_APPS-523638528775825151.json"


def _layouts(response: dict[str, object]) -> dict[str, str]:
    """One wbgetentities response written four ways, each a valid JSON document."""
    [(qid, entity)] = response["entities"].items()  # type: ignore[attr-defined]
    one = json.dumps(entity)
    return {
        "one line": json.dumps(response),
        "indented": json.dumps(response, indent=2),
        # 8 lines, the first of which is not a complete value: {"entities": {
        "eight lines": '{"entities": {\n'
        f'  "{qid}":\n'
        f"    {one}\n"
        "  },\n"
        '  "success":\n'
        "    1\n"
        "}\n"
        "\n",
        "array": "[\n" + json.dumps(entity, indent=1) + "\n]\n",
    }


def test_multi_line_wikidata_responses_read_like_the_one_line_one() -> None:
    response = json.loads(require_shared(KAHN).read_text(encoding="utf-8"))
    results = {}
    for name, text in _layouts(response).items():
        assert json.loads(text)  # each layout is valid JSON
        issues: list[ParseIssue] = []
        lines = io.BytesIO(text.encode()).readlines()
        assert json_layout(lines)[0] == ("lines" if name == "one line" else "document")
        records = list(read_entity_json(lines, f"{name}.json", issues.append))
        assert issues == [], name
        results[name] = [(r.id, len(r.statements)) for r in records]
    assert len({tuple(found) for found in results.values()}) == 1
    assert results["one line"][0][0] == "Q131261"


def test_json_lines_and_dumps_stay_lines() -> None:
    lines = [b'{"a": 1}\n', b'{"b": 2}\n']
    assert json_layout(lines)[0] == "lines"
    assert json_layout([b"[\n", b'{"id": "Q1"},\n', b"]\n"])[0] == "lines"
    assert json_layout([b'{"a": oops}\n', b'{"b": 2}\n'])[0] == "lines"  # a bad line
    assert text_layout('{"a": 1}\n{"b": 2}\n') == ("lines", None)
    assert text_layout('[\n{"a": 1},\n{"b": 2}\n]\n') == ("document", [{"a": 1}, {"b": 2}])


@pytest.mark.parametrize("indent", [None, 1, 4])
def test_a_real_aitz_episode_reads_in_any_layout(tmp_path: Path, indent: int | None) -> None:
    steps = json.loads(require_shared(AITZ).read_text(encoding="utf-8"))
    path = tmp_path / "episode.json"
    # one step per line inside the array, or fully indented
    text = (
        "[" + ",\n".join(json.dumps(step) for step in steps) + "]\n"
        if indent is None
        else json.dumps(steps, indent=indent)
    )
    path.write_text(text, encoding="utf-8")
    assert detect_format(path) == "aitw"
    [episode] = list(read_episodes(path))
    assert len(episode.steps) == len(steps)  # type: ignore[union-attr]
