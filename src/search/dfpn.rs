//! df-pn: Nagai's depth-first proof-number search (Hric and Baudiš, *Game algorithms, lecture
//! 4: Proof number search, Lambda search*, "Úprava na prohledávání do hloubky", "Df-pn: Idea
//! pro výpočet Min / Sum", "Multiple Iterative Deepening").
//!
//! # The algorithm, in the slides' negamax notation
//!
//! Every node is seen from its mover: `phi` is the proof number at an OR node (the attacker
//! to move) and the disproof number at an AND node, `delta` the other one. Then
//! `phi(n) = min delta(child)` and `delta(n) = sum phi(child)` at every node, and OR and AND
//! nodes need no separate code. `phi = 0` means the mover reaches its aim (the attacker its
//! goal, the defender its refutation), `delta = 0` that it does not.
//!
//! MID (multiple iterative deepening) searches a node with thresholds `(th_phi, th_delta)`
//! and returns as soon as `phi >= th_phi` or `delta >= th_delta`; inside, it loops: select
//! the child with the smallest `delta` (ties: the first in the move source's order), give it
//! the thresholds
//!
//! - min side: `th_delta(child) = min(th_phi, delta_2 + 1)`, `delta_2` the second smallest
//!   `delta` (with the 1+epsilon trick of Pawlewicz & Lew: `max(delta_2 + 1,
//!   ceil(delta_2 * (1 + eps)))`, so the search stays longer in one subtree);
//! - sum side: `th_phi(child) = phi(child) + th_delta - delta`,
//!
//! search it, and recompute. The root is searched with infinite thresholds, so the whole
//! search is one MID call that ends only when the root is solved (or a limit stops it).
//! Iterative deepening happens at every node: the thresholds grow, not a depth.
//!
//! # Table, repetitions, knowledge
//!
//! Results go to a fixed-size [`table::DfpnTable`] with a size flag and small-subtree
//! replacement. A frame reads its children from the table once, when it generates them, and
//! then keeps what their MID calls return (re-reading every child on every loop turn, to see
//! transpositions, cost 60 probes a node and changed no node count on Hex 4x4).
//!
//! A position repeated on the current path is a draw *for this path* (the graph-history
//! interaction; Hric and Baudiš on df-pn(r), Kishimoto & Müller). Such a result depends on the
//! path, so it is never stored as a proof or disproof: a node solved with the help of a repeated
//! position is *path-dependent*; its parent keeps the result for the rest of its own loop,
//! the table only ever sees it as unsolved numbers. Solutions that do not depend on the path
//! are stored as usual.
//!
//! The [`MoveSource`] supplies a node's moves and leaf knowledge. [`PlainMoves`] is the
//! game itself with its tactics (Suda, *Efficient algorithms for verifying goals in computer
//! games*, definition 6, the same exact pruning alpha-beta uses): a mover that can win at once
//! wins; a mover facing two immediate wins of the opponent loses; facing one, only the moves on
//! that point are searched; then the game's proven must-play region
//! ([`crate::game::Tactics::must_play`]; Hex: the opponent's one-move virtual connections of
//! bridges, `src/games/hex/vc.rs`, Suda, theorem 15) keeps only the moves inside it, and an empty
//! region loses; games without regions drop the moves refuted by a verified double threat of the
//! opponent instead ([`threats`]). These knowledge steps are shared with PNS, PN² and
//! lambda-df-pn's last stage ([`crate::search::node_tactics`]). New children are initialised by
//! [`LeafInit`]: `Unit` gives `(1, 1)`, `Mobility` (and `Heuristic`, which is the same here) gives
//! `(1, number of the child's moves)`, the moves counted in the child's must-play region when the
//! game has one (an empty region: the child is lost), with immediate wins of the child's mover
//! recognised at once.
//!
//! Two exact speed-ups come from the game, both on by default ([`PlainMoves::with_symmetry`],
//! [`PlainMoves::with_certificates`] turn them off):
//!
//! - **Symmetric keys.** A position is named by the smallest of its keys under the board's
//!   symmetries ([`crate::game::StoneGame::symmetric_keys`]; Kotrč, *Gobblet analysed with
//!   AI methods*, section 1.4.4: a symmetry is a permutation of the points that keeps every
//!   position's value), so mirror images share one table entry and siblings that are mirror images
//!   are searched once. A stored winning move is kept in the frame of that smallest key and mapped
//!   back ([`MoveSource::table_move`], [`MoveSource::position_move`], [`Mid::stored_best`]).
//! - **Certificates.** When the game certifies that one side can never win
//!   ([`crate::game::Tactics::cannot_win`]: for m,n,k no live line, the Erdős–Selfridge
//!   potential, a pairing strategy), the node is decided at once: a disproof when the
//!   attacker can never win and draws count against it, a proof when the defender can never
//!   win and draws count for the attacker. At expansion only the defender's wins and the
//!   attacker's failures are decided this way (a proven OR node must name its move: its
//!   children, whose initialisation checks the certificate too, find it).
//!
//! # For lambda-df-pn
//!
//! The MID loop ([`mid::Mid`]) is generic over the [`MoveSource`]: a lambda-df-pn source
//! plays the attacker's threats and the defender's replies (passes included) through
//! `play`/`undo`, names the position with `key` (add the level to it), and answers
//! `expand`/`init` from its own lambda knowledge (`expand` gets the game mutably, to try
//! moves). The engine does the numbers, thresholds,
//! table, repetitions, events and limits. This API is kept stable.

