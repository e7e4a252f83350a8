#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by refusing: it declares every part and refuses every judge
# request as `unsupported`.
import json
import sys

from misbehave import ALL_PARTS, hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("refuses-everything", ALL_PARTS))
    elif request["type"] == "judge":
        send({"type": "error", "id": request["id"], "kind": "unsupported",
              "message": "not today"})
    else:
        break
