//! A shrunk divergence as the command that explains it and as a
//! ready-to-paste corpus case.

use super::*;

/// A TOML (and JSON) string literal.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "\"\"".to_owned())
}

/// `game` as a `drawrules explain` command.
pub fn explain_command(game: &Trial) -> String {
    let mut command = format!(
        "drawrules explain --rules {} --fen {}",
        game.edition,
        quoted(&game.fen)
    );
    for mv in &game.moves {
        command.push(' ');
        command.push_str(mv);
    }
    command
}

/// The corpus case (spec/README.md's format) that pins the reference's
/// answer where `engine` diverged on `minimal`, written by serialising the
/// corpus types; `None` for a divergence that is not about the Laws (the
/// shape of an answer, malformed input, a move after the engine's own
/// automatic draw).
pub fn corpus_case(engine: &str, minimal: &Minimal) -> Option<String> {
    let Minimal {
        game,
        divergence,
        reference: ours,
    } = minimal;
    let mut articles: Vec<Article> = Vec::new();
    let mut case = Case {
        name: slug(&format!("{engine} {}", divergence.group)),
        articles: Vec::new(),
        shows: format!(
            "{engine} departs here on {}: the reference says {}, {engine} says {}",
            divergence.group, divergence.expected, divergence.actual
        )
        .replace('\n', " "),
        editions: vec![game.edition],
        dead_rule: DeadReading::Material,
        fen: Some(game.fen.clone()),
        moves: game.moves.join(" "),
        expect: None,
        at: Vec::new(),
        error: None,
        alternatives: Vec::new(),
        line: 0,
    };
    match divergence.group {
        // Play after the engine's own automatic draw departs from its own
        // declaration, not from the Laws (under which the game goes on).
        Group::AnswerShape
        | Group::Input(_)
        | Group::MovesAfterTheEnd(Part::ThreefoldRepetition | Part::FiftyMoves) => return None,
        Group::MoveAcceptance | Group::MovesAfterTheEnd(_) | Group::IllegalMoves(_) => {
            match &ours.refusal {
                Some(refusal) => {
                    let kind = match refusal.kind() {
                        kind @ (RefusalKind::GameOver | RefusalKind::InvalidFen) => kind,
                        _ => RefusalKind::IllegalMove,
                    };
                    if let Some(last) = ours.records.last() {
                        articles.extend(last.ended.iter().map(|ending| ending.article()));
                    }
                    case.error = Some(ExpectedRefusal {
                        kind,
                        ply: refusal.move_ply(),
                    });
                }
                None => {
                    case.expect = Some(PartialStatus {
                        ply: Some(u32::try_from(ours.records.len().saturating_sub(1)).ok()?),
                        ..PartialStatus::default()
                    });
                }
            }
        }
        Group::Part(part) | Group::ClaimsAfterTheEnd(part) => {
            let ply = divergence.ply?;
            let status = ours.records.get(ply as usize)?;
            articles.extend(part.articles());
            match part {
                Part::Fen => articles.extend(fen_articles(divergence.cause, ours, ply)),
                Part::Result => articles.extend(status.ended.iter().map(|e| e.article())),
                _ => {}
            }
            let mut expected = PartialStatus::from(status).only(part.field()?);
            expected.ply = Some(ply);
            case.at.push(expected);
        }
    }
    if articles.is_empty() {
        articles.push(Article::LegalMoves);
    }
    articles.sort_unstable();
    articles.dedup();
    case.articles = articles;
    let file = toml::to_string(&CaseFile { case: vec![case] }).ok()?;
    Some(format!(
        "# Found by drawrules verify against {engine}.\n{file}"
    ))
}

/// The articles a `fen` divergence of `cause` at `ply` concerns: its
/// field's ([`FenField::articles`]), and for the placement the article of
/// the move into the ply (a pawn's or the king's).
fn fen_articles(cause: Cause, ours: &drawrules::Judgement, ply: u32) -> Vec<Article> {
    let field = cause.fen_field().unwrap_or(FenField::Placement);
    let mut articles = field.articles().to_vec();
    let played = (ply as usize)
        .checked_sub(1)
        .and_then(|index| ours.moves.get(index));
    if let (FenField::Placement, Some(mv)) = (field, played) {
        match mv.role() {
            shakmaty::Role::Pawn => articles.push(Article::PawnMoves),
            shakmaty::Role::King => articles.push(Article::KingMoves),
            _ => {}
        }
    }
    articles
}

/// The top level of a case file, for writing one.
#[derive(Serialize)]
struct CaseFile {
    case: Vec<Case>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::game::divergence::Divergence;
    use crate::verify::game::judge::judged;
    use drawrules::Edition;

    /// The `articles` line of the corpus case for a `fen` divergence of
    /// `cause` at `ply` of the game `moves` from the standard start.
    fn articles_of(cause: Cause, moves: &str, ply: u32) -> String {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let reference = judged(start, moves);
        let fen = reference.records[ply as usize].fen.clone();
        let minimal = Minimal {
            game: Trial {
                fen: start.to_owned(),
                moves: moves.split_whitespace().map(str::to_owned).collect(),
                edition: Edition::Fide2018,
            },
            divergence: Divergence {
                group: Group::Part(Part::Fen),
                cause,
                ply: Some(ply),
                expected: fen.clone(),
                actual: fen,
                direction: None,
            },
            reference,
        };
        let case = corpus_case("test", &minimal).unwrap();
        let line = case.lines().find(|line| line.starts_with("articles"));
        line.unwrap().to_owned()
    }

    #[test]
    fn each_fen_field_names_its_own_articles() {
        let cases = [
            (Cause::Placement, "e2e4", 1, r#"["3.7", "3.10"]"#),
            (Cause::Placement, "g1f3", 1, r#"["3.10"]"#),
            (Cause::MoveNumber, "g1f3 g8f6", 2, r#"["3.10"]"#),
            (Cause::HalfmoveClock, "g1f3", 1, r#"["9.3.2"]"#),
            (Cause::CastlingField, "g1f3", 1, r#"["9.2.3"]"#),
            (Cause::UnusableEnPassant, "e2e4", 1, r#"["9.2.3"]"#),
            (Cause::MixedEnPassantConventions, "e2e4", 1, r#"["9.2.3"]"#),
        ];
        for (cause, moves, ply, articles) in cases {
            assert_eq!(
                articles_of(cause, moves, ply),
                format!("articles = {articles}"),
                "{cause}"
            );
        }
    }
}
