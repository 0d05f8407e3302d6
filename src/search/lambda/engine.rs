//! LAMBDA / ATTACK / DEFEND: the depth-first procedures of Suda, *Efficient algorithms for
//! verifying goals in computer games*, section 5.1, with relevance zones (theorems 12-17), the
//! depth limit of 4.8, suicide as in 4.9, the transposition table and history heuristic of 5.3, and
//! the dual-lambda additions of definition 2 and theorem 17 when `LambdaConfig::dual` is set.
//!
//! Each procedure returns a result and a zone, as the pseudo-code does:
//!
//! - `lambda(p, n, d)`: with `p` to move (the defender passes if needed) and `d` plies left.
//!   A pass costs a ply like a move: the defender's real move elsewhere takes the pass's place
//!   in the line, and the defence zone's argument (theorem 15 with the depth parameter of
//!   4.8) compares exactly those two lines; with free passes a defence outside the zone
//!   that merely uses up the last ply would be missed (the differential test found such a
//!   position). Thomsen's depths come out the same either way (a pass and a defence take the
//!   same place). `d = 0`: a draw, the attacker fails (4.8). An immediate
//!   win of `p` at `x` returns 1 and basicDZone = `{x}` ∪ EVS(o) (theorems 12 and 14, one
//!   winning point suffices). Otherwise aZone = basicAZone = u(EVS(p)) and the levels
//!   1..=n are tried with ATTACK, each failure handing its zone to the next level. The result
//!   carries the level of the win: the threat order k that dual-lambda's check uses.
//! - `attack(p, n, aZone, d)`: candidates = X1 of aZone (all legal moves without zones),
//!   then aZone is unwound. For each `a`: play it; a move ending the game without a win
//!   (AtariGo suicide, a full board) fails and adds nothing (a finished position needs no
//!   zone). Else LAMBDA(p, n - 1) with `p` to move again asks whether `a` threatens; if so,
//!   dual-lambda asks whether the defender then wins with a tree of order <= k: if it does,
//!   `a` is self-endangering, excluded at the higher levels of this LAMBDA call, and the
//!   defender's defence zone W^s joins aZone (theorem 17). Otherwise DEFEND; a win adds `a`
//!   to DEFEND's zone (theorem 15) and, in dual-lambda, the zone of the defender's failed
//!   counter-threat (the defender's own stones outside it cannot create one, so they cannot
//!   spoil the win either). A failure merges its zone into aZone: the Z^j of a move that does
//!   not threaten, the {d_i} ∪ Y^i of a defended threat (theorem 16).
//! - `defend(p, n, dZone, d)`: candidates = X1 of dZone, then it is unwound. A defence that
//!   ends the game without the attacker's win (the defender's own win, an inversion; a draw)
//!   refutes the threat with zone `{d}`; a defender's suicide is a win of the attacker and
//!   refutes nothing; otherwise LAMBDA(p, n) again: a failure refutes with its zone plus
//!   `d`, a win merges its zone into dZone (theorem 15).
//!
//! Zones are used only when the config asks, the game has points and `Tactics::is_stable`
//! holds (the level-0 zones need stability). Without them every legal move is a candidate,
//! and games that are not stable find immediate wins by trying every move.
//!
//! The game's knowledge beyond one move (the `Tactics` hooks `is_lost`, `winning_key`,
//! `must_play`, `drop_inferior`; Hex's virtual connections, Benzene's must-play regions) is
//! not used here, on purpose. Every result of this engine carries a zone, and the zones are what
//! its callers build on (the defence zones of theorem 15 become lambda-df-pn's must-play regions, a
//! failure's attack zone bounds the next level's candidates): a node decided by a virtual
//! connection would need the connection's carrier as its zone, which the hooks do not give (the
//! Tactics trait names a move or a region, not the cells a proof depends on). And a node won by a
//! connection is a real win but not a lambda-tree of level n: the level reported, which dual-lambda
//! compares with the opponent's threat order, would lose its meaning. Cutting defences to the
//! game's must-play region would likewise turn DEFEND's "every defence in the zone is refuted by a
//! lambda-(n-1) tree" into a weaker statement. The searches over the real game (df-pn, PNS,
//! lambda-df-pn's last stage) use the hooks through `crate::search::node_tactics`.

use std::ops::ControlFlow;

