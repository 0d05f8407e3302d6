//! df-pn on m,n,k-games with its two exact speed-ups (issue 5, performance: "5x5 k=4 empty
//! proven a draw"): symmetric table keys (`PlainMoves::with_symmetry`) and the game's
//! can-never-win certificates (`PlainMoves::with_certificates`, `Mnk::cannot_win`).
//!
//! - Every combination of the two, on random small positions (with and without `exact_k`),
//!   for both goals, agrees with a memoised exhaustive solve written here, and a proven
//!   root's move really reaches the goal.
//! - The table's winning move, stored in the frame of the smallest symmetric key, maps back
//!   onto a winning move of every mirror image of the position.
//! - 5x5 k=4 from the empty board: Black cannot force four (a disproof, draws counting as
//!   disproof) and White cannot either (a proof of "Black at least draws"), within pinned
//!   node counts.

use crate::helpers::positions::Rng;
use plyscope::game::{Game, MoveList, Outcome, Player, Point, StoneGame};
use plyscope::games::mnk::Mnk;
use plyscope::search::Limits;
use plyscope::search::dfpn::{DfpnOptions, Mid, PlainMoves};
use plyscope::search::observer::NoTrace;
use plyscope::search::proof::{Goal, LeafInit, ProofReport, ProofVerdict};
use rustc_hash::FxHashMap;

/// The game's value for the side to move: 1 win, 0 draw, -1 loss (memoised on the key).
fn value(g: &mut Mnk, memo: &mut FxHashMap<u64, i8>) -> i8 {
    match g.outcome() {
        Some(Outcome::Win(p)) => return if p == g.to_move() { 1 } else { -1 },
        Some(_) => return 0,
        None => {}
    }
    if let Some(&v) = memo.get(&g.key()) {
        return v;
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let mut best = -1;
    for &mv in moves.iter() {
        g.play(mv);
        best = best.max(-value(g, memo));
        g.undo(mv);
        if best == 1 {
            break;
        }
    }
    memo.insert(g.key(), best);
    best
}

/// True when the side to move reaches `goal` (it is the attacker) by exhaustive play.
fn reaches(g: &mut Mnk, draw_for_attacker: bool, memo: &mut FxHashMap<u64, i8>) -> bool {
    let v = value(g, memo);
    v == 1 || (v == 0 && draw_for_attacker)
}

/// Mobility initialisation, no epsilon, a table of `mb` megabytes.
fn options(mb: usize) -> DfpnOptions {
    DfpnOptions {
        init: LeafInit::Mobility,
        weak: false,
        epsilon: 0.0,
        table_bytes: mb << 20,
        threads: 1,
    }
}

fn search(
    g: &mut Mnk,
    symmetry: bool,
    certificates: bool,
    draw_for_attacker: bool,
    nodes: u64,
    mb: usize,
) -> ProofReport<Point> {
    let goal = Goal {
        attacker: g.to_move(),
        draw_for_attacker,
    };
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    let options = options(mb);
    let mut source = PlainMoves::new(options.init)
        .with_symmetry(symmetry)
        .with_certificates(certificates);
    Mid::new(&mut source, &mut NoTrace, &options, goal, &limits).run(g)
}

/// `stones` random moves that do not end the game.
fn scatter(mut g: Mnk, stones: usize, rng: &mut Rng) -> Mnk {
    let mut moves = MoveList::new();
    for _ in 0..stones {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves.as_slice()[rng.below(moves.len())];
        g.play(mv);
        if g.outcome().is_some() {
            g.undo(mv);
            break;
        }
    }
    g
}

#[test]
fn symmetry_and_certificates_agree_with_exhaustive_play() {
    let mut rng = Rng(0x5EED_4D4E);
    let (mut proven, mut disproven, mut moves_checked) = (0, 0, 0);
    for round in 0..48 {
        let (columns, rows, k, stones) = match round % 6 {
            0 => (3, 3, 3, rng.below(3)),
            1 => (4, 4, 3, 2 + rng.below(4)),
            2 => (4, 4, 4, 4 + rng.below(4)),
            3 => (5, 4, 4, 6 + rng.below(3)),
            4 => (4, 5, 4, 7 + rng.below(3)),
            _ => (5, 5, 4, 11 + rng.below(4)),
        };
        let exact_k = round % 4 == 3;
        let mut g = scatter(
            Mnk::new(columns, rows, k, exact_k).unwrap(),
            stones,
            &mut rng,
        );
        let mut memo = FxHashMap::default();
        for draw_for_attacker in [false, true] {
            let truth = reaches(&mut g, draw_for_attacker, &mut memo);
            for (symmetry, certificates) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let before = g.key();
                let r = search(
                    &mut g,
                    symmetry,
                    certificates,
                    draw_for_attacker,
                    300_000,
                    1,
                );
                assert_eq!(g.key(), before, "the position is left as found");
                let context = format!(
                    "symmetry {symmetry} certificates {certificates} draws {draw_for_attacker} exact {exact_k}\n{}",
                    g.diagram()
                );
                match r.verdict {
                    ProofVerdict::Proven => {
                        assert!(truth, "a false proof: {context}");
                        let mv = r.best_move.expect("a proven root names its move");
                        g.play(mv);
                        // The opponent, to move now, must not reach its own aim.
                        let reply = -value(&mut g, &mut memo);
                        g.undo(mv);
                        assert!(
                            reply == 1 || (reply == 0 && draw_for_attacker),
                            "the move {} fails: {context}",
                            g.format_move(mv)
                        );
                        moves_checked += 1;
                        proven += 1;
                    }
                    ProofVerdict::Disproven => {
                        assert!(!truth, "a false disproof: {context}");
                        disproven += 1;
                    }
                    ProofVerdict::Unknown => panic!("undecided in 300,000 nodes: {context}"),
                }
                if std::env::var("SHOW").is_ok() {
                    println!("{round} {} nodes {symmetry} {certificates}", r.stats.nodes);
                }
            }
        }
    }
    assert!(proven >= 60 && disproven >= 60, "{proven} {disproven}");
    assert_eq!(moves_checked, proven);
}

