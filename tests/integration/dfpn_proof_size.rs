//! What df-pn's two numbers mean (issue 5; the "proof size 10 with 7 nodes" of
//! tictactoe-fork): `Stats::nodes` counts MID calls, the positions df-pn *searched* (a
//! position searched again counts again; `plyscope solve` adds the root analysis's
//! searches), while `proof_size` counts the positions of the proof tree it found: one move
//! at an OR node, every move at an AND node, *including the positions its one-move tactics
//! decide without searching them* (an immediate win stands for 2 positions, the mover and
//! the finished game; a mover facing two immediate wins for `1 + 2 x legal moves`: each
//! move and the opponent's win after it). So a proof can be larger than the search that
//! found it: tictactoe-fork is proven in 2 MID calls (the root, and White after c1, which
//! faces the double threat b1/c2) with a proof tree of 10 positions: the root, c1, White's
//! 4 replies and Black's win after each.
//!
//! One approximation: a move dropped because it loses to a verified double threat
//! (`dfpn::threats`) counts 2 positions like a move that loses at once, although its
//! refutation tree has at least 5; where that pruning fires, `proof_size` is a lower bound of
//! the found tree's size.
//!
//! The tests pin these numbers and check the proof size against the smallest proof tree an
//! exhaustive search finds: df-pn's tree is a proof tree, so it is never smaller on these
//! positions, as long as the symmetric keys and the game's static certificates are off.
//! Symmetric keys make mirror-image siblings one child (searched and counted once), and a
//! certificate
//! (`Tactics::cannot_win`, e.g. an m,n,k pairing strategy) decides a node without any tree
//! below it and counts as one position, so with certificates on (the default) a proof can be
//! smaller than the smallest *game* tree: tic-tac-toe with draws for the attacker is then
//! decided at once (White can never win after Black's first move), a proof of size 2.

use plyscope::game::{Game, MoveList};
use plyscope::puzzle::{self, Position};
use plyscope::search::Limits;
use plyscope::search::dfpn::mid::Mid;
use plyscope::search::dfpn::{DfpnOptions, PlainMoves, goal_reached};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, ProofConfig, ProofVerdict};

/// The smallest proof tree of `goal` below `game` (the attacker to move when `or_node`), by
/// exhaustive search; `None` when the goal is not reached.
fn smallest_proof<G: Game>(game: &mut G, goal: Goal, or_node: bool) -> Option<u64> {
    if let Some(outcome) = game.outcome() {
        return goal_reached(outcome, goal).then_some(1);
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    if moves.is_empty() {
        return goal.draw_for_attacker.then_some(1);
    }
    let mut best: Option<u64> = None;
    let mut sum = 1u64;
    for &mv in moves.iter() {
        game.play(mv);
        let below = smallest_proof(game, goal, !or_node);
        game.undo(mv);
        match (or_node, below) {
            (true, Some(size)) => best = Some(best.map_or(size, |b| b.min(size))),
            (true, None) => {}
            (false, Some(size)) => sum += size,
            (false, None) => return None,
        }
    }
    if or_node {
        best.map(|b| b + 1)
    } else {
        Some(sum)
    }
}

/// df-pn's (nodes, proof size) on the bundled puzzle `name` with symmetric keys and the
/// game's static certificates off, and the exhaustive smallest proof tree.
fn measure(name: &str, draw_for_attacker: bool) -> (u64, u64, u64) {
    measure_with(name, draw_for_attacker, false)
}

/// The same with the knowledge (symmetric keys and certificates) on or off.
fn measure_with(name: &str, draw_for_attacker: bool, knowledge: bool) -> (u64, u64, u64) {
    let p = puzzle::load(name).unwrap();
    let Position::Mnk(mut game) = p.position else {
        unreachable!("m,n,k puzzles")
    };
    let options = DfpnOptions::from_config(&ProofConfig {
        tt_mb: 4,
        ..ProofConfig::default()
    });
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker,
    };
    let limits = Limits::default();
    let mut source = PlainMoves::new(options.init)
        .with_symmetry(knowledge)
        .with_certificates(knowledge);
    let report = Mid::new(&mut source, &mut NoTrace, &options, goal, &limits).run(&mut game);
    assert_eq!(report.verdict, ProofVerdict::Proven, "{name}");
    let smallest = smallest_proof(&mut game, goal, true).expect("a win");
    (report.stats.nodes, report.proof_size.unwrap(), smallest)
}

#[test]
fn tictactoe_fork_is_two_searched_positions_and_a_proof_tree_of_ten() {
    let (nodes, proof_size, smallest) = measure("tictactoe-fork", false);
    assert_eq!(nodes, 2, "the root and White after c1");
    // Root + c1 + 4 replies of White + Black's win after each.
    assert_eq!(proof_size, 1 + 1 + 4 * 2);
    assert_eq!(smallest, proof_size, "the smallest proof tree");
}

#[test]
fn an_immediate_win_is_one_searched_position_and_a_proof_of_two() {
    let (nodes, proof_size, smallest) = measure("tictactoe-win", false);
    assert_eq!((nodes, proof_size, smallest), (1, 2, 2));
}

/// A proof that needs real search (tic-tac-toe with draws counting for the attacker):
/// df-pn's tree is a proof tree, so never smaller than the smallest one; all three pinned.
#[test]
fn tictactoe_draw_proof_is_no_smaller_than_the_smallest() {
    let (nodes, proof_size, smallest) = measure("tictactoe", true);
    assert!(proof_size >= smallest, "{proof_size} < {smallest}");
    assert_eq!((nodes, proof_size, smallest), (94, 198, 182));
}

/// PNS counts proofs the same way: its look-ahead leaves stand for the positions of their
/// decision, so on tictactoe-fork its proof is the same 10 positions (6 nodes created: the
/// root and its 5 children, White after c1 solved by look-ahead).
#[test]
fn pns_counts_the_same_proof_of_ten_on_tictactoe_fork() {
    let p = puzzle::load("tictactoe-fork").unwrap();
    let Position::Mnk(mut game) = p.position else {
        unreachable!("an m,n,k puzzle")
    };
    let goal = Goal {
        attacker: game.to_move(),
        draw_for_attacker: false,
    };
    let config = ProofConfig {
        tt_mb: 4,
        ..ProofConfig::default()
    };
    let r = plyscope::search::pns::pns(&mut game, &config, goal, &Limits::default(), &mut NoTrace)
        .unwrap();
    assert_eq!(r.verdict, ProofVerdict::Proven);
    assert_eq!((r.stats.nodes, r.proof_size), (6, Some(10)));
}

/// With symmetric keys and certificates on (the default), tic-tac-toe with draws for the
/// attacker is decided at the root's expansion: after Black's first move White can never
/// win (certified), and df-pn leaves an attacker's certified aim to the children so that the
/// proof names a move: one position searched, a proof of two (the root and that move).
#[test]
fn tictactoe_draw_is_certified_at_the_root_with_knowledge_on() {
    let (nodes, proof_size, smallest) = measure_with("tictactoe", true, true);
    assert_eq!((nodes, proof_size), (1, 2));
    assert_eq!(smallest, 182, "the game tree's smallest proof is unchanged");
}
