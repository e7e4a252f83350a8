#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by declaring a reading of Article 5.2.2 that does not exist:
# its handshake says "dead-position": "telepathy", which the harness must
# refuse. Should it be asked anyway, it answers judge requests with
# well-formed records holding only `ply`.
import json
import sys

from misbehave import hello, ply_records, send

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("bad-dead-reading", ["dead-position"],
                   {"protocol": 2, "editions": ["fide-2018"], "draws": None,
                    "dead-position": "telepathy"}))
    elif request["type"] == "judge":
        send(ply_records(request))
    else:
        break
