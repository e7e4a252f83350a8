# SPDX-License-Identifier: GPL-3.0-or-later
"""The ``drawrules`` command, as the package installs it: the command line
of the Rust program, run by the native module in this process, with the
same arguments, output and exit statuses."""

from __future__ import annotations

import signal
import sys

from ._native import run


def main() -> None:
    """Runs the command on ``sys.argv`` and exits with its status."""
    # The command stops on SIGINT as on SIGTERM (128 plus the signal's
    # number, after writing what it did): Python's own handler would add a
    # KeyboardInterrupt on return.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(run(["drawrules", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
