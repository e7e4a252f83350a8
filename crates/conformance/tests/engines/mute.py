#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by never answering the handshake: it reads the hello, then
# sleeps, ignoring SIGTERM, SIGINT, SIGHUP and the end of its input.
# (It gives up after ten minutes, so that a harness bug cannot leave it
# running for ever.)
import signal
import sys
import time

from misbehave import record_asleep, record_pid

record_pid()
for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(sig, signal.SIG_IGN)
sys.stdin.readline()
record_asleep()
time.sleep(600)
