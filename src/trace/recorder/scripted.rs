//! Hand-scripted traces for tests (compiled for tests only), recorded event by event so the
//! tests of the recorder, the replay and the screens can name every event id: a small
//! alpha-beta search of tic-tac-toe ([`scripted`]) and a two-level lambda search
//! ([`lambda_scripted`]).

use crate::game::{Game, Player, StoneGame};
use crate::games::mnk::Mnk;
use crate::search::observer::Observer;
use crate::search::zone::ZoneScheme;
use crate::search::{Bound, Value, Window};
use crate::trace::store::Trace;

use super::{RecordConfig, Recorder};

/// The window `(alpha, beta)`.
pub(crate) fn w(alpha: i32, beta: i32) -> Window {
    Window {
        alpha: Value(alpha),
        beta: Value(beta),
    }
}

/// A hand-scripted search of tic-tac-toe, one event per line (the comment gives the
/// event id): a root with a table miss and three ordered moves; `a1` scores 5 for the
/// root; `b1` holds a null-move probe and forward pruning and scores 7, which cuts the
/// root (skipping `c1`); a table store and the root's leave.
pub(crate) fn scripted() -> (Trace<u16>, [u64; 3]) {
    let mut g = Mnk::new(3, 3, 3, false).unwrap();
    let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
        batch_events: 4, // several appends, to exercise them
        ..RecordConfig::default()
    });
    let root_key = g.key();
    let _ = r.iteration(1); // 0
    let _ = r.enter(&g, None, 0, 2, w(-1_000_001, 6)); // 1: node 0
    let _ = r.tt_probe(root_key, None); // 2
    let _ = r.ordered(&[0, 1, 2]); // 3
    g.play(0);
    let a1_key = g.key();
    let _ = r.enter(&g, Some(0), 1, 1, w(-6, 1_000_001)); // 4: node 1
    let _ = r.leave(Value(-5), Bound::Exact, None); // 5
    g.undo(0);
    g.play(1);
    let b1_key = g.key();
    let _ = r.enter(&g, Some(1), 1, 1, w(-6, -5)); // 6: node 2
    g.set_to_move(Player::Black);
    let _ = r.enter(&g, None, 2, 0, w(5, 6)); // 7: node 3, the null move
    let _ = r.leave(Value(3), Bound::Upper, None); // 8
    g.set_to_move(Player::White);
    let _ = r.null_move(2, Value(-3), false); // 9
    let _ = r.ordered(&[0, 2, 3, 4, 5, 6, 7, 8]); // 10
    let _ = r.forward_pruned(&[7, 8]); // 11
    let _ = r.leave(Value(-7), Bound::Upper, None); // 12
    g.undo(1);
    let _ = r.cutoff(1, Value(7), w(5, 6), &[2]); // 13
    let _ = r.tt_store(root_key, Value(6), Bound::Lower, 2, Some(1)); // 14
    let _ = r.leave(Value(6), Bound::Lower, Some(1)); // 15
    (r.into_trace(), [root_key, a1_key, b1_key])
}

/// A hand-scripted two-level lambda search on an empty 3x3 board, in the shape of Suda,
/// section 5.1 (the comment gives the event id): LAMBDA(Black, 2) misses the table;
/// ATTACK at level 1 tries a1 (a threat: DEFEND answers with b2, which refutes it) and c1
/// (no threat); ATTACK at level 2 tries a1 again, whose threat at level 1 has no answer.
pub(crate) fn lambda_scripted() -> Trace<u16> {
    use crate::game::Player::{Black, White};
    use crate::search::observer::LambdaPurpose::{AfterDefence, Root, Threat};
    use crate::search::observer::{LambdaNode, LambdaNodeKind as K, LambdaVerdict as V};

    fn node(kind: K<u16>, attacker: Player, level: u8, depth_left: u32) -> LambdaNode<u16> {
        LambdaNode {
            kind,
            attacker,
            level,
            depth_left,
        }
    }
    let z = |orders: &[u8]| ZoneScheme::from_orders(orders);
    let n = crate::game::NO_REGION;
    let mut g = Mnk::new(3, 3, 3, false).unwrap();
    let mut r: Recorder<Mnk> = Recorder::new(RecordConfig {
        batch_events: 5,
        ..RecordConfig::default()
    });
    let root_zone = z(&[1, 2, 1, 2, 3, n, n, n, n]);
    let _ = r.lambda_enter(&g, node(K::Search(Root), Black, 2, 9)); // 0: node 0
    let _ = r.lambda_tt(g.key(), None); // 1
    let _ = r.lambda_attack(1, Some(&root_zone), &[0, 2]); // 2
    g.play(0);
    let _ = r.lambda_enter(&g, node(K::Attack(0), Black, 1, 8)); // 3: node 1
    g.set_to_move(Black);
    let _ = r.lambda_enter(&g, node(K::Search(Threat), Black, 0, 7)); // 4: node 2
    let _ = r.lambda_leave(V::Won { level: 0 }, Some(&z(&[n, 1, 1, n, n, n, n, n, n]))); // 5
    g.set_to_move(White);
    let _ = r.lambda_defend(1, Some(&z(&[n, 1, 2, n, n, n, n, n, n])), &[1]); // 6
    g.play(4);
    let _ = r.lambda_enter(&g, node(K::Defence(4), Black, 1, 7)); // 7: node 3
    let _ = r.lambda_enter(&g, node(K::Search(AfterDefence), Black, 1, 7)); // 8: node 4
    let _ = r.lambda_tt(g.key(), None); // 9
    let _ = r.lambda_leave(V::NotWon, Some(&z(&[n, n, n, 1, n, 1, n, n, n]))); // 10
    let _ = r.lambda_leave(V::NotWon, Some(&z(&[n, n, n, 1, 1, 1, n, n, n]))); // 11
    g.undo(4);
    let _ = r.lambda_leave(V::NotWon, Some(&z(&[1, n, n, 1, 1, 1, n, n, n]))); // 12
    g.undo(0);
    g.play(2);
    let _ = r.lambda_enter(&g, node(K::Attack(2), Black, 1, 8)); // 13: node 5
    g.set_to_move(Black);
    let _ = r.lambda_enter(&g, node(K::Search(Threat), Black, 0, 7)); // 14: node 6
    let _ = r.lambda_leave(V::NotWon, None); // 15
    g.set_to_move(White);
    let _ = r.lambda_leave(V::NoThreat, None); // 16
    g.undo(2);
    let _ = r.lambda_attack(2, Some(&z(&[1, n, n, 1, 1, 1, n, n, n])), &[0]); // 17
    g.play(0);
    let _ = r.lambda_enter(&g, node(K::Attack(0), Black, 2, 8)); // 18: node 7
    let _ = r.lambda_leave(V::Won { level: 2 }, Some(&z(&[1; 9]))); // 19
    g.undo(0);
    let _ = r.lambda_leave(V::Won { level: 2 }, Some(&z(&[1, 2, 2, 2, 2, 2, 2, 2, 2]))); // 20
    r.into_trace()
}
