// SPDX-License-Identifier: GPL-3.0-or-later
//! The engine protocol of `drawrules verify` (spec/PROTOCOL.md), shared by
//! the adapters in `src/bin/`: reading requests, checking their fields,
//! answering with records or refusals. What a record says comes from the
//! library behind each adapter, through [`Library`]; nothing here looks at
//! a position.

use std::io::{self, BufRead, Write};
use std::panic::{self, AssertUnwindSafe};

use serde_json::{Map, Value, json};

/// The protocol version the adapters speak.
pub const PROTOCOL: u64 = 2;

/// The editions a request may name (spec/PROTOCOL.md).
const KNOWN_EDITIONS: [&str; 2] = ["fide-2018", "fide-2014"];

/// A refusal of a start position or a move: an error answer's `kind` and
/// `message`.
#[derive(Debug)]
pub struct Refusal {
    /// `invalid-fen`, `illegal-move`, `game-over` or `unsupported`.
    pub kind: &'static str,
    /// For people.
    pub message: String,
}

impl Refusal {
    /// A refusal of `kind`, saying `message`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Refusal {
        Refusal {
            kind,
            message: message.into(),
        }
    }
}

/// What an adapter asks of its library.
pub trait Library {
    /// A game in progress: the start position and the moves played.
    type Game;

    /// The handshake answer's fields besides `type` and `protocol`: `name`,
    /// `version`, `implements`, `editions`, `draws`.
    fn hello() -> Map<String, Value>;

    /// The game at the start position `fen`, or why the library refuses it.
    fn start(fen: &str) -> Result<Self::Game, Refusal>;

    /// Plays the UCI move `uci`, or says why the library refuses it.
    fn play(game: &mut Self::Game, uci: &str) -> Result<(), Refusal>;

    /// The status record of the current position, without `ply`.
    fn record(game: &Self::Game) -> Map<String, Value>;
}

/// The map inside `value`, a JSON object built with [`json!`].
///
/// # Panics
///
/// If `value` is not an object.
pub fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        other => panic!("not a JSON object: {other}"),
    }
}

/// A line that is not a request of the protocol.
struct BadRequest(String);

/// Answers requests on standard input until `quit` or its end.
pub fn serve<L: Library>() -> io::Result<()> {
    let stdin = io::stdin().lock();
    let mut stdout = io::stdout().lock();
    for line in stdin.split(b'\n') {
        let line = line?;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        // A panic inside the library is a fault of the library: say so and
        // keep serving (the default hook has written it on standard error).
        let reply =
            panic::catch_unwind(AssertUnwindSafe(|| answer::<L>(&line))).unwrap_or_else(|_| {
                Some(json!({"type": "error", "kind": "bad-request",
                    "message": "internal error: the library panicked"}))
            });
        let Some(reply) = reply else { return Ok(()) };
        writeln!(stdout, "{reply}")?;
        stdout.flush()?;
    }
    Ok(())
}

/// The answer to one line, or `None` to end the session.
fn answer<L: Library>(line: &[u8]) -> Option<Value> {
    let request: Value = match serde_json::from_slice(line) {
        Ok(request) => request,
        Err(e) => return Some(bad_request(None, format!("not JSON: {e}"))),
    };
    let id = request.get("id").and_then(Value::as_u64);
    let result = match request.get("type").and_then(Value::as_str) {
        Some("hello") => {
            let mut hello = L::hello();
            hello.insert("type".into(), "hello".into());
            hello.insert("protocol".into(), PROTOCOL.into());
            return Some(Value::Object(hello));
        }
        Some("quit") => return None,
        Some("judge") => judge::<L>(&request),
        _ => Err(BadRequest(
            "a request has the type hello, judge or quit".into(),
        )),
    };
    Some(result.unwrap_or_else(|BadRequest(message)| bad_request(id, message)))
}

fn bad_request(id: Option<u64>, message: String) -> Value {
    let mut error = json!({"type": "error", "kind": "bad-request", "message": message});
    if let Some(id) = id {
        error["id"] = id.into();
    }
    error
}

/// A required field of the request, checked with `get`.
fn field<'a, T>(
    request: &'a Value,
    name: &str,
    what: &str,
    get: impl Fn(&'a Value) -> Option<T>,
) -> Result<T, BadRequest> {
    request
        .get(name)
        .and_then(get)
        .ok_or_else(|| BadRequest(format!("field {name:?} must be {what}")))
}

fn judge<L: Library>(request: &Value) -> Result<Value, BadRequest> {
    let id = field(request, "id", "a non-negative integer", Value::as_u64)?;
    let edition = field(request, "edition", "a string", Value::as_str)?;
    let fen = field(request, "fen", "a string", Value::as_str)?;
    let moves = field(request, "moves", "a list of strings", |v| {
        v.as_array()?
            .iter()
            .map(Value::as_str)
            .collect::<Option<Vec<_>>>()
    })?;
    let every = match field(request, "plies", "\"all\" or \"last\"", Value::as_str)? {
        "all" => true,
        "last" => false,
        _ => {
            return Err(BadRequest(
                "field \"plies\" must be \"all\" or \"last\"".into(),
            ));
        }
    };
    if !KNOWN_EDITIONS.contains(&edition) {
        return Err(BadRequest(format!("unknown edition {edition:?}")));
    }
    let refuse = |refusal: Refusal, ply: Option<usize>, records: Option<Vec<Value>>| {
        let mut error = json!({"type": "error", "id": id, "kind": refusal.kind,
            "message": refusal.message});
        if let Some(ply) = ply {
            error["ply"] = ply.into();
        }
        if let Some(records) = records {
            error["records"] = records.into();
        }
        error
    };
    let declared = L::hello()["editions"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    if !declared.iter().any(|e| e == edition) {
        let refusal = Refusal::new("unsupported", format!("{edition} is not followed"));
        return Ok(refuse(refusal, None, None));
    }

    let mut game = match L::start(fen) {
        Ok(game) => game,
        Err(refusal) => return Ok(refuse(refusal, None, None)),
    };
    let record = |game: &L::Game, ply: usize| {
        let mut record = L::record(game);
        record.insert("ply".into(), ply.into());
        Value::Object(record)
    };
    let mut records = if every {
        vec![record(&game, 0)]
    } else {
        vec![]
    };
    for (index, uci) in moves.iter().enumerate() {
        if let Err(refusal) = L::play(&mut game, uci) {
            let before = if every {
                records
            } else {
                vec![record(&game, index)]
            };
            return Ok(refuse(refusal, Some(index + 1), Some(before)));
        }
        if every {
            records.push(record(&game, index + 1));
        }
    }
    if !every {
        records.push(record(&game, moves.len()));
    }
    Ok(json!({"type": "records", "id": id, "records": records}))
}
