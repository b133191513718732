"""`python -m classroom` is the `classroom` command."""

import sys

from classroom.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
