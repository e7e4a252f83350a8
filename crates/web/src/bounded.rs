//! The page's bound on the exact decision of Article 5.2.2: a search a
//! ply, each within the reference's budget, can still add up to many
//! seconds over a long game, and the page judges on the thread that draws
//! it. Past the bound the page stops before the next move and says so.

use drawrules::mating::DeadRule;
use drawrules::{Edition, Rules, RulesError, StartPosition, Status};
use shakmaty::uci::UciMove;

/// The most time, in seconds, the page spends on a game whose 5.2.2 it
/// decides exactly: it judges no move after that (the plies before it
/// stay shown).
pub const EXACT_SECONDS: u32 = 10;

/// `rules` judged under a bound of `limit_ms` milliseconds by `clock`
/// (milliseconds from any origin): a move asked for once the time spent
/// since the first call of `clock` has passed the bound is refused with
/// [`RulesError::Stopped`], saying why and how to go on.
pub(crate) struct Bounded<R, C> {
    rules: R,
    clock: C,
    started: f64,
    limit_ms: f64,
    /// The plies judged so far.
    plies: u32,
}

impl<R: Rules, C: FnMut() -> f64> Bounded<R, C> {
    pub(crate) fn new(rules: R, mut clock: C, limit_ms: f64) -> Bounded<R, C> {
        let started = clock();
        Bounded {
            rules,
            clock,
            started,
            limit_ms,
            plies: 0,
        }
    }
}

impl<R: Rules, C: FnMut() -> f64> Rules for Bounded<R, C> {
    fn start(&mut self, start: &StartPosition, edition: Edition) -> Result<(), RulesError> {
        self.plies = 0;
        self.rules.start(start, edition)
    }

    fn play(&mut self, mv: UciMove) -> Result<(), RulesError> {
        let spent = (self.clock)() - self.started;
        if spent > self.limit_ms {
            return Err(RulesError::Stopped {
                reason: format!(
                    "not judged: the page decides Article 5.2.2 exactly for at most {EXACT_SECONDS} s a game, \
                     and {:.1} s went to plies 0 to {}; judge by material alone (the box unticked) to see the \
                     whole game, or run `drawrules explain --exact-dead-position` on it",
                    spent / 1000.0,
                    self.plies
                ),
            });
        }
        self.rules.play(mv)?;
        self.plies += 1;
        Ok(())
    }

    fn status(&self) -> Status {
        self.rules.status()
    }

    fn set_dead_rule(&mut self, rule: DeadRule) -> bool {
        self.rules.set_dead_rule(rule)
    }
}

/// Milliseconds since this call, by the browser's clock on the page
/// (WebAssembly has no clock of its own) and the system's elsewhere.
pub(crate) fn wall_clock() -> impl FnMut() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        let started = date_now();
        move || date_now() - started
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let started = std::time::Instant::now();
        move || started.elapsed().as_secs_f64() * 1000.0
    }
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// JavaScript's `Date.now()`: milliseconds since 1970.
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}
