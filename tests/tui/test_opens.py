"""Every action of the desk that pushes a screen is marked `opens` (tui/typeahead.py): when it
opens nothing it refused, and the keys typed right after it are set aside instead of running on
the screen still on top (docs/keys.md). A new opener written without the mark fails here.

An action pushes a screen when its code calls `push_screen` / `switch_screen` /
`push_screen_wait`, or calls a method that does: `self.name(...)` is the method of its own class
(or a base) when the class has one; any other call `x.name(...)` counts as a call of every
method of the desk of that name (more than the code can reach, never less). A dialog's closures
(`done`, `chosen`) are part of the action that defines them."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import briefdesk.tui
import pytest
from briefdesk.tui.screens.review.base import Controller
from briefdesk.tui.typeahead import is_opener, opens
from textual.dom import DOMNode

PUSH = frozenset({"push_screen", "switch_screen", "push_screen_wait"})

# Actions that push a screen and are not openers, each with why.
NOT_OPENERS = {
    # quitting: it quits (nothing typed after it runs) or asks about decisions not saved; a form
    # it warned about stays on top and takes the keys typed after it, as it should
    "BriefdeskApp.action_quit",
    "Open.action_quit",
    # the batch loads in a worker and its screen comes later: nothing is pushed while the key is
    # in flight, so `opens` would call every opening a refusal (docs/keys.md: typed ahead)
    "BatchPicker.action_open",
}


def desk_classes() -> list[type]:
    """Every class defined in the desk's modules."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(briefdesk.tui.__path__, "briefdesk.tui."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == info.name:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return list(found.values())


def own_methods(cls: type) -> Iterator[tuple[str, Callable[..., Any]]]:
    """The methods `cls` defines itself (not those it inherits), unwrapped."""
    for name, value in vars(cls).items():
        if inspect.isfunction(value):
            yield name, inspect.unwrap(value)


@cache
def calls(function: Callable[..., Any]) -> tuple[frozenset[str], frozenset[str]]:
    """The names `function` calls as `self.name(...)`, and as any other `x.name(...)` or
    `name(...)`; its nested functions and lambdas included."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    on_self: set[str] = set()
    other: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute):
            if isinstance(func.value, ast.Name) and func.value.id == "self":
                on_self.add(func.attr)
            else:
                other.add(func.attr)
        elif isinstance(func, ast.Name):
            other.add(func.id)
    return frozenset(on_self), frozenset(other)


class Pushers:
    """Which methods of the given classes push a screen, directly or through another."""

    def __init__(self, classes: list[type]) -> None:
        self.classes = classes
        self.by_name: dict[str, list[tuple[type, Callable[..., Any]]]] = {}
        for cls in classes:
            for name, function in own_methods(cls):
                self.by_name.setdefault(name, []).append((cls, function))
        self.memo: dict[tuple[type, str], bool] = {}

    def method(self, cls: type, name: str) -> Callable[..., Any] | None:
        """`cls`'s own or inherited method `name`, if the desk defines it."""
        for base in cls.__mro__:
            value = vars(base).get(name)
            if inspect.isfunction(value) and base in self.classes:
                return inspect.unwrap(value)
        return None

    def pushes(self, cls: type, name: str) -> bool:
        key = (cls, name)
        if key not in self.memo:
            self.memo[key] = False  # a method calling itself, meanwhile
            function = self.method(cls, name)
            self.memo[key] = function is not None and self._pushes(cls, function)
        return self.memo[key]

    def _pushes(self, cls: type, function: Callable[..., Any]) -> bool:
        on_self, other = calls(function)
        if (on_self | other) & PUSH:
            return True
        for name in on_self:
            if self.method(cls, name) is not None:
                if self.pushes(cls, name):
                    return True
            elif self.anywhere(name):
                return True
        return any(self.anywhere(name) for name in other)

    def anywhere(self, name: str) -> bool:
        """Some method of the desk of that name pushes a screen."""
        return any(self.pushes(cls, name) for cls, _ in self.by_name.get(name, ()))


def actions(classes: list[type]) -> list[tuple[str, type, str]]:
    """Every `action_*` the desk defines on an app, a screen, a widget or a review controller."""
    found = []
    for cls in classes:
        if not (issubclass(cls, DOMNode) or issubclass(cls, Controller)):
            continue
        for name, _ in own_methods(cls):
            if name.startswith("action_"):
                found.append((f"{cls.__name__}.{name}", cls, name))
    return sorted(found)


def unmarked_openers(classes: list[type]) -> list[str]:
    pushers = Pushers(classes)
    return [
        label
        for label, cls, name in actions(classes)
        if label not in NOT_OPENERS and pushers.pushes(cls, name) and not is_opener(vars(cls)[name])
    ]


def test_every_action_that_pushes_a_screen_is_an_opener() -> None:
    assert unmarked_openers(desk_classes()) == []


def test_the_openers_found_are_the_ones_marked() -> None:
    """The walk finds openers at all (the review's, the dialogs', the picker's) and every
    exemption is still an action that pushes a screen."""
    classes = desk_classes()
    pushers = Pushers(classes)
    found = {label for label, cls, name in actions(classes) if pushers.pushes(cls, name)}
    for opener in (
        "Decide.action_exclude",  # pushes itself
        "Annotate.action_annotate",  # through a helper of its own class
        "Write.action_edit_increment",
        "BatchPicker.action_new_batch",
        "NotesDialog.action_add",
        "IncrementDialog.action_add_placement",
    ):
        assert opener in found
    assert found >= NOT_OPENERS
    assert "Decide.action_include" not in found


class _Fresh(Controller):
    """A new controller: one opener marked, one written without the mark, through a helper."""

    @opens
    def action_marked(self) -> None:
        self.app.push_screen("help")

    def action_forgot(self) -> None:
        self._ask()

    def _ask(self) -> None:
        def done(answer: object) -> None:
            self.app.push_screen("more", done)

        self.app.push_screen("dialog", done)

    def action_plain(self) -> None:
        self.notify("nothing pushed")


@pytest.mark.parametrize("extra", [[_Fresh]])
def test_an_opener_written_without_the_mark_is_found(extra: list[type]) -> None:
    assert unmarked_openers([*desk_classes(), *extra]) == ["_Fresh.action_forgot"]
