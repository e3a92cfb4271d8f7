"""Causal paths without a database: levels, uniqueness by attributes, telling, spoilers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from taskspace.generators.errors import SamplingError
from taskspace.generators.paths.cardinality import features, separating
from taskspace.generators.paths.describe import (
    Phrases,
    ToldStep,
    constraint_text,
    step_phrase,
    tell,
    vocabulary,
)
from taskspace.generators.paths.difficulty import default_levels, read_levels, score
from taskspace.generators.paths.world import Rule, world
from taskspace.sources.wikidata.apps import app_files, default_apps_dir, read_app_file
from taskspace.tasks.model import StepConstraint
from taskspace.tasks.spoilers import named


@pytest.mark.parametrize(
    ("steps", "apps", "level"),
    [
        (1, 1, 1),
        (2, 2, 1),
        (2, 3, None),  # level 1 stays within two apps
        (3, 2, 2),  # level 2 starts at two apps
        (4, 5, 2),
        (4, 6, None),
        (3, 1, None),
        (5, 3, None),  # five nodes, but level 3 needs six atomic tasks
        (6, 2, None),  # six steps, but in two apps only
        (6, 3, 3),
        (7, 7, 3),
        (8, 4, None),
    ],
)
def test_levels_are_naturalgaias(steps: int, apps: int, level: int | None) -> None:
    assert default_levels().level_of(steps, apps) == level


def test_shipped_levels_and_their_step_ranges() -> None:
    levels = default_levels()
    assert [levels.get(n).difficulty for n in (1, 2, 3)] == ["easy", "medium", "hard"]
    assert [levels.get(n).steps for n in (1, 2, 3)] == [(1, 2), (3, 4), (6, 7)]
    assert levels.get(3).describe() == "6-7 steps in 3-7 apps"
    with pytest.raises(SamplingError, match="No level 4: the levels are 1, 2, 3"):
        levels.get(4)


def test_levels_from_a_file_of_ones_own(tmp_path: Path) -> None:
    """A user's levels file replaces the shipped ones; a bad one names file and field."""
    own = tmp_path / "levels.yaml"
    own.write_text(
        "levels:\n  3: {difficulty: hard, nodes: [5, 7], apps: [2, 7], atomic_tasks: [5, 7]}\n",
        encoding="utf-8",
    )
    levels = read_levels(own)
    assert levels.level_of(5, 2) == 3 and levels.get(3).steps == (5, 7)
    disjoint = tmp_path / "disjoint.yaml"
    disjoint.write_text(
        "levels:\n  3: {difficulty: hard, nodes: [5, 7], apps: [3, 7], atomic_tasks: [8, 9]}\n",
        encoding="utf-8",
    )
    with pytest.raises(
        SamplingError,
        match=r"disjoint.yaml: invalid levels spec: levels\.3: .*"
        r"nodes \[5, 7\] and atomic_tasks \[8, 9\] do not overlap",
    ):
        read_levels(disjoint)
    reversed_apps = tmp_path / "reversed.yaml"
    reversed_apps.write_text(
        "levels:\n  1: {difficulty: easy, nodes: [1, 2], apps: [3, 1], atomic_tasks: [1, 2]}\n",
        encoding="utf-8",
    )
    with pytest.raises(
        SamplingError, match=r"levels\.1\.apps: .*low bound 3 is above high bound 1"
    ):
        read_levels(reversed_apps)
    with pytest.raises(SamplingError, match=r"missing\.yaml: cannot read"):
        read_levels(tmp_path / "missing.yaml")


def test_score_grows_with_steps_and_apps() -> None:
    assert score(7, 7) == 1.0
    assert score(1, 1) < score(2, 1) < score(2, 2) < score(4, 3) < score(6, 5)


# Dates of year precision (1 January), so that only years and genres can separate.
FILMS = [
    {"id": "Q1", "literals": [{"pid": "P577", "values": ["2001-01-01"]}], "links": []},
    {
        "id": "Q2",
        "literals": [{"pid": "P577", "values": ["2005-01-01"]}],
        "links": [{"pid": "P136", "id": "Q10", "label": "slow drama"}],
    },
    {
        "id": "Q3",
        "literals": [{"pid": "P577", "values": ["2005-01-01"]}],
        "links": [{"pid": "P136", "id": "Q11", "label": "coastal noir"}],
    },
    {
        "id": "Q4",
        "literals": [{"pid": "P577", "values": ["2008-01-01"]}],
        "links": [{"pid": "P136", "id": "Q10", "label": "slow drama"}],
    },
]


