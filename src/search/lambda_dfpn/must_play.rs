//! df-pn over the real game tree with must-play regions from lambda-trees: the df-pn
//! [`MoveSource`] that lambda-df-pn falls back to when no lambda-tree up to its maximum level
//! proves the root (Suda, *Efficient algorithms for verifying goals in computer games*,
//! section 5.4.3, proposes combining proof-number search with the relevance zones of chapter 4;
//! Benzene's must-play regions are the same idea for Hex).
//!
//! Every node is seen from its mover `M` (the attacker at OR nodes, the defender at AND
//! nodes; AtariGo and the other stone games are symmetric, so both sides get the same
//! knowledge) and `O`, the opponent. With `level = k`:
//!
//! 1. A finished game, an immediate win of `M`, two immediate wins of `O` (one can be
//!    blocked), or one (only its point is searched): the exact tactics of a stable game
//!    (Suda, definition 6), as in plain df-pn's `PlainMoves`.
//! 2. **The game's own knowledge** (`crate::search::node_tactics`, shared with df-pn and PNS;
//!    Benzene's virtual connections in Hex, Arneson, Hayward and Henderson): a proven win of
//!    `M` beyond one move decides the node with its key, an empty must-play region of the
//!    game loses, moves outside the region and inferior moves are not searched. Children
//!    start from the size of their must-play region when the game gives one. Games without
//!    such knowledge answer the hooks' defaults and are not changed by this step.
//! 3. **`M` wins with a lambda-tree of level <= k** (LAMBDA(M, k) of the lambda engine,
//!    `M` to move): the node is decided for `M`. A lambda-tree is a real win (Suda,
//!    sections 3.5 and 4.7; its defence zones are sound by theorem 15).
//! 4. **`O` would win with a lambda-tree of level <= k if `M` passed** (LAMBDA(O, k) after a
//!    pass, which costs a ply as in the lambda engine): by theorem 15 a move of `M` outside
//!    X1 of the tree's defence zone leaves `O`'s win standing, so it loses for `M`; only the
//!    moves inside X1 are searched (the *must-play region*). None inside: `M` loses.
//! 5. Otherwise every legal move left. Central moves first (`LambdaGame::move_rank`).
//!
//! Steps 2 to 4 only ever remove moves that lose for their mover (or inferior ones, of
//! which a winning move is always kept) or decide a node the game or the lambda engine
//! has proven, so every proof and disproof df-pn reports is one of the real
//! game: the pruning is sound (the lambda engine's zones are checked against exhaustive
//! search in `tests/integration/lambda_zone_soundness.rs`; this source in
//! `tests/integration/lambda_dfpn_must_play.rs`). The lambda engine runs without limits of its own
//! (a stopped check would return an empty zone: if it ever stops, no move is removed), with its own
//! table; its nodes are counted apart from df-pn's ([`MustPlayCounters`]).
//!
//! The table shares entries between symmetric positions (the smallest of the symmetric
//! keys names a position).
//!
//! With `ProofConfig::threads` above one (and no recorder listening), the stage runs on that
//! many threads through parallel df-pn's driver (`crate::search::dfpn::parallel`, Kaneko's
//! virtual proof numbers over one shared table): each thread has its own [`MustPlayMoves`], so its
//! own lambda engine with a share of the lambda half of `tt_mb`. The knowledge a node gets depends
//! only on the position, so the verdict is one thread's; the node counts and the proof's size vary
//! from run to run (`tests/integration/lambda_dfpn_must_play.rs`,
//! `tests/integration/dfpn_parallel.rs`).

use crate::game::LambdaGame;
use crate::game::MoveList;
use crate::search::Limits;
use crate::search::dfpn::{
    ChildInit, DfpnOptions, Expansion, Mid, MoveSource, decided_by_knowledge, expand_by_tactics,
    expand_finished, goal_reached, move_from_table_frame, order_by_rank, parallel::parallel_mid,
    smallest_symmetric_key,
};
use crate::search::lambda::LambdaConfig;
use crate::search::lambda::engine::Searcher;
use crate::search::lambda_dfpn::shared_answers::{LambdaAnswer, SharedLambdaAnswers};
use crate::search::node_tactics::{self, Inferior, NodeDecision};
use crate::search::observer::{LambdaPurpose, NoTrace, Observer};
use crate::search::proof::{Goal, LeafInit, ProofConfig, ProofReport};