//! # Effort (release, `cargo run --release --example dfpn_speed -- ...`, a shared 2-core
//! machine under load 6-16, so times are pessimistic; node counts are exact)
//!
//! Hex, step by step (all 16 4x4 openings / all 25 5x5 openings, `hex 4`, `hex 5`):
//!
//! | step | 4x4 nodes | 5x5 nodes | 5x5 CPU |
//! |---|---|---|---|
//! | double threats only (before) | 50,392 | 0.44-1.04 M per opening (a1 597,697, e1 1,044,187) | ~8 µs a node |
//! | bitboard immediate wins (`src/games/hex/bits.rs`) | 50,392 | same | win scans 62% -> 9% of the time |
//! | must-play regions at expansion (`src/games/hex/vc.rs`) | 1,309 | 1,311,875 | 4.6 s |
//! | children start from their region's size | 368 | 290,161 | 1.96 s |
//! | half-turn symmetry at the root (`solve --root`: 13 of 25 searched) | | 145,398 | 1.10 s |
//!
//! The last row is the whole 5x5 root analysis, `plyscope solve puzzles/hex-5x5.toml --algo dfpn
//! --root` (16 MB table each): 145,398 nodes, 1.10 s of CPU (`/usr/bin/time`; 2.5 s of wall
//! time under load 11 on 2 cores), under Benzene's 2.3 s. Hex 4x4 empty: 4 nodes (4,294
//! before). About half of the remaining time is table probes (cache misses in `mid`).
//! `plyscope bench --filter hex-4x4`: "dfpn all openings" 201 nodes, 0.001 s (Benzene
//! 1.8 s); `--filter hex-5x5`: 145,398 nodes, 1.49 s of wall time under load 11 (0.65 of
//! Benzene's 2.3 s). Hex 6x6 all openings (`solve puzzles/hex-6x6.toml --algo dfpn --root`)
//! was not done after 200 s of CPU with bridge chains only. Hex's knowledge (`src/games/hex/`:
//! H-search by the AND and OR rules, inferior cells, must-play regions) brought it to 6,789 nodes
//! and 3.06 s; keeping H-search incremental along the search's line
//! (`src/games/hex/hsearch/incremental.rs`) to 6,948 nodes and 1.60 s, beside Benzene's
//! 3.75 s of search measured in the same session (docs/bench.md, Hex openings side by side with Benzene).
//!
//! m,n,k from the empty board, "Black wins" (draws a disproof) / "Black at least draws"
//! (White cannot force a win), nodes, by speed-up (`SYM=0`, `CERT=0` turn them off):
//!
//! | board | neither | symmetric keys | certificates | both |
//! |---|---|---|---|---|
//! | 3x3 k=3 | 614 / 94 | 128 / 22 | 190 / 1 | 38 / 1 |
//! | 4x4 k=4 | 1,272,195 / 722,100 | 211,241 / 106,188 | 1 / 1 | 1 / 1 |
//! | 5x5 k=4 | > 30 M / 2,295,678 | > 3 M / 999,983 | 585,725 / 13,338 | 70,864 / 1,513 |
//! | 6x5 k=4 (win) | 34,361 | 14,094 | 34,823 | 14,459 |
//! | 7x7 k=4 (win) | 47,060 | 5,012 | 47,060 | 5,012 |
//!
//! 5x5 k=4 is a draw both ways: 1.1-1.3 s for "Black wins" disproven (38,033 nodes, 0.74 s
//! with epsilon 0.25) and 0.03 s for "White cannot win", under load 14 (an independent brute
//! force needs 157 million nodes). The certificates make 4x4 k=4 a one-node disproof (after any
//! first move the Erdős–Selfridge potential of Black's lines is below 1). On the wins they change
//! little: a certificate only decides nodes where one side is already out of lines.
//!
//! AtariGo: plain df-pn does not decide the 5x5 empty board in 20 million nodes (244 s, before
//! symmetric keys); lambda-df-pn's must-play stage (`lambda_dfpn::must_play`, regions of the
//! opponent's lambda-1 trees) proves it. The 4x4 puzzle: 170,785 nodes before symmetric keys,
//! 16,631 with them. Beyond one-move tactics, regions of deeper threats need the game's
//! knowledge (lambda-df-pn's zones, Benzene's virtual
//! connections).

