// SPDX-License-Identifier: GPL-3.0-or-later
//
// kokopu.mjs: a drawrules engine (protocol version 2, spec/PROTOCOL.md)
// around the npm chess library kokopu (https://www.npmjs.com/package/kokopu).
//
// Design note: which kokopu API gives each answer.
//
//   start position  `new Position()` then `position.fen(text)` (kokopu's own,
//                   non-strict FEN parser; it returns the FEN's counters).
//                   An InvalidFEN exception, or `position.isLegal()` false
//                   (kokopu's own legality test: kings, side not to move in
//                   check, no pawn on ranks 1/8), is refused as `invalid-fen`.
//                   The game is a kokopu `Game` set up with
//                   `game.initialPosition(position, fullMoveNumber)`; every
//                   answer below comes from that game model.
//   moves           `position.uci(text)` on the position before the move
//                   (throws InvalidNotation for unreadable or illegal moves:
//                   `illegal-move`), then `node.play(position.notation(md))`,
//                   the Game model's only way to append a move (SAN). kokopu
//                   has no notion of a game that is over: it plays on after
//                   a dead position, and refuses moves after mate/stalemate
//                   only because none are legal. `game-over` is never said.
//   ply             the index of the node in the main variation.
//   fen             `variation.initialFEN()` at ply 0, `node.fen()` after:
//                   kokopu writes its counters from the game model.
//   clock           `variation.initialFiftyMoveClock()` at ply 0,
//                   `node.fiftyMoveClock()` after. kokopu's Game has no way to
//                   receive the start FEN's halfmove clock (initialPosition
//                   takes the full-move number only), so its count starts at
//                   0; per PROTOCOL.md ("Two answers in one library") the
//                   game model's answer is reported, not the FEN parser's.
//   repetition      kokopu keeps no repetition count. Counted here, as the
//                   protocol allows, with kokopu's own documented position
//                   identity `Position.isEqual(a, b)` ("same board, and same
//                   turn/castling/en-passant flags", using its effective
//                   castling and en passant), over node positions 0..ply.
//   ended           `position.isCheckmate()`, `position.isStalemate()`,
//                   `position.isDead()` (FIDE rules, i.e. uscfRules false: a
//                   material test, hence "dead-position": "material").
//   result, claims, claims_on_move, draw_claimable: not reported. kokopu has
//                   no threefold, fifty-move, fivefold or seventy-five-move
//                   rule and does not compute a result (`Game.result()` is
//                   the PGN header the user sets, `*` by default).
//
// Handshake: all four draw rules are declared "absent"; with no fivefold
// rule both editions are declared. Nothing of kokopu's answers is corrected.

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// `name` and its version, looked for first from the project the adapter runs
// in (the working directory's node_modules and those above it), then beside
// the adapter, so that a copy of this file in a project's test/ directory
// uses the project's packages. Not found: where it looked, and exit 2. (The
// same lines are in chess-js.mjs: each adapter is one file, to be copied.)
function load(name) {
    const tried = [];
    for (const base of [join(process.cwd(), 'package.json'), fileURLToPath(import.meta.url)]) {
        const require = createRequire(base);
        try {
            return { library: require(name), version: require(`${name}/package.json`).version };
        } catch (error) {
            if (error.code !== 'MODULE_NOT_FOUND') throw error;
            tried.push(...require.resolve.paths(name));
        }
    }
    process.stderr.write(
        `the ${name} adapter needs ${name}: npm install ${name} in the project it runs in ` +
            `(it looked in ${[...new Set(tried)].join(', ')})\n`,
    );
    process.exit(2);
}

const { library: { Game, Position, exception }, version: VERSION } = load('kokopu');
const EDITIONS = ['fide-2018', 'fide-2014'];

const HELLO = {
    type: 'hello',
    protocol: 2,
    name: 'kokopu',
    version: VERSION,
    implements: ['checkmate', 'stalemate', 'dead-position', 'repetition', 'clock', 'fen', 'moves'],
    editions: EDITIONS,
    draws: {
        'threefold-repetition': 'absent',
        'fifty-moves': 'absent',
        'fivefold-repetition': 'absent',
        'seventy-five-moves': 'absent',
    },
    'dead-position': 'material',
};