def test_features_read_years_short_literals_and_named_links() -> None:
    row = {
        "id": "Q9",
        "literals": [
            {"pid": "P577", "values": ["2001-01-01T00:00:00Z", "2002-03-04"]},
            {"pid": "P2047", "values": ["112"]},
            {"pid": "P625", "values": ["point({srid:4326, x:8.4, y:49.0})"]},
        ],
        "links": [{"pid": "P136", "id": "Q10", "label": "slow drama"}],
    }
    # 2002-03-04 is a day; 2001-01-01 may be a year given alone, so it is only a year
    assert features(row) == {
        ("year", "P577", "2001", None),
        ("year", "P577", "2002", None),
        ("value", "P577", "2002-03-04", None),
        ("value", "P2047", "112", None),
        ("link", "P136", "Q10", "slow drama"),
    }


def test_one_attribute_when_it_suffices_two_when_needed() -> None:
    assert separating(FILMS, "Q1") == [StepConstraint(kind="year", pid="P577", value="2001")]
    # 2005 has two films and "slow drama" two: only both together single out Q2
    both = separating(FILMS, "Q2")
    assert both is not None and [(c.kind, c.value) for c in both] == [
        ("year", "2005"),
        ("link", "Q10"),
    ]
    assert both[1].label == "slow drama"


def test_no_constraint_when_nothing_separates_or_only_hidden_labels_would() -> None:
    twins = [{"id": "A", "literals": [], "links": []}, {"id": "B", "literals": [], "links": []}]
    assert separating(twins, "A") is None
    assert separating(FILMS, "Q2", blocked=["Slow Drama"]) is None
    assert separating(FILMS, "Q404") is None


def test_spoiler_check_finds_whole_words_in_any_case() -> None:
    prompt = "Start from “Harbour of Glass”, then find the director's birthplace."
    assert named(prompt, ["harbour of glass", "Port Aurel", "Glass"]) == [
        "Glass",
        "harbour of glass",
    ]
    assert named(prompt, ["Harbo", "irth"]) == []


STEPS = [
    ToldStep(app="Movie database", noun="person", pid="P57", reverse=False, prop="director"),
    ToldStep(
        app="Movie database",
        noun="film",
        pid="P57",
        reverse=True,
        prop="director",
        constraints=[(StepConstraint(kind="year", pid="P577", value="2005"), "publication date")],
    ),
    ToldStep(app="Maps", noun="city", pid="P19", reverse=False, prop="place of birth"),
]


def test_step_phrases_refer_back_without_naming() -> None:
    assert step_phrase(STEPS[0], "“Heat”") == "the director of “Heat”"
    assert (
        step_phrase(STEPS[1], "that person")
        == "the film that person directed, the one released in 2005"
    )
    generic = ToldStep(app="A", noun="thing", pid="P9999", reverse=True, prop="curator")
    assert step_phrase(generic, "that museum") == "the thing whose curator is that museum"


def test_telling_is_seeded_and_names_only_the_start_and_constraints() -> None:
    first = tell("Harbour of Glass", "movies_tv", STEPS, random.Random(3))
    again = tell("Harbour of Glass", "movies_tv", STEPS, random.Random(3))
    assert first == again
    assert "“Harbour of Glass”" in first.prompt and "2005" in first.prompt
    tellings = {tell("Harbour of Glass", "movies_tv", STEPS, random.Random(n)) for n in range(40)}
    assert {t.style for t in tellings} == {"sequence", "shuffled"}
    assert {t.framing for t in tellings} == set(vocabulary().framings)
    assert {t.irrelevant for t in tellings} == {0, 1}
    irrelevant = set(vocabulary().irrelevant)
    for telling in tellings:
        named = [s for s in irrelevant if s in telling.prompt]
        assert len(named) == telling.irrelevant
        assert telling.prompt.rstrip().endswith(("?", "."))
        assert "Maps" in telling.prompt and "city" in telling.prompt


