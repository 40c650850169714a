"""briefdesk.core: the domain, with no import of Textual or of the desk.

Data flows one way: files -> core models -> session -> brief -> git.
"""

from briefdesk import __version__

__all__ = ["__version__"]
