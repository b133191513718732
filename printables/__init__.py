"""Printable PDFs for the classroom and for offline play: one package per document (rule cards,
worksheets, score sheets, the class pack, game reports, lesson plans, New Eleusis's paper...),
all made with the PDF kit in `printables.kit`; `printables.documents` builds each into bytes."""
