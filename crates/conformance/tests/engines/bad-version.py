#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by speaking another protocol: its handshake answer says protocol
# 99, which the harness must refuse. Should it be asked anyway, it answers
# judge requests with well-formed records holding only `ply`.
import json
import sys

from misbehave import hello, ply_records, send

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("bad-version", fields={"protocol": 99}))
    elif request["type"] == "judge":
        send(ply_records(request))
    else:
        break
