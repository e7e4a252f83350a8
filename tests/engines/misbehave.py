# SPDX-License-Identifier: GPL-3.0-or-later
# What the misbehaving engines share: the handshake they answer, and the
# file in $DRAWRULES_TEST_PIDS where each of their processes writes its pid,
# so that a test can check that none is left running after verify.
import json
import os
import sys

ALL_PARTS = ["checkmate", "stalemate", "dead-position", "fivefold-repetition",
             "seventy-five-moves", "threefold-repetition", "fifty-moves",
             "threefold-on-move", "fifty-moves-on-move", "repetition", "clock",
             "fen", "result"]


def record_pid():
    """Appends this process's pid to the file named by $DRAWRULES_TEST_PIDS."""
    path = os.environ.get("DRAWRULES_TEST_PIDS")
    if path:
        with open(path, "a") as pids:
            pids.write(f"{os.getpid()}\n")


def record_asleep():
    """Appends this process's pid to $DRAWRULES_TEST_PIDS.asleep: it has
    answered the handshake and holds a request it will never answer."""
    path = os.environ.get("DRAWRULES_TEST_PIDS")
    if path:
        with open(path + ".asleep", "a") as asleep:
            asleep.write(f"{os.getpid()}\n")


def hello(name, implements=()):
    """The handshake of an engine called `name` that implements `implements`."""
    return {"type": "hello", "protocol": 1, "name": name, "version": "1",
            "implements": list(implements), "editions": ["fide-2018", "fide-2014"],
            "draws": "claims"}


def send(answer):
    """Writes one answer line."""
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def plies(request):
    """The plies a judge request asks records for."""
    last = len(request["moves"])
    return range(0 if request["plies"] == "all" else last, last + 1)
