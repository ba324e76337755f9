"""`python -m drift_docs` (or `python -m bot` in a checkout): the same as the `drift` command."""

import sys

from .cli import main

sys.exit(main())
