//! The handshakes the unit tests of verify judge by.

use drawrules::laws::Edition;

use crate::protocol::{
    DeadReading, DrawPolicies, EndedReading, Hello, Meanings, PROTOCOL_VERSION, Part,
};

/// The handshake of an engine called `test` that implements `implements`
/// under the 2018 Laws and declares nothing else (protocol 2).
pub(crate) fn hello(implements: &[Part]) -> Hello {
    Hello {
        protocol: PROTOCOL_VERSION,
        name: "test".to_owned(),
        version: String::new(),
        implements: implements.to_vec(),
        profile: None,
        editions: vec![Edition::Fide2018],
        draws: DrawPolicies::default(),
        dead_position: DeadReading::Material,
        meanings: Meanings::new(),
        lenient: Vec::new(),
        ended: EndedReading::All,
        ignored: Vec::new(),
    }
}

/// The handshake of an engine called `x` that implements `result`, with
/// `fields` (JSON members: a profile, draws, editions) as it writes them,
/// read as the harness reads a handshake.
pub(crate) fn handshake(fields: &str) -> Hello {
    serde_json::from_str(&format!(
        r#"{{"protocol":2,"name":"x","implements":["result"],{fields}}}"#
    ))
    .unwrap()
}
