"""Algorithm boxes of a paper: "Algorithm 1 SGD: ..." and the pseudo-code lines under it.

Set in smaller type, with arrows and loop keywords, pseudo-code read line by line became
a heading "Algorithm 1" and paragraphs such as "end for ← − ∇" (or, boxed, a table of
one-character cells). It is one code element: the caption line and the lines that follow
while they look like code (smaller than the body, loop keywords, mostly maths).
"""

from __future__ import annotations

import re

from taskspace.sources.documents.pdf_layout import Line
from taskspace.sources.documents.pdf_runin import split_bold_start

_ALGORITHM = re.compile(r"^Algorithm\s+(\d+)\b")
_CODE_LINE = re.compile(
    r"(?:^|\s)(?:for|end|do|return|if|then|else|while|until|repeat|procedure|function"
    r"|input|output|require|ensure|initiali[sz]e)(?:\s|:|$)|←|:=|∇",
    re.I,
)


def algorithm_number(line: Line) -> str | None:
    """ "1" when ``line`` opens with a bold "Algorithm 1", else None."""
    match = _ALGORITHM.match(line.text)
    if match is None:
        return None
    split = split_bold_start(line)
    if split is None or not split[0].text.strip().startswith("Algorithm"):
        return None
    return match.group(1)


def continues_algorithm(line: Line, page: int | None, body: float) -> bool:
    """Whether ``line`` is more of the pseudo-code begun on ``page``."""
    if line.page != page:
        return False
    return line.size < body - 0.5 or line.math >= 0.3 or bool(_CODE_LINE.search(line.text))
