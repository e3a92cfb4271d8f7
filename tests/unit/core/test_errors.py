"""The one error tree: every exception taskspace defines is a ``UserError`` (input that
cannot be read an ``InputError``) but for a few internal signals; each package keeps its
errors in its ``errors.py``; and ``kg`` shows any of them as one line, never a traceback.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import io
import pkgutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner
from neo4j.exceptions import ClientError

import taskspace
from taskspace.cli.main import KgGroup, cli
from taskspace.core.errors import (
    InputError,
    UserError,
    raised_by_an_interrupt,
    reraise_if_interrupted,
)
from taskspace.core.specfiles import read_spec
from taskspace.sources.documents.parse import parse_file
from taskspace.sources.episodes import uitree
from taskspace.sources.episodes.errors import MappingError
from taskspace.sources.episodes.formats import read_episodes
from taskspace.sources.episodes.mappings import AitwMapping
from taskspace.sources.wikidata import entity_json, inputs, kgtk, ntriples, triples_json
from taskspace.sources.wikidata.turtle_syntax import TurtleParser, TurtleState
from taskspace.tasks.scoring.checks import parse_check

SRC = Path(taskspace.__file__).parent

INTERNAL = {
    "taskspace.graph.errors.MissingValue": "the samplers skip the candidate and count it",
    "taskspace.sources.wikidata.errors.UnwritableValue": "the bulk writer goes over Bolt",
    "taskspace.sources.wikidata.turtle_fast._Differs": "parse_chunk hands the chunk on",
}
"""The only exceptions outside the UserError tree: signals raised and caught inside
taskspace to pick a path, never shown to anyone (each docstring says who catches it)."""


def _exception_classes() -> dict[str, type[BaseException]]:
    """Every exception class defined under src/taskspace, by its qualified name."""
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(taskspace.__path__, "taskspace."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (
                inspect.isclass(value)
                and issubclass(value, BaseException)
                and value.__module__ == info.name
            ):
                found[f"{info.name}.{name}"] = value
    return found


CLASSES = _exception_classes()


def test_every_error_is_a_user_error_but_the_internal_signals() -> None:
    outside = sorted(name for name, error in CLASSES.items() if not issubclass(error, UserError))
    assert outside == sorted(INTERNAL)
    for name in INTERNAL:
        assert "Internal" in (CLASSES[name].__doc__ or ""), f"{name} does not say why"


def _names_in(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names)
    return names


def test_each_package_keeps_its_errors_in_its_errors_module() -> None:
    """A public error class lives in ``<package>/errors.py``, beside code that uses it."""
    misplaced = []
    for qualified in sorted(CLASSES):
        module, _, name = qualified.rpartition(".")
        if name.startswith("_"):
            continue  # a private signal stays in the one module that raises and catches it
        package, _, leaf = module.rpartition(".")
        if leaf != "errors":
            misplaced.append(f"{qualified}: not in an errors module")
            continue
        if package == "taskspace.core":
            continue  # the roots of the tree, used everywhere
        folder = SRC.joinpath(*package.split(".")[1:])
        users = [
            path
            for path in folder.rglob("*.py")
            if path.name != "errors.py" or path.parent != folder
            if name in _names_in(path)
        ]
        if not users:
            misplaced.append(f"{qualified}: nothing in {package} uses it")
    assert misplaced == []


def _turtle(text: str) -> None:
    for _ in TurtleParser(text, TurtleState(base="http://example.org/")).statements():
        pass


def _entity(entity: dict[str, Any]) -> None:
    entity_json.entity_record(entity, 1, lambda reason: None)


def _first_episode_error(path: Path) -> None:
    for result in read_episodes(path):
        if isinstance(result, Exception):
            raise result


def _writes(name: str, data: bytes) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path

    return write


BAD_INPUTS: dict[str, tuple[Callable[[Path], Any], str]] = {
    "document": (lambda tmp: parse_file(tmp / "missing.pdf"), "no such file"),
    "empty document": (lambda tmp: parse_file(_writes("a.md", b"")(tmp)), "the file is empty"),
    "episode file": (
        lambda tmp: _first_episode_error(_writes("e.json", b'[{"episode_id": 1,')(tmp)),
        "JSON",
    ),
    "UI dump": (lambda tmp: uitree.parse_tree("<hierarchy><node", source="d"), "XML"),
    "format mapping": (
        lambda tmp: read_spec(_writes("m.yaml", b"- [")(tmp), AitwMapping, "mapping", MappingError),
        "not valid YAML",
    ),
    "N-Triples line": (lambda tmp: ntriples.parse_line("<a> <b> ."), "relative IRI"),
    "Turtle": (lambda tmp: _turtle("<a> <b> ;;; ."), "expected an object"),
    "triple JSON": (lambda tmp: triples_json.triple_terms({"s": "x"}), "no 'p'"),
    "entity JSON": (lambda tmp: _entity({"id": "nonsense", "type": "item"}), "not a QID"),
    "KGTK value": (lambda tmp: kgtk.kgtk_value("@nowhere"), "coordinate"),
    "binary file": (lambda tmp: list(inputs.sniffed(io.BytesIO(b"\x00\x01\n" * 4))), "NUL"),
    "task check": (lambda tmp: parse_check("fuzzy"), "unknown check 'fuzzy'"),
}


@pytest.mark.parametrize("what", sorted(BAD_INPUTS))
def test_input_that_cannot_be_read_is_an_input_error_and_a_value_error(
    what: str, tmp_path: Path
) -> None:
    """Each parser refuses bad input with an InputError; it stays a ValueError because the
    readers (and pydantic validators) catch ValueError to name the record and go on."""
    read, reason = BAD_INPUTS[what]
    with pytest.raises(InputError, match=reason) as caught:
        read(tmp_path)
    assert isinstance(caught.value, ValueError)


def _kg(group: click.Group, args: list[str], home: Path) -> tuple[int, str]:
    result = CliRunner().invoke(group, args, env={"TASKSPACE_HOME": str(home)})
    return result.exit_code, result.output


def test_kg_prints_an_input_error_as_one_line_without_a_traceback(tmp_path: Path) -> None:
    code, output = _kg(cli, ["load", "wikidata", "--seed", "Q42"], tmp_path)
    assert (code, output) == (1, "Error: --seed needs --sparql URL\n")
    assert not (tmp_path / "logs").exists()  # a user error is not a defect to log


def test_a_parse_error_reaching_kg_is_one_line_not_a_logged_defect(tmp_path: Path) -> None:
    """A parser's error that no command catches (it used to be a bare ValueError) ends the
    command like any user error: its own message on one line, exit 1, no log entry."""

    @click.group(cls=KgGroup)
    def group() -> None:
        pass

    @group.command()
    @click.argument("path", type=click.Path(path_type=Path))
    def parse(path: Path) -> None:
        parse_file(path)

    missing = tmp_path / "gone.pdf"
    code, output = _kg(group, ["parse", str(missing)], tmp_path)
    assert (code, output) == (1, f"Error: {missing}: no such file or folder\n")
    assert "Traceback" not in output
    assert not (tmp_path / "logs").exists()


@pytest.mark.parametrize("raised", [UserError, RuntimeError])
def test_an_error_raised_while_ctrl_c_unwinds_ends_the_command_as_an_interrupt(
    raised: type[Exception], tmp_path: Path
) -> None:
    """Ctrl-C cutting a database call mid-message: closing the session then raises a lost
    connection of its own (a GraphError, a user error, or anything else). The command was
    interrupted, and says so with 130, not 1."""

    @click.group(cls=KgGroup)
    def group() -> None:
        pass

    @group.command()
    def load() -> None:
        try:
            raise KeyboardInterrupt
        finally:
            raise raised("the connection to the database was lost")

    code, output = _kg(group, ["load"], tmp_path)
    assert (code, output) == (130, "Error: interrupted.\n")
    assert not (tmp_path / "logs").exists()


def test_an_error_raised_while_an_interrupt_unwinds_is_the_interrupt() -> None:
    # What a Ctrl-C during a document load once ended as: a buffer released while a view of
    # it was held, raised during the unwinding ("Nothing loaded", exit 1 instead of 130).
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise BufferError("Existing exports of data: object cannot be re-sized") from None
    except BufferError as error:
        assert error.__context__ is not None  # `from None` hides it from the traceback only
        assert raised_by_an_interrupt(error)
    assert not raised_by_an_interrupt(BufferError("Existing exports of data"))


BEGIN_IN_TRANSACTION = (
    "Message of type BeginMessage cannot be handled by a session in the IN_TRANSACTION state."
)
"""What the server answered when Ctrl-C cut a write session mid-message and the driver,
closing it, began on a connection the server still held in a transaction (a CI run's
document load ended "Nothing loaded", exit 1, instead of 130)."""


def _refusal_while_interrupted() -> ClientError:
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt:
            raise ClientError(BEGIN_IN_TRANSACTION) from None
    except ClientError as error:
        return error


def test_a_database_refusal_raised_while_an_interrupt_unwinds_goes_on_as_the_interrupt() -> None:
    refusal = _refusal_while_interrupted()
    with pytest.raises(KeyboardInterrupt) as interrupted:
        reraise_if_interrupted(refusal)
    assert interrupted.value.__cause__ is refusal
    reraise_if_interrupted(ClientError(BEGIN_IN_TRANSACTION))  # a refusal of its own: kept


@pytest.mark.parametrize(
    "loader", ["taskspace.sources.documents.loader", "taskspace.sources.wikidata.loader"]
)
def test_every_database_refusal_a_loader_reports_per_file_is_checked_for_an_interrupt(
    loader: str,
) -> None:
    """A loader that reports a refusal against its file must first let an interrupt go on,
    or Ctrl-C reads as that file's failure."""
    tree = ast.parse(inspect.getsource(importlib.import_module(loader)))
    handlers = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.ExceptHandler)
        and node.type is not None
        and "Neo4jError" in ast.unparse(node.type)
    ]
    assert handlers
    for handler in handlers:
        first = ast.unparse(handler.body[0])
        assert first.startswith("reraise_if_interrupted("), (loader, handler.lineno, first)
