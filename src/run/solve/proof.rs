//! Solving with the proof-number family (Hric and Baudiš, *Game algorithms, lecture 4: Proof number
//! search, Lambda search*): PNS, PN², df-pn and lambda-df-pn through [`proof_search`], for the goal
//! "the side to move wins" (a draw is a disproof unless the puzzle says `draw = "attacker"`), then,
//! when asked, every root move classified by a search of the position after it.
//!
//! A proof-number search answers proven, disproven or unknown; it claims no distance. The
//! comparison with `[expect]` therefore checks the result only: proven agrees with an
//! expected win (or a draw, when draws count for the attacker), disproven with an expected
//! loss (or a draw, when they do not); plies are never compared. With a root analysis the
//! moves found to reach the goal are compared with `winning_moves` as threat search does.

use std::time::Instant;

use crate::game::{Game, MoveList, Outcome, Player, StoneGame};
use crate::puzzle::{Expect, ExpectedResult, Puzzle};
use crate::search::engine::proof_search;
use crate::search::lambda_dfpn::{MoveClass, classify_moves};
use crate::search::observer::Observer;
use crate::search::proof::{Goal, ProofConfig, ProofReport, ProofVerdict};
use crate::search::{Algorithm, Limits, SearchGame, Stats, Verdict, meter};

use super::root_diagram::{self, RootMark};
use super::{Check, RootMoveReport, SolveReport, compare_winning_moves};
use crate::run::spec::SearchSpec;

/// The goal of the side to move at the root of `puzzle`.
pub fn goal_for<G: Game>(game: &G, puzzle: &Puzzle) -> Goal {
    Goal {
        attacker: game.to_move(),
        draw_for_attacker: puzzle.draw_counts_for_attacker,
    }
}

/// The goal in words, for the report: "black wins (a draw disproves)".
pub fn describe_goal(goal: Goal) -> String {
    if goal.draw_for_attacker {
        format!("{} wins or draws", goal.attacker.name())
    } else {
        format!("{} wins (a draw disproves)", goal.attacker.name())
    }
}

/// The verdict of the common vocabulary for a proof-number answer.
pub fn verdict_of<M>(report: &ProofReport<M>) -> Verdict {
    match report.verdict {
        ProofVerdict::Proven => Verdict::Proven {
            proof_size: report.proof_size.unwrap_or(0),
        },
        ProofVerdict::Disproven => Verdict::Disproven,
        ProofVerdict::Unknown => Verdict::Unknown,
    }
}

/// Fills in what the root's own search already decided about the moves the classification
/// left unknown (its budget ran out): when the attacker is to move, a proven root's best
/// move (and its mirror images) reaches the goal, and after a disproven root every move
/// fails it. So `--root` never prints a proven root beside a winning move marked `?`.
fn complete_from_the_root<M: Copy + PartialEq>(
    moves: &mut [ClassifiedMove<M>],
    verdict: ProofVerdict,
    best: Option<M>,
    goal: Goal,
    draws_possible: bool,
) {
    let fails = if goal.draw_for_attacker || !draws_possible {
        RootClass::Loss
    } else {
        RootClass::NoWin
    };
    // The best move and the move it is an image of (either may come first in the list).
    let winning: Vec<M> = best
        .into_iter()
        .chain(
            best.and_then(|b| moves.iter().find(|m| m.mv == b))
                .and_then(|m| m.image_of),
        )
        .collect();
    for m in moves.iter_mut().filter(|m| m.class == RootClass::Unknown) {
        let wins = winning.contains(&m.mv) || m.image_of.is_some_and(|i| winning.contains(&i));
        match verdict {
            ProofVerdict::Proven if wins => m.class = RootClass::Win,
            ProofVerdict::Disproven => m.class = fails,
            _ => {}
        }
    }
}

