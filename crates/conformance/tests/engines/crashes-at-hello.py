#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by crashing at once: it reads the handshake and exits with
# status 3 without a word.
import sys

from misbehave import record_pid

record_pid()
sys.stdin.readline()
sys.exit(3)