use crate::game::LambdaGame;
use crate::game::{MoveList, Outcome, Player};
use crate::search::lambda::evs_cache::EvsCache;
use crate::search::lambda::table::{LambdaEntry, LambdaTable};
use crate::search::lambda::{LambdaConfig, LambdaReport, ThreatVerdict};
use crate::search::observer::{
    LambdaNode, LambdaNodeKind, LambdaPurpose, LambdaTtView, LambdaVerdict, Observer,
};
use crate::search::zone::ZoneScheme;
use crate::search::{Budget, Limits, MAX_PLY, Stats};

/// What LAMBDA, ATTACK and DEFEND return: the result, its level (the first level that won),
/// the zone (D of a win, A of a failure) and the winning move of an ATTACK.
pub(crate) struct Found<M> {
    pub won: bool,
    pub level: u8,
    pub zone: ZoneScheme,
    pub best: Option<M>,
}

impl<M> Found<M> {
    fn failed(zone: ZoneScheme) -> Found<M> {
        Found {
            won: false,
            level: 0,
            zone,
            best: None,
        }
    }
}

/// The state of one search: settings, table, history, counters and the stop flag.
pub(crate) struct Searcher<'o, G: LambdaGame, O: Observer<G>> {
    pub config: LambdaConfig,
    /// Board points when zones are on; 0 otherwise (zones are then empty, unused arrays).
    points: usize,
    zones: bool,
    table: Option<LambdaTable>,
    /// Level-0 zones by position (zones on only).
    evs_cache: Option<EvsCache>,
    /// History scores by point (Suda 5.3.2: one table for both sides); empty when the game
    /// has no points.
    history: Vec<u64>,
    budget: Budget,
    pub stats: Stats,
    pub stopped: bool,
    pub observer: &'o mut O,
    _game: std::marker::PhantomData<G>,
}

/// The depth limit actually used: the smaller of the config's and the limits', and never
/// more than a line can last (in a stone game each pass is followed by a stone, so a line
/// has at most twice as many plies as empty points; others are capped at `MAX_PLY`), so
/// history weights stay meaningful.
pub(crate) fn effective_depth<G: LambdaGame>(
    game: &G,
    config: &LambdaConfig,
    limits: &Limits,
) -> u32 {
    let mut moves = MoveList::new();
    game.legal_moves(&mut moves);
    let game_bound = if game.zone_points().is_some() {
        2 * moves.len() as u32
    } else {
        MAX_PLY as u32
    };
    config
        .max_depth
        .min(limits.max_depth.unwrap_or(u32::MAX))
        .min(game_bound)
}

impl<'o, G: LambdaGame, O: Observer<G>> Searcher<'o, G, O> {
    pub fn new(game: &G, config: &LambdaConfig, limits: &Limits, observer: &'o mut O) -> Self {
        let zones = config.zones && game.is_stable() && game.zone_points().is_some();
        let points = if zones {
            game.zone_points().unwrap_or(0)
        } else {
            0
        };
        let table = (config.tt_mb > 0).then(|| LambdaTable::new(config.tt_mb, points));
        Searcher {
            config: *config,
            points,
            zones,
            table,
            evs_cache: zones.then(|| EvsCache::new(points)),
            history: vec![0; game.zone_points().unwrap_or(0)],
            budget: Budget::start(limits),
            stats: Stats::default(),
            stopped: false,
            observer,
            _game: std::marker::PhantomData,
        }
    }

    /// True when the search uses relevance zones (config, stable game, points): the zones
    /// [`Searcher::lambda`] returns then restrict candidates (lambda-df-pn's hook).
    pub(crate) fn zones_on(&self) -> bool {
        self.zones
    }

    /// Counts a node (a move played, or the root) and checks the limits.
    #[inline]
    pub fn count_node(&mut self) {
        self.stats.nodes += 1;
        if self.budget.exhausted(self.stats.nodes) {
            self.stopped = true;
        }
    }

    /// Finishes the counters.
    pub fn finish(&mut self) -> Stats {
        self.stats.elapsed = self.budget.elapsed();
        self.stats
    }

    #[inline]
    fn watch(&mut self, flow: ControlFlow<()>) {
        if flow.is_break() {
            self.stopped = true;
        }
    }

    /// Stops the search when an observer call asked to.
    #[inline]
    pub fn watch_flow(&mut self, flow: ControlFlow<()>) {
        self.watch(flow);
    }

