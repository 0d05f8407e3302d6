//! Finds Gobblet 4x4 positions with a forced win in exactly N plies (the bundled puzzles
//! `gobblet-win-in-5` and `gobblet-win-in-7` came from here). Not part of the solver.
//!
//! `cargo run --release --example gobblet_find_puzzle -- PLIES [TRIES] [SEED] [MIN] [SPAN]`
//!
//! Random games of MIN..MIN+SPAN plies from the start (default 6..17) give candidate
//! positions, rebuilt from their stacks (so without history, as a puzzle file states them);
//! positions where the side to move wins at once are skipped. A cheap AND/OR walk
//! ([`wins_within`]) keeps those won within PLIES plies and not within PLIES - 2; then
//! iterative deepening with a table must say "win in exactly PLIES" and, as the authority,
//! plain alpha-beta (no table, no tactics: exhaustive to the depth) must agree. Each find
//! prints the board in puzzle-file form with the exhaustive node count (smaller is a cheaper
//! test). The bundled ones: `gobblet_find_puzzle 5 100000 101 14 24` (its eighth find,
//! best move 4c3) and `gobblet_find_puzzle 7 100000 303 14 24` (its first, d2-a1).
//! `FIND_VERBOSE=1` prints the verdict of every candidate that passed the walk but not the
//! search.

use plyscope::game::{Game, MoveList, Player};
use plyscope::games::gobblet::diagram::stack_text;
use plyscope::games::gobblet::{Gobblet, GobbletMove, Variant};
use plyscope::search::observer::NoTrace;
use plyscope::search::{Algorithm, Limits, SearchConfig, Verdict, solve};
use plyscope::zobrist::splitmix64;

fn limits(depth: usize) -> Limits {
    Limits {
        max_depth: Some(depth as u32),
        ..Limits::default()
    }
}

/// `g` rebuilt from its stacks (no history, as a puzzle file states it); `None` when the
/// game is over or the side to move wins at once.
fn fresh(g: &Gobblet) -> Option<Gobblet> {
    use plyscope::game::Tactics;
    if g.outcome().is_some() {
        return None;
    }
    let stacks: Vec<Vec<(Player, u8)>> = (0..16).map(|s| g.stack(s).collect()).collect();
    let f = Gobblet::from_stacks(Variant::Gobblet, &stacks, g.to_move()).ok()?;
    f.winning_move(f.to_move()).is_none().then_some(f)
}

/// The positions of a random game of `plies` plies from the start.
fn random_game(plies: usize, seed: &mut u64) -> Vec<Gobblet> {
    let mut g = Gobblet::new(Variant::Gobblet);
    let mut moves = MoveList::new();
    let mut out = vec![g.clone()];
    for _ in 0..plies {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        let i = (splitmix64(seed) % moves.len() as u64) as usize;
        g.play(moves.as_slice()[i]);
        out.push(g.clone());
    }
    out
}

/// True when the side to move wins within `n` plies (odd), whatever the opponent does: a
/// plain AND/OR walk, no table, the opponent's last refutation tried first (`killers`, one
/// per depth). Much cheaper than a valued search as a filter; the final answer is still
/// checked by alpha-beta.
fn wins_within(g: &mut Gobblet, n: usize, killers: &mut [Option<GobbletMove>; 16]) -> bool {
    use plyscope::game::{Outcome, Tactics};
    let me = g.to_move();
    if g.winning_move(me).is_some() {
        return true;
    }
    if n < 3 {
        return false;
    }
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let mut replies = MoveList::new();
    for &m in moves.iter() {
        if g.winner_after(me, m).is_some() {
            continue; // an own win was found above; this one loses at once
        }
        g.play(m);
        let mut all = true;
        if matches!(g.outcome(), Some(Outcome::Draw)) || g.winning_move(me.opponent()).is_some() {
            all = false;
        } else {
            g.legal_moves(&mut replies);
            if let Some(k) = killers[n]
                && let Some(i) = replies.iter().position(|&r| r == k)
            {
                replies.as_mut_slice().swap(0, i);
            }
            for &r in replies.iter() {
                g.play(r);
                let ok = match g.outcome() {
                    Some(Outcome::Win(p)) => p == me,
                    Some(_) => false,
                    None => wins_within(g, n - 2, killers),
                };
                g.undo(r);
                if !ok {
                    killers[n] = Some(r);
                    all = false;
                    break;
                }
            }
        }
        g.undo(m);
        if all {
            return true;
        }
    }
    false
}

fn board_text(g: &Gobblet) -> String {
    let texts: Vec<String> = (0..16).map(|sq| stack_text(g, sq)).collect();
    let width = texts.iter().map(|t| t.len()).max().unwrap_or(1);
    let mut out = String::new();
    for y in (0..4).rev() {
        let row: Vec<String> = (0..4)
            .map(|x| format!("{:<width$}", texts[x + y * 4]))
            .collect();
        out.push_str(row.join(" ").trim_end());
        out.push('\n');
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let plies: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(5);
    let tries: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let mut seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let fast = SearchConfig {
        tt_mb: 32,
        ..SearchConfig::for_algorithm(Algorithm::IterativeDeepening)
    };
    let exhaustive = SearchConfig {
        tt_mb: 0,
        tactics: false,
        ..SearchConfig::for_algorithm(Algorithm::AlphaBeta)
    };
    let min_len: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(6);
    let span: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(11);
    let start = std::time::Instant::now();
    for t in 0..tries {
        if t % 10 == 0 {
            eprintln!("try {t} at {:.1}s", start.elapsed().as_secs_f64());
        }
        let length = min_len + (splitmix64(&mut seed) % span) as usize;
        let game = random_game(length, &mut seed);
        let Some(mut g) = game.last().and_then(fresh) else {
            continue;
        };
        let mut killers = [None; 16];
        if !wins_within(&mut g, plies, &mut killers) || wins_within(&mut g, plies - 2, &mut killers)
        {
            continue;
        }
        let r = solve(&mut g, &fast, &limits(plies), &mut NoTrace);
        if r.verdict != (Verdict::Win { plies }) {
            if std::env::var_os("FIND_VERBOSE").is_some() {
                eprintln!("{:?}", r.verdict);
            }
            continue;
        }
        let full = solve(&mut g, &exhaustive, &limits(plies), &mut NoTrace);
        let shorter = solve(&mut g, &exhaustive, &limits(plies - 2), &mut NoTrace);
        let exact = full.verdict == (Verdict::Win { plies })
            && !matches!(shorter.verdict, Verdict::Win { .. });
        let best = r.best_move.map(|m| g.format_move(m)).unwrap_or_default();
        println!(
            "# {} to move, win in {plies} ({}), best {best}; exhaustive nodes {} + {} (shorter)\n{}",
            if g.to_move() == Player::Black {
                "X"
            } else {
                "O"
            },
            if exact { "confirmed" } else { "NOT confirmed" },
            full.stats.nodes,
            shorter.stats.nodes,
            board_text(&g)
        );
    }
}
