#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by printing garbage: it answers the handshake correctly, then
# answers every judge request with a line that is not JSON.
import json
import sys

from misbehave import hello, send

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("garbage"))
    elif request["type"] == "judge":
        sys.stdout.write("records follow: {ply 0} ]]\n")
        sys.stdout.flush()
    else:
        break