    fn empty_zone(&self) -> ZoneScheme {
        ZoneScheme::empty(self.points)
    }

    fn zone_view<'z>(&self, zone: &'z ZoneScheme) -> Option<&'z ZoneScheme> {
        self.zones.then_some(zone)
    }

    /// EVS(player) as a zone scheme (theorem 14).
    fn evs_zone(&mut self, game: &G, player: Player) -> ZoneScheme {
        let mut zone = self.empty_zone();
        match &mut self.evs_cache {
            Some(cache) => cache.orders(game.key(), player, zone.orders_mut(), |out| {
                game.evs(player, out)
            }),
            None => game.evs(player, zone.orders_mut()),
        }
        for order in zone.orders_mut() {
            if *order == 0 {
                *order = 1;
            }
        }
        zone
    }

    /// The candidates of ATTACK or DEFEND: the legal moves of the side to move in X1 of
    /// `zone` (all of them without zones), minus `excluded`, best history first, ties by
    /// [`LambdaGame::move_rank`] and then in generator order (a stable sort: deterministic).
    fn candidates(
        &self,
        game: &G,
        zone: &ZoneScheme,
        excluded: &MoveList<G::Move>,
        out: &mut MoveList<G::Move>,
    ) {
        let mut all = MoveList::new();
        game.legal_moves(&mut all);
        out.clear();
        for &mv in all.iter() {
            if excluded.contains(&mv) {
                continue;
            }
            if self.zones
                && let Some(p) = game.move_point(mv)
                && !zone.contains(p, 1)
            {
                continue;
            }
            out.push(mv);
        }
        if !self.history.is_empty() {
            let history = &self.history;
            out.as_mut_slice().sort_by(|&a, &b| {
                let ha = game.move_point(a).map_or(0, |p| history[p as usize]);
                let hb = game.move_point(b).map_or(0, |p| history[p as usize]);
                hb.cmp(&ha)
                    .then_with(|| game.move_rank(a).cmp(&game.move_rank(b)))
            });
        }
    }

    /// History heuristic: `+2^depth` for a move that succeeded (Suda 5.3.2).
    fn reward(&mut self, game: &G, mv: G::Move, depth: u32) {
        if let Some(p) = game.move_point(mv)
            && let Some(h) = self.history.get_mut(p as usize)
        {
            *h = h.saturating_add(1u64 << depth.min(62));
        }
    }

    /// An immediate win of `player` (to move): exact `Tactics` for stable games, otherwise
    /// by trying every legal move.
    fn immediate_win(&mut self, game: &mut G, player: Player) -> Option<G::Move> {
        if game.is_stable() {
            return game.winning_move(player);
        }
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        for &mv in moves.iter() {
            self.count_node();
            if self.stopped {
                return None;
            }
            game.play(mv);
            let wins = game.outcome() == Some(Outcome::Win(player));
            game.undo(mv);
            if wins {
                return Some(mv);
            }
        }
        None
    }

    /// LAMBDA(`attacker`, `level`) with `depth` plies left (see the module doc). Gives the
    /// move to the attacker by a pass if needed (which costs a ply) and takes the pass back
    /// before returning.
    pub fn lambda(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
        purpose: LambdaPurpose,
    ) -> Found<G::Move> {
        if self.stopped {
            // Nothing new starts after a stop; the callers unwind.
            return Found::failed(self.empty_zone());
        }
        let passed = game.to_move() != attacker;
        if passed {
            game.pass();
        }
        let depth = if passed {
            depth.saturating_sub(1)
        } else {
            depth
        };
        if O::ENABLED {
            let node = LambdaNode {
                kind: LambdaNodeKind::Search(purpose),
                attacker,
                level,
                depth_left: depth,
            };
            let flow = self.observer.lambda_enter(game, node);
            self.watch(flow);
        }
        let found = self.lambda_body(game, attacker, level, depth);
        if O::ENABLED {
            let verdict = if self.stopped {
                LambdaVerdict::Stopped
            } else if found.won {
                LambdaVerdict::Won { level: found.level }
            } else if depth == 0 {
                LambdaVerdict::DepthLimit
            } else {
                LambdaVerdict::NotWon
            };
            let flow = self
                .observer
                .lambda_leave(verdict, self.zone_view(&found.zone));
            self.watch(flow);
        }
        if passed {
            game.unpass();
        }
        found
    }

    fn lambda_body(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        depth: u32,
    ) -> Found<G::Move> {
        if depth == 0 || self.stopped {
            return Found::failed(self.empty_zone());
        }
        let defender = attacker.opponent();
        if let Some(x) = self.immediate_win(game, attacker) {
            // basicDZone: {x} ∪ EVS(defender) (theorems 12 and 14, section 4.5).
            let mut zone = self.empty_zone();
            if self.zones {
                zone = self.evs_zone(game, defender);
                if let Some(p) = game.move_point(x) {
                    zone.add(p);
                }
            }
            return Found {
                won: true,
                level: 0,
                zone,
                best: Some(x),
            };
        }
        let key = game.key();
        if level > 0
            && let Some(found) = self.probe(key, attacker, level, depth)
        {
            return found;
        }
        // basicAZone: u(EVS(attacker)) (section 4.5 with lemma 9c).
        let mut a_zone = self.empty_zone();
        if self.zones {
            a_zone = self.evs_zone(game, attacker);
            a_zone.unwind();
        }
        if level == 0 {
            return Found::failed(a_zone);
        }
        let nodes_before = self.stats.nodes;
        let mut excluded = MoveList::new();
        let mut found = Found::failed(a_zone);
        for current in 1..=level {
            let zone = std::mem::replace(&mut found.zone, self.empty_zone());
            found = self.attack(game, attacker, current, zone, depth, &mut excluded);
            if found.won || self.stopped {
                break;
            }
        }
        if !self.stopped {
            let entry = LambdaEntry {
                won: found.won,
                level: if found.won { found.level } else { level },
                depth,
                nodes: (self.stats.nodes - nodes_before).min(u32::MAX as u64) as u32,
            };
            if let Some(table) = &mut self.table {
                let zone = self.zones.then_some(&found.zone);
                table.store(key, attacker, entry, zone);
            }
        }
        found
    }

    fn probe(
        &mut self,
        key: u64,
        attacker: Player,
        level: u8,
        depth: u32,
    ) -> Option<Found<G::Move>> {
        let table = self.table.as_ref()?;
        self.stats.tt_probes += 1;
        let hit = table.probe(key, attacker, level, depth);
        if O::ENABLED {
            let view = hit.map(|(e, _)| LambdaTtView {
                won: e.won,
                level: e.level,
                depth_left: e.depth,
                cutoff: true,
            });
            let flow = self.observer.lambda_tt(key, view);
            self.watch(flow);
        }
        let (hit, slot) = hit?;
        self.stats.tt_hits += 1;
        let mut zone = ZoneScheme::empty(self.points);
        if self.zones
            && let Some(table) = &self.table
        {
            table.load_zone(slot, &mut zone);
        }
        Some(Found {
            won: hit.won,
            level: if hit.won { hit.level } else { 0 },
            zone,
            best: None,
        })
    }

    /// ATTACK(`attacker`, `level`, `a_zone`) with `depth` left; `excluded` holds the
    /// self-endangering moves found at lower levels of the same LAMBDA call (dual-lambda).
    fn attack(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        mut a_zone: ZoneScheme,
        depth: u32,
        excluded: &mut MoveList<G::Move>,
    ) -> Found<G::Move> {
        if self.stopped {
            return Found::failed(a_zone);
        }
        let defender = attacker.opponent();
        let mut moves = MoveList::new();
        self.candidates(game, &a_zone, excluded, &mut moves);
        if O::ENABLED {
            let flow =
                self.observer
                    .lambda_attack(level, self.zone_view(&a_zone), moves.as_slice());
            self.watch(flow);
        }
        a_zone.unwind();
        for &a in moves.iter() {
            self.count_node();
            if self.stopped {
                break;
            }
            game.play(a);
            if O::ENABLED {
                let node = LambdaNode {
                    kind: LambdaNodeKind::Attack(a),
                    attacker,
                    level,
                    depth_left: depth - 1,
                };
                let flow = self.observer.lambda_enter(game, node);
                self.watch(flow);
            }
            let (verdict, contribution, won) =
                self.attack_move(game, attacker, defender, a, level, depth, excluded);
            if O::ENABLED {
                let v = if self.stopped {
                    LambdaVerdict::Stopped
                } else {
                    verdict
                };
                let flow = self.observer.lambda_leave(v, self.zone_view(&contribution));
                self.watch(flow);
            }
            game.undo(a);
            if self.stopped {
                break;
            }
            if won {
                self.reward(game, a, depth);
                return Found {
                    won: true,
                    level,
                    zone: contribution,
                    best: Some(a),
                };
            }
            if self.zones {
                a_zone.merge(&contribution);
            }
        }
        Found::failed(a_zone)
    }

    /// The body of one attack move `a` (already played): its verdict, the zone it gives its
    /// parent (the win's D zone with `a` added, or the failure's contribution to aZone) and
    /// whether it wins.
    #[allow(clippy::too_many_arguments)]
    fn attack_move(
        &mut self,
        game: &mut G,
        attacker: Player,
        defender: Player,
        a: G::Move,
        level: u8,
        depth: u32,
        excluded: &mut MoveList<G::Move>,
    ) -> (LambdaVerdict, ZoneScheme, bool) {
        match game.outcome() {
            Some(Outcome::Win(w)) if w == attacker => {
                // Only reachable where immediate wins are not exact; a win is a win.
                let mut zone = self.empty_zone();
                if let Some(p) = game.move_point(a) {
                    zone.add(p);
                }
                return (LambdaVerdict::Won { level }, zone, true);
            }
            Some(_) => return (LambdaVerdict::GameOver, self.empty_zone(), false),
            None => {}
        }
        let threat = self.lambda(game, attacker, level - 1, depth - 1, LambdaPurpose::Threat);
        if self.stopped {
            return (LambdaVerdict::Stopped, self.empty_zone(), false);
        }
        if !threat.won {
            return (LambdaVerdict::NoThreat, threat.zone, false);
        }
        let mut counter_zone = None;
        if self.config.dual {
            // Definition 2 (ii): the defender, to move, must not win with a tree of order
            // <= the threat's order k.
            let counter = self.lambda(
                game,
                defender,
                threat.level,
                depth - 1,
                LambdaPurpose::CounterThreat,
            );
            if self.stopped {
                return (LambdaVerdict::Stopped, self.empty_zone(), false);
            }
            if counter.won {
                excluded.push(a);
                return (
                    LambdaVerdict::SelfEndangering {
                        level: counter.level,
                    },
                    counter.zone,
                    false,
                );
            }
            counter_zone = Some(counter.zone);
        }
        let mut defence = self.defend(game, attacker, level, threat.zone, depth - 1);
        if self.stopped {
            return (LambdaVerdict::Stopped, self.empty_zone(), false);
        }
        if defence.won {
            if self.zones {
                if let Some(p) = game.move_point(a) {
                    defence.zone.add(p);
                }
                if let Some(counter_zone) = &counter_zone {
                    defence.zone.merge(counter_zone);
                }
            }
            (LambdaVerdict::Won { level }, defence.zone, true)
        } else {
            (LambdaVerdict::NotWon, defence.zone, false)
        }
    }

    /// DEFEND against a threat found outside ATTACK (root analysis): true when no defence
    /// in `threat_zone` (a defence zone of the threat) stops the attacker at `level`.
    pub fn defend_threat(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        threat_zone: &ZoneScheme,
        depth: u32,
    ) -> bool {
        self.defend(game, attacker, level, threat_zone.clone(), depth)
            .won
    }

    /// DEFEND(`attacker`, `level`, `d_zone`): the defender is to move with `depth` left.
    fn defend(
        &mut self,
        game: &mut G,
        attacker: Player,
        level: u8,
        mut d_zone: ZoneScheme,
        depth: u32,
    ) -> Found<G::Move> {
        if self.stopped {
            return Found::failed(d_zone);
        }
        let mut moves = MoveList::new();
        self.candidates(game, &d_zone, &MoveList::new(), &mut moves);
        if O::ENABLED {
            let flow =
                self.observer
                    .lambda_defend(level, self.zone_view(&d_zone), moves.as_slice());
            self.watch(flow);
        }
        d_zone.unwind();
        for &d in moves.iter() {
            self.count_node();
            if self.stopped {
                break;
            }
            game.play(d);
            if O::ENABLED {
                let node = LambdaNode {
                    kind: LambdaNodeKind::Defence(d),
                    attacker,
                    level,
                    depth_left: depth - 1,
                };
                let flow = self.observer.lambda_enter(game, node);
                self.watch(flow);
            }
            let (verdict, zone, refutes) = match game.outcome() {
                // The defender's suicide: the attacker wins, nothing refuted.
                Some(Outcome::Win(w)) if w == attacker => {
                    (LambdaVerdict::Won { level }, self.empty_zone(), false)
                }
                // An inversion or a draw: the threat is refuted.
                Some(_) => {
                    let mut zone = self.empty_zone();
                    if let Some(p) = game.move_point(d) {
                        zone.add(p);
                    }
                    (LambdaVerdict::GameOver, zone, true)
                }
                None => {
                    let again = self.lambda(
                        game,
                        attacker,
                        level,
                        depth - 1,
                        LambdaPurpose::AfterDefence,
                    );
                    if again.won {
                        (LambdaVerdict::Won { level }, again.zone, false)
                    } else {
                        let mut zone = again.zone;
                        if let Some(p) = game.move_point(d) {
                            zone.add(p);
                        }
                        (LambdaVerdict::NotWon, zone, true)
                    }
                }
            };
            if O::ENABLED {
                let v = if self.stopped {
                    LambdaVerdict::Stopped
                } else {
                    verdict
                };
                let flow = self.observer.lambda_leave(v, self.zone_view(&zone));
                self.watch(flow);
            }
            game.undo(d);
            if self.stopped {
                break;
            }
            if refutes {
                self.reward(game, d, depth);
                return Found::failed(zone);
            }
            if self.zones {
                d_zone.merge(&zone);
            }
        }
        Found {
            won: !self.stopped,
            level,
            zone: d_zone,
            best: None,
        }
    }
}

