//! `drawrules._native`: the draw rules judged in the Python process, for
//! the `drawrules` Python package (python/drawrules/), which re-exports
//! it with its types (`_native.pyi`) and its exceptions (`errors.py`).
//!
//! * [`game::Game`]: a game played move by move (UCI or SAN), the status
//!   record of every ply as the engine protocol defines it;
//! * [`judge::judge`]: a whole game at once;
//! * [`dead::dead`]: Article 5.2.2 decided exactly on one position;
//! * [`adjudicate::adjudicate`]: a PGN file's games, one report each, read
//!   and judged in Rust while Python takes the reports;
//! * [`generate::generate`]: the generators of the hard games, with the
//!   situations each reaches, for the package's Hypothesis strategy;
//! * [`run`]: the `drawrules` command, run in this process (the package's
//!   console script).
//!
//! Everything that judges releases the GIL while Rust works.

use pyo3::prelude::*;

mod adjudicate;
mod dead;
mod errors;
mod game;
mod generate;
mod judge;
mod options;
mod status;

/// Runs the `drawrules` command on `argv` (the program's name first) in
/// this process and returns its exit status, the GIL released meanwhile.
#[pyfunction]
fn run(py: Python<'_>, argv: Vec<String>) -> u8 {
    py.detach(|| {
        let code = drawrules_cli::run(argv);
        // `ExitCode` says its number to the process only: found by
        // comparison among the statuses a command can give.
        (0..=u8::MAX)
            .find(|&n| std::process::ExitCode::from(n) == code)
            .unwrap_or(1)
    })
}

/// The module Python imports as `drawrules._native`.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<status::Status>()?;
    module.add_class::<status::ClaimsOnMove>()?;
    module.add_class::<game::Game>()?;
    module.add_class::<dead::Deadness>()?;
    module.add_class::<adjudicate::GameReport>()?;
    module.add_class::<adjudicate::Reports>()?;
    module.add_function(wrap_pyfunction!(judge::judge, module)?)?;
    module.add_function(wrap_pyfunction!(dead::dead, module)?)?;
    module.add_function(wrap_pyfunction!(adjudicate::adjudicate, module)?)?;
    module.add_function(wrap_pyfunction!(run, module)?)?;
    module.add_function(wrap_pyfunction!(judge::_judged_in_rust, module)?)?;
    module.add_function(wrap_pyfunction!(generate::generate, module)?)?;
    module.add_function(wrap_pyfunction!(generate::readings, module)?)?;
    module.add("SITUATIONS", generate::names())?;
    Ok(())
}
