//! Root analysis (Suda, *Efficient algorithms for verifying goals in computer games*, figures
//! 5.1-5.3): every legal move of the side to move is classified as a winning attack (with its
//! level), self-endangering (the opponent then wins, with the level) or tried without proof.
//!
//! After each move `a`, first LAMBDA(o, max_level) for the opponent, who is to move: a win
//! makes `a` self-endangering (and it cannot also win: both answers are real). Otherwise `a`
//! is tested as ATTACK's only candidate, with no zone restriction: LAMBDA(p, max_level - 1)
//! with the opponent passing gives the order `k` of the threat (if any), dual-lambda's
//! check (ii) already holds (the opponent has no tree of any order <= max_level), and
//! DEFEND at the levels `k + 1..=max_level` decides whether the threat wins. Asking the
//! loss first is cheaper where most moves lose (Hex 4x4, dual-lambda: 208 thousand nodes
//! for the 16 openings instead of 267 thousand). All moves share one searcher, so the table
//! carries over from move to move.

use crate::game::LambdaGame;
use crate::game::{MoveList, Outcome};
use crate::search::Limits;
use crate::search::lambda::engine::{Searcher, effective_depth};
use crate::search::lambda::{LambdaConfig, RootAnalysis, RootMove, RootMoveClass};
use crate::search::observer::{LambdaNode, LambdaNodeKind, LambdaPurpose, LambdaVerdict, Observer};

/// See [`crate::search::lambda::analyse_root`].
pub fn analyse<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> RootAnalysis<G::Move> {
    let mut analysis = RootAnalysis {
        moves: Vec::new(),
        stopped: false,
        stats: Default::default(),
    };
    if !game.allows_pass() || game.outcome().is_some() {
        return analysis;
    }
    let attacker = game.to_move();
    let depth = effective_depth(game, config, limits);
    let mut searcher = Searcher::new(game, config, limits, observer);
    searcher.count_node();
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if O::ENABLED {
        let node = LambdaNode {
            kind: LambdaNodeKind::Search(LambdaPurpose::Root),
            attacker,
            level: config.max_level,
            depth_left: depth,
        };
        let flow = searcher.observer.lambda_enter(game, node);
        searcher.watch_flow(flow);
    }
    crate::search::meter::set_openings(0, moves.len());
    for &mv in moves.iter() {
        let before = searcher.stats.nodes;
        let class = if searcher.stopped || depth == 0 {
            RootMoveClass::NotProven
        } else {
            classify(&mut searcher, game, mv, depth)
        };
        analysis.moves.push(RootMove {
            mv,
            class,
            nodes: searcher.stats.nodes - before,
        });
        crate::search::meter::set_openings(analysis.moves.len(), moves.len());
    }
    if O::ENABLED {
        let verdict = if searcher.stopped {
            LambdaVerdict::Stopped
        } else {
            match analysis
                .moves
                .iter()
                .filter_map(|m| match m.class {
                    RootMoveClass::Wins { level } => Some(level),
                    _ => None,
                })
                .min()
            {
                Some(level) => LambdaVerdict::Won { level },
                None => LambdaVerdict::NotWon,
            }
        };
        let flow = searcher.observer.lambda_leave(verdict, None);
        searcher.watch_flow(flow);
    }
    analysis.stopped = searcher.stopped;
    analysis.stats = searcher.finish();
    analysis
}

/// Plays `mv`, classifies it and takes it back.
fn classify<G: LambdaGame, O: Observer<G>>(
    searcher: &mut Searcher<'_, G, O>,
    game: &mut G,
    mv: G::Move,
    depth: u32,
) -> RootMoveClass {
    let attacker = game.to_move();
    let max_level = searcher.config.max_level;
    searcher.count_node();
    if searcher.stopped {
        return RootMoveClass::NotProven;
    }
    game.play(mv);
    if O::ENABLED {
        let node = LambdaNode {
            kind: LambdaNodeKind::Attack(mv),
            attacker,
            level: max_level,
            depth_left: depth - 1,
        };
        let flow = searcher.observer.lambda_enter(game, node);
        searcher.watch_flow(flow);
    }
    let class = match game.outcome() {
        Some(Outcome::Win(w)) if w == attacker => RootMoveClass::Wins { level: 0 },
        Some(Outcome::Win(_)) => RootMoveClass::SelfEndangering { level: 0 },
        Some(_) => RootMoveClass::NotProven,
        None => classify_after(searcher, game, depth - 1),
    };
    let class = if searcher.stopped {
        RootMoveClass::NotProven
    } else {
        class
    };
    if O::ENABLED {
        let verdict = if searcher.stopped {
            LambdaVerdict::Stopped
        } else {
            match class {
                RootMoveClass::Wins { level } => LambdaVerdict::Won { level },
                RootMoveClass::SelfEndangering { level } => {
                    LambdaVerdict::SelfEndangering { level }
                }
                RootMoveClass::NotProven => LambdaVerdict::NotWon,
            }
        };
        let flow = searcher.observer.lambda_leave(verdict, None);
        searcher.watch_flow(flow);
    }
    game.undo(mv);
    class
}

/// The classification of the position after the root move (the defender to move, `depth`
/// real moves left).
fn classify_after<G: LambdaGame, O: Observer<G>>(
    searcher: &mut Searcher<'_, G, O>,
    game: &mut G,
    depth: u32,
) -> RootMoveClass {
    let defender = game.to_move();
    let attacker = defender.opponent();
    let max_level = searcher.config.max_level;
    if max_level == 0 {
        return RootMoveClass::NotProven;
    }
    // A move after which the opponent wins cannot win (both answers are real), so the
    // cheaper question comes first: most moves of a lost or balanced position lose.
    let counter = searcher.lambda(
        game,
        defender,
        max_level,
        depth,
        LambdaPurpose::CounterThreat,
    );
    if searcher.stopped {
        return RootMoveClass::NotProven;
    }
    if counter.won {
        return RootMoveClass::SelfEndangering {
            level: counter.level,
        };
    }
    let threat = searcher.lambda(game, attacker, max_level - 1, depth, LambdaPurpose::Threat);
    if !threat.won || searcher.stopped {
        return RootMoveClass::NotProven;
    }
    // Dual-lambda's check (ii) at the threat's order is implied: the defender has no tree
    // of any order <= max_level.
    for level in threat.level + 1..=max_level {
        let wins = searcher.defend_threat(game, attacker, level, &threat.zone, depth);
        if searcher.stopped {
            return RootMoveClass::NotProven;
        }
        if wins {
            return RootMoveClass::Wins { level };
        }
    }
    RootMoveClass::NotProven
}
