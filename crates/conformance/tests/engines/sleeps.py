#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by sleeping: it answers the handshake, then sleeps on the first
# judge request, ignoring SIGTERM, SIGINT, SIGHUP and the end of its input.
# (It gives up after ten minutes, so that a harness bug cannot leave it
# running for ever.)
import json
import signal
import sys
import time

from misbehave import hello, record_asleep, record_pid, send

record_pid()
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(sig, signal.SIG_IGN)
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("sleeps"))
    else:
        break
record_asleep()
time.sleep(600)
