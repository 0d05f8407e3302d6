//! The oracles that search again at each OR node the rules do not decide: [`ResolveOracle`]
//! re-solves the position with the algorithm and settings of the original solve (a fresh
//! table each time), [`LineOracle`] runs the solve's alpha-beta search on the game object the
//! extraction walks (games whose draws depend on the path). The df-pn oracle whose table is
//! kept for the whole extraction is in `kept.rs`; which oracle an algorithm gets is decided
//! in [`super::extract`].

use crate::game::{Game, Tactics};
use crate::game::{Point, StoneGame};
use crate::games::any::AnyGame;
use crate::games::hex::{EdgeConnection, Hex, VcEnd, VcRule, VcStep};
use crate::puzzle::{Position, Puzzle};
use crate::run::solve::solve_puzzle;
use crate::run::spec::SearchSpec;
use crate::search::observer::NoTrace;
use crate::search::{self, Limits, SearchConfig, SearchGame, Verdict};

use super::build::WinOracle;
use super::{ConnectionProof, DerivationStep, MustPlayProof, ProofGoal};

/// Games whose positions can become a puzzle's start position again.
pub trait IntoPosition: Game {
    /// The puzzle position of this game state.
    fn to_position(&self) -> Position;

    /// A connection that decides the position for the side not to move (a connection leaf
    /// of the proof, [`WinOracle::connection_leaf`]): its cells in the game's notation and
    /// its derivation when the game has one; `None` (the default) when the game knows none.
    fn connection_proof(&self) -> Option<ConnectionProof> {
        None
    }

    /// At a position where the defender is to move: the attacker's connections that answer
    /// every defender move outside a region, with that region's cells in the game's
    /// notation ([`WinOracle::must_play`]); `None` (the default) when the game knows none.
    fn must_play_proof(&self) -> Option<(MustPlayProof, Vec<String>)> {
        None
    }
}

/// Every game's position comes back as a puzzle's; the connection proofs are Hex's, the
/// one game whose knowledge finds connections.
impl<G: AnyGame> IntoPosition for G {
    fn to_position(&self) -> Position {
        self.clone().into_position()
    }

    fn connection_proof(&self) -> Option<ConnectionProof> {
        as_hex(self).and_then(hex_connection_proof)
    }

    fn must_play_proof(&self) -> Option<(MustPlayProof, Vec<String>)> {
        as_hex(self).and_then(hex_must_play_proof)
    }
}

/// `game` as a Hex game, when it is one.
fn as_hex<G: AnyGame>(game: &G) -> Option<&Hex> {
    (game as &dyn std::any::Any).downcast_ref::<Hex>()
}

/// The full edge-to-edge connection of the side not to move. First its derivation
/// ([`Hex::connection_certificate`], H-search on the board as it is but for the
/// defender's inferior cells), which the verifier checks step by step whatever its size.
/// When H-search needs the attacker's inferior cells filled in to find it
/// ([`Hex::solver_readout`]), the leaf's cells are the carrier plus every empty cell the fill-in filled (dead and
/// captured cells), without a derivation: the verifier replays the position as it is
/// and plays in all of them.
fn hex_connection_proof(game: &Hex) -> Option<ConnectionProof> {
    if game.outcome().is_some() || !game.is_lost() {
        return None;
    }
    let attacker = game.to_move().opponent();
    if let Some(steps) = game.connection_certificate(attacker) {
        return Some(derivation_text(game, &steps));
    }
    let knowledge = game.solver_readout()?;
    let Some(EdgeConnection::Full { carrier }) = &knowledge.connections[attacker.index()] else {
        return None;
    };
    let mut cells: Vec<Point> = carrier.clone();
    cells.extend(&knowledge.dead);
    cells.extend(knowledge.captured.iter().flatten());
    cells.retain(|&p| game.is_empty(p));
    cells.sort_unstable();
    cells.dedup();
    Some(ConnectionProof {
        carrier: cells.into_iter().map(|p| game.format_move(p)).collect(),
        vc: None,
    })
}

/// The semi connections of the attacker's (the side not to move) two edges with their
/// derivation ([`Hex::must_play_certificate`]), and the empty cells inside all of
/// their carriers.
fn hex_must_play_proof(game: &Hex) -> Option<(MustPlayProof, Vec<String>)> {
    if game.outcome().is_some() {
        return None;
    }
    let attacker = game.to_move().opponent();
    let certificate = game.must_play_certificate(attacker)?;
    let region = certificate
        .region()
        .into_iter()
        .map(|p| game.format_move(p))
        .collect();
    let proof = MustPlayProof {
        vc: derivation_steps(game, &certificate.steps),
        semis: certificate.semis,
    };
    Some((proof, region))
}

/// A certificate in the proof file's words (`super` module doc, "Derivations").
fn derivation_text(game: &Hex, steps: &[VcStep]) -> ConnectionProof {
    let vc = derivation_steps(game, steps);
    let carrier = vc.last().map(|s| s.carrier.clone()).unwrap_or_default();
    ConnectionProof {
        carrier,
        vc: Some(vc),
    }
}

/// Derivation steps in the proof file's words.
fn derivation_steps(game: &Hex, steps: &[VcStep]) -> Vec<DerivationStep> {
    let cell = |p: Point| game.format_move(p);
    let end = |end: VcEnd| match end {
        VcEnd::Edge { second: false } => "edge1".to_string(),
        VcEnd::Edge { second: true } => "edge2".to_string(),
        VcEnd::Cell(p) => cell(p),
    };
    steps
        .iter()
        .map(|step| {
            let (rule, from) = match &step.rule {
                VcRule::Base => ("base", Vec::new()),
                VcRule::And(a, b) => ("and", vec![*a, *b]),
                VcRule::Or(parts) => ("or", parts.clone()),
            };
            DerivationStep {
                ends: [end(step.ends[0]), end(step.ends[1])],
                carrier: step.carrier.iter().map(|&p| cell(p)).collect(),
                key: step.key.map(cell),
                rule: rule.to_string(),
                from,
            }
        })
        .collect()
}