def test_shuffled_intents_letter_every_step_and_ask_for_the_last() -> None:
    tellings = [tell("Heat", "movies_tv", STEPS, random.Random(n)) for n in range(40)]
    shuffled = next(t for t in tellings if t.style == "shuffled")
    for letter in "abc":
        assert f"({letter}) in " in shuffled.prompt
    assert "the person from (a)" in shuffled.prompt
    assert "the film from (b)" in shuffled.prompt
    assert "The one that matters in the end is (c)." in shuffled.prompt


def test_a_candidate_with_no_value_is_not_excluded_by_it() -> None:
    """A film whose release date the graph lacks might be the 2001 one: "released in
    2001" does not single out Q1 while Q4's date is unknown; its genre still may."""
    unknown = {"id": "Q4", "literals": [], "links": [], "known": ["P136"]}
    genre = {"pid": "P136", "id": "Q11", "label": "comedy"}
    rows = [{**FILMS[0], "links": [genre]}, {**unknown, "links": [{**genre, "id": "Q12"}]}]
    found = separating(rows, "Q1")
    assert found is not None and [c.kind for c in found] == ["link"]
    assert separating([FILMS[0], {**unknown, "known": []}], "Q1") is None


def test_required_date_even_for_one_candidate() -> None:
    """A reverse step needs a full date (a 1 January is a year given alone); a forward
    step along a many-valued property is content with a founding year."""
    day = Rule(identified_by=("P577",))
    alone = [{"id": "Q7", "literals": [{"pid": "P577", "values": ["1972-03-15"]}], "links": []}]
    assert separating(alone, "Q7", required=day) == [
        StepConstraint(kind="value", pid="P577", value="1972-03-15")
    ]
    year_only = [{"id": "Q8", "literals": [{"pid": "P571", "values": ["1816-01-01"]}]}]
    assert separating(year_only, "Q8", required=Rule(identified_by=("P571",))) is None
    assert separating(
        year_only, "Q8", required=Rule(identified_by=("P571",), precision="year")
    ) == [StepConstraint(kind="year", pid="P571", value="1816")]
    linked = [{"id": "Q9", "literals": [], "links": [{"pid": "P17", "id": "Q36", "label": "P"}]}]
    assert separating(linked, "Q9", required=world().narrowing) is None


def test_the_world_takes_bare_only_forward_steps_along_functional_properties() -> None:
    """Place of birth has one value per person in the world; the school someone was
    educated at, the country they are a citizen of, the place a city is located in do
    not, whatever the slice holds: those steps carry a date of the target; a linked item
    alone (the school's country) is not enough, and reverse steps need a full date."""
    known = world()
    founded = StepConstraint(kind="year", pid="P571", value="1816")
    in_poland = StepConstraint(kind="link", pid="P17", value="Q36", label="Poland")
    assert known.rule("P19", False) is None and known.identifies("P19", False, [])
    for pid in ("P69", "P27", "P131", "P17", "P57", "P30"):
        assert not known.identifies(pid, False, [])
        assert not known.identifies(pid, False, [in_poland])
        assert known.identifies(pid, False, [founded, in_poland])
    released = StepConstraint(kind="value", pid="P577", value="1997-07-11")
    assert known.identifies("P161", True, [released])
    assert not known.identifies("P161", True, [released.model_copy(update={"kind": "year"})])
    assert known.open("P136", False) and known.open("P19", True)


def test_every_shipped_app_action_is_told_in_words() -> None:
    """A step falls back to "the {prop} of …" with the property's label from the graph; a
    slice without property labels would then say "the P112 of …" (the ``property_id``
    lint drops it). Every action of the shipped apps has its own phrase instead."""
    words = vocabulary()
    missing = [
        f"{file.name}: {app.name}/{kind.name}/{action.name} ({action.relation})"
        for file in app_files([default_apps_dir()])
        for app in read_app_file(file).apps
        for kind in app.entity_types
        for action in kind.actions
        if not getattr(
            words.properties.get(action.pid, Phrases()),
            "reverse" if action.reverse else "forward",
        )
    ]
    assert missing == []


def test_an_early_year_is_told_without_leading_zeros() -> None:
    """The Kingdom of France's inception year is stored as 0481; a reader writes 481."""
    early = StepConstraint(kind="year", pid="P571", value="0481")
    assert constraint_text(early, "inception") == "founded in 481"
    assert constraint_text(early.model_copy(update={"value": "1816"}), "") == "founded in 1816"
