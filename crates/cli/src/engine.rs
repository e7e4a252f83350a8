//! `--engine arbiter|reference`: which in-process implementation judges.

use clap::ValueEnum;
use drawrules::{Arbiter, Reference, Rules};

/// The in-process implementations of the draw rules.
///
/// # Examples
///
/// ```
/// use drawrules::{Edition, StartPosition};
/// use drawrules_cli::Engine;
///
/// let mut rules = Engine::Reference.rules();
/// rules.start(&StartPosition::standard(), Edition::Fide2018).unwrap();
/// rules.play("e2e4".parse().unwrap()).unwrap();
/// assert_eq!(rules.status().ply, 1);
/// assert_eq!(Engine::Reference.name(), "reference");
/// ```
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
