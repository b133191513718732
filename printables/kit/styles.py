"""The look every printable shares: the colours, the base paragraph styles, table styles."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import TableStyle

from printables.kit.scripts import FONT, FONT_BOLD, FONT_MONO, register_fonts

__all__ = [
    "FOOTER_SIZE",
    "INK",
    "MUTED",
    "READING_SIZE",
    "RED",
    "RED_HEX",
    "RULE_GREY",
    "SHADE",
    "THIN",
    "base_styles",
    "header_table_style",
    "readable",
    "table_style",
]

INK = colors.HexColor("#1a1a1a")
MUTED = colors.HexColor("#555555")
RED_HEX = "#c0152f"
RED = colors.HexColor(RED_HEX)
RULE_GREY = colors.HexColor("#8a8a8a")
SHADE = colors.HexColor("#ececec")
#: The width of a table's thin rules, in points.
THIN = 0.5
#: The smallest type anyone reads on paper, in points: nothing is set smaller.
READING_SIZE = 9.0
#: The page footers (kit, title, page number), the one thing set smaller than READING_SIZE.
FOOTER_SIZE = 8.0


def table_style(commands: list[tuple[object, ...]]) -> TableStyle:
    """A TableStyle in the embedded font (ReportLab's default, Helvetica, is never embedded)."""
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), FONT), *commands])


def header_table_style(*commands: tuple[object, ...]) -> TableStyle:
    """A table of thin grey rules whose heading row is shaded and ruled off in ink, its cells
    aligned at the top; `commands` come after these."""
    return table_style(
        [
            ("GRID", (0, 0), (-1, -1), THIN, RULE_GREY),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("LINEBELOW", (0, 0), (-1, 0), 1, INK),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            *commands,
        ]
    )


def readable(size: float) -> float:
    """`size`, or the reading size where `size` is smaller."""
    return max(size, READING_SIZE)


def base_styles(scale: float = 1.0) -> dict[str, ParagraphStyle]:
    """The paragraph styles every document starts from, with font sizes times `scale`."""
    register_fonts()

    def style(name: str, size: float, *, font: str = FONT, **kw: object) -> ParagraphStyle:
        # A document shrinks its text to fit its page, never below the reading size.
        size = readable(size * scale)
        leading = size * 1.25
        options: dict[str, object] = {"textColor": INK, "bulletFontName": FONT, **kw}
        return ParagraphStyle(name, fontName=font, fontSize=size, leading=leading, **options)

    return {
        "title": style("title", 20, font=FONT_BOLD, spaceAfter=6 * scale),
        "h1": style("h1", 15, font=FONT_BOLD, spaceBefore=10 * scale, spaceAfter=4 * scale),
        "h2": style("h2", 12.5, font=FONT_BOLD, spaceBefore=8 * scale, spaceAfter=3 * scale),
        "h3": style("h3", 11, font=FONT_BOLD, spaceBefore=6 * scale, spaceAfter=2 * scale),
        "body": style("body", 10, spaceAfter=5 * scale),
        "small": style("small", 9, textColor=MUTED),
        "cell": style("cell", 9),
        "cell_head": style("cell_head", 9, font=FONT_BOLD, alignment=TA_CENTER),
        "code": style("code", 9.5, font=FONT_MONO),
        "cell_hint": style("cell_hint", 9, textColor=MUTED, alignment=TA_CENTER),
    }
