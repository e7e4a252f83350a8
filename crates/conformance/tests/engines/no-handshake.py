#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves at the handshake: it answers the hello with a line of garbage
# instead of its own hello. Should it be asked anyway, it answers judge
# requests with well-formed records holding only `ply`.
import json
import sys

from misbehave import ply_records, send

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        sys.stdout.write("Engine ready. Type 'help' for a list of commands.\n")
        sys.stdout.flush()
    elif request["type"] == "judge":
        send(ply_records(request))
    else:
        break
