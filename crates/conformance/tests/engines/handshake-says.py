#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Says what it is told in its handshake: the JSON object given as its one
# argument is merged into an otherwise valid protocol 2 handshake (say a
# meaning given to the wrong part, a leniency no repair covers, or a
# profile), a key given null taken out. The harness refuses most such
# handshakes. Should it be asked anyway, it answers judge requests with
# well-formed records holding only `ply`.
import json
import sys

from misbehave import changed, hello, ply_records, send

extra = json.loads(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        own = hello("handshake-says", ["clock", "moves"],
                    {"protocol": 2, "editions": ["fide-2018"], "draws": None})
        send(changed(own, extra))
    elif request["type"] == "judge":
        send(ply_records(request))
    else:
        break
