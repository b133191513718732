"""The PDF kit every printable is made with: fonts and scripts, styles, the document
builders, card faces, text fitting, and the language the page speaks."""
