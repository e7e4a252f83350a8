#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by no longer reading: it answers the handshake, then sleeps
# without reading its input, which stays open, so that a request larger
# than the pipe holds cannot be written. (It gives up after ten minutes, so
# that a harness bug cannot leave it running for ever.)
import sys
import time

from misbehave import hello, record_pid, send

record_pid()
sys.stdin.readline()
send(hello("stops-reading"))
time.sleep(600)