/// `g` with every stone moved to its image under symmetry `s`.
fn image(g: &Mnk, s: usize) -> Mnk {
    let stones: Vec<(Point, Player)> = (0..g.num_points() as Point)
        .filter_map(|p| g.stone(p).map(|c| (g.symmetric_point(s, p), c)))
        .collect();
    Mnk::new(g.columns(), g.rows(), g.k(), g.exact_k())
        .unwrap()
        .with_free_stones(&stones, g.to_move())
        .unwrap()
}

#[test]
fn the_stored_winning_move_maps_onto_every_mirror_image() {
    // 4x4, k = 3, Black a1 and White b3, Black to move: a win without symmetry of its own.
    let mut g = Mnk::new(4, 4, 3, false).unwrap();
    for m in ["a1", "b3"] {
        let p = g.parse_move(m).unwrap();
        g.play(p);
    }
    let goal = Goal {
        attacker: Player::Black,
        draw_for_attacker: false,
    };
    let options = options(1);
    let mut source = PlainMoves::new(options.init);
    let mut observer = NoTrace;
    let mut engine = Mid::new(
        &mut source,
        &mut observer,
        &options,
        goal,
        &Limits::default(),
    );
    let report = engine.run(&mut g);
    assert_eq!(report.verdict, ProofVerdict::Proven);
    let best = report.best_move.unwrap();
    assert_eq!(engine.stored_best(&g), Some(best));
    let mut memo = FxHashMap::default();
    let mut distinct = Vec::new();
    for s in 0..g.symmetry_count() {
        let mut mirror = image(&g, s);
        if !distinct.contains(&mirror.key()) {
            distinct.push(mirror.key());
        }
        let mv = engine
            .stored_best(&mirror)
            .expect("a mirror image finds the entry");
        assert_eq!(mv, g.symmetric_point(s, best), "symmetry {s}");
        mirror.play(mv);
        assert_eq!(
            value(&mut mirror, &mut memo),
            -1,
            "symmetry {s}: the move wins"
        );
    }
    assert_eq!(distinct.len(), 8, "the position has no symmetry of its own");
}

#[test]
fn five_by_five_four_in_a_row_is_a_draw() {
    let mut g = Mnk::new(5, 5, 4, false).unwrap();
    // Black cannot force four: draws count against the attacker.
    let black = search(&mut g, true, true, false, 200_000, 16);
    assert_eq!(black.verdict, ProofVerdict::Disproven);
    assert_eq!(black.stats.nodes, 70_864, "pinned node count");
    // White cannot force four either: Black, to move, reaches at least a draw. (The
    // strategy-stealing argument of Suda, section 2.3, says so for every m,n,k-game:
    // an extra stone never hurts, so the first player cannot lose; the search checks it.)
    let white = search(&mut g, true, true, true, 200_000, 16);
    assert_eq!(white.verdict, ProofVerdict::Proven);
    assert_eq!(white.stats.nodes, 1_513, "pinned node count");
    assert_eq!(white.best_move.map(|m| g.format_move(m)), Some("c3".into()));
}
