#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by complaining on its standard error, then exiting. With
# `hello` it does so before answering the handshake, as an adapter whose
# library is missing; with `midway`, at the second judge request of each
# of its processes, after thirteen lines: twelve numbered ones and one too
# long to keep whole (more than verify keeps).
import json
import sys

from misbehave import hello, ply_records, record_pid, send

record_pid()
when = sys.argv[1]
judged = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        if when == "hello":
            sys.stderr.write("the complains adapter needs its library: pip install complains\n")
            sys.exit(2)
        send(hello("complains"))
    elif request["type"] == "judge":
        judged += 1
        if when == "midway" and judged == 2:
            for n in range(1, 13):
                sys.stderr.write(f"complaint {n} of 12\n")
            sys.stderr.write("x" * 500 + "\n")
            sys.exit(1)
        send(ply_records(request))
    else:
        break
