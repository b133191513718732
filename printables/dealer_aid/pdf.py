"""The dealer's aid as a PDF: two pages, each section a heading, its points, and the words to
say in a shaded box."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Table

from printables.dealer_aid.plan import AidSection, dealer_aid_pages
from printables.kit.document import PrintableError, build_pdf, text_frame
from printables.kit.i18n import current_language
from printables.kit.i18n import gettext as _
from printables.kit.scripts import FONT_BOLD, script_paragraph
from printables.kit.styles import INK, MUTED, SHADE, base_styles, readable, table_style
from printables.kit.textfit import MIN_SCALE, story_height
from printables.rulesheet.drawings import EXAMPLE_MAINLINE, EXAMPLE_SIDELINES, ExampleLayout

__all__ = ["DealerAidRenderer"]

MARGIN: float = 15 * mm
SAY_BAR = 3.0
LAYOUT_CARD = 30.0
#: The aid starts larger than other documents: a young dealer reads it mid-game, at arm's length.
LARGEST_SCALE = 1.3
_STEP = 0.98


class DealerAidRenderer:
    """Builds the dealer's aid on one paper size: two pages, one scale of text for both."""

    def __init__(self, *, paper: str = "a4") -> None:
        self.paper = paper
        self.width, height = text_frame(paper, margin=MARGIN)
        self.height = height - 2

    def render(self) -> bytes:
        """The aid as PDF bytes."""
        scale = self._scale()
        pages = [self.page(number, scale) for number in range(len(dealer_aid_pages()))]
        story: list[Flowable] = []
        for page in pages:
            story += [PageBreak(), *page] if story else page
        return build_pdf(story, paper=self.paper, title=_("Dealer's aid"), margin=MARGIN)

    def _scale(self) -> float:
        """The largest scale (at most LARGEST_SCALE) at which every page fits its page.

        Text set at scale s takes about s² of the height (larger and wrapped onto more lines),
        so the first guess after a miss is close; smaller steps then make sure.
        """
        scale = LARGEST_SCALE
        count = len(dealer_aid_pages())
        while scale >= MIN_SCALE:
            needed = max(story_height(self.page(n, scale), self.width) for n in range(count))
            if needed <= self.height:
                return scale
            scale = min(scale * _STEP, scale * (self.height / needed) ** 0.5)
        raise PrintableError(_("the text is too long to fit its box even in small print"))

    def page(self, number: int, scale: float = 1.0) -> list[Flowable]:
        """The flowables of page `number` (from 0); the first starts with the title."""
        styles = self._stylesheet(scale)
        story: list[Flowable] = []
        if number == 0:
            story += [
                script_paragraph(escape(_("Dealer's aid")), styles["title"]),
                script_paragraph(
                    escape(
                        _(
                            "You are the dealer: you know the secret rule and judge every card. "
                            "Keep this sheet and your rule card where the players cannot see "
                            "them."
                        )
                    ),
                    styles["lead"],
                ),
            ]
        for section in dealer_aid_pages()[number]:
            story += self._section(section, styles, scale)
        return story

    def _stylesheet(self, scale: float) -> dict[str, ParagraphStyle]:
        styles = base_styles(scale)
        styles["lead"] = ParagraphStyle(
            "da_lead",
            parent=styles["body"],
            fontSize=readable(11 * scale),
            leading=readable(11 * scale) * 1.318,
        )
        styles["bullet"] = ParagraphStyle(
            "da_bullet",
            parent=styles["body"],
            fontSize=readable(10.5 * scale),
            leading=readable(10.5 * scale) * 1.333,
            leftIndent=12 * scale,
            spaceAfter=4 * scale,
        )
        styles["say_label"] = ParagraphStyle(
            "da_say_label", parent=styles["small"], fontName=FONT_BOLD, textColor=MUTED
        )
        styles["caption"] = ParagraphStyle(
            "da_caption", parent=styles["small"], spaceBefore=5 * scale, spaceAfter=4 * scale
        )
        styles["say"] = ParagraphStyle(
            "da_say",
            parent=styles["body"],
            fontSize=readable(11 * scale),
            leading=readable(11 * scale) * 1.364,
        )
        return styles

    def _section(
        self, section: AidSection, styles: dict[str, ParagraphStyle], scale: float
    ) -> list[Flowable]:
        heading = script_paragraph(escape(section.heading), styles["h2"])
        points: list[Flowable] = [
            script_paragraph(escape(sentence), styles["bullet"], bulletText="•")
            for sentence in section.sentences
        ]
        story: list[Flowable] = [heading, *points]
        if section.say:
            story.append(self._say_box(section.say, styles, scale))
        if section.layout:
            story += self._layout(styles, scale)
        return story

    def _layout(self, styles: dict[str, ParagraphStyle], scale: float) -> list[Flowable]:
        drawing = ExampleLayout(
            EXAMPLE_MAINLINE,
            EXAMPLE_SIDELINES,
            card_width=LAYOUT_CARD * scale,
            language=current_language(),
        )
        drawing.spaceBefore = 6 * scale
        caption = _(
            "Where the cards go: right cards to the right along the mainline, each wrong card "
            "below the card it was played on."
        )
        return [drawing, script_paragraph(escape(caption), styles["caption"])]

    def _say_box(self, words: str, styles: dict[str, ParagraphStyle], scale: float) -> Table:
        label = script_paragraph(escape(_("Say:")), styles["say_label"])
        text: Paragraph = script_paragraph(escape(words), styles["say"])
        pad = 7 * scale
        box = Table([[[label, text]]], colWidths=[self.width])
        box.setStyle(
            table_style(
                [
                    ("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("LINEBEFORE", (0, 0), (0, -1), SAY_BAR, INK),
                    ("LEFTPADDING", (0, 0), (-1, -1), pad + SAY_BAR),
                    ("RIGHTPADDING", (0, 0), (-1, -1), pad),
                    ("TOPPADDING", (0, 0), (-1, -1), pad),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
                ]
            )
        )
        box.spaceBefore = 4 * scale
        box.spaceAfter = 4 * scale
        return box