/// What a root move does for the attacker's goal, as found by a search of the position
/// after it (the opponent's goal there is the complement of the attacker's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootClass {
    /// The goal is reached after this move: a win (or a win or draw, when draws count for
    /// the attacker).
    Win,
    /// The goal fails after it and the opponent wins.
    Loss,
    /// The goal fails after it: the opponent wins or draws (draws count against the
    /// attacker in a game that can draw, so the two are not told apart).
    NoWin,
    /// Not decided within the limits.
    Unknown,
}

impl RootClass {
    /// The class as written in JSON: "win", "loss", "no-win", "unknown".
    pub fn word(self) -> &'static str {
        match self {
            RootClass::Win => "win",
            RootClass::Loss => "loss",
            RootClass::NoWin => "no-win",
            RootClass::Unknown => "unknown",
        }
    }

    /// The class of a word of [`RootClass::word`], or `None`.
    pub fn from_word(word: &str) -> Option<RootClass> {
        [
            RootClass::Win,
            RootClass::Loss,
            RootClass::NoWin,
            RootClass::Unknown,
        ]
        .into_iter()
        .find(|c| c.word() == word)
    }

    /// The mark drawn on the board.
    pub fn mark(self) -> RootMark {
        match self {
            RootClass::Win => RootMark::Reaches,
            RootClass::Loss | RootClass::NoWin => RootMark::Fails,
            RootClass::Unknown => RootMark::Unproven,
        }
    }
}

/// One root move and its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClassifiedMove<M> {
    pub mv: M,
    pub class: RootClass,
    pub nodes: u64,
    /// The earlier root move whose class this one copies (0 nodes searched): its image
    /// under a symmetry that maps the root position onto itself.
    pub image_of: Option<M>,
}

/// One root move in the game's generator order, as the root analysis plans it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlannedMove<M> {
    pub mv: M,
    /// The earlier root move this one is an image of under a symmetry that maps the root
    /// position onto itself (its class is copied, no search), or `None`.
    pub image_of: Option<M>,
    /// The orbit of the move: 0 for the first move that is no image of an earlier one, 1
    /// for the next such move, and so on; an image has the orbit of the move it copies. The
    /// moves of one orbit have one class, found by one search (`crate::run::shard` hands
    /// out whole orbits).
    pub orbit: usize,
}

/// The root's legal moves in generator order, each with the earlier move it is an image of
/// (the symmetries with the root's own key: Hex's half turn halves its opening
/// classification) and its orbit.
pub fn plan_root<G: SearchGame>(game: &G) -> Vec<PlannedMove<G::Move>> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let mut keys = [0u64; crate::game::MAX_SYMMETRIES];
    let symmetries = game.symmetric_keys(&mut keys);
    let mut plan: Vec<PlannedMove<G::Move>> = Vec::with_capacity(moves.len());
    let mut orbits = 0;
    for &mv in moves.iter() {
        let image = (1..symmetries)
            .filter(|&s| keys[s] == keys[0])
            .map(|s| game.symmetric_move(s, mv))
            .find_map(|image| plan.iter().find(|p| p.mv == image && p.mv != mv));
        let (image_of, orbit) = match image {
            Some(p) => (Some(p.mv), p.orbit),
            None => {
                orbits += 1;
                (None, orbits - 1)
            }
        };
        plan.push(PlannedMove {
            mv,
            image_of,
            orbit,
        });
    }
    plan
}

/// Every root move classified: one proof-number search of the position after each move,
/// for the opponent's goal (the complement of `goal`: the opponent wins, or also draws when
/// a draw does not count for the attacker). `draws_possible`: false for games that cannot
/// end in a draw (Hex), so a failed goal is a loss.
///
/// Lambda-df-pn proves wins only (a lambda-tree never proves a draw), so it classifies with
/// its own [`classify_moves`]: after each move, level by level, the mover's win or the
/// opponent's; a move it cannot decide stays unknown.
pub fn classify_root<G: SearchGame>(
    game: &mut G,
    algorithm: Algorithm,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    draws_possible: bool,
) -> (Vec<ClassifiedMove<G::Move>>, Stats, bool) {
    if algorithm == Algorithm::LambdaDfPn {
        let found = classify_moves(game, config, limits);
        let moves = found
            .moves
            .iter()
            .map(|m| ClassifiedMove {
                mv: m.mv,
                class: match m.class {
                    MoveClass::Wins { .. } => RootClass::Win,
                    MoveClass::Loses { .. } => RootClass::Loss,
                    MoveClass::Unknown => RootClass::Unknown,
                },
                nodes: m.nodes,
                image_of: None,
            })
            .collect();
        return (moves, found.stats, found.stopped);
    }
    let plan = plan_root(game);
    classify_planned(
        game,
        algorithm,
        config,
        goal,
        limits,
        draws_possible,
        &plan,
        |_| true,
    )
}

