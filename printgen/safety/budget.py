"""An operation budget for game templates, and the checks that come before a C-level allocation.

A signal watchdog (sandbox.watchdog) cannot stop one long C call (``sum`` over lists, ``join``, a
``%``-format of a huge width, a big integer squared) and does not run off the main thread (the
studio) at all. So the sandbox also counts: every attribute or item read, call, operator and loop
step ticks a budget that an evaluation starts afresh (``Budget.start``), and the time is looked at
every few thousand ticks. Loops tick through a code generator that wraps each ``{% for %}``'s
iterable (``BudgetCodeGenerator``), so a budget holds inside macros and filters too: what a filter
iterates was made by a loop, a ``range`` or an operator that ticked. What one C call could allocate
(a join, a concatenation, a repeat, a format width, a product of big integers) is worked out from
its inputs and refused before it runs.
"""

from __future__ import annotations

import re
import threading
import time
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

import jinja2
from jinja2 import nodes
from jinja2.compiler import CodeGenerator

from ..limits import limit

_CHECK_EVERY = 1024  # ticks between looks at the clock
INT_BITS = 16_384  # a product of whole numbers past this many bits (~4,900 digits) is refused


class TemplateLimitError(jinja2.TemplateError):
    """A template went past a limit (time, memory, size, steps) or outside its folder."""


class ResourceLimitError(TemplateLimitError):
    """The watchdog or the budget stopped a render (time, memory, steps): the whole rulebook stops."""


class Budget(threading.local):
    """Ticks left and a deadline for one evaluation; ``start`` gives a new evaluation its own. One per
    thread (``BUDGET``), shared by every environment: a compiled template keeps the environment that
    compiled it, and layouts share compiled values between environments (layout/expressions.py)."""

    def __init__(self) -> None:
        self.ops = 0
        self.cap = float("inf")
        self.deadline = float("inf")
        self.what = ""

    def start(self, ops: float, seconds: float, what: str) -> None:
        self.ops, self.cap, self.what = 0, ops, what
        self.deadline = time.monotonic() + seconds

    @contextmanager
    def running(self, ops: float, seconds: float, what: str) -> Iterator[None]:
        """A budget of its own for the block; the one before it (an outer evaluation's, or none) after."""
        saved = (self.ops, self.cap, self.deadline, self.what)
        self.start(ops, seconds, what)
        try:
            yield
        finally:
            self.ops, self.cap, self.deadline, self.what = saved

    def tick(self, n: int = 1) -> None:
        self.ops += n
        if self.ops > self.cap:
            raise self.error(f"{self.what} takes more than {int(self.cap):,} steps (loops, reads, calls); "
                             "loop over less or compute it in fewer steps")
        if self.ops % _CHECK_EVERY < n and time.monotonic() > self.deadline:
            raise self.error(f"{self.what} ran out of time; loop over less or compute it in fewer steps")

    def error(self, message: str) -> Exception:
        return ResourceLimitError(message)

    def iterate(self, seq: Any) -> Iterator[Any]:
        """``seq``, one tick per item (every ``{% for %}`` loops through this)."""
        if isinstance(seq, jinja2.Undefined):
            yield from seq
            return
        for item in seq:
            self.tick()
            yield item


BUDGET = Budget()


class BudgetRange:
    """``range()`` in a template: the sandbox's (at most MAX_RANGE items), one tick per item however it
    is consumed (a loop, ``|list``, ``|sum``, ``|join``), so a filter over it spends the budget too."""

    def __init__(self, budget: Budget, items: range) -> None:
        self.budget, self.items = budget, items

    def __iter__(self) -> Iterator[int]:
        for i in self.items:
            self.budget.tick()
            yield i

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, k):
        return self.items[k]

    def __contains__(self, x) -> bool:
        return x in self.items

    def __reversed__(self) -> Iterator[int]:
        return iter(BudgetRange(self.budget, self.items[::-1]))

    def __repr__(self) -> str:
        return repr(self.items)


