"""Success criteria checked on the page a task ends on, waiting for late effects."""

from __future__ import annotations

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from taskspace.environments.errors import StepFailure
from taskspace.environments.replay.actions import first_line, resolve
from taskspace.sources.web.origins import OriginMap
from taskspace.sources.web.urls import same_page
from taskspace.tasks.model import SuccessCriterion

# Whitespace-normalised, case-folded containment: innerText follows CSS text-transform,
# so "SUBMIT" on screen is the "Submit" the graph recorded.
_TEXT_SHOWN = """([text, wanted]) => {
  const norm = (s) => (s || "").replace(/\\s+/g, " ").trim().toLowerCase();
  return norm(document.body ? document.body.innerText : "").includes(norm(text)) === wanted;
}"""


def check(page: Page, criterion: SuccessCriterion, origins: OriginMap, timeout_ms: float) -> None:
    """Raise StepFailure unless the criterion holds within ``timeout_ms``."""
    if criterion.kind == "url":
        expected = origins.url(criterion.value)
        try:
            page.wait_for_url(lambda url: same_page(url, expected), timeout=timeout_ms)
        except PlaywrightError as exc:
            raise StepFailure(f"URL is {page.url}, expected {expected}") from exc
    elif criterion.kind == "element_visible":
        resolve(page, criterion.value, timeout_ms)
    else:
        wanted = criterion.kind == "text_present"
        try:
            page.wait_for_function(_TEXT_SHOWN, arg=[criterion.value, wanted], timeout=timeout_ms)
        except PlaywrightError as exc:
            state = "not shown" if wanted else "still shown"
            raise StepFailure(
                f"text {criterion.value!r} {state} on {page.url} ({first_line(exc)})"
            ) from exc
