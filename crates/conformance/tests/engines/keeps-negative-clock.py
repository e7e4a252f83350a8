#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves on one malformed input: it declares only `moves` and accepts a
# FEN whose halfmove clock is negative, answering records that keep the
# clock it read (-1 at the start, counting on by one a ply). It knows no
# chess beyond the FEN's fields and the shape of move text: it refuses a FEN
# of other than six fields, an en passant square with a man on it, a
# castling right whose king or rook is off its square and a move number of
# 0 (invalid-fen), and move text that names no squares or promotes to a king
# or a pawn (unreadable-move); every other move it plays, unchecked.
import json
import re
import sys

from misbehave import record_pid, send

FILES = "abcdefgh"
MOVE = re.compile(r"[a-h][1-8][a-h][1-8][nbrq]?")
# The squares a castling right needs: the king's, then the rook's.
CASTLING = {"K": ("e1", "K", "h1", "R"), "Q": ("e1", "K", "a1", "R"),
            "k": ("e8", "k", "h8", "r"), "q": ("e8", "k", "a8", "r")}


def board_of(placement):
    """Square name -> piece letter."""
    board = {}
    for row, text in enumerate(placement.split("/")):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
            else:
                board[FILES[file] + str(8 - row)] = char
                file += 1
    return board


def fen_refused(fen):
    """Whether the FEN is one this engine refuses."""
    fields = fen.split(" ")
    if len(fields) != 6 or fields[5] == "0":
        return True
    board = board_of(fields[0])
    if fields[3] != "-" and fields[3] in board:
        return True
    for right in fields[2].replace("-", ""):
        king, king_piece, rook, rook_piece = CASTLING[right]
        if board.get(king) != king_piece or board.get(rook) != rook_piece:
            return True
    return False


def judge(request):
    fen, moves = request["fen"], request["moves"]
    if fen_refused(fen):
        return {"type": "error", "id": request["id"], "kind": "invalid-fen",
                "message": "a FEN this engine does not read"}
    clock = int(fen.split(" ")[4])
    records = [{"ply": 0, "clock": clock}] if clock < 0 else [{"ply": 0}]
    for index, move in enumerate(moves):
        if not MOVE.fullmatch(move):
            return {"type": "error", "id": request["id"], "kind": "unreadable-move",
                    "ply": index + 1, "message": move + " is no move", "records": records}
        ply = index + 1
        records.append({"ply": ply, "clock": clock + ply} if clock < 0 else {"ply": ply})
    if request["plies"] != "all":
        records = records[-1:]
    return {"type": "records", "id": request["id"], "records": records}


record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send({"type": "hello", "protocol": 1, "name": "keeps-negative-clock", "version": "1",
              "implements": ["moves"], "editions": ["fide-2018", "fide-2014"],
              "draws": "claims"})
    elif request["type"] == "judge":
        send(judge(request))
    else:
        break