pub mod mid;
pub mod parallel;
pub mod shared;
pub mod table;
pub mod threats;

use crate::game::{Game, MAX_SYMMETRIES, MoveList, Outcome};
use crate::search::node_tactics::{self, Inferior, NodeDecision};
use crate::search::observer::Observer;
use crate::search::proof::{Goal, LeafInit, ProofConfig, ProofReport};
use crate::search::{LambdaGame, Limits, SearchGame};

pub use mid::Mid;
pub use table::{DfpnEntry, DfpnTable};

/// Settings of df-pn (from [`ProofConfig`]; tests also pick exact table sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DfpnOptions {
    /// How new children are initialised.
    pub init: LeafInit,
    /// Weak-PNS counting on the sum side: `delta = max phi + (unsolved children - 1)`.
    pub weak: bool,
    /// The 1+epsilon trick; 0 = off.
    pub epsilon: f32,
    /// Bytes of the transposition table (0: none); a parallel search's threads share them.
    pub table_bytes: usize,
    /// Threads of one search (1: the sequential engine; more: [`parallel`]).
    pub threads: usize,
}

impl DfpnOptions {
    /// The options a [`ProofConfig`] asks for (`tt_mb` megabytes of table).
    pub fn from_config(config: &ProofConfig) -> DfpnOptions {
        DfpnOptions {
            init: config.init,
            weak: config.weak,
            epsilon: config.epsilon.max(0.0),
            table_bytes: config.tt_mb.min(crate::search::tt::MAX_TT_MB) << 20,
            threads: config.threads.max(1),
        }
    }
}

/// What a node's expansion found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expansion<M> {
    /// The node is over or decided without children: `true` when the mover reaches its aim.
    /// `size` is the proof (or disproof) tree below it, the node included.
    Decided {
        mover_wins: bool,
        best: Option<M>,
        size: u32,
    },
    /// The moves to search are in the list; `pruned` legal moves were left out because they
    /// lose at once (each counts two nodes of a disproof).
    Moves { pruned: u32 },
}

/// How a new child starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChildInit {
    /// Solved at once from the child's mover's view (`size`: its proof tree).
    Decided { mover_wins: bool, size: u32 },
    /// Unsolved with these numbers (both finite and non-zero).
    Numbers { phi: u32, delta: u32 },
}

/// Where df-pn's moves and leaf knowledge come from (the plain game here, lambda trees in
/// lambda-df-pn). `or_node` is true when the attacker is the mover.
pub trait MoveSource<G: Game> {
    /// The position's key for the table (and for repetition on the path).
    fn key(&self, game: &G) -> u64;

    /// Plays `mv` from the current node (the default: the game's own move; a source that
    /// tracks state along the path overrides it).
    #[inline]
    fn play(&mut self, game: &mut G, mv: G::Move) {
        game.play(mv);
    }

    /// Takes back `mv`, the last move played.
    #[inline]
    fn undo(&mut self, game: &mut G, mv: G::Move) {
        game.undo(mv);
    }

    /// Decides the node or writes its moves into `out` (cleared first), in the order ties
    /// are broken.
    fn expand(
        &mut self,
        game: &mut G,
        or_node: bool,
        goal: Goal,
        out: &mut MoveList<G::Move>,
    ) -> Expansion<G::Move>;

    /// The starting numbers of a child just reached (the position is the child's);
    /// `scratch` is a move list it may use.
    fn init(
        &mut self,
        game: &G,
        or_node: bool,
        goal: Goal,
        scratch: &mut MoveList<G::Move>,
    ) -> ChildInit;

