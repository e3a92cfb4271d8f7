"""Steps performed on a live page, each on exactly one visible element.

A selector that matches nothing visible, or more than one element, fails the step: the
graph promised a unique, visible target, and replay is how that promise is checked.
"""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from taskspace.environments.errors import StepFailure
from taskspace.sources.web.extract import extract_page
from taskspace.sources.web.origins import OriginMap
from taskspace.tasks.model import WebStep


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def resolve(page: Page, selector: str, timeout_ms: float) -> Locator:
    """The one visible element ``selector`` names, waiting up to ``timeout_ms`` for it."""
    locator = page.locator(selector)
    try:
        locator.wait_for(state="visible", timeout=timeout_ms)
    except PlaywrightTimeout as exc:
        count = _count(locator)
        found = "no element" if count == 0 else f"{count} element(s), none visible"
        raise StepFailure(f"{selector!r} matched {found} within {timeout_ms / 1000:g} s") from exc
    except PlaywrightError as exc:
        if "strict mode violation" in str(exc):
            raise StepFailure(
                f"{selector!r} matched {_count(locator)} elements, expected exactly one"
            ) from exc
        raise StepFailure(f"{selector!r}: {first_line(exc)}") from exc
    return locator


def _count(locator: Locator) -> int:
    try:
        return locator.count()
    except PlaywrightError:
        return 0


def check_som(page: Page, selector: str, expected: int) -> None:
    """Number the live page's marks the crawler's way and compare the target's number.

    The crawler's selectors are derived from the DOM, so the element the task names is
    the extracted element carrying the same selector.
    """
    marks = {element.selector: element.som for element in extract_page(page).elements}
    if marks.get(selector) != expected:
        raise StepFailure(f"Set-of-Marks number is {marks.get(selector)}, the task says {expected}")


def perform(
    page: Page, step: WebStep, origins: OriginMap, timeout_ms: float, som: bool = False
) -> None:
    """Do one step; raise StepFailure with the reason when it cannot be done."""
    try:
        if step.action == "goto":
            page.goto(origins.url(step.value or step.selector), wait_until="load")
            return
        locator = resolve(page, step.selector, timeout_ms)
        if som and step.som is not None:
            check_som(page, step.selector, step.som)
        if step.action == "click":
            locator.click(timeout=timeout_ms)
        elif step.action == "fill":
            locator.fill(step.value or "", timeout=timeout_ms)
        elif step.action == "select":
            locator.select_option(step.value or "", timeout=timeout_ms)
        elif step.action == "press":
            locator.press(step.value or "Enter", timeout=timeout_ms)
        page.wait_for_load_state("load", timeout=timeout_ms)
    except StepFailure:
        raise
    except PlaywrightError as exc:
        raise StepFailure(f"{step.action} {step.selector!r} failed: {first_line(exc)}") from exc
