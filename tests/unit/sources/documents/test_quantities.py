"""The quantities a paragraph states, found at load for ``compare_sections``.

The sentences are from the real EIPs in tests/fixtures/documents/real and the project's
example profile; each expected quantity was read off the sentence by hand.
"""

from __future__ import annotations

from taskspace.sources.documents.graph_rows import document_rows
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.documents.quantities import (
    PROPERTIES,
    Quantity,
    paragraph_quantities,
    quantity_properties,
)
from tests.support.locations import REPO, TESTS


def test_a_number_word_and_the_two_words_it_counts() -> None:
    found = paragraph_quantities("The company operates eleven container vessels on two routes.")
    assert found == [
        Quantity(11.0, "eleven", "container vessels", "vessel", False),
        Quantity(2.0, "two", "routes", "route", False),
    ]


def test_a_unit_is_an_amount_and_keeps_its_form() -> None:
    found = paragraph_quantities("a call stipend of 2300 gas is provided")
    assert found == [Quantity(2300.0, "2300", "gas", "gas", True)]


def test_a_scale_word_multiplies_and_is_part_of_what_is_said() -> None:
    (found,) = paragraph_quantities("It carried two hundred passengers in total.")
    assert (found.value, found.said, found.noun) == (200.0, "two hundred", "passenger")


def test_numbers_that_name_something_are_not_quantities() -> None:
    assert paragraph_quantities("See Table 1 rows and EIP 2718 transactions here.") == []
    assert paragraph_quantities("It is built on OAuth 2.0 tokens for access.") == []
    assert paragraph_quantities("as in section 3 below and version 2 clients") == []


def test_a_capitalised_word_after_the_number_is_not_what_it_counts() -> None:
    assert paragraph_quantities("The server answers 201 Created for new items.") == []
    assert paragraph_quantities("Copyright 2014 IETF Trust and others.") == []


def test_count_and_noun_must_agree() -> None:
    # "a new 2718 transaction type" names a type; one of a plural is not a count.
    assert paragraph_quantities("It adds a new 2718 transaction type to the list.") == []
    assert paragraph_quantities("It holds 1 containers only.") == []
    (one,) = paragraph_quantities("It holds just 1 container, no more.")
    assert (one.value, one.noun) == (1.0, "container")


def test_a_function_word_ends_what_is_counted() -> None:
    (found,) = paragraph_quantities("We waited 4 days for the answer.")
    assert (found.counted, found.noun) == ("days", "day")
    (found,) = paragraph_quantities("It needs 16 bytes would be enough.")
    assert found.counted == "bytes"


def test_a_paragraph_without_quantities_gets_no_properties() -> None:
    assert quantity_properties("Nothing here is counted.") == dict.fromkeys(PROPERTIES)


def test_the_loader_stores_them_on_paragraph_nodes_only() -> None:
    path = REPO / "examples" / "documents" / "nordwind_profile.md"
    rows = document_rows(parse_file(path), "source:test", 1000, path.name)
    elements = [row for part in rows.parts(10_000) for row in part["elements"]]
    fleet = [row for row in elements if "eleven container vessels" in row["props"]["text"]]
    assert fleet and all(row["label"] == "Paragraph" for row in fleet)
    assert fleet[0]["props"]["quantity_counted"][0] == "container vessels"
    assert fleet[0]["props"]["quantity_values"][0] == 11.0
    sections = [row for row in elements if row["label"] == "Section"]
    assert sections and all(row["props"]["quantity_values"] is None for row in sections)


def test_the_real_eip_figures_checked_by_hand() -> None:
    text = (TESTS / "fixtures" / "documents" / "real" / "eip-2200.md").read_text()
    stipends = [q for paragraph in text.split("\n\n") for q in paragraph_quantities(paragraph)]
    assert Quantity(2300.0, "2300", "gas", "gas", True) in stipends
