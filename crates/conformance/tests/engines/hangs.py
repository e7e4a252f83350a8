#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by hanging: it answers the handshake, then never answers a judge
# request and ignores the end of its input, so the harness has to time it out
# and kill it. (It gives up by itself after ten minutes, so that a harness bug
# cannot leave it running for ever.)
import json
import sys
import time

from misbehave import hello, send

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("hangs"))
    elif request["type"] == "judge":
        break
time.sleep(600)
