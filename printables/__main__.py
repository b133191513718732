"""`python -m printables`: build a printable without the `classroom` command."""

import sys

from printables.cli import main

if __name__ == "__main__":
    sys.exit(main())
