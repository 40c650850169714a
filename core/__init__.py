"""briefdesk core: the domain, with no import of Textual.

Data flows one way: files -> core models -> session -> brief -> git.
"""

__version__ = "0.1.0"
