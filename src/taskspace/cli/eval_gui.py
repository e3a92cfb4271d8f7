"""``kg eval gui``: GUI episodes in the graph (AITW/AitZ, GUI Odyssey, uiautomator traces,
DroidBot), scored step by step with AITW action matching (``--match aitw``, the
reference; ``aitw-strict`` also compares typed text and scroll direction; screens
without geometry are matched by element id). Prints action-match accuracy (micro: over
steps; per episode: the mean of each episode's own mean), type-match accuracy and
episode success, overall and per rule.
"""

from __future__ import annotations

from typing import Any

import click

from taskspace.cli.eval_steps import episode_options, run_and_record
from taskspace.cli.output import json_option, print_json, print_line, print_table

MATCH_RULES = ("aitw", "aitw-strict")
"""``taskspace.evaluation.steps.gui.matching.RULES``, not imported here: ``kg`` starts without
numpy."""


@click.command(name="gui")
@episode_options("replay-nearest")
@click.option(
    "--match",
    "rule",
    default="aitw",
    show_default=True,
    type=click.Choice(MATCH_RULES),
    help="aitw: AITW's check_actions_match as published; aitw-strict: also typed text and "
    "scroll direction (reported under its own name).",
)
def gui(
    episodes: str,
    agent_name: str,
    model: str | None,
    limit: int | None,
    max_samples: int | None,
    display: str | None,
    as_json: bool,
    rule: str = "aitw",
) -> None:
    """Score AGENT step by step on GUI EPISODES: all, a dataset (aitw, gui_odyssey,
    uiautomator, droidbot, jsonl) or a loaded file or folder."""
    from taskspace.agents.spec import GUI_STEP_KINDS, load_agent_spec
    from taskspace.core.errors import UserError
    from taskspace.evaluation.steps.gui.runs import gui_run, gui_summaries, read_gui_tasks

    spec = load_agent_spec(agent_name)
    if spec.kind not in GUI_STEP_KINDS:
        raise UserError(
            f"agent {spec.name!r} is not a GUI step agent ({', '.join(GUI_STEP_KINDS)})"
        )
    found, run_id, log, written = run_and_record(
        spec,
        model,
        "gui" if rule == "aitw" else f"gui:{rule}",
        lambda graph: read_gui_tasks(graph, episodes, limit, rule),
        gui_run,
        max_samples,
        "none" if as_json else display,
    )
    result = _result(run_id, log, gui_summaries(log), written, found.skipped)
    if as_json:
        print_json(result)
        return
    print_table(f"Run {run_id}", ["key", "value"], list(result["run"].items()))
    keys = ("episodes", "steps", "action_match", "action_match_per_episode", "type_match")
    rows = [
        [rule, *(m[key] for key in keys), m["episode_success"]]
        for rule, m in result["metrics"].items()
    ]
    print_table(
        "AITW action matching",
        ["rule", "episodes", "steps", "action match", "per episode", "type match", "success"],
        rows,
    )
    for line in found.skipped[:5]:
        print_line(f"skipped {line}")


def _result(
    run: str, log: Any, summaries: dict[str, Any], written: int, skipped: list[str]
) -> dict[str, Any]:
    overall = summaries["all"]
    return {
        "run": {
            "run": run,
            "status": log.status,
            "episodes": overall.tasks,
            "steps": overall.steps,
            "attempts_written": written,
            "skipped": len(skipped),
            "errors": sum(1 for s in log.samples or [] if s.error is not None),
        },
        "metrics": {
            rule: {
                "episodes": found.tasks,
                "steps": found.steps,
                "action_match": round(found.micro.get("action_match", 0.0), 4),
                "action_match_per_episode": round(found.macro.get("action_match", 0.0), 4),
                "type_match": round(found.micro.get("type_match", 0.0), 4),
                "episode_success": round(found.task_sr["action_match"], 4),
            }
            for rule, found in summaries.items()
        },
        "skipped": skipped,
    }


@click.command(name="android")
@click.option("--device", "serial", required=True, help="adb serial of the device or emulator.")
@click.option("--out", default="android-steps", show_default=True, help="Where dumps go.")
@click.option("--element", "element_id", default=None, help="Tap the element with this id.")
@click.option("--point", nargs=2, type=float, default=None, help="Tap at X Y (pixels).")
@click.option("--key", default=None, type=click.Choice(("back", "home", "enter", "recent")))
@json_option
def android(
    serial: str,
    out: str,
    element_id: str | None,
    point: tuple[float, float] | None,
    key: str | None,
    as_json: bool,
) -> None:
    """Observe the live Android device SERIAL (hierarchy dump and screenshot) and optionally
    act on it first: tap an element by id (from an earlier observation) or a point, or a key."""
    from pathlib import Path

    from taskspace.environments.gui.android import AndroidEnvironment, connect
    from taskspace.sources.episodes.model import Action, UIElement

    environment = AndroidEnvironment(connect(serial), Path(out))
    if element_id or point or key:
        environment.observe()
        if element_id:
            environment.act(Action(kind="tap", target=UIElement(uid=element_id)))
        elif point:
            environment.act(Action(kind="tap", point=point))
        else:
            environment.act(Action(kind="key", key=key))
    seen = environment.observe()
    elements = [
        {"id": e.uid, "label": e.label(), "bounds": e.bounds, "clickable": e.clickable}
        for e in seen.elements
    ]
    if as_json:
        print_json({"screenshot": seen.screenshot, "dump": seen.ui_dump, "elements": elements})
        return
    print_table(
        f"{serial}: {len(elements)} elements",
        ["id", "label", "bounds"],
        [[e["id"], e["label"], e["bounds"]] for e in elements],
    )
