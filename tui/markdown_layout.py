"""Material Markdown laid out as lines of `(text, style)` pieces, with no widget (see
`tui.widgets.markdown_text` for the Static that shows them).

`markdown_lines(text)` parses the text with markdown-it (Textual's own "gfm-like" parser:
CommonMark, tables, strikethrough, bare URLs) and lays the blocks out as `Line`s: each with the
prefix of its first row (a list marker, a quote bar), the prefix of the rows it wraps to, and its
text. `markdown_content(text)` joins them into one `Content`.

Material text is data, whatever it holds:

- It is built from plain strings and styles only (`(text, style)` pairs assembled into
  `Content`): `[bold]x[/]`, `[@click=app.quit]y[/]`, `$variable` and backslashes are shown as
  written, never read as Content markup. The styles are this module's constants.
- Every piece of text goes through `core.text.sanitize` (entities such as `&#x1b;` or `&#x202e;`
  decode to controls after the parse, so the pieces are cleaned, not only the source).
- Links are shown as their text followed by their target, and are not clickable: no `@click`
  meta, no `link` style. A material may link anywhere (`javascript:`, `file:`, a tracker).
- Very long texts are cut at `MAX_CHARS` with a note of what was left out, so a 2 MB line cannot
  stall the screen; text nested deeper than markdown-it lays out (it drops it) is shown as written.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from functools import cache, lru_cache

from briefdesk.core.text.sanitize import safe_line, safe_text
from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich.cells import cell_len
from textual.content import Content

from .linebreak import wide

MAX_CHARS = 8_000  # an item is a few hundred characters; markdown-it takes ~0.3 s on 20,000 `[`
MAX_INDENT_DEPTH = 8  # containers deeper than this add their marker but no continuation indent
MAX_TABLE_COLUMN = 30  # table cells are padded to their column's width, up to this many cells

HEADING = {
    "h1": "bold underline $accent",
    "h2": "bold $accent",
    "h3": "bold $text-accent",
    "h4": "bold",
    "h5": "bold $text-muted",
    "h6": "italic $text-muted",
}
EM, STRONG, STRIKE = "italic", "bold", "strike"
CODE_INLINE = "$text-warning on $warning 10%"
CODE_BLOCK = "$text-warning"
CODE_INDENT = "  "
LINK_TEXT = "underline"
MUTED = "$text-muted"
QUOTE = ("▌ ", "$primary")
BULLETS = ("• ", "◦ ", "▪ ")
RULE = "─" * 24
TABLE_HEAD = "bold"
NOTE = "italic $text-muted"

Piece = tuple[str, str]  # (text, style)


@dataclass(frozen=True)
class Line:
    """One line of the layout: its prefix on its first row, the prefix of the rows it wraps to
    (the same width, blank where the first has a list marker), and its text."""

    first: tuple[Piece, ...]
    rest: tuple[Piece, ...]
    body: tuple[Piece, ...]


_CONTAINERS = frozenset({"blockquote_open", "list_item_open"})


@cache
def _parser() -> MarkdownIt:
    return MarkdownIt("gfm-like")


@lru_cache(maxsize=32)  # immutable: going back to an item costs nothing
def markdown_lines(text: str) -> tuple[Line, ...]:
    """The Markdown `text` (raw material text) laid out as lines, safe to show."""
    hidden = len(text) - MAX_CHARS
    if hidden > 0:
        text = text[:MAX_CHARS]
    text = safe_text(text)
    parser = _parser()
    tokens = parser.parse(text)
    if any(
        token.type in _CONTAINERS and token.level >= parser.options.maxNesting - 1
        for token in tokens
    ):
        # markdown-it skips what lies deeper than its nesting limit: show the text as written
        lines = [
            _plain_line("(nested too deeply to lay out: the text as written)", NOTE),
            _plain_line(""),
        ]
        lines += [_plain_line(line) for line in text.rstrip("\n").split("\n")]
    else:
        lines = _Layout(parser).render(tokens)
    if hidden > 0:
        note = _plain_line(f"… {hidden:,} more characters not shown here", NOTE)
        lines = [*lines, _plain_line(""), note] if lines else [note]
    return tuple(lines)


@lru_cache(maxsize=32)
def markdown_content(text: str) -> Content:
    """The Markdown `text` (raw material text) laid out as one Content, safe to show; each line
    with its first prefix (wrapped by `Content`, not indented: `MarkdownVisual` indents)."""
    return unwrapped(markdown_lines(text))


def unwrapped(lines: tuple[Line, ...]) -> Content:
    return join_rows([Content.assemble(*line.first, *line.body) for line in lines])


def _plain_line(text: str, style: str = "") -> Line:
    return Line((), (), ((text, style),) if text else ())


def join_rows(rows: list[Content]) -> Content:
    return Content("\n").join(rows) if rows else Content("")


@dataclass
class _Box:
    """A container's prefix: `first` on its first line (a list marker), `rest` on the others."""

    first: str
    rest: str
    style: str = ""
    kind: str = ""  # "quote", "code", "item" or "bullet" (an item of a bullet list)
    started: bool = False


