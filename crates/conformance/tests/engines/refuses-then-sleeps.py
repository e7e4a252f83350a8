#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Refuses the first $DRAWRULES_TEST_ANSWERS judge requests as `unsupported`
# (each one a finding), then, at the next one, appends a line to the file
# named by $DRAWRULES_TEST_WAITING and sleeps, ignoring SIGTERM, SIGINT,
# SIGHUP and the end of its input: a run stopped then has judged exactly
# that many games on this process. (It gives up after ten minutes, so that
# a harness bug cannot leave it running for ever.)
import json
import os
import signal
import sys
import time

from misbehave import ALL_PARTS, hello, record_pid, send

record_pid()
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(sig, signal.SIG_IGN)
answers = int(os.environ.get("DRAWRULES_TEST_ANSWERS", "5"))
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("refuses-then-sleeps", ALL_PARTS))
    elif request["type"] == "judge" and answers > 0:
        answers -= 1
        send({"type": "error", "id": request["id"], "kind": "unsupported",
              "message": "not today"})
    elif request["type"] == "judge":
        with open(os.environ["DRAWRULES_TEST_WAITING"], "a") as waiting:
            waiting.write(f"{os.getpid()}\n")
        break
    else:
        sys.exit(0)
time.sleep(600)
