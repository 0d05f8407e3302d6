//! Differential tests of lambda and dual-lambda search (issue 4, "Correctness"): on random
//! small positions of every stone game, every win they claim is a real win and every
//! dual-lambda loss a real loss by exhaustive alpha-beta to the end of the game, the winning
//! move they name really wins, and the answer (result and level) is the same with zones on
//! and off and with the transposition table on and off.
//!
//! Positions come from a fixed-seed splitmix64 generator (random legal moves from the empty
//! board, never ending the game); every search is bounded by node limits, so the tests are
//! deterministic and independent of the machine's speed.

use crate::helpers::positions::{Rng, scatter};
use crate::helpers::solvers::exact;
use plyscope::game::{Game, MoveList, Player};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::lambda::{LambdaConfig, LambdaReport, ThreatVerdict, lambda_search};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Limits, SearchGame, Verdict};

#[derive(Default, Debug)]
struct Tally {
    positions: usize,
    wins_checked: usize,
    losses_checked: usize,
    moves_checked: usize,
    compared: usize,
    /// Verified wins by level 0, 1, 2, 3.
    win_levels: [usize; 4],
}

fn run<G: SearchGame>(game: &mut G, config: LambdaConfig) -> LambdaReport<G::Move> {
    let limits = Limits {
        nodes: Some(200_000),
        ..Limits::default()
    };
    let before = game.key();
    let report = lambda_search(game, &config, &limits, &mut NoTrace);
    assert_eq!(game.key(), before, "the position is left as found");
    report
}

/// Checks one position: every configuration against the exhaustive answer and against each
/// other.
fn check<G: SearchGame>(game: &mut G, max_level: u8, max_depth: u32, tally: &mut Tally) {
    tally.positions += 1;
    let mut truth: Option<Option<Verdict>> = None;
    for dual in [false, true] {
        let mut answers = Vec::new();
        for (zones, tt_mb) in [(true, 1), (true, 0), (false, 1), (false, 0)] {
            let config = LambdaConfig {
                max_level,
                max_depth,
                zones,
                tt_mb,
                dual,
            };
            let report = run(game, config);
            if report.stopped {
                assert_eq!(
                    report.verdict,
                    ThreatVerdict::Unknown,
                    "a stop proves nothing"
                );
                continue;
            }
            answers.push((config, report.verdict));
            if report.verdict == ThreatVerdict::Unknown {
                continue;
            }
            let real = *truth.get_or_insert_with(|| exact(game));
            let Some(real) = real else { continue };
            match report.verdict {
                ThreatVerdict::Win { .. } => {
                    assert!(
                        real.is_win(),
                        "{config:?} claims {} but exhaustive search says {real}\n{}",
                        report.verdict,
                        game.diagram()
                    );
                    tally.wins_checked += 1;
                    if let ThreatVerdict::Win { level } = report.verdict {
                        tally.win_levels[level as usize] += 1;
                    }
                    if let Some(mv) = report.best_move {
                        game.play(mv);
                        let after = exact(game);
                        game.undo(mv);
                        if let Some(after) = after {
                            assert!(
                                after.is_loss(),
                                "{config:?}: {} does not win ({after} for the opponent)\n{}",
                                game.format_move(mv),
                                game.diagram()
                            );
                            tally.moves_checked += 1;
                        }
                    }
                }
                ThreatVerdict::Loss { .. } => {
                    assert!(dual, "only dual-lambda proves losses");
                    assert!(
                        real.is_loss(),
                        "{config:?} claims {} but exhaustive search says {real}\n{}",
                        report.verdict,
                        game.diagram()
                    );
                    tally.losses_checked += 1;
                }
                ThreatVerdict::Unknown => {}
            }
        }
        if let Some(&(first_config, first)) = answers.first() {
            for &(config, verdict) in &answers[1..] {
                assert_eq!(
                    verdict,
                    first,
                    "{config:?} and {first_config:?} disagree\n{}",
                    game.diagram()
                );
                tally.compared += 1;
            }
        }
    }
}

fn depth_for(rng: &mut Rng) -> u32 {
    // Mostly unlimited; sometimes a depth limit (section 4.8), which must never create a win.
    if rng.below(3) == 0 {
        3 + rng.below(8) as u32
    } else {
        u32::MAX
    }
}