/// [`classify_root`] for PNS, PN² and df-pn over the moves of `plan` ([`plan_root`]) whose
/// orbit `owns` accepts, in plan order; the others are left out of the answer. An image
/// copies the class of the move it is an image of, which has its orbit, so a slice of
/// whole orbits (`crate::run::shard`) classifies every move exactly as the whole analysis
/// does when no limit stops it.
#[allow(clippy::too_many_arguments)]
pub fn classify_planned<G: SearchGame>(
    game: &mut G,
    algorithm: Algorithm,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
    draws_possible: bool,
    plan: &[PlannedMove<G::Move>],
    owns: impl Fn(usize) -> bool,
) -> (Vec<ClassifiedMove<G::Move>>, Stats, bool) {
    debug_assert!(algorithm != Algorithm::LambdaDfPn);
    let owned = plan.iter().filter(|p| owns(p.orbit)).count();
    let mut classified: Vec<ClassifiedMove<G::Move>> = Vec::with_capacity(owned);
    let mut total = Stats::default();
    let mut stopped = false;
    // The goal fails after a move: a loss when the opponent's goal excluded draws or the
    // game has none, otherwise a loss or a draw.
    // `limits` bound the whole classification, not each move: each search gets
    // what is left of the time and nodes, and the moves after the budget ran out stay
    // unknown, unsearched.
    let started = Instant::now();
    let fails = if goal.draw_for_attacker || !draws_possible {
        RootClass::Loss
    } else {
        RootClass::NoWin
    };
    let opponent_goal = Goal {
        attacker: goal.attacker.opponent(),
        draw_for_attacker: !goal.draw_for_attacker,
    };
    // First the moves the rules decide and the images; the others are searched, on
    // `config.threads` workers (`super::openings`), and put back in plan order.
    let owned_plan: Vec<&PlannedMove<G::Move>> = plan.iter().filter(|p| owns(p.orbit)).collect();
    let mut searched: Vec<G::Move> = Vec::new();
    for planned in &owned_plan {
        if planned.image_of.is_some() {
            continue;
        }
        game.play(planned.mv);
        if game.outcome().is_none() {
            searched.push(planned.mv);
        }
        game.undo(planned.mv);
    }
    let settled = owned - searched.len();
    meter::set_openings(settled, owned);
    let answers = super::openings::search_openings(
        game,
        &searched,
        algorithm,
        config,
        opponent_goal,
        limits,
        started,
        &|done| meter::set_openings(settled + done, owned),
    );
    for planned in owned_plan {
        let mv = planned.mv;
        // A move and its image lead to symmetric positions of the same value, so the
        // image copies the class.
        if let Some(image) = planned.image_of {
            let class = classified
                .iter()
                .find(|c| c.mv == image)
                .map(|c| c.class)
                .expect("the move an image copies has its orbit and comes first");
            classified.push(ClassifiedMove {
                mv,
                class,
                nodes: 0,
                image_of: Some(image),
            });
            continue;
        }
        let (class, nodes) = match searched.iter().position(|&m| m == mv) {
            // The move ends the game: decided by the rules.
            None => {
                game.play(mv);
                let outcome = game.outcome().expect("a move not searched ends the game");
                game.undo(mv);
                (class_of_outcome(outcome, goal, fails), 0)
            }
            Some(i) => {
                let answer = &answers[i];
                total.add(&answer.stats);
                stopped |= answer.stopped;
                let class = match answer.verdict {
                    ProofVerdict::Proven => fails,
                    ProofVerdict::Disproven => RootClass::Win,
                    ProofVerdict::Unknown => RootClass::Unknown,
                };
                (class, answer.stats.nodes)
            }
        };
        classified.push(ClassifiedMove {
            mv,
            class,
            nodes,
            image_of: None,
        });
    }
    meter::set_openings(classified.len(), owned);
    // The analysis's wall time: with several workers the searches overlap.
    total.elapsed = started.elapsed();
    (classified, total, stopped)
}

