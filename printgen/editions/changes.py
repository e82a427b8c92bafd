"""What changed between two versions of a game's data, in words: "Knight: VIT 2 -> 1", "Fireball: text
changed (Mage)", "new: Gunslinger", "removed: Bandit".

The two games' data as parsed (the typed model dumped to plain values), so a comment or keys in another
order change nothing. Items of a list are matched by name when they have one (a class moved in the file
is the same class), else by position. Short values are quoted old -> new; a long text says which text
changed.
"""

from __future__ import annotations

from typing import Any

SHORT = 24  # characters: a value this long or shorter is shown old -> new, a longer one "text changed"
_TEXTS = {"effect", "text", "description", "role", "rules", "body", "flavour", "flavor"}


def label(key: str, *, stat: bool = False) -> str:
    """A field's name in words; a stat (a field of a mapping like ``stats``) as a card prints it: "sp_atk" ->
    "SP ATK", "def_" -> "DEF"."""
    k = key.rstrip("_").replace("_", " ")
    return k.upper() if stat and len(k) <= 6 else k


def _parsed(v: Any) -> bool:
    """A value parsed from one written text (a cost, a movement): it shows as written."""
    return isinstance(v, dict) and "text" in v and "name" not in v


def _show(v: Any) -> str:
    if _parsed(v):
        return str(v["text"])
    if isinstance(v, list):
        return ", ".join(_show(x) for x in v)
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    return str(v)


def _name(item: Any) -> str | None:
    if isinstance(item, dict):
        n = item.get("name") or item.get("id") or item.get("title")
        return str(n) if isinstance(n, (str, int)) and not isinstance(n, bool) else None
    return None


def _keyed(items: list) -> dict[str, Any] | None:
    """A list of named items by name (None when any lacks a name, or two share one)."""
    names = [_name(x) for x in items]
    if not items or any(n is None for n in names) or len(set(names)) != len(names):
        return None
    return dict(zip(names, items))


def describe(old: dict, new: dict) -> list[tuple[str, str]]:
    """(kind, sentence) for every change from ``old`` to ``new`` (model dumps: kind -> items)."""
    out: list[tuple[str, str]] = []
    for kind in sorted(set(old) | set(new), key=lambda k: (k != "game", k)):
        a, b = old.get(kind), new.get(kind)
        if a == b:
            continue
        if kind == "game" or not isinstance(a, list) or not isinstance(b, list):
            out += [(kind, s) for s in _value("game.yaml" if kind == "game" else kind, a, b, ())]
            continue
        out += [(kind, s) for s in _items(a, b, ())]
    return out


def _items(a: list, b: list, parents: tuple[str, ...]) -> list[str]:
    """Sentences for two lists of items (a kind's, or an item's actions)."""
    ka, kb = _keyed(a), _keyed(b)
    out: list[str] = []
    if ka is None or kb is None:  # unnamed items: by position
        for i in range(max(len(a), len(b))):
            name = f"item {i + 1}"
            if i >= len(a):
                out.append(_say(f"new: {_show(b[i])[:60]}", parents))
            elif i >= len(b):
                out.append(_say(f"removed: {_show(a[i])[:60]}", parents))
            elif a[i] != b[i]:
                out += _value(name, a[i], b[i], parents)
        return out
    for name, item in kb.items():
        if name not in ka:
            out.append(_say(f"new: {name}", parents))
        elif ka[name] != item:
            out += _value(name, ka[name], item, parents)
    out += [_say(f"removed: {name}", parents) for name in ka if name not in kb]
    return out


def _say(sentence: str, parents: tuple[str, ...]) -> str:
    return f"{sentence} ({', '.join(parents)})" if parents else sentence


def _value(name: str, a: Any, b: Any, parents: tuple[str, ...]) -> list[str]:
    """Sentences for one item ``name`` (or a field of one) changed from ``a`` to ``b``."""
    if isinstance(a, dict) and isinstance(b, dict) and not (_parsed(a) and _parsed(b)):
        parts: list[str] = []
        nested: list[str] = []
        for key in [*a, *(k for k in b if k not in a)]:
            x, y = a.get(key), b.get(key)
            if x == y or key == "name":
                continue
            if isinstance(x, list) and isinstance(y, list) and (_keyed(x) or _keyed(y)):
                nested += _items(x, y, (name, *parents))
            elif isinstance(x, dict) and isinstance(y, dict) and not (_parsed(x) and _parsed(y)):
                parts += _fields(x, y)
            else:
                parts.append(_change(key, x, y))
        return ([_say(f"{name}: {'; '.join(parts)}", parents)] if parts else []) + nested
    return [_say(_change_named(name, a, b), parents)]


def _fields(a: dict, b: dict) -> list[str]:
    """A nested mapping's changes, each "FIELD old -> new" (stats: {vit: 2} -> {vit: 1} is "VIT 2 -> 1")."""
    return [_change(k, a.get(k), b.get(k), stat=True) for k in [*a, *(k for k in b if k not in a)]
            if a.get(k) != b.get(k)]


def _change(key: str, x: Any, y: Any, *, stat: bool = False) -> str:
    sx, sy = _show(x), _show(y)
    if key in _TEXTS or len(sx) > SHORT or len(sy) > SHORT:
        return "text changed" if key in _TEXTS else f"{label(key, stat=stat)} changed"
    return f"{label(key, stat=stat)} {sx} -> {sy}"


def _change_named(name: str, a: Any, b: Any) -> str:
    sa, sb = _show(a), _show(b)
    if len(sa) > SHORT or len(sb) > SHORT:
        return f"{name}: changed"
    return f"{name}: {sa} -> {sb}"