#[test]
fn mnk_claims_are_real() {
    let mut rng = Rng(0x4D4E_4B00);
    let mut tally = Tally::default();
    for _ in 0..300 {
        let columns = 3 + rng.below(3);
        let rows = 3 + rng.below(3);
        let k = 3 + rng.below(2).min(columns.min(rows) - 3);
        let empties = columns * rows;
        // Sparse boards: dense ones are mostly wins in one move.
        let stones = 2 + rng.below(empties / 3);
        let mut g = scatter(Mnk::new(columns, rows, k, false).unwrap(), stones, &mut rng);
        let level = 1 + rng.below(3) as u8;
        let depth = depth_for(&mut rng);
        check(&mut g, level, depth, &mut tally);
    }
    println!("mnk: {tally:?}");
    assert!(tally.wins_checked >= 200, "{tally:?}");
    // Deep wins are rare on small m,n,k boards (level 1 decides most).
    assert!(tally.win_levels[2] + tally.win_levels[3] >= 5, "{tally:?}");
    assert!(tally.losses_checked >= 20, "{tally:?}");
    assert!(tally.compared >= 1000, "{tally:?}");
}

#[test]
fn atarigo_claims_are_real() {
    let mut rng = Rng(0xA7A2_1600);
    let mut tally = Tally::default();
    for _ in 0..300 {
        let columns = 3 + rng.below(3);
        let rows = 3 + rng.below(3);
        let empties = columns * rows;
        let stones = empties / 4 + rng.below(empties / 3 + 1);
        let mut g = scatter(AtariGo::new(columns, rows).unwrap(), stones, &mut rng);
        let level = 1 + rng.below(3) as u8;
        let depth = depth_for(&mut rng);
        check(&mut g, level, depth, &mut tally);
    }
    println!("atarigo: {tally:?}");
    assert!(tally.wins_checked >= 200, "{tally:?}");
    assert!(tally.win_levels[2] + tally.win_levels[3] >= 20, "{tally:?}");
    assert!(tally.losses_checked >= 20, "{tally:?}");
    assert!(tally.compared >= 1000, "{tally:?}");
}

#[test]
fn hex_claims_are_real() {
    let mut rng = Rng(0x4E58_0000);
    let mut tally = Tally::default();
    for _ in 0..300 {
        let size = 2 + rng.below(3);
        let empties = size * size;
        let stones = rng.below(empties / 2 + 1);
        let mut g = scatter(Hex::new(size).unwrap(), stones, &mut rng);
        let level = 1 + rng.below(3) as u8;
        let depth = depth_for(&mut rng);
        check(&mut g, level, depth, &mut tally);
    }
    println!("hex: {tally:?}");
    assert!(tally.wins_checked >= 200, "{tally:?}");
    assert!(tally.win_levels[2] + tally.win_levels[3] >= 20, "{tally:?}");
    assert!(tally.losses_checked >= 20, "{tally:?}");
    assert!(tally.compared >= 1000, "{tally:?}");
}

/// Four in a row on 5x5 with a few stones and a depth limit: deeper lambda levels (2 and 3)
/// than the mixed m,n,k test reaches, where the zones of higher levels are built from many
/// merged and unwound parts.
#[test]
fn mnk_5x5_k4_deep_levels() {
    let mut rng = Rng(0x3535_4B34);
    let mut tally = Tally::default();
    for _ in 0..60 {
        let stones = 3 + rng.below(6);
        let mut g = scatter(Mnk::new(5, 5, 4, false).unwrap(), stones, &mut rng);
        check(&mut g, 3, 7 + rng.below(4) as u32, &mut tally);
    }
    println!("5x5 k=4: {tally:?}");
    assert!(tally.win_levels[2] + tally.win_levels[3] >= 20, "{tally:?}");
    assert!(tally.compared >= 200, "{tally:?}");
}

