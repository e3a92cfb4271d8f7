"""A small, hand-made page-graph world: two apps whose screens and paths are known.

``mail`` has Inbox, Compose, Search, Results and Message screens; ``notes`` has a list and
an editor. Episodes are built as the shared episode model, with UI trees (resource ids)
that make page identity decidable by layout, so every merge and transition is known.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from taskspace.graph.connection import Graph
from taskspace.sources.episodes.model import Action, Episode, Observation, Step, UIElement

MAIL = "com.example.mail"
NOTES = "com.example.notes"

LAYOUTS: dict[str, list[tuple[str, str]]] = {
    # page: [(resource id, label)], the chrome that identifies a page.
    "inbox": [("title", "Inbox"), ("search", "Search mail"), ("compose", "Compose"),
              ("folders", "Folders"), ("avatar", "Account")],
    "compose": [("to", "To"), ("subject", "Subject"), ("body", "Message body"),
                ("send", "Send"), ("attach", "Attach")],
    "search": [("query", "Search mail"), ("clear", "Clear"), ("back", "Back"),
               ("recent", "Recent searches")],
    "results": [("query", "Search mail"), ("filter", "Filter"), ("count", "Results"),
                ("back", "Back"), ("sort", "Sort")],
    "message": [("sender", "Sender"), ("reply", "Reply"), ("forward", "Forward"),
                ("delete", "Delete"), ("archive", "Archive")],
    "notes": [("notes_title", "Notes"), ("new_note", "New note"), ("note_search", "Search notes")],
    "editor": [("note_text", "Note"), ("done", "Done"), ("share", "Share")],
}  # fmt: skip


def screen(page: str, content: list[str] | None = None, app: str = MAIL) -> Observation:
    """An observation of ``page`` with its chrome and some content rows (which vary)."""
    elements = [
        UIElement(uid=f"{rid}:0", cls="android.widget.Button", text=label,
                  resource_id=f"{app}:id/{rid}", clickable=True)
        for rid, label in LAYOUTS[page]
    ]  # fmt: skip
    elements += [
        UIElement(uid=f"row:{i}", cls="android.widget.TextView", text=text,
                  resource_id=f"{app}:id/row_{page}")
        for i, text in enumerate(content or [])
    ]  # fmt: skip
    return Observation(app=app, activity=f"{app}/.MainActivity", elements=elements)


def tap(page: str, rid: str, app: str = MAIL) -> Action:
    label = dict(LAYOUTS[page]).get(rid, rid)
    target = UIElement(uid=f"{rid}:0", text=label, resource_id=f"{app}:id/{rid}")
    return Action(kind="tap", target=target, raw={"tap": rid})


def tap_row(text: str, page: str, app: str = MAIL) -> Action:
    target = UIElement(uid="row:0", text=text, resource_id=f"{app}:id/row_{page}")
    return Action(kind="tap", target=target, raw={"tap": text})


def type_into(page: str, rid: str, text: str, app: str = MAIL) -> Action:
    label = dict(LAYOUTS[page])[rid]
    target = UIElement(uid=f"{rid}:0", text=label, resource_id=f"{app}:id/{rid}")
    return Action(kind="type", target=target, text=text, raw={"type": text})


def enter() -> Action:
    return Action(kind="key", key="enter", raw={"key": "enter"})


def complete() -> Action:
    return Action(kind="complete", raw={"status": "complete"})


def episode(
    name: str,
    task: str,
    moves: list[tuple[Observation, Action]],
    final: Observation | None = None,
    app: str = MAIL,
) -> Episode:
    return Episode(
        id=f"test/{name}",
        dataset="test",
        platform="android",
        task=task,
        app=app,
        steps=[Step(index=i, observation=o, action=a) for i, (o, a) in enumerate(moves)],
        final=final,
        source_file=f"/fixtures/{name}.json",
        record=name,
    )


SEND = "Send an email to Bob"
FIND = "Find the invoice from ACME"
REPLY = "Reply to the ACME invoice"
NOTE = "Write a note"


def send_email() -> Episode:
    """Inbox → Compose (two in-page typings) → Inbox again (a revisit, merged)."""
    return episode(
        "send",
        SEND,
        [
            (screen("inbox", ["Welcome", "Newsletter"]), tap("inbox", "compose")),
            (screen("compose"), type_into("compose", "to", "bob@example.org")),
            (screen("compose", ["bob@example.org"]), type_into("compose", "subject", "Hi")),
            (screen("compose", ["bob@example.org", "Hi"]), tap("compose", "send")),
            (screen("inbox", ["Sent: Hi", "Welcome", "Newsletter"]), complete()),
        ],
    )


def find_invoice() -> Episode:
    """Inbox → Search → (type, Enter) → Results → Message."""
    return episode(
        "find",
        FIND,
        [
            (screen("inbox", ["ACME invoice", "Lunch?"]), tap("inbox", "search")),
            (screen("search", ["recent: bob"]), type_into("search", "query", "invoice")),
            (screen("search", ["invoice"]), enter()),
            (screen("results", ["ACME invoice"]), tap_row("ACME invoice", "results")),
            (screen("message", ["Dear customer"]), complete()),
        ],
    )


def reply_invoice() -> Episode:
    """Like ``find_invoice`` with another query, then Reply on the message."""
    return episode(
        "reply",
        REPLY,
        [
            (screen("inbox", ["ACME invoice"]), tap("inbox", "search")),
            (screen("search"), type_into("search", "query", "acme")),
            (screen("search", ["acme"]), enter()),
            (screen("results", ["ACME invoice", "ACME offer"]), tap_row("ACME invoice", "results")),
            (screen("message", ["Dear customer", "Total: 40"]), tap("message", "reply")),
        ],
        final=screen("compose", ["Re: invoice"]),
    )


def write_note() -> Episode:
    """Notes list → editor, type, Done → notes list (the other app)."""
    return episode(
        "note",
        NOTE,
        [
            (screen("notes", ["Groceries"], NOTES), tap("notes", "new_note", NOTES)),
            (screen("editor", [], NOTES), type_into("editor", "note_text", "milk", NOTES)),
            (screen("editor", ["milk"], NOTES), tap("editor", "done", NOTES)),
        ],
        final=screen("notes", ["milk", "Groceries"], NOTES),
        app=NOTES,
    )


def world() -> list[Episode]:
    return [send_email(), find_invoice(), reply_invoice(), write_note()]


def transitions(graph: Graph) -> list[dict[str, Any]]:
    """Every TRANSITION as (start page, end page, actions, tasks), by page name."""
    return graph.read_text(
        "MATCH (a:Screen)-[t:TRANSITION]->(b:Screen) "
        "RETURN a.id AS start, b.id AS end, t.actions AS actions, t.tasks AS tasks, "
        "t.episodes AS episodes, t.count AS count ORDER BY start, end, actions"
    )


def screen_of(graph: Graph, episode_id: str, index: int) -> str:
    rows = graph.read_text(
        "MATCH (:Episode {key: $episode})-[:HAS_STEP]->(s:Step {index: $index})"
        "-[:ON_SCREEN]->(screen:Screen) RETURN screen.id AS id",
        episode=episode_id,
        index=index,
    )
    assert len(rows) == 1, rows
    return str(rows[0]["id"])


def everything(graph: Graph) -> tuple[list[Any], list[Any]]:
    """Every node and relationship with its properties, for 'a reload changes nothing'."""
    nodes = graph.read_text(
        "MATCH (n) RETURN labels(n) AS labels, properties(n) AS props ORDER BY n.id"
    )
    rels = graph.read_text(
        "MATCH (a)-[r]->(b) RETURN a.id AS a, type(r) AS type, properties(r) AS props, "
        "b.id AS b ORDER BY a, type, b, r.key"
    )
    return nodes, rels


def write_jsonl(path: Path, episodes: list[Episode]) -> Path:
    """The episodes in our own JSONL episode format (one episode per line)."""
    lines = []
    for item in episodes:
        data = item.model_dump(mode="json", exclude_none=True)
        record = {
            key: data[key]
            for key in ("id", "platform", "task", "app", "steps", "final")
            if key in data
        }
        lines.append(json.dumps(record, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
