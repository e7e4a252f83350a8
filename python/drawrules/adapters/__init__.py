# SPDX-License-Identifier: GPL-3.0-or-later
"""Engines for `drawrules verify` around Python chess libraries.

Each module speaks the engine protocol (`drawrules docs protocol` prints
it) on standard input and output, and is run as a module:

* `python -m drawrules.adapters.python_chess`: python-chess (`pip install
  chess`).

An adapter reports its library's own answers, through the library's public
API, and never corrects them.
"""
