"""`python -m bot`: the same as the `drift` command."""

import sys

from .cli import main

sys.exit(main())
