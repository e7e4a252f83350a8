#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by one ply: it declares only `fifty-moves` and reports the
# fifty-move claim once the clock (the start FEN's halfmove clock plus the
# plies since the last pawn move or capture) reaches 99 instead of 100. It
# knows no chess beyond what the clock needs: it tracks the pieces by the
# moves' from and to squares, treats a pawn moving diagonally to an empty
# square as en passant and a king moving two files as castling (which moves
# the rook too and is never a capture). It checks no move.
import json
import sys

from misbehave import hello, send

FILES = "abcdefgh"


def parse_fen(fen):
    """The board (square name -> piece letter) and the halfmove clock."""
    fields = fen.split()
    ranks = fields[0].split("/")
    if len(ranks) != 8:
        raise ValueError("a board has 8 ranks")
    board = {}
    for row, text in enumerate(ranks):
        file = 0
        for char in text:
            if char.isdigit():
                file += int(char)
            elif char in "pnbrqkPNBRQK":
                board[FILES[file] + str(8 - row)] = char
                file += 1
            else:
                raise ValueError("not a piece")
        if file != 8:
            raise ValueError("a rank has 8 squares")
    clock = int(fields[4]) if len(fields) > 4 else 0
    if clock < 0:
        raise ValueError("negative clock")
    return board, clock


def play(board, uci):
    """Plays a move; returns True when it is a pawn move or a capture."""
    origin, target, promotion = uci[0:2], uci[2:4], uci[4:]
    piece = board.pop(origin, None)
    if piece is None:
        raise ValueError("no piece on " + origin)
    captured = board.pop(target, None) is not None
    pawn = piece in "pP"
    if pawn and origin[0] != target[0] and not captured:
        board.pop(target[0] + origin[1], None)  # en passant
        captured = True
    if piece in "kK" and abs(FILES.index(origin[0]) - FILES.index(target[0])) == 2:
        rank = origin[1]
        rook_from, rook_to = ("h", "f") if target[0] == "g" else ("a", "d")
        rook = board.pop(rook_from + rank, None)
        if rook is not None:
            board[rook_to + rank] = rook
    if promotion:
        piece = promotion.upper() if piece.isupper() else promotion.lower()
    board[target] = piece
    return pawn or captured


def record(ply, clock):
    return {"ply": ply, "claims": ["fifty-moves"] if clock >= 99 else []}


def judge(request):
    try:
        board, clock = parse_fen(request["fen"])
    except (ValueError, IndexError):
        return {"type": "error", "id": request["id"], "kind": "invalid-fen", "message": "unreadable fen"}
    every = request["plies"] == "all"
    records = [record(0, clock)] if every else []
    for index, uci in enumerate(request["moves"]):
        try:
            resets = play(board, uci)
        except (ValueError, IndexError):
            before = records if every else [record(index, clock)]
            return {"type": "error", "id": request["id"], "kind": "illegal-move", "ply": index + 1,
                    "message": uci + " moves no piece", "records": before}
        clock = 0 if resets else clock + 1
        if every:
            records.append(record(index + 1, clock))
    if not every:
        records.append(record(len(request["moves"]), clock))
    return {"type": "records", "id": request["id"], "records": records}


for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("fifty-off-by-one", ["fifty-moves"]))
    elif request["type"] == "judge":
        send(judge(request))
    else:
        break
