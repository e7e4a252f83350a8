#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by hanging: it answers the handshake, then never answers a judge
# request and ignores the end of its input, so the harness has to time it out
# and kill it. (It gives up by itself after ten minutes, so that a harness bug
# cannot leave it running for ever.)
import json
import sys
import time

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        sys.stdout.write(json.dumps({"type": "hello", "protocol": 1, "name": "hangs", "version": "1",
                                     "implements": [], "editions": ["fide-2018", "fide-2014"],
                                     "draws": "claims"}) + "\n")
        sys.stdout.flush()
    elif request["type"] == "judge":
        break
time.sleep(600)