/// What the lambda knowledge did, for reports and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MustPlayCounters {
    /// Nodes the game's own knowledge decided (step 2: a proven win or loss of the mover).
    pub game_decided: u64,
    /// Legal moves the game's own knowledge removed (step 2: outside its must-play region,
    /// or inferior).
    pub game_moves_removed: u64,
    /// Nodes decided by a lambda-tree of the mover (step 3).
    pub lambda_wins: u64,
    /// Nodes whose moves were cut to a lambda must-play region (step 4).
    pub regions: u64,
    /// Legal moves removed by must-play regions.
    pub moves_removed: u64,
    /// Nodes lost because the must-play region held no legal move.
    pub empty_regions: u64,
    /// Nodes of the lambda engine (its checks are not df-pn nodes).
    pub lambda_nodes: u64,
}

impl MustPlayCounters {
    /// Both counts added (the threads of a parallel last stage).
    pub fn plus(self, other: &MustPlayCounters) -> MustPlayCounters {
        MustPlayCounters {
            game_decided: self.game_decided + other.game_decided,
            game_moves_removed: self.game_moves_removed + other.game_moves_removed,
            lambda_wins: self.lambda_wins + other.lambda_wins,
            regions: self.regions + other.regions,
            moves_removed: self.moves_removed + other.moves_removed,
            empty_regions: self.empty_regions + other.empty_regions,
            lambda_nodes: self.lambda_nodes + other.lambda_nodes,
        }
    }
}

/// The df-pn move source with must-play regions (see the module doc).
pub struct MustPlayMoves<'o, G: LambdaGame> {
    searcher: Searcher<'o, G, NoTrace>,
    level: u8,
    mobility: bool,
    /// Counters so far (`lambda_nodes` is refreshed by [`MustPlayMoves::counters`]).
    counters: MustPlayCounters,
    /// The answers of steps 3 and 4 the threads of a parallel run share.
    shared: Option<&'o SharedLambdaAnswers>,
}

impl<'o, G: LambdaGame> MustPlayMoves<'o, G> {
    /// A source whose lambda checks go up to `level` (0: plain tactics only), with a lambda
    /// table of `lambda_tt_mb` megabytes; `mobility` initialises children as plain df-pn's
    /// `LeafInit::Mobility` does (`(1, number of moves)`), otherwise `(1, 1)`. The observer
    /// is the lambda engine's (a `NoTrace` the caller owns).
    pub fn new(
        game: &G,
        level: u8,
        lambda_tt_mb: usize,
        mobility: bool,
        observer: &'o mut NoTrace,
    ) -> Self {
        let config = LambdaConfig {
            max_level: level,
            max_depth: u32::MAX,
            zones: true,
            tt_mb: lambda_tt_mb,
            dual: false,
        };
        MustPlayMoves {
            searcher: Searcher::new(game, &config, &Limits::default(), observer),
            level,
            mobility,
            counters: MustPlayCounters::default(),
            shared: None,
        }
    }

    /// The source of one thread of a parallel run: the answers of steps 3 and 4 go through
    /// `shared` (read before asking this thread's lambda engine, written after).
    fn sharing(mut self, shared: &'o SharedLambdaAnswers) -> Self {
        self.shared = Some(shared);
        self
    }

    /// The counters so far.
    pub fn counters(&self) -> MustPlayCounters {
        MustPlayCounters {
            lambda_nodes: self.searcher.stats.nodes,
            ..self.counters
        }
    }

