"""A keyword's definition against its uses: a keyword declared with a parameter ("Multi-Use N") is written
with a number in the rules ("Multi-Use 2"), so its definition must say what the number does. A
definition that never names the parameter's letter leaves every use meaning something it does not say
(Heroes of Hex: Multi-Use "may be used more than once", while its uses give it a count)."""

from __future__ import annotations

import re
from typing import Iterable

from ..findings import Finding, warning
from ..packs.base import CheckContext


def check_keyword_definitions(ctx: CheckContext) -> Iterable[Finding]:
    texts = list(ctx.pack.rules_texts(ctx.data))
    for ki, kw in enumerate(ctx.data.keywords):
        if not kw.param:
            continue
        letters = sorted(set(re.findall(r"(?<![A-Za-z])[A-Z](?![A-Za-z])", kw.param)))
        missing = [x for x in letters if not re.search(rf"(?<![A-Za-z]){x}(?![A-Za-z])", kw.text)]
        if not missing:
            continue
        used = re.compile(rf"(?<![\w-]){re.escape(kw.name)}\s+\d+")
        example = next((m.group(0) for _, text in texts for m in [used.search(text)] if m), None)
        yield warning("keyword-definition", f"'{kw.name}' takes a parameter ('{kw.name} {kw.param}'"
                      + (f", written '{example}' in the rules" if example else "")
                      + f"), but its definition never says what {' or '.join(missing)} is: '{kw.text}'",
                      ctx.loc(("keywords", ki, "text")),
                      hint=f"say in the definition what {missing[0]} does, or drop the parameter")
