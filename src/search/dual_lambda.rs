//! Dual-lambda (mu) search (thesis 000 definition 2, sections 3.7-3.11, theorem 17).
//!
//! Both players' threats count: an attack move that threatens at order k must also leave the
//! defender no mu-tree of order <= k (definition 2 (ii)); a move failing that is
//! *self-endangering*: it loses, it is excluded from every higher level of the same LAMBDA
//! call, and its defence zone W^s joins the attack zone (theorem 17). When every legal move of
//! the attacker at the root is self-endangering, the position is a proven loss, so the answer
//! is a win (with its level), a loss or unknown. The procedures are those of
//! [`crate::search::lambda::engine`] with `LambdaConfig::dual` set.

use crate::game::{MoveList, Outcome};
use crate::search::Limits;
use crate::search::lambda::engine::Searcher;
use crate::search::lambda::{LambdaConfig, LambdaGame, LambdaReport, lambda_search};
use crate::search::observer::{LambdaNode, LambdaNodeKind, LambdaPurpose, LambdaVerdict, Observer};

/// Dual-lambda search for the side to move: [`lambda_search`] with `dual` set.
pub fn dual_lambda_search<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> LambdaReport<G::Move> {
    let config = LambdaConfig {
        dual: true,
        ..*config
    };
    lambda_search(game, &config, limits, observer)
}

/// The root's loss proof (section 3.9): after every legal move of the side to move, does the
/// opponent win with a mu-tree of order <= `max_level` (or at once, by the mover's suicide)?
/// `Some(level)`, the highest such level, when every move loses; `None` as soon as one move
/// does not (or no move exists, or the search stopped). Reported to the observer as one
/// search node of the attacker with one attack node per move.
pub(crate) fn every_move_loses<G: LambdaGame, O: Observer<G>>(
    searcher: &mut Searcher<'_, G, O>,
    game: &mut G,
    depth: u32,
) -> Option<u8> {
    let attacker = game.to_move();
    let defender = attacker.opponent();
    let max_level = searcher.config.max_level;
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if depth == 0 || moves.is_empty() {
        return None;
    }
    if O::ENABLED {
        let node = LambdaNode {
            kind: LambdaNodeKind::Search(LambdaPurpose::Root),
            attacker,
            level: max_level,
            depth_left: depth,
        };
        let flow = searcher.observer.lambda_enter(game, node);
        searcher.watch_flow(flow);
    }
    let mut worst = Some(0);
    for &a in moves.iter() {
        searcher.count_node();
        if searcher.stopped {
            worst = None;
            break;
        }
        game.play(a);
        if O::ENABLED {
            let node = LambdaNode {
                kind: LambdaNodeKind::Attack(a),
                attacker,
                level: max_level,
                depth_left: depth - 1,
            };
            let flow = searcher.observer.lambda_enter(game, node);
            searcher.watch_flow(flow);
        }
        let lost_at = match game.outcome() {
            Some(Outcome::Win(w)) if w == defender => Some(0),
            Some(_) => None,
            None => {
                let counter = searcher.lambda(
                    game,
                    defender,
                    max_level,
                    depth - 1,
                    LambdaPurpose::CounterThreat,
                );
                (counter.won && !searcher.stopped).then_some(counter.level)
            }
        };
        if O::ENABLED {
            let verdict = match lost_at {
                _ if searcher.stopped => LambdaVerdict::Stopped,
                Some(level) => LambdaVerdict::SelfEndangering { level },
                None => LambdaVerdict::NotWon,
            };
            let flow = searcher.observer.lambda_leave(verdict, None);
            searcher.watch_flow(flow);
        }
        game.undo(a);
        match (lost_at, worst) {
            (Some(level), Some(w)) => worst = Some(w.max(level)),
            _ => {
                worst = None;
                break;
            }
        }
    }
    if searcher.stopped {
        worst = None;
    }
    if O::ENABLED {
        let verdict = match worst {
            _ if searcher.stopped => LambdaVerdict::Stopped,
            Some(level) => LambdaVerdict::SelfEndangering { level },
            None => LambdaVerdict::NotWon,
        };
        let flow = searcher.observer.lambda_leave(verdict, None);
        searcher.watch_flow(flow);
    }
    worst
}