@dataclass
class _Table:
    rows: list[list[list[Piece]]] = field(default_factory=list)
    head_rows: int = 0
    in_head: bool = False


class _Layout:
    """Walks markdown-it's token stream and writes `Line`s of `(text, style)` pieces."""

    def __init__(self, parser: MarkdownIt) -> None:
        self.parser = parser
        self.lines: list[Line] = []
        self.boxes: list[_Box] = []
        self.loose: list[bool] = []  # per open list, innermost last: items apart by blank lines
        self.gap = False  # a blank line is due before the next block
        self.pending: list[Piece] | None = None  # the inline content of an open heading/paragraph
        self.pending_style = ""
        self.table: _Table | None = None
        self.row: list[list[Piece]] | None = None

    # -- output ------------------------------------------------------------------------------

    def _prefixes(self) -> tuple[tuple[Piece, ...], tuple[Piece, ...]]:
        """The prefixes of the next line: a container's first line gets its marker."""
        first: list[Piece] = []
        rest: list[Piece] = []
        for depth, box in enumerate(self.boxes, 1):
            indent = box.rest if depth <= MAX_INDENT_DEPTH else ""
            if not box.started:
                box.started = True
                first.append((box.first, box.style))
            elif indent:
                first.append((indent, box.style))
            if indent:
                rest.append((indent, box.style))
        return tuple(first), tuple(rest)

    def _blank(self) -> None:
        """A blank line between blocks; a blockquote's bar continues through it."""
        pieces = [(box.rest, box.style) for box in self.boxes]
        while pieces and not pieces[-1][0].strip():
            pieces.pop()
        if pieces:
            text, style = pieces.pop()
            pieces.append((text.rstrip(), style))
        self.lines.append(Line(tuple(pieces), tuple(pieces), ()))

    def _block(self, pieces: list[Piece]) -> None:
        """One block: a blank line before it if one is due, its lines each with the prefix."""
        if self.gap and self.lines:
            self._blank()
        self.gap = False
        body: list[Piece] = []
        for text, style in pieces:
            if "\n" not in text:
                if text:
                    body.append((text, style))
                continue
            for n, part in enumerate(text.split("\n")):
                if n:
                    self._line(body)
                    body = []
                if part:
                    body.append((part, style))
        self._line(body)

    def _line(self, body: list[Piece]) -> None:
        first, rest = self._prefixes()
        if not body and first:  # nothing after the prefix (an empty list item): no trailing blank
            *head, (text, style) = first
            first = (*head, (text.rstrip(), style))
        self.lines.append(Line(first, rest, tuple(body)))

    def _end_block(self) -> None:
        self.gap = True

    # -- inline ------------------------------------------------------------------------------

    def _inline(self, token: Token, base: str = "") -> list[Piece]:
        pieces: list[Piece] = []
        stack: list[str] = [base] if base else []
        links: list[tuple[str, int]] = []  # (target, index of the link's first piece)
        soft = False

        def style(*extra: str) -> str:
            return " ".join((*stack, *extra))

        def add(text: str, piece_style: str) -> None:
            nonlocal soft
            if soft:
                # a line break inside a paragraph is a space, except between two wide characters
                # (Chinese wrapped in the source joins without one)
                prev = pieces[-1][0][-1:] if pieces else ""
                if not (prev and text and wide(prev) and wide(text[0])):
                    pieces.append((" ", style()))
                soft = False
            if text:
                pieces.append((text, piece_style))

        for child in token.children or ():
            kind = child.type
            if kind == "text":
                add(safe_text(child.content), style())
            elif kind == "softbreak":
                if soft:
                    add("", style())
                soft = True
            elif kind == "hardbreak":
                soft = False
                pieces.append(("\n", ""))
            elif kind == "code_inline":
                add(safe_line(child.content), style(CODE_INLINE))
            elif kind == "em_open":
                stack.append(EM)
            elif kind == "strong_open":
                stack.append(STRONG)
            elif kind == "s_open":
                stack.append(STRIKE)
            elif kind in ("em_close", "strong_close", "s_close"):
                if len(stack) > bool(base):
                    stack.pop()
            elif kind == "link_open":
                href = str(child.attrs.get("href", ""))
                shown = child.markup not in ("autolink", "linkify")
                links.append((href if shown else "", len(pieces)))
                stack.append(LINK_TEXT)
            elif kind == "link_close":
                if len(stack) > bool(base):
                    stack.pop()
                if links:
                    href, start = links.pop()
                    label = "".join(text for text, _ in pieces[start:]).strip()
                    target = self._target(href)
                    if target and target != label:
                        add(f" <{target}>", style(MUTED))
            elif kind == "image":
                alt = "".join(
                    c.content for c in child.children or () if c.type in ("text", "code_inline")
                )
                add(f"[image: {safe_line(alt)}]", style(MUTED))
                target = self._target(str(child.attrs.get("src", "")))
                if target:
                    add(f" <{target}>", style(MUTED))
            elif child.content:  # html_inline, and anything a parser plugin might add: as written
                add(safe_text(child.content), style())
        if soft:
            add("", style())
        return pieces

    def _target(self, href: str) -> str:
        if not href:
            return ""
        with contextlib.suppress(Exception):  # a malformed URL is shown as markdown-it left it
            href = self.parser.normalizeLinkText(href)
        return safe_line(href)

    # -- blocks ------------------------------------------------------------------------------

    def render(self, tokens: list[Token]) -> list[Line]:
        for token in tokens:
            self._token(token)
        while self.lines and not self.lines[-1].body and not self.lines[-1].first:
            self.lines.pop()
        return self.lines

    def _token(self, token: Token) -> None:
        kind = token.type
        if kind == "inline":
            if self.row is not None:
                self.row.append(self._inline(token))
            elif self.pending is not None:
                self.pending.extend(self._inline(token, self.pending_style))
            return
        if kind == "paragraph_open":
            self.pending, self.pending_style = [], ""
            if (
                not token.hidden
                and self.loose
                and self.boxes
                and self.boxes[-1].kind in ("item", "bullet")
            ):
                self.loose[-1] = True
        elif kind == "heading_open":
            self.pending, self.pending_style = [], HEADING.get(token.tag, "bold")
        elif kind in ("paragraph_close", "heading_close"):
            pieces, self.pending = self.pending or [], None
            if pieces or kind == "heading_close":
                self._block(pieces)
            if not token.hidden:
                self._end_block()
        elif kind in ("fence", "code_block"):
            code = safe_text(token.content).rstrip("\n")
            self.boxes.append(_Box(CODE_INDENT, CODE_INDENT, kind="code"))
            self._block([(code, CODE_BLOCK)])
            self.boxes.pop()
            self._end_block()
        elif kind == "html_block":
            self._block([(safe_text(token.content).rstrip("\n"), "")])
            self._end_block()
        elif kind == "hr":
            self._block([(RULE, MUTED)])
            self._end_block()
        elif kind == "blockquote_open":
            if self.gap and self.lines:
                self._blank()
            self.gap = False
            self.boxes.append(_Box(QUOTE[0], QUOTE[0], QUOTE[1], kind="quote"))
        elif kind == "blockquote_close":
            self._pop_box()
            self._end_block()
        elif kind in ("bullet_list_open", "ordered_list_open"):
            if self.gap and self.lines:
                self._blank()
            self.gap = False
            self.loose.append(False)
        elif kind in ("bullet_list_close", "ordered_list_close"):
            if self.loose:
                self.loose.pop()
            # a list nested in an item of a tight list runs on without a blank line
            self.gap = not (
                self.loose
                and not self.loose[-1]
                and self.boxes
                and self.boxes[-1].kind in ("item", "bullet")
            )
        elif kind == "list_item_open":
            if token.markup in (".", ")"):
                marker, item = f"{token.info}{token.markup} ", "item"
            else:
                depth = sum(1 for box in self.boxes if box.kind == "bullet")
                marker, item = BULLETS[depth % len(BULLETS)], "bullet"
            self.boxes.append(_Box(marker, " " * cell_len(marker), MUTED, kind=item))
        elif kind == "list_item_close":
            box = self.boxes[-1] if self.boxes else None
            if box is not None and not box.started:  # an empty item: its marker alone
                self._block([])
            self._pop_box()
            if self.loose and self.loose[-1]:
                self.gap = True
        elif kind == "table_open":
            self.table = _Table()
        elif kind == "thead_open" and self.table is not None:
            self.table.in_head = True
        elif kind == "thead_close" and self.table is not None:
            self.table.in_head = False
        elif kind == "tr_open":
            self.row = []
        elif kind == "tr_close":
            if self.table is not None and self.row is not None:
                self.table.rows.append(self.row)
                if self.table.in_head:
                    self.table.head_rows += 1
            self.row = None
        elif kind == "table_close":
            table, self.table = self.table, None
            if table is not None and table.rows:
                self._block(_table_pieces(table))
                self._end_block()

    def _pop_box(self) -> None:
        if self.boxes:
            self.boxes.pop()


def _table_pieces(table: _Table) -> list[Piece]:
    """Rows as lines, cells padded to their column's width (up to a limit) and joined by │."""
    columns = max(len(row) for row in table.rows)
    widths = [0] * columns
    for row in table.rows:
        for n, cell in enumerate(row):
            widths[n] = max(widths[n], min(MAX_TABLE_COLUMN, cell_len("".join(t for t, _ in cell))))
    pieces: list[Piece] = []
    for r, row in enumerate(table.rows):
        if r:
            pieces.append(("\n", ""))
        head = r < table.head_rows
        for n in range(columns):
            cell = row[n] if n < len(row) else []
            if n:
                pieces.append((" │ ", MUTED))
            for text, style in cell:
                pieces.append(
                    (text.replace("\n", " "), f"{TABLE_HEAD} {style}".strip() if head else style)
                )
            pad = widths[n] - cell_len("".join(t for t, _ in cell))
            if pad > 0 and n < columns - 1:
                pieces.append((" " * pad, ""))
        if head and r == table.head_rows - 1:
            pieces.append(("\n" + "─┼─".join("─" * w for w in widths), MUTED))
    return pieces
