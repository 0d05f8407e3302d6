//! Lambda and dual-lambda search's events. `lambda_enter` records a node like `enter` (kind,
//! attacker, level, depth left; the ply is the parent's plus one for a move), `lambda_leave`
//! closes it with its verdict and zone. ATTACK's and DEFEND's candidates go to the move
//! buffer, their zones and the leave zones to the zone buffer (one byte per point, only where
//! an event carries a zone; a zone equal to the one recorded just before shares its bytes).
//! Zone bytes count in the budget: every
//! [`ZONE_BYTES_PER_EVENT`](super::budget::ZONE_BYTES_PER_EVENT) of them as one event.

use std::ops::ControlFlow;

use crate::game::Game;
use crate::search::Window;
use crate::search::observer::{GO, LambdaNode, LambdaNodeKind, LambdaTtView, LambdaVerdict};
use crate::search::zone::ZoneScheme;
use crate::trace::store::{Event, EventId, NONE, NodeKind, TraceNode, ZoneId};

use super::Recorder;

impl<G: Game> Recorder<G> {
    pub(super) fn on_lambda_enter(
        &mut self,
        game: &G,
        node: LambdaNode<G::Move>,
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let (kind, mv) = match node.kind {
            LambdaNodeKind::Search(purpose) => (NodeKind::Lambda(purpose), None),
            LambdaNodeKind::Attack(mv) => (NodeKind::Attack, Some(mv)),
            LambdaNodeKind::Defence(mv) => (NodeKind::Defence, Some(mv)),
        };
        let (parent, ply) = match self.stack.last() {
            None => (NONE, 0),
            Some(top) => (top.node, top.ply.saturating_add(mv.is_some() as u16)),
        };
        self.open_node(TraceNode {
            parent,
            end: NONE,
            enter: self.recorded as EventId,
            leave: NONE,
            tt_probe: NONE,
            ordered: NONE,
            null_move: NONE,
            forward_pruned: NONE,
            cutoff: NONE,
            tt_store: NONE,
            key: game.key(),
            window: Window::FULL,
            depth: node.depth_left,
            iteration: self.iteration,
            ply,
            mv,
            kind,
            to_move: game.to_move(),
            attacker: node.attacker,
            level: node.level,
        });
        GO
    }

    pub(super) fn on_lambda_tt(&mut self, entry: Option<LambdaTtView>) -> ControlFlow<()> {
        if self.admit()
            && let Some(node) = self.current()
        {
            self.push_event(Event::LambdaTt { node, hit: entry });
        }
        GO
    }

    pub(super) fn on_lambda_leave(
        &mut self,
        verdict: LambdaVerdict,
        zone: Option<&ZoneScheme>,
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let zone = self.push_zone(zone);
        if self.truncation.is_some() {
            return GO;
        }
        let Some(open) = self.stack.pop() else {
            debug_assert!(false, "lambda_leave without lambda_enter");
            return GO;
        };
        self.open_moves.truncate(open.local_mark as usize);
        self.push_event(Event::LambdaLeave {
            node: open.node,
            verdict,
            zone,
        });
        GO
    }

    /// Records ATTACK's or DEFEND's candidates and zone for the innermost open node.
    pub(super) fn candidates(
        &mut self,
        attack: bool,
        level: u8,
        zone: Option<&ZoneScheme>,
        candidates: &[G::Move],
    ) -> ControlFlow<()> {
        if !self.admit() {
            return GO;
        }
        let Some(node) = self.current() else {
            return GO;
        };
        let Some(candidates) = self.push_moves(candidates) else {
            return GO;
        };
        let zone = self.push_zone(zone);
        if self.truncation.is_some() {
            return GO;
        }
        let e = self.recorded as EventId;
        let Some(top) = self.stack.last_mut() else {
            return GO;
        };
        let prev = std::mem::replace(&mut top.last_candidates, e);
        self.push_event(if attack {
            Event::LambdaAttack {
                node,
                level,
                zone,
                candidates,
                prev,
            }
        } else {
            Event::LambdaDefend {
                node,
                level,
                zone,
                candidates,
                prev,
            }
        });
        GO
    }

