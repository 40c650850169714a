"""The guard every changing action shares: nothing changes in a read-only desk, or with no item."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

if TYPE_CHECKING:
    from .base import Controller

C = TypeVar("C", bound="Controller")
P = ParamSpec("P")


def mutating(method: Callable[Concatenate[C, P], None]) -> Callable[Concatenate[C, P], None]:
    """Refuse a change in a read-only session (another briefdesk holds the batch) or when the
    filter hides every item, with a message saying so."""

    @functools.wraps(method)
    def wrapper(self: C, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.read_only():
            return
        if self.view.current is None:
            self.notify("No item selected (the filter hides every item).", severity="warning")
            return
        method(self, *args, **kwargs)

    return wrapper


def current(method: Callable[Concatenate[C, P], None]) -> Callable[Concatenate[C, P], None]:
    """Refuse an action on the current item when the filter hides every item (reading, copying
    and handing the item to another program work in a read-only desk too)."""

    @functools.wraps(method)
    def wrapper(self: C, *args: P.args, **kwargs: P.kwargs) -> None:
        if self.view.current is None:
            self.notify("No item selected (the filter hides every item).", severity="warning")
            return
        method(self, *args, **kwargs)

    return wrapper
