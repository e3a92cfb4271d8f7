"""UI dumps to elements (three dump kinds, one filter), tap points to elements, geometry."""

from __future__ import annotations

from pathlib import Path

import pytest

from taskspace.sources.episodes import geometry, uitree
from taskspace.sources.episodes.errors import UiDumpError
from taskspace.sources.episodes.model import UIElement
from tests.support.episodes import FIXTURES

SCREEN = FIXTURES / "uitree"
KEPT = ["Notes", "New note", "row", "Groceries", "ScrollView", "search", "Pinned"]
TREE_KEPT = [*KEPT[:2], "Groceries", *KEPT[3:]]
"""In the tree dumps the clickable row is named by the text inside it; the flat element
list has no tree, so there it keeps its resource id's words."""


def _labels(elements: list[UIElement]) -> list[str]:
    return [element.label() for element in elements]


@pytest.mark.parametrize(
    ("name", "labels"),
    [("screen.xml", TREE_KEPT), ("screen.vh", TREE_KEPT), ("screen.json", KEPT)],
)
def test_three_dump_kinds_keep_the_same_elements(name: str, labels: list[str]) -> None:
    tree = uitree.parse_tree((SCREEN / name).read_text(), screen=(360, 800))
    assert _labels(tree.elements) == labels
    assert [e.uid for e in tree.elements][2].split("@")[0] == "com.example.notes:id/row"
    search = next(e for e in tree.elements if e.label() == "search")
    assert search.editable and search.bounds == (20, 600, 200, 640)
    pinned = next(e for e in tree.elements if e.label() == "Pinned")
    assert pinned.checked is True and pinned.clickable
    assert next(e for e in tree.elements if e.label() == "Notes").checked is None


def test_dump_kind_is_told_by_content() -> None:
    kinds = [uitree.parse_tree((SCREEN / n).read_text()).kind for n in ("screen.xml", "screen.vh")]
    assert kinds == ["uiautomator", "view_hierarchy"]
    assert uitree.parse_tree((SCREEN / "screen.json").read_text()).kind == "element_list"


def test_filter_drops_hidden_offscreen_empty_and_unnamed_nodes() -> None:
    tree = uitree.parse_tree((SCREEN / "screen.xml").read_text())
    labels = _labels(tree.elements)
    for dropped in ("Hidden", "Offscreen", "Empty", "ImageView", "FrameLayout", "LinearLayout"):
        assert dropped not in labels


def test_uid_is_resource_id_plus_index_path_and_agrees_across_tree_dumps() -> None:
    xml = uitree.parse_tree((SCREEN / "screen.xml").read_text()).elements
    vh = uitree.parse_tree((SCREEN / "screen.vh").read_text()).elements
    assert xml[0].uid == "com.example.notes:id/title@0.0.0"
    assert next(e for e in xml if e.text == "Groceries").uid == "0.0.2.0"
    assert [e.uid for e in xml] == [e.uid for e in vh]
    flat = uitree.parse_tree((SCREEN / "screen.json").read_text(), screen=(360, 800)).elements
    assert flat[0].uid == "com.example.notes:id/title@#0"


def test_parse_ui_dump_takes_the_screen_size_from_the_root() -> None:
    xml = uitree.parse_ui_dump(SCREEN / "screen.xml")
    assert (xml.width, xml.height, xml.app) == (360, 760, "com.example.notes")
    assert xml.ui_dump == str((SCREEN / "screen.xml").resolve())
    vh = uitree.parse_ui_dump(SCREEN / "screen.vh")
    assert (vh.width, vh.height) == (360, 800)
    assert _labels(vh.elements) == TREE_KEPT


def test_the_screen_of_several_windows_is_the_box_around_those_with_bounds() -> None:
    """A dump of a popup over a screen has two root windows (a third without bounds adds
    nothing): the screen is the box around both, so nodes inside either are kept."""
    node = '<node text="{text}" class="android.widget.TextView" bounds="{bounds}" />'
    windows = [
        node.format(text="Inbox", bounds="[0,0][360,400]"),
        node.format(text="Dialog", bounds="[0,400][360,760]"),
        node.format(text="Toast", bounds="not a box"),
    ]
    tree = uitree.parse_tree(f"<hierarchy>{''.join(windows)}</hierarchy>", source="x.xml")
    assert tree.root == (0, 0, 360, 760)