    /// The numbers of a position repeated on the path (a draw for this path) from its
    /// mover's view: `true` when the mover reaches its aim with a draw.
    fn repetition(&self, or_node: bool, goal: Goal) -> bool {
        goal.draw_for_attacker == or_node
    }

    /// Nodes the source searched on its own so far (lambda-df-pn's last stage: its lambda
    /// engine's checks), counted against the node limit with df-pn's own, so the limit
    /// bounds the whole search. The default: none.
    fn own_nodes(&self) -> u64 {
        0
    }

    /// `mv`, a move of the current position, as the table stores it: in the frame of the
    /// position that [`MoveSource::key`] names (a source keying symmetric positions alike
    /// maps the move through the symmetry). The default keeps it.
    fn table_move(&self, game: &G, mv: G::Move) -> G::Move {
        let _ = game;
        mv
    }

    /// The inverse of [`MoveSource::table_move`]: a move read from the table for the current
    /// position, in the position's own frame (`None` when no move of the position maps onto
    /// it).
    fn position_move(&self, game: &G, stored: G::Move) -> Option<G::Move> {
        let _ = game;
        Some(stored)
    }
}

/// True when the finished game's `outcome` reaches the goal (the attacker wins; a draw when
/// draws count for the attacker; a numeric leaf above 0 from the attacker's view, or 0 when
/// draws count).
pub fn goal_reached(outcome: Outcome, goal: Goal) -> bool {
    match outcome {
        Outcome::Win(p) => p == goal.attacker,
        Outcome::Draw => goal.draw_for_attacker,
        Outcome::Score(black_view) => {
            let v = if goal.attacker == crate::game::Player::Black {
                black_view
            } else {
                -black_view
            };
            v > 0 || (v == 0 && goal.draw_for_attacker)
        }
    }
}

/// The game's own moves with its tactics (see the module doc).
#[derive(Clone, Copy, Debug)]
pub struct PlainMoves {
    init: LeafInit,
    /// Symmetric positions share one key (the smallest of their symmetric keys).
    symmetry: bool,
    /// Nodes the game certifies one side can never win ([`Tactics::cannot_win`]) are
    /// decided at once.
    ///
    /// [`Tactics::cannot_win`]: crate::game::Tactics::cannot_win
    certificates: bool,
}

impl PlainMoves {
    /// A source initialising children by `init`, with symmetric keys and certificates on.
    pub fn new(init: LeafInit) -> PlainMoves {
        PlainMoves {
            init,
            symmetry: true,
            certificates: true,
        }
    }

    /// The same source with symmetric keys on or off (to measure them, or to compare).
    pub fn with_symmetry(self, symmetry: bool) -> PlainMoves {
        PlainMoves { symmetry, ..self }
    }

    /// The same source with the game's can-never-win certificates used or ignored.
    pub fn with_certificates(self, certificates: bool) -> PlainMoves {
        PlainMoves {
            certificates,
            ..self
        }
    }

    /// The symmetry that maps the current position onto the one its key names: the first
    /// whose key is the smallest (the identity when symmetric keys are off).
    #[inline]
    fn canonical<G: LambdaGame>(&self, game: &G) -> (usize, u64) {
        if self.symmetry {
            smallest_symmetric_key(game)
        } else {
            (0, game.key())
        }
    }

    /// A node one side is certified never to win: `Some(mover reaches its aim)`.
    ///
    /// Sound by the game's promise ([`Tactics::cannot_win`]): when the attacker can never
    /// win and draws are a disproof, the attacker fails whatever happens; when the defender
    /// can never win and draws count for the attacker, the attacker reaches the goal.
    ///
    /// [`Tactics::cannot_win`]: crate::game::Tactics::cannot_win
    #[inline]
    fn certified<G: LambdaGame>(&self, game: &G, or_node: bool, goal: Goal) -> Option<bool> {
        if !self.certificates {
            return None;
        }
        if goal.draw_for_attacker {
            game.cannot_win(goal.attacker.opponent()).then_some(or_node)
        } else {
            game.cannot_win(goal.attacker).then_some(!or_node)
        }
    }
}

impl<G: LambdaGame> MoveSource<G> for PlainMoves {
    /// The smallest of the position's symmetric keys (just [`Game::key`] for games without
    /// symmetries, or with `symmetry` off). Positions that are images of each other have the
    /// same value, and their winning moves are images too ([`MoveSource::table_move`]).
    ///
    /// The path's repetition check sees these keys as well: a position on the path and a
    /// mirror image of it further down would count as a repetition. That cannot happen in
    /// the games that report symmetries today (m,n,k, AtariGo, Hex): every move adds a stone
    /// and AtariGo ends at the first capture, so a position never meets an image of an
    /// earlier one (their stone counts differ).
    #[inline]
    fn key(&self, game: &G) -> u64 {
        self.canonical(game).1
    }