fn class_of_outcome(outcome: Outcome, goal: Goal, fails: RootClass) -> RootClass {
    let reached = match outcome {
        Outcome::Win(p) => p == goal.attacker,
        Outcome::Draw => goal.draw_for_attacker,
        // A numeric leaf is no goal (trees with numbers are not solved by this family).
        Outcome::Score(_) => false,
    };
    match (reached, outcome) {
        (true, _) => RootClass::Win,
        (false, Outcome::Win(_)) => RootClass::Loss,
        (false, _) => fails,
    }
}

/// Draws the classes on a stone board ([`root_diagram`]).
pub fn draw_stone_root<G: StoneGame>(game: &G, moves: &[ClassifiedMove<G::Move>]) -> String {
    root_diagram::render(game, |p| {
        moves
            .iter()
            .find(|m| m.mv == p)
            .map_or(RootMark::NotTried, |m| m.class.mark())
    })
}

/// Draws a root analysis on the board of a `G` (stone games: [`draw_stone_root`]).
pub type DrawRoot<G> = fn(&G, &[ClassifiedMove<<G as Game>::Move>]) -> String;

/// What the root's own search found: its answer, and what decided it before any move.
#[derive(Clone, Debug, PartialEq)]
pub struct RootAnswer<M> {
    pub verdict: ProofVerdict,
    /// A winning first move when proven.
    pub best_move: Option<M>,
    /// Positions of the proof tree when proven ([`ProofReport::proof_size`]).
    pub proof_size: Option<u64>,
    /// Lambda-df-pn: the lambda level of the proof.
    pub level: Option<u8>,
    /// df-pn: what decided the root before a move was searched ([`decided_at_root`]).
    pub decided_by: Option<String>,
    pub stats: Stats,
    pub stopped: bool,
}

/// The root analysis: the classified moves in generator order, its counters, and whether a
/// limit stopped it.
#[derive(Clone, Debug)]
pub struct Analysis<M> {
    pub moves: Vec<ClassifiedMove<M>>,
    pub stats: Stats,
    pub stopped: bool,
}

/// Nodes the root's search spends on one thread before it starts the others.
pub const WARM_UP_NODES: u64 = 5_000;

/// The root's search on `config.threads` threads, after [`WARM_UP_NODES`] nodes on one: most
/// roots are decided there (a Hex root by H-search, a small puzzle), and starting the threads
/// with their full-size shared table costs such a search more than the search itself (Hex
/// 5x5's root: 2 nodes in 0.03 to 0.09 s on two threads, under a millisecond on
/// one). A search still open after the warm-up starts again on every thread
/// within what is left of `limits`, so at most that many nodes are searched twice; the
/// report counts both.
fn search_warm_then_parallel<G: SearchGame>(
    game: &mut G,
    algorithm: Algorithm,
    config: &ProofConfig,
    goal: Goal,
    limits: &Limits,
) -> ProofReport<G::Move> {
    let started = Instant::now();
    let one = ProofConfig {
        threads: 1,
        ..*config
    };
    let capped = Limits {
        nodes: Some(limits.nodes.map_or(WARM_UP_NODES, |n| n.min(WARM_UP_NODES))),
        ..*limits
    };
    let mut observer = crate::search::observer::NoTrace;
    let first = proof_search(game, algorithm, &one, goal, &capped, &mut observer);
    let open = first.verdict == ProofVerdict::Unknown
        && first.stats.nodes >= WARM_UP_NODES
        && !meter::stop_requested();
    let Some(left) = limits
        .left_after(started.elapsed(), first.stats.nodes)
        .filter(|_| open)
    else {
        return first;
    };
    let mut report = proof_search(game, algorithm, config, goal, &left, &mut observer);
    report.stats.add(&first.stats);
    report.stats.elapsed = started.elapsed();
    report
}

