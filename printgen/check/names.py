"""Every named item is unique within its kind, also in the form that names its files (the slug)."""

from __future__ import annotations

from typing import Iterable

from ..findings import Finding, error
from ..names import name_key, slug
from ..packs.base import CheckContext


def check_unique_names(ctx: CheckContext) -> Iterable[Finding]:
    for kind in type(ctx.data).model_fields:
        items = getattr(ctx.data, kind)
        if not isinstance(items, list):
            continue
        seen: dict[str, int] = {}
        files: dict[str, int] = {}
        for i, item in enumerate(items):
            name = getattr(item, "name", None)
            if not isinstance(name, str):
                continue
            key = name_key(name)
            if key in seen:
                first = ctx.loc((kind, seen[key], "name"))
                yield error("duplicate-name", f"{kind}: '{name}' is defined twice (first at {first}); names must be "
                            "unique so that rules text can refer to them", ctx.loc((kind, i, "name")))
                continue
            seen[key] = i
            # "Tidecaller" and "Tidecaller!" are two names but one file name: one would overwrite the other.
            stem = slug(name)
            if stem in files:
                j = files[stem]
                yield error("duplicate-file-name", f"{kind}: '{name}' and '{items[j].name}' (at "
                            f"{ctx.loc((kind, j, 'name'))}) both give the file name '{stem or '-'}'; "
                            "rename one so that their letters or digits differ", ctx.loc((kind, i, "name")))
            else:
                files[stem] = i