    /// Copies a zone's orders to the zone buffer; `NONE` for no zone, or for a zone of
    /// another board size than the trace's first (the engines use one board).
    fn push_zone(&mut self, zone: Option<&ZoneScheme>) -> ZoneId {
        let Some(zone) = zone else {
            return NONE;
        };
        let len = zone.len() as u16;
        if self.zone_len == 0 {
            self.zone_len = len;
            self.batch.zone_len = len;
        }
        if len != self.zone_len || len == 0 {
            debug_assert!(
                len == self.zone_len,
                "zones of two board sizes in one trace"
            );
            return NONE;
        }
        if self.last_zone_id != NONE && self.last_zone == zone.orders() {
            return self.last_zone_id;
        }
        if self.zone_bytes + len as u64 >= NONE as u64 {
            self.truncate();
            return NONE;
        }
        let id = self.zone_bytes as ZoneId;
        self.batch.zones.extend_from_slice(zone.orders());
        self.zone_bytes += len as u64;
        self.last_zone.clear();
        self.last_zone.extend_from_slice(zone.orders());
        self.last_zone_id = id;
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Player;
    use crate::games::mnk::Mnk;
    use crate::search::observer::Observer;
    use crate::trace::recorder::scripted::lambda_scripted;
    use crate::trace::store::{EventKind, NodeId};

    #[test]
    fn lambda_nodes_keep_kind_attacker_level_and_zones() {
        use crate::search::observer::{LambdaNodeKind as K, LambdaPurpose, LambdaVerdict as V};
        use crate::trace::replay::{NodeStatus, Replay, candidates_before};

        let t = lambda_scripted();
        assert_eq!((t.len(), t.node_count()), (21, 8));
        let kinds: Vec<_> = t.nodes().iter().map(|n| n.kind()).collect();
        assert_eq!(
            kinds,
            [
                NodeKind::Lambda(LambdaPurpose::Root),
                NodeKind::Attack,
                NodeKind::Lambda(LambdaPurpose::Threat),
                NodeKind::Defence,
                NodeKind::Lambda(LambdaPurpose::AfterDefence),
                NodeKind::Attack,
                NodeKind::Lambda(LambdaPurpose::Threat),
                NodeKind::Attack,
            ]
        );
        let parents: Vec<_> = t.nodes().iter().map(|n| n.parent()).collect();
        let p = Some::<NodeId>;
        assert_eq!(parents, [None, p(0), p(1), p(1), p(3), p(0), p(5), p(0)]);
        let plies: Vec<_> = t.nodes().iter().map(|n| n.ply()).collect();
        assert_eq!(plies, [0, 1, 1, 2, 2, 1, 1, 1]);
        assert_eq!(t.node(3).lambda_kind(), Some(K::Defence(4)));
        assert_eq!(t.node(3).attacker(), Player::Black);
        assert_eq!(t.node(3).to_move(), Player::Black, "after White's b2");
        assert_eq!((t.node(0).level(), t.node(0).depth()), (2, 9));
        // Every enter has its leave; subtrees close as for alpha-beta.
        assert!(t.nodes().iter().all(|n| n.leave_event().is_some()));
        let ends: Vec<_> = t.nodes().iter().map(|n| n.subtree_end()).collect();
        let e = Some::<NodeId>;
        assert_eq!(ends, [e(8), e(5), e(3), e(5), e(5), e(7), e(7), e(8)]);
        // Nine zones of nine points (six leaves with a zone, two ATTACKs and a DEFEND), of
        // which level 2's ATTACK zone repeats the last zone recorded (a1's) and shares it.
        assert_eq!(t.zone_buffer_len(), 8 * 9);
        // The root's candidate lists: level 2's names level 1's.
        let second = candidates_before(&t, 0, t.len()).unwrap();
        assert_eq!((second.event, second.level, second.attack), (17, 2, true));
        let first = candidates_before(&t, 0, 17).unwrap();
        assert_eq!((first.event, first.level), (2, 1));
        assert_eq!(t.moves(first.moves), [0, 2]);
        assert_eq!(
            t.zone(first.zone.unwrap()).unwrap(),
            [1, 2, 1, 2, 3, 255, 255, 255, 255]
        );
        assert_eq!(candidates_before(&t, 0, 2), None);

        let mut replay = Replay::new();
        replay.seek(&t, 12);
        let attack = replay.lambda(&t, 1).unwrap();
        assert_eq!(attack.status, NodeStatus::Open);
        assert_eq!(attack.verdict, None);
        let defend = attack.candidates.unwrap();
        assert!(!defend.attack);
        assert_eq!(t.moves(defend.moves), [1]);
        let after = replay.lambda(&t, 4).unwrap();
        assert_eq!((after.verdict, after.tt), (Some(V::NotWon), Some(None)));
        replay.seek(&t, 13);
        let attack = replay.lambda(&t, 1).unwrap();
        assert_eq!(attack.verdict, Some(V::NotWon));
        assert_eq!(t.zone(attack.zone.unwrap()).unwrap()[0], 1);
        replay.seek(&t, t.len());
        let root = replay.lambda(&t, 0).unwrap();
        assert_eq!(root.verdict, Some(V::Won { level: 2 }));
        assert_eq!(root.candidate_lists, 2);
        assert_eq!(replay.lambda(&t, 6).unwrap().zone, None, "zones off");
        assert_eq!(replay.current(), None);
        // Back to the start, one event at a time: the path shrinks to nothing.
        while replay.back(&t) {}
        assert_eq!(replay.lambda(&t, 0), None, "not entered at step 0");
    }

    /// A real lambda search (Thomsen's corners, a lambda-2 win in 7 plies) recorded whole:
    /// every node closed, the table and node counts agree with the engine's, and every
    /// zone an event names is in the zone buffer.
    #[test]
    fn a_real_lambda_search_is_recorded_whole() {
        use crate::games::mnk::Mnk;
        use crate::search::lambda::{LambdaConfig, ThreatVerdict, lambda_search};
        use crate::search::{Limits, Stats};
        use crate::trace::replay::Replay;

        let puzzle = crate::puzzle::load("mnk-4x4-k4-corners").unwrap();
        let mut g: Mnk = puzzle.position.into_game().expect("an m,n,k puzzle");
        let config = LambdaConfig {
            max_level: 2,
            max_depth: 7,
            ..LambdaConfig::default()
        };
        let mut r: Recorder<Mnk> = Recorder::default();
        let report = lambda_search(&mut g, &config, &Limits::default(), &mut r);
        let t = r.into_trace();
        assert_eq!(report.verdict, ThreatVerdict::Win { level: 2 });
        let count = |kind| t.events().iter().filter(|e| e.is(kind)).count() as u64;
        let Stats {
            nodes,
            tt_probes,
            tt_hits,
            ..
        } = report.stats;
        assert_eq!(count(EventKind::LambdaTt), tt_probes);
        assert_eq!(count(EventKind::TtHit), tt_hits);
        assert!(tt_hits > 0);
        // Every enter has its leave.
        assert_eq!(count(EventKind::Enter), t.node_count() as u64);
        assert_eq!(count(EventKind::LambdaLeave), t.node_count() as u64);
        assert!(t.nodes().iter().all(|n| n.leave_event().is_some()));
        // Moves are nodes of the engine; a LAMBDA call is one unless the table decided it.
        let moves = t
            .nodes()
            .iter()
            .filter(|n| matches!(n.kind(), NodeKind::Attack | NodeKind::Defence))
            .count() as u64;
        let searches = t.node_count() as u64 - moves;
        assert!(
            moves < nodes && nodes <= moves + searches,
            "{nodes} {moves} {searches}"
        );
        // Zones: every ATTACK and DEFEND carries one of 16 points, readable.
        let lists = count(EventKind::LambdaAttack) + count(EventKind::LambdaDefend);
        assert!(lists > 0);
        let mut zones = 0;
        for e in t.events() {
            let zone = match *e {
                Event::LambdaAttack { zone, .. }
                | Event::LambdaDefend { zone, .. }
                | Event::LambdaLeave { zone, .. } => zone,
                _ => continue,
            };
            if zone != NONE {
                let orders = t.zone(zone).expect("a recorded zone");
                assert_eq!(orders.len(), 16);
                zones += 1;
            }
        }
        assert!(zones as u64 >= lists);
        assert!(
            t.zone_buffer_len() <= zones * 16,
            "equal neighbours share bytes"
        );
        assert_eq!(t.zone_buffer_len() % 16, 0);
        // The root's verdict as of the end: the win at level 2.
        let mut replay = Replay::new();
        replay.seek(&t, t.len());
        let root = replay.lambda(&t, 0).unwrap();
        assert_eq!(root.verdict, Some(LambdaVerdict::Won { level: 2 }));
        assert_eq!(root.candidate_lists, 2, "ATTACK at levels 1 and 2");
    }

    #[test]
    fn a_zone_equal_to_the_last_one_shares_its_bytes() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let root = LambdaNode {
            kind: LambdaNodeKind::Search(crate::search::observer::LambdaPurpose::Root),
            attacker: Player::Black,
            level: 1,
            depth_left: 3,
        };
        let a = ZoneScheme::everything(9);
        let b = ZoneScheme::singleton(9, 4);
        let _ = r.lambda_enter(&g, root);
        let _ = r.lambda_attack(1, Some(&a), &[0]); // 1: new
        let _ = r.lambda_attack(1, Some(&a), &[0]); // 2: shared
        let _ = r.lambda_attack(1, Some(&b), &[0]); // 3: new
        let _ = r.lambda_leave(LambdaVerdict::NotWon, Some(&a)); // 4: new (not the last)
        let t = r.into_trace();
        let zone = |e: EventId| match *t.event(e) {
            Event::LambdaAttack { zone, .. } | Event::LambdaLeave { zone, .. } => zone,
            _ => panic!("event {e} has no zone"),
        };
        assert_eq!(zone(1), zone(2));
        assert_eq!([zone(1), zone(3), zone(4)], [0, 9, 18]);
        assert_eq!(t.zone_buffer_len(), 27);
        assert_eq!(t.zone(zone(3)).unwrap()[4], 1);
    }