/// See [`crate::search::lambda::lambda_search`].
pub fn search_root<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    config: &LambdaConfig,
    limits: &Limits,
    observer: &mut O,
) -> LambdaReport<G::Move> {
    let attacker = game.to_move();
    let mut report = LambdaReport {
        verdict: ThreatVerdict::Unknown,
        best_move: None,
        stopped: false,
        stats: Stats::default(),
    };
    if !game.allows_pass() {
        return report;
    }
    match game.outcome() {
        Some(Outcome::Win(w)) if w == attacker => {
            report.verdict = ThreatVerdict::Win { level: 0 };
            return report;
        }
        Some(Outcome::Win(_)) if config.dual => {
            report.verdict = ThreatVerdict::Loss { level: 0 };
            return report;
        }
        Some(_) => return report,
        None => {}
    }
    let depth = effective_depth(game, config, limits);
    let mut searcher = Searcher::new(game, config, limits, observer);
    searcher.count_node();
    let found = searcher.lambda(game, attacker, config.max_level, depth, LambdaPurpose::Root);
    if !searcher.stopped {
        if found.won {
            report.verdict = ThreatVerdict::Win { level: found.level };
            report.best_move = found.best;
        } else if config.dual
            && let Some(level) = every_move_loses(&mut searcher, game, depth)
        {
            report.verdict = ThreatVerdict::Loss { level };
        }
    }
    report.stopped = searcher.stopped;
    report.stats = searcher.finish();
    report
}

/// The root's loss proof (section 3.9): after every legal move of the side to move, does the
/// opponent win with a mu-tree of order <= `max_level` (or at once, by the mover's suicide)?
/// `Some(level)`, the highest such level, when every move loses; `None` as soon as one move
/// does not (or no move exists, or the search stopped). Reported to the observer as one
/// search node of the attacker with one attack node per move.
fn every_move_loses<G: LambdaGame, O: Observer<G>>(
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

/// See [`crate::search::lambda::lambda_with_zone`].
pub fn search_with_zone<G: LambdaGame, O: Observer<G>>(
    game: &mut G,
    attacker: Player,
    level: u8,
    depth: u32,
    config: &LambdaConfig,
    observer: &mut O,
) -> (bool, ZoneScheme) {
    let mut searcher = Searcher::new(game, config, &Limits::default(), observer);
    let found = searcher.lambda(game, attacker, level, depth, LambdaPurpose::Root);
    let points = game.zone_points().unwrap_or(0);
    if searcher.zones {
        (found.won, found.zone)
    } else {
        (found.won, ZoneScheme::everything(points))
    }
}