class BudgetCodeGenerator(CodeGenerator):
    """Jinja's code generator with every ``{% for %}`` iterating through the budget, and every ``~``
    concatenation measured before it is made."""

    def visit_Template(self, node: nodes.Template, frame=None) -> None:
        # before the generator collects the filters a template uses (it names each once, up front)
        for loop in node.find_all(nodes.For):
            if not getattr(loop, "_budgeted", False):
                loop.iter = nodes.Filter(loop.iter, "_budget_steps", [], [], None, None, lineno=loop.lineno)
                loop._budgeted = True  # type: ignore[attr-defined]
        super().visit_Template(node, frame)

    def visit_Concat(self, node: nodes.Concat, frame) -> None:
        self.write("environment.checked_concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


def text_cap() -> int:
    """The most characters one string or list a template builds may have: a chapter's whole output."""
    return int(limit("template-output"))


def checked_join(sep: str, items: Iterable[Any]) -> tuple[list[str], int]:
    """The items as text, and the joined length, refused before joining when past ``text_cap``."""
    cap = text_cap()
    texts, total = [], 0
    for x in items:
        s = x if isinstance(x, str) else str(x)
        total += len(s) + (len(sep) if texts else 0)
        if total > cap:
            raise TemplateLimitError(f"joining these would make text longer than {cap:,} characters")
        texts.append(s)
    return texts, total


def check_product(left: Any, right: Any) -> None:
    """Refuse a product of whole numbers whose result would pass ``INT_BITS`` bits (squaring a big
    number again and again is a C loop no watchdog interrupts)."""
    if type(left) is int and type(right) is int and left.bit_length() + right.bit_length() > INT_BITS:
        raise TemplateLimitError(f"this product is a number of more than {INT_BITS:,} bits; templates keep to "
                          "smaller numbers")


def weight(value: Any) -> int:
    """What printing ``value`` would cost, roughly: a text's length; a list's items and, one level down,
    their lengths (``['x' * 100000] * 100000`` is 100,000 items but 10 billion characters once printed)."""
    if isinstance(value, str):
        return len(value)
    if isinstance(value, (list, tuple)):
        return len(value) + sum(len(x) for x in value if isinstance(x, (str, list, tuple, dict)))
    return 1


def check_sum(left: Any, right: Any) -> None:
    """Refuse text or a list joined by ``+`` past ``text_cap`` (a namespace doubled in a loop)."""
    if isinstance(left, (str, list, tuple)) and isinstance(right, (str, list, tuple)):
        if weight(left) + weight(right) > text_cap():
            raise TemplateLimitError(f"adding these would make one of more than {text_cap():,} characters or items")


def check_repeat(seq: Any, times: int) -> None:
    """Refuse a list or tuple repeated past ``text_cap`` counting what its items hold (a list of 100,000
    long texts is cheap to make and gigabytes to print, join or sort)."""
    if isinstance(seq, (list, tuple)) and weight(seq) * max(times, 0) > text_cap():
        raise TemplateLimitError(f"repeating these {len(seq):,} items {times:,} times would hold more than "
                                 f"{text_cap():,} characters or items")


_FORMAT_FIELD = re.compile(r"\{[^{}]*:([^{}]*)\}")
_PERCENT = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(\d+|\*)?(?:\.(\d+|\*))?")


def check_format(text: str, args: Iterable[Any] = ()) -> None:
    """Refuse a ``%`` or ``str.format`` format whose width or precision is past ``limits['repeat']``
    (``'%0999999999d'|format(1)`` allocates a gigabyte in one C call), or taken (``*``) from a
    number that is."""
    most = limit("repeat")
    widths = [g for m in _PERCENT.finditer(text) for g in m.groups() if g and g != "*"]
    widths += re.findall(r"\d+", " ".join(_FORMAT_FIELD.findall(text)))
    if any(int(w) > most for w in widths if len(w) < 20) or any(len(w) >= 20 for w in widths):
        raise TemplateLimitError(f"a format width or precision past the limit of {int(most):,} characters")
    if "*" in text and any(type(a) is int and abs(a) > most for a in args):
        raise TemplateLimitError(f"a format width or precision past the limit of {int(most):,} characters")


def linear_sum(items: Iterable[Any], start: Any) -> Any:
    """``sum(items, start)`` for a list, tuple or text ``start`` in linear time and bounded size
    (Python's ``sum`` copies the growing list at every step: quadratic, in one C call)."""
    cap = text_cap()
    if isinstance(start, str):
        raise TemplateLimitError("sum cannot add text; use join")
    out = list(start)
    for x in items:
        if type(x) is not type(start):
            raise TypeError(f"can only concatenate {type(start).__name__} (not \"{type(x).__name__}\")")
        if len(out) + len(x) > cap:
            raise TemplateLimitError(f"this sum would make a list of more than {cap:,} items")
        out.extend(x)
    return out if isinstance(start, list) else tuple(out)