    /// Steps 3 and 4 (zones must be on), with `out` the mover's legal moves: the mover's
    /// lambda-tree win, or `out` cut to the must-play region (which may leave it empty).
    /// A parallel run's threads share the answers ([`SharedLambdaAnswers`]; lists of at most
    /// 128 moves, whose region fits its mask).
    fn lambda_knowledge(
        &mut self,
        game: &mut G,
        out: &mut MoveList<G::Move>,
    ) -> LambdaKnowledge<G::Move> {
        let before = out.len();
        // One thread's run has no shared answers and does not key them.
        let shared = self
            .shared
            .filter(|_| before <= 128)
            .map(|s| (s, game.key()));
        let (known, best) = match shared.and_then(|(s, key)| s.get(key, before)) {
            Some(known) => {
                if let LambdaAnswer::Region(inside) = known {
                    let list = out.as_mut_slice();
                    let mut kept = 0;
                    for i in 0..before {
                        if inside >> i & 1 == 1 {
                            list[kept] = list[i];
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
                let best = match known {
                    LambdaAnswer::Wins(index) => out.as_slice().get(usize::from(index)).copied(),
                    _ => None,
                };
                (known, best)
            }
            None => match self.ask_lambda_engine(game, out) {
                Some((known, best)) => {
                    // A win is shared only when its move is in the list (or it has none).
                    let listed = match known {
                        LambdaAnswer::Wins(index) => best.is_none() == (index == u16::MAX),
                        _ => true,
                    };
                    if let Some((s, key)) = shared.filter(|_| listed) {
                        s.put(key, before, known);
                    }
                    (known, best)
                }
                // A stopped check removes nothing.
                None => return LambdaKnowledge::Moves,
            },
        };
        match known {
            LambdaAnswer::Wins(_) => {
                self.counters.lambda_wins += 1;
                LambdaKnowledge::Wins(best)
            }
            LambdaAnswer::Nothing => LambdaKnowledge::Moves,
            LambdaAnswer::Region(_) => {
                self.counters.regions += 1;
                self.counters.moves_removed += (before - out.len()) as u64;
                if out.is_empty() {
                    self.counters.empty_regions += 1;
                }
                LambdaKnowledge::Moves
            }
        }
    }

    /// Steps 3 and 4 asked of this thread's lambda engine: a win (with the engine's first
    /// move) leaves `out` as it is, a region cuts it (the answer's mask names the moves kept
    /// among the first 128); `None` when the engine stopped.
    fn ask_lambda_engine(
        &mut self,
        game: &mut G,
        out: &mut MoveList<G::Move>,
    ) -> Option<(LambdaAnswer, Option<G::Move>)> {
        let mover = game.to_move();
        // A line from here lasts at most twice the empty points (each of the lambda engine's
        // passes is followed by a stone), as `effective_depth` bounds it.
        let depth = 2 * out.len() as u32;
        // Step 3: the mover's own lambda-tree.
        let own = self
            .searcher
            .lambda(game, mover, self.level, depth, LambdaPurpose::Root);
        if self.searcher.stopped {
            return None;
        }
        if own.won {
            let index = own
                .best
                .and_then(|b| out.as_slice().iter().position(|&m| m == b))
                .map_or(u16::MAX, |i| i as u16);
            return Some((LambdaAnswer::Wins(index), own.best));
        }
        // Step 4: the opponent's, after a pass.
        let threat = self.searcher.lambda(
            game,
            mover.opponent(),
            self.level,
            depth,
            LambdaPurpose::Threat,
        );
        if self.searcher.stopped {
            return None;
        }
        if !threat.won {
            return Some((LambdaAnswer::Nothing, None));
        }
        let mut inside = 0u128;
        let list = out.as_mut_slice();
        let mut kept = 0;
        for i in 0..list.len() {
            let mv = list[i];
            if game
                .move_point(mv)
                .is_none_or(|p| threat.zone.contains(p, 1))
            {
                if i < 128 {
                    inside |= 1 << i;
                }
                list[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
        Some((LambdaAnswer::Region(inside), None))
    }
}

/// What the lambda knowledge says about a node.
enum LambdaKnowledge<M> {
    /// The mover has a lambda-tree (its first move when the engine names it).
    Wins(Option<M>),
    /// Search the moves left in the list (none: the mover loses).
    Moves,
}

impl<G: LambdaGame> MoveSource<G> for MustPlayMoves<'_, G> {
    /// The lambda engine's nodes: they count against the stage's node limit with df-pn's
    /// (before, a stage given 250,000 nodes could report 539,308 in all).
    #[inline]
    fn own_nodes(&self) -> u64 {
        self.searcher.stats.nodes
    }

    /// The smallest key of the position's symmetric images ([`LambdaGame::symmetric_keys`]):
    /// symmetric positions have the same value, so they share one table entry, and the
    /// entry's best move is kept in the frame of that smallest key ([`Self::table_move`]).
    #[inline]
    fn key(&self, game: &G) -> u64 {
        smallest_symmetric_key(game).1
    }

    /// A best move stored for the position goes into the table in the frame of its smallest
    /// symmetric key, so a mirror image that shares the entry reads it back in its own frame
    /// ([`Self::position_move`]). Without the mapping, a move stored by one orientation was
    /// handed to another: a proof-tree extraction following `Mid::stored_best` reached a
    /// position the defender had won (seen on AtariGo 5x5).
    fn table_move(&self, game: &G, mv: G::Move) -> G::Move {
        game.symmetric_move(smallest_symmetric_key(game).0, mv)
    }

    fn position_move(&self, game: &G, stored: G::Move) -> Option<G::Move> {
        move_from_table_frame(game, smallest_symmetric_key(game).0, stored)
    }

    fn expand(
        &mut self,
        game: &mut G,
        or_node: bool,
        goal: Goal,
        out: &mut MoveList<G::Move>,
    ) -> Expansion<G::Move> {
        out.clear();
        // Step 1: the game's end and the exact tactics.
        if let Some(finished) = expand_finished(game, or_node, goal) {
            return finished;
        }
        if let Some(decided) = expand_by_tactics(game, out) {
            return decided;
        }
        let legal = out.len() as u32;
        if legal == 0 {
            // Not over, yet no move: a draw.
            return Expansion::Decided {
                mover_wins: goal.draw_for_attacker == or_node,
                best: None,
                size: 1,
            };
        }
        // Step 2: the game's own knowledge (`crate::search::node_tactics`; Hex: virtual
        // connections decide the node, the must-play region and inferior cells cut its
        // moves), cheaper than a lambda-tree and exact for the real game.
        let known = node_tactics::apply(game, out, Inferior::Drop, |_, _| 0);
        if let Some(decided) = decided_by_knowledge(&known, out) {
            self.counters.game_decided += 1;
            return decided;
        }
        if let NodeDecision::Moves { pruned, .. } = known {
            self.counters.game_moves_removed += u64::from(pruned);
        }
        // Steps 3 and 4: lambda knowledge, where zones are sound (stable stone games).
        if self.level > 0 && self.searcher.zones_on() {
            if let LambdaKnowledge::Wins(best) = self.lambda_knowledge(game, out) {
                out.clear();
                // The lambda-tree's own size is not known here: it counts as one node.
                return Expansion::Decided {
                    mover_wins: true,
                    best,
                    size: 1,
                };
            }
            if out.is_empty() {
                // Every legal move lies outside the must-play region: each loses.
                return Expansion::Decided {
                    mover_wins: false,
                    best: None,
                    size: 1 + 2 * legal,
                };
            }
        }
        // Step 5.
        order_by_rank(game, out);
        Expansion::Moves {
            pruned: legal - out.len() as u32,
        }
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
        if !self.mobility {
            return ChildInit::Numbers { phi: 1, delta: 1 };
        }
        if game.is_stable() && game.winning_move(game.to_move()).is_some() {
            return ChildInit::Decided {
                mover_wins: true,
                size: 2,
            };
        }
        // The game's must-play region: empty, the mover has lost; else its size.
        let moves = match node_tactics::region_size(game, scratch) {
            Some(0) => {
                return ChildInit::Decided {
                    mover_wins: false,
                    size: 1,
                };
            }
            Some(size) => size,
            None => {
                game.legal_moves(scratch);
                scratch.len() as u32
            }
        };
        ChildInit::Numbers {
            phi: 1,
            delta: moves.max(1),
        }
    }
}

/// What [`must_play_dfpn`] answers.
#[derive(Clone, Debug)]
pub struct MustPlayRun<M> {
    /// The verdict; `stats.nodes` counts df-pn's nodes and the lambda engine's together.
    pub report: ProofReport<M>,
    /// df-pn's own nodes (MID calls).
    pub dfpn_nodes: u64,
    /// What the lambda knowledge did.
    pub counters: MustPlayCounters,
}

/// df-pn for `goal` (the attacker to move) over the real game tree with must-play regions
/// from lambda-trees of level <= `level` (see the module doc); `config.tt_mb` is split
/// evenly between df-pn's table and the lambda engine's. Leaves the position as it found
/// it.
pub fn must_play_dfpn<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &ProofConfig,
    level: u8,
    goal: Goal,
    limits: &Limits,
    observer: &mut O,
) -> MustPlayRun<G::Move> {
    let half = if config.tt_mb == 0 {
        0
    } else {
        (config.tt_mb / 2).max(1)
    };
    let options = DfpnOptions::from_config(&ProofConfig {
        tt_mb: half,
        ..*config
    });
    let mobility = config.init != LeafInit::Unit;
    // A recorded search is one sequence of events: one thread.
    let (mut report, counters) = if options.threads > 1 && !O::ENABLED {
        // df-pn's table is the one shared table. Of the lambda half, a quarter holds the
        // answers of steps 3 and 4 the threads share; each thread's own lambda engine has
        // an even share of the rest.
        let answers = SharedLambdaAnswers::with_bytes(half * (1 << 20) / 4);
        let lambda_mb = if half == 0 {
            0
        } else {
            ((half - half / 4) / options.threads).max(1)
        };
        let (report, counters) =
            parallel_mid(game, &options, limits, |game, table, halt, share| {
                let mut lambda_observer = NoTrace;
                let mut source =
                    MustPlayMoves::new(game, level, lambda_mb, mobility, &mut lambda_observer)
                        .sharing(&answers);
                let report = Mid::with_table(
                    &mut source,
                    &mut NoTrace,
                    &options,
                    goal,
                    share,
                    table,
                    Some(halt),
                )
                .run(game);
                (report, source.counters())
            });
        let sum = counters
            .iter()
            .fold(MustPlayCounters::default(), |sum, c| sum.plus(c));
        (report, sum)
    } else {
        let mut lambda_observer = NoTrace;
        let mut source = MustPlayMoves::new(game, level, half, mobility, &mut lambda_observer);
        let report = Mid::new(&mut source, observer, &options, goal, limits).run(game);
        (report, source.counters())
    };
    let dfpn_nodes = report.stats.nodes;
    report.stats.nodes = dfpn_nodes.saturating_add(counters.lambda_nodes);
    MustPlayRun {
        report,
        dfpn_nodes,
        counters,
    }
}
