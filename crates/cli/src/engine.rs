//! `--engine arbiter|reference`: which in-process implementation judges.

use clap::ValueEnum;
use drawrules::{Arbiter, Reference, Rules};

/// The in-process implementations of the draw rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Engine {
    /// The optimised arbiter.
    Arbiter,
    /// The executable specification.
    Reference,
}

impl Engine {
    /// A fresh implementation.
    pub fn rules(self) -> Box<dyn Rules> {
        match self {
            Engine::Arbiter => Box::new(Arbiter::default()),
            Engine::Reference => Box::new(Reference::default()),
        }
    }

    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Arbiter => "arbiter",
            Engine::Reference => "reference",
        }
    }
}
