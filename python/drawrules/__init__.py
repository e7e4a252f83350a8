# SPDX-License-Identifier: GPL-3.0-or-later
"""drawrules: the FIDE Laws' draw rules, executable.

This package carries the `drawrules` command (installed into the
environment's scripts, next to `python`) and, in `drawrules.adapters`, the
engines that let `drawrules verify` judge Python chess libraries:

    drawrules verify --engine "python -m drawrules.adapters.python_chess"
"""

from importlib.metadata import version as _version

__version__ = _version("drawrules")