/// m,n,k with exact k (an overline does not win) is not stable: no zones, and immediate
/// wins are found by trying every move. The engine must still be exact.
#[test]
fn unstable_games_search_without_zones() {
    let mut rng = Rng(0x4558_4143);
    let mut tally = Tally::default();
    for _ in 0..120 {
        let columns = 4 + rng.below(2);
        let rows = 3 + rng.below(3);
        let k = 3;
        let stones = 2 + rng.below(columns * rows / 3);
        let mut g = scatter(Mnk::new(columns, rows, k, true).unwrap(), stones, &mut rng);
        check(
            &mut g,
            1 + rng.below(3) as u8,
            depth_for(&mut rng),
            &mut tally,
        );
    }
    println!("exact-k: {tally:?}");
    assert!(tally.wins_checked >= 100, "{tally:?}");
    assert!(
        tally.win_levels[1] + tally.win_levels[2] + tally.win_levels[3] >= 20,
        "{tally:?}"
    );
}

#[test]
fn a_win_with_the_side_to_move_swapped_is_checked_too() {
    // The same positions with White to move: threat search must not assume Black attacks.
    let mut rng = Rng(0x5357_4150);
    let mut tally = Tally::default();
    for _ in 0..60 {
        let mut g = scatter(
            Mnk::new(4, 4, 3, false).unwrap(),
            3 + rng.below(5),
            &mut rng,
        );
        if g.to_move() == Player::Black {
            continue;
        }
        check(&mut g, 2, u32::MAX, &mut tally);
    }
    assert!(tally.wins_checked >= 10, "{tally:?}");
}

/// A game that is not a stone game: m,n,k behind a newtype that only offers the rules and a
/// pass (no points, so no zones and no history; not declared stable, so immediate wins are
/// found by trying moves). Lambda search must work on it and agree with the stone game.
#[derive(Clone)]
struct PassOnly(Mnk);

impl Game for PassOnly {
    type Move = u16;
    fn name(&self) -> &'static str {
        "pass-only"
    }
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn ply(&self) -> usize {
        self.0.ply()
    }
    fn legal_moves(&self, out: &mut MoveList<u16>) {
        self.0.legal_moves(out)
    }
    fn play(&mut self, mv: u16) {
        self.0.play(mv)
    }
    fn undo(&mut self, mv: u16) {
        self.0.undo(mv)
    }
    fn outcome(&self) -> Option<plyscope::game::Outcome> {
        self.0.outcome()
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn parse_move(&self, text: &str) -> Result<u16, String> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: u16) -> String {
        self.0.format_move(mv)
    }
    fn diagram(&self) -> String {
        self.0.diagram()
    }
}

impl plyscope::game::Heuristic for PassOnly {
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn move_index(&self, mv: u16) -> usize {
        self.0.move_index(mv)
    }
    fn move_index_bound(&self) -> usize {
        self.0.move_index_bound()
    }
}

impl plyscope::game::Tactics for PassOnly {}

impl plyscope::search::Pass for PassOnly {
    fn can_pass(&self) -> bool {
        self.0.can_pass()
    }
    fn pass(&mut self) {
        self.0.pass()
    }
    fn unpass(&mut self) {
        self.0.unpass()
    }
}

impl plyscope::search::LambdaGame for PassOnly {
    fn allows_pass(&self) -> bool {
        true
    }
}

#[test]
fn a_game_with_only_a_pass_is_searched_without_zones() {
    let mut rng = Rng(0x5041_5353);
    let mut agreed = 0;
    for _ in 0..80 {
        let stones = 2 + rng.below(6);
        let mnk = scatter(Mnk::new(4, 4, 3, false).unwrap(), stones, &mut rng);
        for dual in [false, true] {
            let config = LambdaConfig {
                max_level: 2,
                max_depth: u32::MAX,
                zones: true,
                tt_mb: 1,
                dual,
            };
            let stone = run(&mut mnk.clone(), config);
            let generic = run(&mut PassOnly(mnk.clone()), config);
            assert!(!stone.stopped && !generic.stopped);
            assert_eq!(
                generic.verdict,
                stone.verdict,
                "dual {dual}\n{}",
                mnk.diagram()
            );
            agreed += 1;
        }
        // And the generic game's wins are real.
        let mut g = PassOnly(mnk.clone());
        check(&mut g, 2, u32::MAX, &mut Tally::default());
    }
    assert_eq!(agreed, 160);
}
