// SPDX-License-Identifier: GPL-3.0-or-later
//
// An engine for `drawrules verify` (spec/PROTOCOL.md, version 1) around
// chess.js. It reports chess.js's own answers, through its public API only,
// and never corrects them: where the library departs from the Laws, the
// departure must reach the harness unchanged. Run it as
//
//     drawrules verify --engine "node adapters/chess-js.mjs"
//
// How each field of the status record is obtained:
//
// * `ended`: `isCheckmate()`, `isStalemate()` and `isInsufficientMaterial()`
//   (reported as `dead-position`). chess.js has no fivefold repetition and no
//   seventy-five-move rule, so neither is declared nor reported.
// * `claims`: `isThreefoldRepetition()` and `isDrawByFiftyMoves()`, each asked
//   on its own. chess.js counts both as ending the game (`isDraw()`,
//   `isGameOver()`), hence `draws: "automatic"`; the protocol still compares
//   them through `claims`. The library does not let checkmate or stalemate
//   take precedence over them, and neither does the adapter.
// * `fen`: `fen()` with its defaults (en passant square only when legal).
// * `clock`: the halfmove field of `fen()`; chess.js has no other public
//   accessor for its clock.
// * Not reported, because chess.js has no public answer for them: the
//   repetition count (its position counts are private), the written-move
//   claims of 9.2.1 and 9.3.1, and a game result.
//
// Moves: a request's UCI move is split into `{from, to, promotion}` and given
// to `move()`; whatever it accepts is played, whatever it throws on is an
// `illegal-move` error. A string that is not UCI at all (squares a1..h8, an
// optional promotion letter q, r, b or n) never reaches the library and is an
// `illegal-move` error too. chess.js does not refuse moves once its game is
// over, so neither does the adapter. A start FEN is refused (`invalid-fen`)
// when `new Chess(fen)` throws.

import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

// `name` and its version, looked for first from the project the adapter runs
// in (the working directory's node_modules and those above it), then beside
// the adapter, so that a copy of this file in a project's test/ directory
// uses the project's packages. Not found: where it looked, and exit 2. (The
// same lines are in kokopu.mjs: each adapter is one file, to be copied.)
function load (name) {
  const tried = []
  for (const base of [join(process.cwd(), 'package.json'), fileURLToPath(import.meta.url)]) {
    const require = createRequire(base)
    try {
      return { library: require(name), version: require(`${name}/package.json`).version }
    } catch (error) {
      if (error.code !== 'MODULE_NOT_FOUND') throw error
      tried.push(...require.resolve.paths(name))
    }
  }
  process.stderr.write(
    `the ${name} adapter needs ${name}: npm install ${name} in the project it runs in ` +
      `(it looked in ${[...new Set(tried)].join(', ')})\n`,
  )
  process.exit(2)
}

const { library: { Chess }, version: VERSION } = load('chess.js')
const PROTOCOL = 2
const NAME = 'chess.js'
const IMPLEMENTS = [
  'checkmate',
  'stalemate',
  'dead-position',
  'threefold-repetition',
  'fifty-moves',
  'clock',
  'fen',
  // The library checks every move and start position (move() and the
  // constructor throw).
  'moves',
]
// The two editions differ only in 9.6.1 (fivefold repetition), which chess.js
// does not implement: everything it reports reads the same under both.
const EDITIONS = ['fide-2018', 'fide-2014']
const UCI = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/

class BadRequest extends Error {}

function send(answer) {
  process.stdout.write(JSON.stringify(answer) + '\n')
}

function record(chess, ply) {
  const ended = []
  if (chess.isCheckmate()) ended.push('checkmate')
  if (chess.isStalemate()) ended.push('stalemate')
  if (chess.isInsufficientMaterial()) ended.push('dead-position')
  const claims = []
  if (chess.isThreefoldRepetition()) claims.push('threefold-repetition')
  if (chess.isDrawByFiftyMoves()) claims.push('fifty-moves')
  const fen = chess.fen()
  return { ply, fen, clock: Number(fen.split(' ')[4]), ended, claims }
}

