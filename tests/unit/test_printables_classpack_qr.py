"""The QR code drawn on a join card reads back, pixel by pixel, as the matrix of its address."""

from __future__ import annotations

import shutil
import subprocess
from io import BytesIO

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from printables.classpack.joincard import QUIET_ZONE, draw_join_card, join_card_layout
from printables.classpack.plan import (
    JoinCard,
    join_url,
    qr_matrix,
)
from tests.unit.test_printables_classpack_support import BASE
from tests.unit.test_printables_support import (
    A4,
    OUTPUT,
    require_pdftoppm,
)


def test_drawn_qr_code_reads_back_as_the_matrix(tmp_path):
    require_pdftoppm()
    url = join_url(BASE, "ABC234")
    matrix = qr_matrix(url)
    card = JoinCard("7B", "Otters", "ABC234", url, matrix)
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, invariant=1)
    draw_join_card(canvas, card, A4)
    canvas.save()
    (tmp_path / "join.pdf").write_bytes(buffer.getvalue())
    dpi = 144
    subprocess.run(
        ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", tmp_path / "join.pdf", tmp_path / "p"],
        check=True,
    )
    OUTPUT.mkdir(parents=True, exist_ok=True)
    shutil.copy(tmp_path / "p.png", OUTPUT / "join-card.png")
    assert _read_qr(tmp_path / "p.png", join_card_layout(A4).qr, len(matrix), dpi) == matrix


def _read_qr(path, box, size, dpi):
    """Sample the centre of every module of the QR code drawn in `box`: dark or light."""
    scale = dpi / 72
    module = box.width / (size + 2 * QUIET_ZONE)
    with Image.open(path) as image:
        grey = image.convert("L")
        height = grey.height

        def dark(row, col):
            x = box.x + (QUIET_ZONE + col + 0.5) * module
            y = box.y + box.height - (QUIET_ZONE + row + 0.5) * module
            return grey.getpixel((round(x * scale), round(height - y * scale))) < 128

        return tuple(tuple(dark(r, c) for c in range(size)) for r in range(size))