    fn table_move(&self, game: &G, mv: G::Move) -> G::Move {
        game.symmetric_move(self.canonical(game).0, mv)
    }

    fn position_move(&self, game: &G, stored: G::Move) -> Option<G::Move> {
        move_from_table_frame(game, self.canonical(game).0, stored)
    }

    fn expand(
        &mut self,
        game: &mut G,
        or_node: bool,
        goal: Goal,
        out: &mut MoveList<G::Move>,
    ) -> Expansion<G::Move> {
        out.clear();
        // Step 1: a finished game, or one side certified never to win.
        if let Some(finished) = expand_finished(game, or_node, goal) {
            return finished;
        }
        // The attacker's certified win is left to the children (their `init` sees it), so a
        // proven OR node always names its winning move.
        if let Some(mover_wins) = self.certified(game, or_node, goal)
            && !(mover_wins && or_node)
        {
            return Expansion::Decided {
                mover_wins,
                best: None,
                size: 1,
            };
        }
        let mut pruned = 0;
        // Steps 2 and 3: the one-move tactics.
        if let Some(decided) = expand_by_tactics(game, out) {
            return decided;
        }
        // Steps 4-7: the game's knowledge (`crate::search::node_tactics`): a win of the mover
        // proven beyond one move (Hex: the key of its edges' semi connection); the proven
        // must-play region (Hex: the opponent's one-move virtual connections, which include
        // every double threat), an empty one losing; when the game gives no region, the
        // moves refuted by a double threat of the opponent; the moves the game proves never
        // needed (Hex: inferior cells).
        let known = node_tactics::apply(game, out, Inferior::Drop, threats::drop_refuted);
        if let Some(decided) = decided_by_knowledge(&known, out) {
            return decided;
        }
        if let NodeDecision::Moves {
            pruned: dropped, ..
        } = known
        {
            pruned += dropped;
        }
        order_by_rank(game, out);
        if out.is_empty() {
            // A position that is not over but has no moves: a draw.
            return Expansion::Decided {
                mover_wins: goal.draw_for_attacker == or_node,
                best: None,
                size: 1,
            };
        }
        Expansion::Moves { pruned }
    }

    fn init(
        &mut self,
        game: &G,
        or_node: bool,
        goal: Goal,
        scratch: &mut MoveList<G::Move>,
    ) -> ChildInit {
        if let Some(outcome) = game.outcome() {
            return ChildInit::Decided {
                mover_wins: goal_reached(outcome, goal) == or_node,
                size: 1,
            };
        }
        match self.init {
            LeafInit::Unit => ChildInit::Numbers { phi: 1, delta: 1 },
            LeafInit::Mobility | LeafInit::Heuristic => {
                if game.is_stable() && game.winning_move(game.to_move()).is_some() {
                    return ChildInit::Decided {
                        mover_wins: true,
                        size: 2,
                    };
                }
                if let Some(mover_wins) = self.certified(game, or_node, goal) {
                    return ChildInit::Decided {
                        mover_wins,
                        size: 1,
                    };
                }
                // The child's own proven win (`Tactics::winning_key`) is left to its
                // expansion: asking it here for every new child cost Hex 6x6's opening
                // classification 40 % more time for 4 % fewer nodes.
                match node_tactics::region_size(game, scratch) {
                    Some(0) => {
                        return ChildInit::Decided {
                            mover_wins: false,
                            size: 1,
                        };
                    }
                    Some(size) => {
                        return ChildInit::Numbers {
                            phi: 1,
                            delta: size,
                        };
                    }
                    None => {}
                }
                game.legal_moves(scratch);
                ChildInit::Numbers {
                    phi: 1,
                    delta: (scratch.len() as u32).max(1),
                }
            }
        }
    }
}

/// The legal move of `game` whose image under symmetry `s` is `stored` (a move kept in the
/// frame of the position's smallest symmetric key, [`MoveSource::position_move`]); `None`
/// when no legal move maps onto it.
pub fn move_from_table_frame<G: LambdaGame>(
    game: &G,
    s: usize,
    stored: G::Move,
) -> Option<G::Move> {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .find(|&mv| game.symmetric_move(s, mv) == stored)
}