/// Re-solves positions with the algorithm and settings of the original solve.
pub struct ResolveOracle {
    puzzle: Puzzle,
    options: SearchSpec,
    accept_draw: bool,
    /// Re-solves run.
    pub calls: u64,
    /// Nodes the re-solves searched.
    pub nodes: u64,
}

impl ResolveOracle {
    /// An oracle for `puzzle` solved with `options` (root analysis off, the table bounded by
    /// `resolve_tt_mb`); `goal` says whether a reported draw keeps the goal.
    pub fn new(
        puzzle: &Puzzle,
        options: &SearchSpec,
        goal: ProofGoal,
        resolve_tt_mb: usize,
    ) -> ResolveOracle {
        let mut puzzle = puzzle.clone();
        puzzle.expect = None;
        let mut options = *options;
        options.root_analysis = false;
        options.set_table_mb(options.config.tt_mb.min(resolve_tt_mb));
        ResolveOracle {
            puzzle,
            options,
            accept_draw: goal == ProofGoal::WinOrDraw,
            calls: 0,
            nodes: 0,
        }
    }
}

impl<G: IntoPosition> WinOracle<G> for ResolveOracle {
    fn connection_leaf(&mut self, game: &G) -> Option<ConnectionProof> {
        game.connection_proof()
    }

    fn must_play(&mut self, game: &G) -> Option<(MustPlayProof, Vec<String>)> {
        game.must_play_proof()
    }

    fn winning_move(&mut self, game: &mut G, _ply: usize) -> Result<G::Move, String> {
        self.puzzle.position = game.to_position();
        let report = solve_puzzle(&self.puzzle, &self.options).map_err(|e| e.to_string())?;
        self.calls += 1;
        self.nodes += report.nodes;
        let reached = matches!(report.result.as_str(), "win" | "proven")
            || (self.accept_draw && report.result == "draw");
        if !reached {
            let limit = if report.stopped {
                " (stopped by a limit)"
            } else {
                ""
            };
            return Err(format!("it answers {}{limit}", report.result));
        }
        let Some(text) = report.best_move else {
            return Err(format!("it answers {} without a move", report.result));
        };
        game.parse_move(&text)
            .map_err(|e| format!("its move {text} does not parse: {e}"))
    }
}

/// The solve's alpha-beta search run on the game object the extraction walks (games whose
/// draws depend on the path, [`Shape::Tree`](super::build::Shape::Tree)): the position keeps its history, so the search
/// applies the repetition rule to the line that led here, exactly as the game does. The depth
/// of each search is what is left of the win's length: a win in `n` plies has `n - ply`
/// plies left at ply `ply`, so every line of the proof ends within `n` plies. A win verdict
/// of the alpha-beta family rests only on finished games (heuristic values never prove), and
/// the verifier replays whatever this oracle chooses.
pub struct LineOracle {
    config: SearchConfig,
    limits: Limits,
    /// Plies of the win at the root (`None`: to the end of the game).
    budget: Option<u32>,
    accept_draw: bool,
    /// Searches run.
    pub calls: u64,
    /// Nodes they searched.
    pub nodes: u64,
}

impl LineOracle {
    /// An oracle searching with `options`' algorithm and limits (the table bounded by
    /// `tt_mb`), within `budget` plies of the root; `goal` says whether a proven draw keeps
    /// the goal.
    pub fn new(
        options: &SearchSpec,
        goal: ProofGoal,
        budget: Option<u32>,
        tt_mb: usize,
    ) -> LineOracle {
        LineOracle {
            config: SearchConfig {
                algorithm: options.config.algorithm,
                tt_mb: options.config.tt_mb.min(tt_mb),
                ..SearchConfig::default()
            },
            limits: options.limits,
            budget,
            accept_draw: goal == ProofGoal::WinOrDraw,
            calls: 0,
            nodes: 0,
        }
    }
}

impl<G: SearchGame> WinOracle<G> for LineOracle {
    fn winning_move(&mut self, game: &mut G, ply: usize) -> Result<G::Move, String> {
        let left = match self.budget {
            None => None,
            Some(budget) => match budget.checked_sub(ply as u32) {
                Some(left) if left > 0 => Some(left),
                _ => return Err(format!("no plies are left of the win in {budget}")),
            },
        };
        let limits = Limits {
            max_depth: left,
            ..self.limits
        };
        let result = search::solve(game, &self.config, &limits, &mut NoTrace);
        self.calls += 1;
        self.nodes += result.stats.nodes;
        let reached = matches!(result.verdict, Verdict::Win { .. })
            || (self.accept_draw && result.verdict == Verdict::Draw);
        let within = match left {
            None => String::new(),
            Some(1) => " within 1 ply".to_string(),
            Some(l) => format!(" within {l} plies"),
        };
        if !reached {
            let limit = if result.stopped {
                " (stopped by a limit)"
            } else {
                ""
            };
            return Err(format!(
                "it answers {}{within}{limit}",
                result.verdict.word()
            ));
        }
        result.best_move.ok_or_else(|| {
            format!(
                "it answers {}{within} without a move",
                result.verdict.word()
            )
        })
    }
}