function send(obj) {
    process.stdout.write(JSON.stringify(obj) + '\n');
}

function refusal(id, kind, message, extra = {}) {
    const answer = { type: 'error' };
    if (id !== undefined) answer.id = id;
    return Object.assign(answer, { kind }, extra, { message });
}

// One record from kokopu's answers at a game node (or the main variation, ply 0).
function record(ply, node, positions) {
    const position = ply === 0 ? node.initialPosition() : node.position();
    const fen = ply === 0 ? node.initialFEN() : node.fen();
    const clock = ply === 0 ? node.initialFiftyMoveClock() : node.fiftyMoveClock();
    positions.push(position);
    const repetition = positions.filter(other => Position.isEqual(other, position)).length;
    const ended = [];
    if (position.isCheckmate()) ended.push('checkmate');
    if (position.isStalemate()) ended.push('stalemate');
    if (position.isDead()) ended.push('dead-position');
    return { ply, fen, clock, repetition, ended };
}

function judge(req) {
    const { id, fen, moves, plies, edition } = req;
    if (typeof id !== 'number') return refusal(undefined, 'bad-request', 'judge needs a numeric id');
    if (typeof fen !== 'string') return refusal(id, 'bad-request', 'judge needs a fen string');
    if (!Array.isArray(moves) || !moves.every(m => typeof m === 'string')) {
        return refusal(id, 'bad-request', 'judge needs moves, a list of strings');
    }
    if (plies !== 'all' && plies !== 'last') return refusal(id, 'bad-request', 'plies must be "all" or "last"');
    if (!EDITIONS.includes(edition)) return refusal(id, 'bad-request', `edition ${JSON.stringify(edition)} was not declared`);
    const keep = list => (plies === 'last' ? list.slice(-1) : list);

    const start = new Position();
    let counters;
    try {
        counters = start.fen(fen);
    } catch (e) {
        if (e instanceof exception.InvalidFEN) return refusal(id, 'invalid-fen', `kokopu: ${e.message}`);
        throw e;
    }
    if (!start.isLegal()) return refusal(id, 'invalid-fen', 'kokopu: Position.isLegal() is false');
    const game = new Game();
    game.initialPosition(start, counters.fullMoveNumber);

    const positions = [];
    let node = game.mainVariation();
    const records = [record(0, node, positions)];
    for (let i = 0; i < moves.length; i++) {
        const before = positions[positions.length - 1];
        let san;
        try {
            san = before.notation(before.uci(moves[i]));
        } catch (e) {
            if (!(e instanceof exception.InvalidNotation)) throw e;
            return refusal(id, 'illegal-move', `${moves[i]}: kokopu: ${e.message}`, { ply: i + 1, records: keep(records) });
        }
        node = node.play(san);
        records.push(record(i + 1, node, positions));
    }
    return { type: 'records', id, records: keep(records) };
}

function answer(line) {
    let req;
    try {
        req = JSON.parse(line);
    } catch {
        return refusal(undefined, 'bad-request', 'the line is not JSON');
    }
    if (req === null || typeof req !== 'object' || Array.isArray(req)) {
        return refusal(undefined, 'bad-request', 'the line is not a JSON object');
    }
    const id = typeof req.id === 'number' ? req.id : undefined;
    switch (req.type) {
        case 'hello':
            return HELLO;
        case 'judge':
            try {
                return judge(req);
            } catch (e) {
                // Anything kokopu throws beyond its documented exceptions: the
                // game is outside what it can do. Counted and listed, not hidden.
                return refusal(id, 'unsupported', `kokopu threw: ${e && e.message ? e.message : String(e)}`);
            }
        default:
            return refusal(id, 'bad-request', `not a request of protocol 2: type ${JSON.stringify(req.type)}`);
    }
}

const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
input.on('line', line => {
    if (line.trim() === '') return; // not a request: nothing to answer
    let parsed;
    try {
        parsed = JSON.parse(line);
    } catch {
        parsed = undefined;
    }
    if (parsed && parsed.type === 'quit') {
        input.close();
        return;
    }
    send(answer(line));
});
input.on('close', () => process.exit(0));
