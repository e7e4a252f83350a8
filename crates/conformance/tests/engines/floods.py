#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by flooding: it answers the handshake, then answers a judge
# request with output that never ends a line, until the harness stops
# reading.
import json
import sys

from misbehave import hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("floods"))
    else:
        break
chunk = "x" * 65536
try:
    while True:
        sys.stdout.write(chunk)
except (BrokenPipeError, OSError):
    pass