function isId(value) {
  return typeof value === 'number' && Number.isInteger(value)
}

function field(request, name, check, what) {
  if (!(name in request)) throw new BadRequest(`missing field ${JSON.stringify(name)}`)
  const value = request[name]
  if (!check(value)) throw new BadRequest(`field ${JSON.stringify(name)} must be ${what}`)
  return value
}

function error(id, kind, message, ply, records) {
  const answer = { type: 'error', id, kind }
  if (ply !== undefined) answer.ply = ply
  answer.message = message
  if (records !== undefined) answer.records = records
  return answer
}

function judge(request) {
  const id = request.id
  const edition = field(request, 'edition', (v) => typeof v === 'string', 'a string')
  const fen = field(request, 'fen', (v) => typeof v === 'string', 'a string')
  const moves = field(
    request,
    'moves',
    (v) => Array.isArray(v) && v.every((m) => typeof m === 'string'),
    'a list of strings',
  )
  const plies = field(request, 'plies', (v) => v === 'all' || v === 'last', '"all" or "last"')
  if (!EDITIONS.includes(edition)) throw new BadRequest(`unknown edition ${JSON.stringify(edition)}`)

  let chess
  try {
    chess = new Chess(fen)
  } catch (e) {
    return error(id, 'invalid-fen', `chess.js refuses the fen: ${e.message}`)
  }

  const every = plies === 'all'
  const records = every ? [record(chess, 0)] : []
  for (let index = 0; index < moves.length; index++) {
    const uci = moves[index]
    const parts = UCI.exec(uci)
    let refusal = null
    if (!parts) {
      refusal = `${uci} is not a move in UCI`
    } else {
      const move = { from: parts[1], to: parts[2] }
      if (parts[3] !== undefined) move.promotion = parts[3]
      try {
        chess.move(move)
      } catch (e) {
        refusal = `${uci} refused: ${e.message}`
      }
    }
    if (refusal !== null) {
      const before = every ? records : [record(chess, index)]
      return error(id, 'illegal-move', refusal, index + 1, before)
    }
    if (every) records.push(record(chess, index + 1))
  }
  if (!every) records.push(record(chess, moves.length))
  return { type: 'records', id, records }
}

function hello() {
  return {
    type: 'hello',
    protocol: PROTOCOL,
    name: NAME,
    version: VERSION,
    implements: IMPLEMENTS,
    editions: EDITIONS,
    // isThreefoldRepetition() and isDrawByFiftyMoves() are claim tests,
    // and move() plays on after them (isGameOver() counts them, but the
    // game object never refuses a move for them): the Laws' claim policy
    // is what the game object does, and it compares every ply, where
    // `automatic` would stop at the first threefold or hundredth ply. The
    // library has no fivefold or seventy-five-move rule at all.
    draws: {
      'fivefold-repetition': 'absent',
      'seventy-five-moves': 'absent',
    },
  }
}

// The answer to one input line, or null to end the session.
function answer(line) {
  let request
  try {
    request = JSON.parse(line)
    if (request === null || typeof request !== 'object' || Array.isArray(request)) {
      throw new BadRequest('a request is a JSON object')
    }
    switch (request.type) {
      case 'hello':
        return hello()
      case 'quit':
        return null
      case 'judge':
        field(request, 'id', isId, 'an integer')
        return judge(request)
      default:
        throw new BadRequest(`unknown request type ${JSON.stringify(request.type)}`)
    }
  } catch (e) {
    // BadRequest, a JSON syntax error, or a fault inside the library: the
    // session goes on, and the answer says what happened.
    const message = e instanceof BadRequest || e instanceof SyntaxError ? e.message : `internal error: ${e}`
    const reply = { type: 'error', kind: 'bad-request', message }
    if (request && typeof request === 'object' && isId(request.id)) {
      return { type: 'error', id: request.id, kind: 'bad-request', message }
    }
    return reply
  }
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity })
lines.on('line', (line) => {
  if (line.trim() === '') return
  const reply = answer(line)
  if (reply === null) {
    lines.close()
    process.exit(0)
  }
  send(reply)
})
