"""The review screen's actions are its controllers' (`base.Controller`): each `action_<id>` of a
controller class is bound onto the screen class once, as a method that runs it on the screen's
controller of that class, so Textual's bindings, the command palette and `run_action` find it
where they look (`getattr(screen, "action_<id>")`).

Which controller owns an action is declared in one table (`ReviewScreen.CONTROLLERS`);
`tests/unit/test_review_view.py` checks that every keymap action has exactly one owner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from .base import Controller

S = TypeVar("S", bound=type)


def owned_actions(controllers: Mapping[str, type[Controller]]) -> dict[str, str]:
    """Each `action_<id>` method name, with the attribute naming the controller that owns it.
    Two controllers may not own the same action."""
    owners: dict[str, str] = {}
    for attribute, cls in controllers.items():
        for name in dir(cls):
            if name.startswith("action_") and callable(getattr(cls, name)):
                if name in owners:
                    raise TypeError(f"{name} is owned by both {owners[name]} and {attribute}")
                owners[name] = attribute
    return owners


def bind_actions(screen_class: S) -> S:
    """Class decorator: bind the actions of the class's CONTROLLERS onto it."""
    controllers: Mapping[str, type[Controller]] = screen_class.CONTROLLERS  # type: ignore[attr-defined]
    for name, attribute in owned_actions(controllers).items():
        setattr(screen_class, name, _delegate(name, attribute))
    return screen_class


def _delegate(name: str, attribute: str) -> Callable[..., Any]:
    def action(self: Any, *args: Any) -> Any:
        return getattr(getattr(self, attribute), name)(*args)

    action.__name__ = action.__qualname__ = name
    action.__doc__ = f"Run by the screen's `{attribute}` controller."
    return action
