#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by exiting: it answers the handshake and its first judge request
# correctly (records holding only `ply`, `implements: []`), then exits without
# a word when the second judge request arrives.
import json
import sys

from misbehave import hello, ply_records, send

judged = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("exits-midway"))
    elif request["type"] == "judge":
        judged += 1
        if judged == 2:
            sys.exit(0)
        send(ply_records(request))
    else:
        break
