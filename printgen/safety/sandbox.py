"""The Jinja sandbox every game template runs in.

A game folder is untrusted (designers share them), so its templates:

- run in Jinja's *immutable* sandbox: no ``__globals__``, no ``__class__``, no
  mutating methods, no pydantic internals (``model_*``);
- load only from the game's own templates folder, by plain relative names, and
  never through a symlink that leads out of ``templates/<game-id>/``;
- cannot grow a string or list past ``limits['repeat']`` in one step (``*``,
  ``**``, ``%``, ``center``, ``replace``, ``format``... are checked first), and
  a watchdog stops a render that runs longer than ``limits['template-seconds']``
  or grows the process by more than ``TEMPLATE_MEMORY`` bytes;
- count their steps (safety/budget.py): an evaluation past its operation budget stops, also off the
  main thread where no watchdog runs, and what one C call would allocate (``join``, ``sum``, a format
  width, ``+``, ``~``, a product of big numbers) is measured before it runs;
- see data fields under their YAML names (``c.stats.def``, not ``def_``).

Every refusal is a ``TemplateLimitError`` (a ``jinja2.TemplateError``), so it
becomes a located finding like any template mistake.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import jinja2
import jinja2.nodes
import jinja2.runtime
from jinja2.sandbox import ImmutableSandboxedEnvironment
from pydantic import BaseModel

from ..limits import limit
from ..model.notation import format_range
from .budget import (BUDGET, BudgetCodeGenerator, BudgetRange, ResourceLimitError, TemplateLimitError, check_format,
                     check_product, check_repeat, check_sum,
                     checked_join, linear_sum, text_cap)
from .paths import inside
from .template_errors import FieldUndefined

TEMPLATE_MEMORY = 512 * 1024 * 1024  # bytes a template render may add to the process
_TICK = 0.05  # seconds between watchdog checks


class GameTemplateLoader(jinja2.BaseLoader):
    """Templates by relative name from ``search``; the file, symlinks followed, must lie inside ``confine``."""

    def __init__(self, search: Path, confine: Path) -> None:
        self.search = search
        self.confine = confine

    def get_source(self, environment, template: str):
        parts = template.replace("\\", "/").split("/")
        if template.startswith("/") or any(p in ("", ".", "..") for p in parts):
            raise jinja2.TemplateNotFound(template, f"'{template}' is not a plain relative template name")
        path = self.search.joinpath(*parts)
        if not path.is_file():
            raise jinja2.TemplateNotFound(template)
        if not inside(path, self.confine):
            raise TemplateLimitError(f"'{template}' is a symlink leading out of {self.confine.name}/; "
                                     "templates may only use files inside the game's templates folder")
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:  # read with replacements, the page printed '\ufffd' and no one was told
            raise jinja2.TemplateSyntaxError(
                f"this file is not valid UTF-8 (byte 0x{raw[exc.start]:02x}, {exc.start:,} bytes in); save it as "
                "UTF-8", raw[:exc.start].count(b"\n") + 1, template, str(path)) from None
        mtime = path.stat().st_mtime
        return text, str(path), lambda: path.is_file() and path.stat().st_mtime == mtime


def _too_big(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and abs(n) > limit("repeat")


def _sized(value: Any) -> int:
    return len(value) if isinstance(value, (str, list, tuple)) else 0


# str methods (and filters) whose result can be far larger than their input, and the
# check each needs before it runs: a huge width, count or repeat is refused.
_AMPLIFIERS = {"center", "ljust", "rjust", "zfill", "expandtabs", "replace", "format", "format_map", "join"}


def _check_amplifier(name: str, obj: Any, args: tuple, kwargs: dict) -> None:
    nums = [a for a in (*args, *kwargs.values()) if isinstance(a, int)]
    if name in ("format", "format_map") and isinstance(obj, str):
        check_format(obj, [*args, *kwargs.values()])
    if name == "indent" and isinstance(obj, str):
        width = args[0] if args else kwargs.get("width", "")
        if isinstance(width, str) and len(width) * (obj.count("\n") + 1) > text_cap():
            raise TemplateLimitError(f"'indent' would make text longer than {text_cap():,} characters")
    if any(_too_big(n) for n in nums):
        raise TemplateLimitError(f"'{name}' with {max(nums, key=abs)} is past the limit of "
                                 f"{int(limit('repeat')):,} characters")
    if name == "replace" and len(args) >= 2 and isinstance(obj, str):
        old, new = str(args[0]), str(args[1])
        grows = obj.count(old) if old else len(obj) + 1
        if len(obj) + grows * max(0, len(new) - len(old)) > limit("repeat") + len(obj):
            raise TemplateLimitError(f"'replace' would make text longer than {int(limit('repeat')):,} characters")


def _guard_filter(name: str, fn: Callable) -> Callable:
    def guarded(*args, **kwargs):
        pos = [a for a in args if not isinstance(a, (jinja2.runtime.Context, jinja2.nodes.EvalContext, jinja2.Environment))]
        if pos:
            _check_amplifier(name, pos[0], tuple(pos[1:]), kwargs)
        try:
            return fn(*args, **kwargs)
        except AssertionError as exc:  # Jinja's truncate checks its arguments with assert: a template's mistake
            raise jinja2.exceptions.FilterArgumentError(f"'{name}': {exc}") from None

    for attr in ("jinja_pass_arg",):
        if hasattr(fn, attr):
            setattr(guarded, attr, getattr(fn, attr))
    return guarded


def _guarded_join(join: Callable) -> Callable:
    """The ``join`` filter, its result measured before it is made (``attribute=`` read by Jinja's own)."""
    def guarded(eval_ctx, value, d="", attribute=None):
        if attribute is not None:
            value = [jinja2.filters.make_attrgetter(eval_ctx.environment, attribute)(v) for v in value]
        texts, _ = checked_join(str(d), value)
        return join(eval_ctx, texts, d)

    guarded.jinja_pass_arg = jinja2.utils._PassArg.eval_context  # type: ignore[attr-defined]
    return guarded


def _guarded_sum(total: Callable) -> Callable:
    """The ``sum`` filter; lists and tuples added in linear time and bounded size (Python's sum copies
    the growing list at each step, in one C call no watchdog interrupts)."""
    def guarded(environment, iterable, attribute=None, start=0):
        if isinstance(start, (list, tuple, str)):
            if attribute is not None:
                iterable = map(jinja2.filters.make_attrgetter(environment, attribute), iterable)
            return linear_sum(iterable, start)
        return total(environment, iterable, attribute, start)

    guarded.jinja_pass_arg = jinja2.utils._PassArg.environment  # type: ignore[attr-defined]
    return guarded


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    if not all(isinstance(v, int) and 0 <= v <= 1000 for v in (n, min, max)):
        raise TemplateLimitError("lipsum takes numbers from 0 to 1000")
    return jinja2.utils.generate_lorem_ipsum(n, html, min, max)


class GameSandbox(ImmutableSandboxedEnvironment):
    """The immutable sandbox with size checks, an operation budget and YAML field names."""

    intercepted_binops = frozenset({"*", "**", "%", "//", "+"})
    code_generator_class = BudgetCodeGenerator
    markdown = True  # data text comes out escaped for Markdown (rulebooks); layouts draw text, not markup

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.budget = BUDGET  # this thread's (budget.Budget)
        for name in ("center", "indent", "wordwrap", "replace", "format", "truncate", "slice", "batch",
                     "filesizeformat"):
            if name in self.filters:
                self.filters[name] = _guard_filter(name, self.filters[name])
        self.filters["join"] = _guarded_join(self.filters["join"])
        self.filters["sum"] = _guarded_sum(self.filters["sum"])
        self.filters["_budget_steps"] = self.budget.iterate  # every {% for %} (budget.BudgetCodeGenerator)
        self.globals["lipsum"] = _lipsum
        safe_range = self.globals["range"]
        self.globals["range"] = lambda *a: BudgetRange(self.budget, safe_range(*a))

    def wrap_str_format(self, value: Any):
        """``'{:>999999999}'.format(1)``: the sandbox's own format, its widths checked first."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = value.__self__

        def checked(*args, **kwargs):
            values = [*args, *kwargs.values()] + ([*args[0].values()] if args and isinstance(args[0], dict) else [])
            check_format(text, values)
            nested = re.search(r"\{[^{}]*:[^{}]*\{", text)  # '{:{w}}': a width taken from the values
            if nested and any(type(v) is int and _too_big(v) for v in values):
                raise TemplateLimitError(f"'format' with a number past the limit of {int(limit('repeat')):,}")
            return wrapped(*args, **kwargs)

        return checked

    def checked_concat(self, parts: tuple) -> str:
        """``a ~ b ~ c``, measured before it is made (budget.BudgetCodeGenerator)."""
        self.budget.tick()
        texts, _ = checked_join("", parts)
        return "".join(texts)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, BaseModel) and attr.startswith("model_"):
            return False  # pydantic's machinery is not data
        return super().is_safe_attribute(obj, attr, value)

    def getattr(self, obj: Any, attribute: str) -> Any:
        self.budget.tick()
        if isinstance(obj, BaseModel):
            fields = obj.__class__.model_fields
            if attribute in fields:
                # a data field (never a method or pydantic's machinery): read it without the general
                # safety walk, which is most of a large deck's layout time
                value = getattr(obj, attribute)
                return literal(value) if self.markdown else value
            for name, info in fields.items():
                if info.alias == attribute:  # ``def`` in YAML is ``def_`` in Python
                    attribute = name
                    break
        value = super().getattr(obj, attribute)
        return literal(value) if self.markdown and isinstance(obj, BaseModel) else value

    def getitem(self, obj: Any, argument: Any) -> Any:
        self.budget.tick()
        value = super().getitem(obj, argument)
        return literal(value) if self.markdown and isinstance(obj, (BaseModel, tuple, list)) else value

    def call_binop(self, context, operator: str, left: Any, right: Any) -> Any:
        self.budget.tick()
        if operator == "+":
            check_sum(left, right)
        elif operator == "*" and type(left) is int and type(right) is int:
            check_product(left, right)
        elif operator == "*" and (_sized(left) and isinstance(right, int) or _sized(right) and isinstance(left, int)):
            size, n = (_sized(left), right) if _sized(left) else (_sized(right), left)
            check_repeat(left if _sized(left) else right, n)
            if size * max(n, 0) > limit("repeat"):
                raise TemplateLimitError(f"repeating {size:,} items {n:,} times is past the limit of "
                                         f"{int(limit('repeat')):,}")
        elif operator == "**" and isinstance(right, (int, float)) and isinstance(left, (int, float)):
            if abs(right) > 64 and abs(left) > 1:
                raise TemplateLimitError(f"{left} ** {right} is too large a number")
        elif operator == "%" and isinstance(left, str):
            # "%99999999d" % 1: widths and precisions in the format
            check_format(left, right if isinstance(right, tuple) else (right,))
        return super().call_binop(context, operator, left, right)

    def call(self, __context, __obj, *args, **kwargs):
        self.budget.tick()
        name = getattr(__obj, "__name__", "")
        if name in _AMPLIFIERS and isinstance(getattr(__obj, "__self__", None), str):
            if name == "join" and args:  # str.join: the items measured (and kept: a generator runs once)
                args = (checked_join(__obj.__self__, args[0])[0],) + args[1:]
            _check_amplifier(name, __obj.__self__, args, kwargs)
        return super().call(__context, __obj, *args, **kwargs)


_MD_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")


class Literal(str):
    """Data text already escaped for Markdown (escaping it again would show the backslashes)."""


def literal(value: Any) -> Any:
    """Data text as Markdown that reads as the same text: every ASCII punctuation character
    backslash-escaped (CommonMark allows it for all of them) and line breaks made spaces, so a
    name or rule can never become a heading, table, link or ``printgen:`` image. Lists and
    tuples of text are escaped item by item; other values pass through."""
    if isinstance(value, Literal):
        return value
    if isinstance(value, str):
        return Literal(_MD_PUNCT.sub(r"\\\1", " ".join(value.split())))
    if isinstance(value, (list, tuple)) and any(isinstance(v, str) for v in value):
        return tuple(literal(v) for v in value)
    return value


def _rss() -> int:
    """Resident memory of this process in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


@contextmanager
def watchdog(seconds: float, memory: int = TEMPLATE_MEMORY) -> Iterator[None]:
    """Raise TemplateLimitError inside the block when it runs past ``seconds`` or grows by ``memory`` bytes.

    A SIGALRM interval timer checks every 50 ms, so it only works on the main thread
    (the CLI and the build workers); elsewhere the block runs unwatched.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return
    start, base = time.monotonic(), _rss()

    def tick(signum, frame):
        if time.monotonic() - start > seconds:
            raise ResourceLimitError(f"the templates took longer than {seconds:g} s to render")
        if base and _rss() - base > memory:
            raise ResourceLimitError(f"the templates used more than {memory // 2**20} MiB of memory")

    old = signal.signal(signal.SIGALRM, tick)
    signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, old)


def render_capped(template: jinja2.Template, scope: dict) -> str:
    """Render ``template``, refusing output longer than ``limits['template-output']`` characters."""
    cap = limit("template-output")
    out: list[str] = []
    size = 0
    for piece in template.generate(**scope):
        size += len(piece)
        if size > cap:
            raise TemplateLimitError(f"this template renders to more than {int(cap):,} characters")
        out.append(piece)
    return "".join(out)


class _MemoryBytecode(jinja2.BytecodeCache):
    """Compiled templates kept in this process, by file, checked against their source (an edited template
    compiles again). A build's worker loads the same rulebook templates for each paper; a watch, every round."""

    def __init__(self) -> None:
        self.store: dict[str, bytes] = {}

    def load_bytecode(self, bucket) -> None:
        data = self.store.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)  # Jinja drops it when the source's checksum differs

    def dump_bytecode(self, bucket) -> None:
        if len(self.store) > 2000:
            self.store.clear()
        self.store[bucket.key] = bucket.bytecode_to_string()


_BYTECODE = _MemoryBytecode()


def environment(search: Path, confine: Path, *, markdown: bool = True) -> GameSandbox:
    """The sandboxed environment for templates found in ``search`` and confined to ``confine``;
    ``markdown``: data text read in a template is escaped for Markdown (False for layouts, which draw
    text and never parse it)."""
    env = GameSandbox(
        loader=GameTemplateLoader(search, confine),
        undefined=FieldUndefined,
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        bytecode_cache=_BYTECODE,
    )
    env.markdown = markdown
    env.filters["cell"] = lambda v: re.sub(r"(?<!\\)\|", r"\\|", str(v)).replace("\n", " ")
    env.filters["dice"] = format_range
    return env
