"""The shapes of a chapter's Markdown that the limits bound: how deep its quotes and lists nest, how many
columns its tables have (each takes width from the column it is set in). Read from markdown-it's tokens."""

from __future__ import annotations

import itertools


def nesting(tokens) -> list[tuple[int, int]]:
    """(depth, line in the Markdown) of each block quote or list that opens inside others; depth 1 is
    one at the top level. Rulebook chapters nest at most limits['rulebook-nesting'] deep (each level
    takes width from the column)."""
    found, depth = [], 0
    for tok in tokens:
        if tok.type in ("blockquote_open", "bullet_list_open", "ordered_list_open"):
            depth += 1
            found.append((depth, (tok.map[0] + 1) if tok.map else 1))
        elif tok.type in ("blockquote_close", "bullet_list_close", "ordered_list_close"):
            depth -= 1
    return found


def table_columns(tokens) -> list[tuple[int, int]]:
    """(columns, line in the Markdown) of each table, counted on its header row: a column takes its
    share of the page's width, so a rulebook table has at most limits['rulebook-table-columns']."""
    found = []
    for k, tok in enumerate(tokens):
        if tok.type == "table_open":
            header = itertools.takewhile(lambda t: t.type != "tr_close", tokens[k + 1:])
            found.append((sum(t.type in ("th_open", "td_open") for t in header), (tok.map[0] + 1) if tok.map else 1))
    return found
