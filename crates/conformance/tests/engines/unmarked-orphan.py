#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by hiding a child: before it answers the handshake it starts a
# child that leaves the process group (`setsid()`) and runs on in a new
# program whose environment lacks the engine's mark (DRAWRULES_ENGINE_ID),
# so that neither the group nor the mark leads to it. How the engine then
# ends is the first argument: `exits` (it exits at the first judge request,
# so the child is an orphan before the harness restarts the engine),
# `normal` (it answers like an engine that implements nothing and exits
# at quit) or `sleeps` (it holds the first request, for a signal to stop
# the harness). The child gives up after ten minutes, so that a harness
# bug cannot leave it running for ever.
import json
import os
import sys
import time

from misbehave import hello, ply_records, record_asleep, record_pid, send

MODE = sys.argv[1]
# The child's program: it writes its pid to the pids file and to the file
# beside it named `.unmarked` (which the engine waits for), then sleeps.
CHILD = ("import os, time\n"
         "path = os.environ['DRAWRULES_TEST_PIDS']\n"
         "for name in (path, path + '.unmarked'):\n"
         "    with open(name, 'a') as pids:\n"
         "        pids.write(f'{os.getpid()}\\n')\n"
         "time.sleep(600)\n")


def hide_a_child():
    """Starts the child and returns once it runs in its new program."""
    path = os.environ["DRAWRULES_TEST_PIDS"]
    child = os.fork()
    if child == 0:
        os.setsid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        env = {k: v for k, v in os.environ.items() if k != "DRAWRULES_ENGINE_ID"}
        os.execve(sys.executable, [sys.executable, "-c", CHILD], env)
    while not os.path.exists(path + ".unmarked") \
            or str(child) not in open(path + ".unmarked").read().split():
        time.sleep(0.01)


record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        hide_a_child()
        send(hello("unmarked-orphan"))
    elif request["type"] == "judge" and MODE == "exits":
        os._exit(3)
    elif request["type"] == "judge" and MODE == "sleeps":
        record_asleep()
        time.sleep(600)
    elif request["type"] == "judge":
        send(ply_records(request))
    else:
        break