/// The search of the root position itself, for the goal of the side to move.
pub fn search_root<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    puzzle: &Puzzle,
    spec: &SearchSpec,
    observer: &mut O,
) -> RootAnswer<G::Move> {
    let decided_by = if spec.config.algorithm == Algorithm::DfPn {
        decided_at_root(game)
    } else {
        None
    };
    let goal = goal_for(game, puzzle);
    let config = spec.proof_config();
    let report = if config.threads > 1 && !O::ENABLED {
        search_warm_then_parallel(game, spec.config.algorithm, &config, goal, &spec.limits)
    } else {
        proof_search(
            game,
            spec.config.algorithm,
            &config,
            goal,
            &spec.limits,
            observer,
        )
    };
    RootAnswer {
        verdict: report.verdict,
        best_move: report.best_move,
        proof_size: report.proof_size,
        level: report.level,
        decided_by,
        stats: report.stats,
        stopped: report.stopped,
    }
}

/// The monomorphic part: one copy per game. `draws_possible` as in [`classify_root`];
/// `board` draws a root analysis (stone games).
pub(super) fn solve_game<G: SearchGame, O: Observer<G>>(
    mut game: G,
    puzzle: &Puzzle,
    spec: &SearchSpec,
    observer: &mut O,
    draws_possible: bool,
    board: Option<DrawRoot<G>>,
) -> SolveReport {
    let started = Instant::now();
    let root = search_root(&mut game, puzzle, spec, observer);
    // The root's search and the classification share the command's limits.
    let analysis = spec.root_analysis.then(|| {
        // Nothing left: every move stays unknown, unsearched (no node to spend).
        let left = spec
            .limits
            .left_after(started.elapsed(), root.stats.nodes)
            .unwrap_or(Limits {
                nodes: Some(0),
                ..spec.limits
            });
        let goal = goal_for(&game, puzzle);
        let (moves, stats, stopped) = classify_root(
            &mut game,
            spec.config.algorithm,
            &spec.proof_config(),
            goal,
            &left,
            draws_possible,
        );
        Analysis {
            moves,
            stats,
            stopped,
        }
    });
    assemble(&game, puzzle, spec, &root, analysis, draws_possible, board)
}

