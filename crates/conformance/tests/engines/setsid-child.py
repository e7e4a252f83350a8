#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by leaving a child behind: it answers the handshake; at each
# judge request it starts a child that leaves the process group (`setsid()`)
# and keeps the engine's output open, then exits without answering. The
# harness sees no end of output and no answer. (The child gives up after ten
# minutes, so that a harness bug cannot leave it running for ever.)
import json
import os
import sys
import time

from misbehave import hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("setsid-child"))
        continue
    child = os.fork()
    if child == 0:
        os.setsid()
        record_pid()
        time.sleep(600)
        os._exit(0)
    # Exit once the child has written its pid.
    while True:
        path = os.environ.get("DRAWRULES_TEST_PIDS")
        if not path or str(child) in open(path).read().split():
            break
        time.sleep(0.01)
    os._exit(3)
