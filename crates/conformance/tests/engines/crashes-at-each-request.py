#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by crashing: it answers the handshake, then exits with status 3
# at its first judge request, every time it is started.
import json
import sys

from misbehave import hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("crashes-at-each-request"))
    else:
        sys.exit(3)
