//! `drawrules cases`: the conformance corpus, listed or run against one
//! implementation.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use drawrules_conformance::corpus::{
    Readings, built_in, load_dir, render_list, run_corpus, summary,
};

use crate::engine::Engine;
use crate::output::{CHECK_FAILED, fail, print};

/// The arguments of `drawrules cases`.
#[derive(Args, Debug)]
pub struct CasesArgs {
    /// A directory of case files to run instead of the conformance corpus
    /// built into this program (spec/cases as it was when it was built).
    #[arg(long)]
    dir: Option<PathBuf>,
    /// Which implementation runs the cases.
    #[arg(long, value_enum, default_value_t = Engine::Arbiter)]
    engine: Engine,
    /// Only the cases whose full name (group/name) contains this text.
    #[arg(long, default_value = "")]
    filter: String,
    /// List the cases (name, articles, editions) instead of running them.
    #[arg(long)]
    list: bool,
}

/// Runs the command: 0 when every case selected holds, 1 when some case
/// does not, 2 when the corpus cannot be read or the filter selects none.
pub fn run(args: &CasesArgs) -> ExitCode {
    let corpus = match args.dir.as_deref().map_or_else(built_in, load_dir) {
        Ok(corpus) => corpus,
        Err(err) => return fail(&err.to_string()),
    };
    let filter = &args.filter;
    if args.list {
        let listed = render_list(&corpus, filter);
        if listed.is_empty() {
            return fail(&format!("--filter: no case name contains {filter:?}"));
        }
        return print(&listed).err().unwrap_or(ExitCode::SUCCESS);
    }
    let mut rules = args.engine.rules();
    let runs = run_corpus(&corpus, rules.as_mut(), filter, Readings::Ours);
    if runs.is_empty() {
        return fail(&format!("--filter: no case name contains {filter:?}"));
    }
    let mut out: String = runs
        .iter()
        .filter(|run| !run.holds())
        .map(|run| format!("FAIL {run}\n"))
        .collect();
    out.push_str(&summary(&runs, args.engine.name()));
    out.push('\n');
    if let Err(code) = print(&out) {
        return code;
    }
    if runs.iter().all(|run| run.holds()) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(CHECK_FAILED)
    }
}