/// The report of a root answer and a root analysis of `game` (the position searched):
/// what [`solve_game`] prints, and what `plyscope merge` prints from the shards of
/// `crate::run::shard`, which found the same answer and classes in several processes.
pub fn assemble<G: SearchGame>(
    game: &G,
    puzzle: &Puzzle,
    spec: &SearchSpec,
    root: &RootAnswer<G::Move>,
    analysis: Option<Analysis<G::Move>>,
    draws_possible: bool,
    board: Option<DrawRoot<G>>,
) -> SolveReport {
    let to_move: Player = game.to_move();
    let config = spec.proof_config();
    let goal = goal_for(game, puzzle);
    let mut stats = root.stats;
    let mut stopped = root.stopped;
    let verdict = match root.verdict {
        ProofVerdict::Proven => Verdict::Proven {
            proof_size: root.proof_size.unwrap_or(0),
        },
        ProofVerdict::Disproven => Verdict::Disproven,
        ProofVerdict::Unknown => Verdict::Unknown,
    };
    let mut analysis = analysis;
    if let Some(a) = &mut analysis {
        stats.add(&a.stats);
        stopped |= a.stopped;
        if goal.attacker == to_move {
            complete_from_the_root(
                &mut a.moves,
                root.verdict,
                root.best_move,
                goal,
                draws_possible,
            );
        }
    }
    let root_moves = analysis.as_ref().map(|a| {
        a.moves
            .iter()
            .map(|m| RootMoveReport {
                mv: game.format_move(m.mv),
                class: m.class.word().to_string(),
                level: None,
                nodes: m.nodes,
            })
            .collect::<Vec<_>>()
    });
    let root_diagram = analysis
        .as_ref()
        .zip(board)
        .map(|(a, draw)| draw(game, &a.moves));
    let winning_moves = root_moves.as_ref().map(|moves| {
        moves
            .iter()
            .filter(|m| m.class == RootClass::Win.word())
            .map(|m| m.mv.clone())
            .collect::<Vec<_>>()
    });

    let check = match &puzzle.expect {
        None => Check::NoExpectation,
        Some(expect) => compare_proof(
            expect,
            verdict,
            goal.draw_for_attacker,
            root_moves.as_deref(),
        ),
    };
    let thresholds = matches!(
        spec.config.algorithm,
        Algorithm::DfPn | Algorithm::LambdaDfPn
    );
    let lambda = spec.config.algorithm == Algorithm::LambdaDfPn;

    SolveReport {
        puzzle: puzzle.name.clone(),
        title: puzzle.title.clone(),
        game: game.name().to_string(),
        diagram: game.diagram(),
        to_move: to_move.name().to_string(),
        algorithm: spec.config.algorithm.name().to_string(),
        result: verdict.word().to_string(),
        plies: None,
        lambda_level: root.level.map(u32::from),
        value: verdict.to_string(),
        best_move: root.best_move.map(|m| game.format_move(m)),
        decided_by: root.decided_by.clone(),
        pv_note: None,
        pv: root
            .best_move
            .map(|m| vec![game.format_move(m)])
            .unwrap_or_default(),
        depth: 0,
        depth_limit: None,
        stopped,
        max_level: lambda.then_some(u32::from(config.max_level)),
        zones: lambda.then_some(config.zones),
        tt_mb: config.tt_mb,
        ordering: None,
        threads: (thresholds && config.threads > 1).then_some(config.threads),
        goal: Some(describe_goal(goal)),
        proof_size: root.proof_size,
        epsilon: thresholds.then_some(config.epsilon),
        winning_moves,
        root_moves,
        root_diagram,
        nodes: stats.nodes,
        root_search_nodes: analysis.is_some().then_some(root.stats.nodes),
        leaves: stats.leaves,
        cutoffs: stats.cutoffs,
        tt_probes: stats.tt_probes,
        tt_hits: stats.tt_hits,
        seconds: stats.elapsed.as_secs_f64(),
        nodes_per_second: stats.nodes_per_second(),
        check,
    }
}

/// What decides `game` before df-pn generates a move, from the game's knowledge beyond
/// one move (`Tactics::is_lost`, `Tactics::winning_key`: Hex's H-search), in words; `None`
/// when that knowledge leaves the root open (or the game has none). df-pn's expansion asks
/// the same two questions in the same order (`PlainMoves::expand`), after the immediate
/// wins, which a game over or a one-move win answers first.
pub fn decided_at_root<G: SearchGame>(game: &G) -> Option<String> {
    if game.outcome().is_some() {
        return None;
    }
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let immediate = moves.iter().any(|&m| {
        let mut g = game.clone();
        g.play(m);
        g.outcome().is_some()
    });
    if immediate {
        return None;
    }
    let mover = game.to_move();
    if game.is_lost() {
        return Some(format!(
            "by H-search: {} holds a full connection of its edges, {} to move has lost",
            title(mover.opponent()),
            title(mover)
        ));
    }
    game.winning_key().map(|key| {
        format!(
            "by H-search: a semi connection of {}'s edges, key {}",
            title(mover),
            game.format_move(key)
        )
    })
}

/// "Black" / "White".
fn title(player: Player) -> &'static str {
    match player {
        Player::Black => "Black",
        Player::White => "White",
    }
}

