# SPDX-License-Identifier: GPL-3.0-or-later
# What the misbehaving engines share: the handshake they answer, the
# records of an engine that implements nothing, and the file in
# $DRAWRULES_TEST_PIDS where each of their processes writes its pid, so
# that a test can check that none is left running after verify.
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


def hello(name, implements=(), fields=None):
    """The handshake of an engine called `name` that implements `implements`,
    a protocol 1 handshake unless `fields` changes it (see `changed`)."""
    answer = {"type": "hello", "protocol": 1, "name": name, "version": "1",
              "implements": list(implements), "editions": ["fide-2018", "fide-2014"],
              "draws": "claims"}
    return changed(answer, fields or {})


def changed(answer, fields):
    """`answer` with each of `fields` set, in order (a new key last), and
    each field given None taken out."""
    for key, value in fields.items():
        if value is None:
            answer.pop(key, None)
        else:
            answer[key] = value
    return answer


def send(answer):
    """Writes one answer line."""
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def plies(request):
    """The plies a judge request asks records for."""
    last = len(request["moves"])
    return range(0 if request["plies"] == "all" else last, last + 1)


def ply_records(request):
    """The answer to a judge request of an engine that implements nothing:
    records holding only `ply`, for the plies it asks."""
    return {"type": "records", "id": request["id"],
            "records": [{"ply": ply} for ply in plies(request)]}
