"""The guard every changing action shares: nothing changes in a read-only desk, or with no item."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .state import ReviewState

F = TypeVar("F", bound=Callable[..., Any])


def mutating(method: F) -> F:
    """Refuse a change in a read-only session (another briefdesk holds the batch) or when the
    filter hides every item, with a message saying so."""

    @functools.wraps(method)
    def wrapper(self: ReviewState, *args: Any, **kwargs: Any) -> Any:
        if self.readonly_reason:
            self.notify(f"Read-only: {self.readonly_reason}", severity="warning", markup=False)
            return None
        if self.current is None:
            self.notify("No item selected (the filter hides every item).", severity="warning")
            return None
        return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]


def current(method: F) -> F:
    """Refuse an action on the current item when the filter hides every item (reading, copying
    and handing the item to another program work in a read-only desk too)."""

    @functools.wraps(method)
    def wrapper(self: ReviewState, *args: Any, **kwargs: Any) -> Any:
        if self.current is None:
            self.notify("No item selected (the filter hides every item).", severity="warning")
            return None
        return method(self, *args, **kwargs)

    return wrapper  # type: ignore[return-value]