def test_element_list_has_no_root_so_offscreen_nodes_need_a_given_screen() -> None:
    flat = uitree.parse_ui_dump(SCREEN / "screen.json")
    assert (flat.width, flat.height) == (None, None)
    assert _labels(flat.elements) == [*KEPT[:5], "Offscreen", *KEPT[5:]]


def test_element_at_prefers_clickable_then_smallest() -> None:
    elements = uitree.parse_tree((SCREEN / "screen.xml").read_text()).elements
    assert (hit := uitree.element_at(elements, (100, 140))) is not None
    # the tap on the "Groceries" label acts on its clickable row, named by that label
    assert (hit.resource_id, hit.text, hit.label()) == ("com.example.notes:id/row", "", "Groceries")
    assert (fab := uitree.element_at(elements, (310, 710))) is not None
    assert fab.label() == "New note"
    assert (title := uitree.element_at(elements, (100, 40))) is not None
    assert title.label() == "Notes"
    assert uitree.element_at(elements, (5, 5)) is None
    outer = UIElement(uid="outer", bounds=(0, 0, 100, 100), clickable=True)
    inner = UIElement(uid="inner", bounds=(10, 10, 50, 50), clickable=True)
    assert uitree.element_at([outer, inner], (20, 20)) == inner


def test_element_at_tolerance_reaches_the_nearest_box_only_when_asked() -> None:
    elements = uitree.parse_tree((SCREEN / "screen.xml").read_text()).elements
    assert uitree.element_at(elements, (100, 65)) is None
    near = uitree.element_at(elements, (100, 65), tolerance=10)
    assert near is not None and near.label() == "Notes"
    assert uitree.element_at(elements, (100, 75), tolerance=10) is None


def test_broken_dumps_raise_with_the_reason(tmp_path: Path) -> None:
    with pytest.raises(UiDumpError, match="not well-formed XML"):
        uitree.parse_tree("<hierarchy><node bounds='[0,0][1,1]'>", source="x.xml")
    with pytest.raises(UiDumpError, match="list of nodes"):
        uitree.parse_tree('{"a": 1}', source="x.json")
    with pytest.raises(UiDumpError, match="neither XML nor JSON"):
        uitree.parse_tree("hello", source="x.txt")
    missing = tmp_path / "gone.xml"
    with pytest.raises(UiDumpError, match="cannot read"):
        uitree.parse_ui_dump(missing)


def test_bounds_in_every_spelling() -> None:
    assert geometry.parse_bounds("[1,2][30,40]") == (1, 2, 30, 40)
    assert geometry.parse_bounds([[1, 2], [30, 40]]) == (1, 2, 30, 40)
    assert geometry.parse_bounds([1, 2, 30, 40]) == (1, 2, 30, 40)
    assert geometry.parse_bounds("[0,207][-3,269]") == (0, 207, -3, 269)
    assert geometry.yxhw_bounds(54, 17, 8, 12) == (17, 54, 29, 62)
    for bad in ("[1,2][3]", [1, 2, 3], "1,2,3,4", None, [[1, 2], [3]]):
        with pytest.raises(ValueError, match="not a bounds value"):
            geometry.parse_bounds(bad)


def test_viewport_and_swipe_geometry() -> None:
    assert not geometry.intersects_screen((0, 207, -3, 269), 1080, 2400)
    assert not geometry.intersects_screen((1100, 0, 1200, 50), 1080, 2400)
    assert geometry.intersects_screen((1000, 2300, 1200, 2500), 1080, 2400)
    assert geometry.swipe_direction((0.5, 0.54), (0.58, 0.0)) == "up"
    assert geometry.swipe_direction((0.8, 0.5), (0.2, 0.5)) == "left"
    assert geometry.swipe_direction((10, 10), (10, 90)) == "down"
    assert geometry.swipe_direction((10, 10), (90, 20)) == "right"
    assert geometry.distance((0, 0, 10, 10), (13, 14)) == 5.0