/// Compares a proof-number answer with `[expect]`: proven agrees with an expected win (and
/// with a draw when `draw_for_attacker`), disproven with an expected loss (and with a draw
/// otherwise); plies are not claimed. With a root analysis (`root_moves`, classes of
/// [`RootClass::word`]) and draws not counting for the attacker, the moves found to win must
/// lie in `winning_moves`, and every expected winning move must be found to win.
pub fn compare_proof(
    expect: &Expect,
    verdict: Verdict,
    draw_for_attacker: bool,
    root_moves: Option<&[RootMoveReport]>,
) -> Check {
    let Some(expected) = expect.result else {
        // A tree with a numeric answer: nothing this family can establish.
        return Check::NotReached(format!(
            "expected {}; proof-number search answers win/loss goals only",
            expect.summary()
        ));
    };
    let goal_reached = match expected {
        ExpectedResult::Win => true,
        ExpectedResult::Loss => false,
        ExpectedResult::Draw => draw_for_attacker,
    };
    let goal_words = if draw_for_attacker {
        "a win or a draw"
    } else {
        "a win"
    };
    match verdict {
        Verdict::Unknown => {
            return Check::NotReached(format!(
                "expected {}, i.e. the goal ({goal_words}) {}; not decided within the limits",
                expect.summary(),
                if goal_reached { "proven" } else { "disproven" }
            ));
        }
        Verdict::Proven { .. } if !goal_reached => {
            return Check::Disagrees(format!(
                "expected {expected}, but the goal ({goal_words}) was proven"
            ));
        }
        Verdict::Disproven if goal_reached => {
            return Check::Disagrees(format!(
                "expected {expected}, but the goal ({goal_words}) was disproven"
            ));
        }
        Verdict::Proven { .. } | Verdict::Disproven => {}
        other => {
            return Check::Disagrees(format!("expected a proof-number verdict, got {other}"));
        }
    }
    // Winning moves are about wins: comparable only when a draw does not count.
    let (Some(want), Some(moves), false) = (&expect.winning_moves, root_moves, draw_for_attacker)
    else {
        return Check::Agrees;
    };
    let win = RootClass::Win.word();
    let unknown = RootClass::Unknown.word();
    compare_winning_moves(
        want,
        moves,
        win,
        |class| class != win && class != unknown,
        "were proven not to win",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expect(result: ExpectedResult) -> Expect {
        Expect {
            result: Some(result),
            plies: Some(7),
            winning_moves: None,
            value: None,
            lambda_level: None,
            source: None,
        }
    }

    const PROVEN: Verdict = Verdict::Proven { proof_size: 9 };

    #[test]
    fn proven_is_a_win_and_disproven_a_loss_or_a_draw() {
        let win = expect(ExpectedResult::Win);
        let loss = expect(ExpectedResult::Loss);
        let draw = expect(ExpectedResult::Draw);
        // Plies are not claimed: the expected 7 plies are never compared.
        assert_eq!(compare_proof(&win, PROVEN, false, None), Check::Agrees);
        assert_eq!(
            compare_proof(&loss, Verdict::Disproven, false, None),
            Check::Agrees
        );
        assert_eq!(
            compare_proof(&draw, Verdict::Disproven, false, None),
            Check::Agrees
        );
        assert!(matches!(
            compare_proof(&draw, PROVEN, false, None),
            Check::Disagrees(_)
        ));
        assert!(matches!(
            compare_proof(&win, Verdict::Disproven, false, None),
            Check::Disagrees(_)
        ));
        assert!(matches!(
            compare_proof(&win, Verdict::Unknown, false, None),
            Check::NotReached(_)
        ));
    }

    #[test]
    fn a_draw_that_counts_for_the_attacker_is_a_proof() {
        let draw = expect(ExpectedResult::Draw);
        assert_eq!(compare_proof(&draw, PROVEN, true, None), Check::Agrees);
        let Check::Disagrees(why) = compare_proof(&draw, Verdict::Disproven, true, None) else {
            panic!("a disproof contradicts a draw that counts for the attacker");
        };
        assert_eq!(
            why,
            "expected draw, but the goal (a win or a draw) was disproven"
        );
        let loss = expect(ExpectedResult::Loss);
        assert_eq!(
            compare_proof(&loss, Verdict::Disproven, true, None),
            Check::Agrees
        );
    }

    fn root(moves: &[(&str, RootClass)]) -> Vec<RootMoveReport> {
        moves
            .iter()
            .map(|&(mv, class)| RootMoveReport {
                mv: mv.to_string(),
                class: class.word().to_string(),
                level: None,
                nodes: 1,
            })
            .collect()
    }

    #[test]
    fn root_classes_are_compared_with_the_winning_moves() {
        let mut win = expect(ExpectedResult::Win);
        win.winning_moves = Some(vec!["b2".into(), "c3".into()]);
        let all = root(&[
            ("b2", RootClass::Win),
            ("c3", RootClass::Win),
            ("a1", RootClass::Loss),
        ]);
        assert_eq!(
            compare_proof(&win, PROVEN, false, Some(&all)),
            Check::Agrees
        );
        let extra = root(&[
            ("b2", RootClass::Win),
            ("c3", RootClass::Win),
            ("a1", RootClass::Win),
        ]);
        assert!(matches!(
            compare_proof(&win, PROVEN, false, Some(&extra)),
            Check::Disagrees(_)
        ));
        let refuted = root(&[("b2", RootClass::Win), ("c3", RootClass::NoWin)]);
        assert!(matches!(
            compare_proof(&win, PROVEN, false, Some(&refuted)),
            Check::Disagrees(_)
        ));
        let open = root(&[("b2", RootClass::Win), ("c3", RootClass::Unknown)]);
        assert!(matches!(
            compare_proof(&win, PROVEN, false, Some(&open)),
            Check::NotReached(_)
        ));
    }

    #[test]
    fn game_ending_moves_are_classified_by_the_rules() {
        let goal = Goal {
            attacker: Player::Black,
            draw_for_attacker: false,
        };
        let won = Outcome::Win(Player::Black);
        assert_eq!(
            class_of_outcome(won, goal, RootClass::NoWin),
            RootClass::Win
        );
        assert_eq!(
            class_of_outcome(Outcome::Draw, goal, RootClass::NoWin),
            RootClass::NoWin
        );
        let lenient = Goal {
            draw_for_attacker: true,
            ..goal
        };
        assert_eq!(
            class_of_outcome(Outcome::Draw, lenient, RootClass::Loss),
            RootClass::Win
        );
        assert_eq!(
            class_of_outcome(Outcome::Win(Player::White), goal, RootClass::NoWin),
            RootClass::Loss
        );
    }

    #[test]
    fn a_root_decided_by_a_connection_is_named() {
        use crate::games::hex::Hex;
        // The empty 4x4 board: Black to move holds a semi connection, key b3.
        let g = Hex::new(4).unwrap();
        assert_eq!(
            decided_at_root(&g).as_deref(),
            Some("by H-search: a semi connection of Black's edges, key b3")
        );
        // After Black b2 on 3x3 White to move faces Black's full connection.
        let mut g = Hex::new(3).unwrap();
        let b2 = g.parse_move("b2").unwrap();
        g.play(b2);
        assert_eq!(
            decided_at_root(&g).as_deref(),
            Some("by H-search: Black holds a full connection of its edges, White to move has lost")
        );
        // White to move on hex-4x4-must-play must break Black's semi: nothing decided yet.
        let g = Hex::new(4)
            .unwrap()
            .with_stones(
                &[(0, Player::Black), (3, Player::Black), (8, Player::White)],
                Player::White,
            )
            .unwrap();
        assert_eq!(decided_at_root(&g), None);
    }

    #[test]
    fn goals_are_described_for_the_report() {
        let goal = Goal {
            attacker: Player::White,
            draw_for_attacker: false,
        };
        assert_eq!(describe_goal(goal), "white wins (a draw disproves)");
        assert_eq!(
            describe_goal(Goal {
                draw_for_attacker: true,
                ..goal
            }),
            "white wins or draws"
        );
    }
}