    /// The engines close every node they entered, also after a stop (the observer contract):
    /// a stop answered at an enter still opens the node, so the leave that follows closes it
    /// and not its parent. Before, the leave popped the parent (a debug assertion fired on
    /// the engine thread when the explorer cancelled a lambda or proof-number search).
    #[test]
    fn a_stop_at_an_enter_still_opens_the_node_its_leave_closes() {
        let g = Mnk::new(3, 3, 3, false).unwrap();
        let mut r: Recorder<Mnk> = Recorder::default();
        let live = r.live();
        let node = |kind| LambdaNode {
            kind,
            attacker: Player::Black,
            level: 1,
            depth_left: 3,
        };
        let root = node(LambdaNodeKind::Search(
            crate::search::observer::LambdaPurpose::Root,
        ));
        assert!(r.lambda_enter(&g, root).is_continue());
        live.request_stop();
        assert!(
            r.lambda_enter(&g, node(LambdaNodeKind::Attack(4)))
                .is_break()
        );
        let _ = r.lambda_leave(LambdaVerdict::Stopped, None);
        let _ = r.lambda_leave(LambdaVerdict::Stopped, None);
        let t = r.into_trace();
        assert_eq!(t.node_count(), 2);
        let leaves: Vec<u32> = t
            .events()
            .iter()
            .filter_map(|e| match *e {
                Event::LambdaLeave { node, .. } => Some(node),
                _ => None,
            })
            .collect();
        assert_eq!(leaves, vec![1, 0], "the child closes first, then the root");
    }
}