/// The symmetry whose image of the position has the smallest key, and that key: symmetric
/// positions have the same value, so a table keyed by it shares one entry between them
/// ([`LambdaGame::symmetric_keys`]; the first such symmetry on ties).
#[inline]
pub fn smallest_symmetric_key<G: LambdaGame>(game: &G) -> (usize, u64) {
    let mut keys = [0u64; MAX_SYMMETRIES];
    let count = game.symmetric_keys(&mut keys);
    let mut best = (0, keys[0]);
    for (s, &key) in keys.iter().enumerate().take(count).skip(1) {
        if key < best.1 {
            best = (s, key);
        }
    }
    best
}

/// The expansion of a finished game: decided for the mover when its outcome reaches the
/// mover's aim (proof size 1); `None` while the game goes on.
#[inline]
pub fn expand_finished<G: Game>(game: &G, or_node: bool, goal: Goal) -> Option<Expansion<G::Move>> {
    game.outcome().map(|outcome| Expansion::Decided {
        mover_wins: goal_reached(outcome, goal) == or_node,
        best: None,
        size: 1,
    })
}

/// The expansion of a node the game's knowledge decided ([`node_tactics::apply`]): won with
/// its key (a proof of two positions), or lost; `out` is cleared. `None` when moves are
/// left to search.
pub fn decided_by_knowledge<M: Copy + Default>(
    known: &NodeDecision<M>,
    out: &mut MoveList<M>,
) -> Option<Expansion<M>> {
    let (mover_wins, best, size) = match *known {
        NodeDecision::Won(key) => (true, Some(key), 2),
        NodeDecision::Lost => (false, None, 1),
        NodeDecision::Moves { .. } => return None,
    };
    out.clear();
    Some(Expansion::Decided {
        mover_wins,
        best,
        size,
    })
}

/// The exact one-move tactics of a stable game (Suda, definition 6), the first steps of
/// every df-pn move source: an immediate win of the mover decides the node (proof size 2);
/// two immediate wins of the opponent, or one the mover cannot block, lose (each move and
/// the win after it: `1 + 2 x legal moves`); one that can be blocked leaves the block as
/// the only move. Otherwise (and always in an unstable game) `out` holds the legal moves
/// and the answer is `None`. The game must not be over.
pub fn expand_by_tactics<G: LambdaGame>(
    game: &mut G,
    out: &mut MoveList<G::Move>,
) -> Option<Expansion<G::Move>> {
    if !game.is_stable() {
        game.legal_moves(out);
        return None;
    }
    let mover = game.to_move();
    if let Some(win) = game.winning_move(mover) {
        return Some(Expansion::Decided {
            mover_wins: true,
            best: Some(win),
            size: 2,
        });
    }
    game.winning_moves(mover.opponent(), out, 2);
    let threats = out.len();
    let block = out.as_slice().first().copied();
    game.legal_moves(out);
    let legal = out.len() as u32;
    if threats >= 2 || block.is_some_and(|b| !out.contains(&b)) {
        out.clear();
        return Some(Expansion::Decided {
            mover_wins: false,
            best: None,
            size: 1 + 2 * legal,
        });
    }
    let block = block?;
    out.clear();
    out.push(block);
    Some(Expansion::Moves { pruned: legal - 1 })
}

/// Sorts `moves` by the game's static rank (central points first on stone boards), stable:
/// an insertion sort, which allocates nothing and is quick on board-sized lists.
pub fn order_by_rank<G: LambdaGame>(game: &G, moves: &mut MoveList<G::Move>) {
    let list = moves.as_mut_slice();
    for i in 1..list.len() {
        let mv = list[i];
        let rank = game.move_rank(mv);
        let mut j = i;
        while j > 0 && game.move_rank(list[j - 1]) > rank {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = mv;
    }
}

/// Runs df-pn for `goal` on `game` (the attacker to move) within `limits`, reporting to
/// `observer`; leaves the position as it found it.
pub fn dfpn_search<G: SearchGame, O: Observer<G>>(
    game: &mut G,
    options: &DfpnOptions,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> ProofReport<G::Move> {
    // A recorded search is one sequence of events: one thread.
    if options.threads > 1 && !O::ENABLED {
        return parallel::parallel_dfpn(game, options, goal, limits);
    }
    let mut source = PlainMoves::new(options.init);
    let mut engine = Mid::new(&mut source, observer, options, goal, limits);
    engine.run(game)
}
