//! Small, plain proof-number searches for the explorer's tests (Hric and Baudiš):
//! a best-first PNS with the tree in a `Vec` and a df-pn with thresholds and a `HashMap`
//! table. They report the pn events of `plyscope::search::observer::Observer` exactly as the
//! contract describes (descents from the root every iteration, re-entered children), so the
//! recorder, the replay and the screens can be tested before and independently of the real
//! engines.
//! Clarity over speed: they allocate per node and are meant for positions of a few hundred
//! nodes.

#![allow(dead_code)]

use std::collections::HashMap;

use plyscope::game::{Game, MoveList, Outcome, Player};
use plyscope::search::observer::{Observer, PnNodeView};
use plyscope::search::proof::{PN_INFINITY, ProofNumbers, pn_add};

/// The numbers of a finished position for `attacker` (draws disprove), `None` if it goes on.
fn terminal<G: Game>(game: &G, attacker: Player) -> Option<ProofNumbers> {
    match game.outcome()? {
        Outcome::Win(p) if p == attacker => Some(ProofNumbers::PROVEN),
        _ => Some(ProofNumbers::DISPROVEN),
    }
}

/// OR: pn = min, dn = sum; AND: the dual.
fn backup(or_node: bool, children: &[ProofNumbers]) -> ProofNumbers {
    let (mut min, mut sum) = (PN_INFINITY, 0u32);
    for c in children {
        let (m, s) = if or_node { (c.pn, c.dn) } else { (c.dn, c.pn) };
        min = min.min(m);
        sum = pn_add(sum, s);
    }
    if or_node {
        ProofNumbers::new(min, sum)
    } else {
        ProofNumbers::new(sum, min)
    }
}

fn children_of<G: Game>(game: &mut G, attacker: Player) -> (Vec<G::Move>, Vec<ProofNumbers>) {
    let mut list = MoveList::new();
    game.legal_moves(&mut list);
    let moves: Vec<G::Move> = list.iter().copied().collect();
    let numbers = moves
        .iter()
        .map(|&m| {
            game.play(m);
            let n = terminal(game, attacker).unwrap_or(ProofNumbers::UNIT);
            game.undo(m);
            n
        })
        .collect();
    (moves, numbers)
}

struct Node<M> {
    mv: Option<M>,
    parent: usize,
    children: Vec<usize>,
    numbers: ProofNumbers,
    or_node: bool,
}

/// Best-first PNS with 1/1 leaves: every iteration walks from the root to the most-proving
/// node (enters), expands it, and backs up (updates and leaves) to the root. Returns the
/// root's numbers after at most `iterations` iterations.
pub fn pns<G: Game, O: Observer<G>>(game: &mut G, iterations: usize, o: &mut O) -> ProofNumbers {
    let attacker = game.to_move();
    let mut tree = vec![Node {
        mv: None,
        parent: usize::MAX,
        children: Vec::new(),
        numbers: terminal(game, attacker).unwrap_or(ProofNumbers::UNIT),
        or_node: true,
    }];
    let view = |n: &Node<G::Move>| PnNodeView {
        numbers: n.numbers,
        thresholds: None,
        or_node: n.or_node,
        second_level: false,
    };
    for _ in 0..iterations {
        if tree[0].numbers.is_solved() {
            break;
        }
        // Descend.
        let mut id = 0;
        let mut line = Vec::new();
        let _ = o.pn_enter(game, None, view(&tree[0]));
        while !tree[id].children.is_empty() {
            let or_node = tree[id].or_node;
            let next = *tree[id]
                .children
                .iter()
                .min_by_key(|&&c| {
                    let n = tree[c].numbers;
                    if or_node { n.pn } else { n.dn }
                })
                .expect("children");
            let mv = tree[next].mv.expect("a child has a move");
            game.play(mv);
            line.push(mv);
            id = next;
            let _ = o.pn_enter(game, Some(mv), view(&tree[id]));
        }
        // Expand.
        let (moves, numbers) = children_of(game, attacker);
        let _ = o.pn_expand(&moves, &numbers);
        for (&mv, &numbers) in moves.iter().zip(&numbers) {
            let child = tree.len();
            let or_node = !tree[id].or_node;
            tree.push(Node {
                mv: Some(mv),
                parent: id,
                children: Vec::new(),
                numbers,
                or_node,
            });
            tree[id].children.push(child);
        }
        // Back up to the root.
        loop {
            let kids: Vec<ProofNumbers> =
                tree[id].children.iter().map(|&c| tree[c].numbers).collect();
            if !kids.is_empty() {
                tree[id].numbers = backup(tree[id].or_node, &kids);
            }
            let _ = o.pn_update(view(&tree[id]));
            let _ = o.pn_leave(view(&tree[id]));
            let Some(mv) = line.pop() else { break };
            game.undo(mv);
            id = tree[id].parent;
        }
    }
    tree[0].numbers
}

/// Nagai's df-pn (Hric and Baudiš) with a plain table: MID with thresholds at every node, the
/// children re-expanded on every call with the table's numbers. Returns the root's numbers.
pub fn dfpn<G: Game, O: Observer<G>>(game: &mut G, o: &mut O) -> ProofNumbers {
    let attacker = game.to_move();
    let mut table = HashMap::new();
    let root = ProofNumbers::new(PN_INFINITY - 1, PN_INFINITY - 1);
    mid(game, None, attacker, root, &mut table, o);
    table
        .get(&game.key())
        .copied()
        .unwrap_or(ProofNumbers::UNIT)
}

fn mid<G: Game, O: Observer<G>>(
    game: &mut G,
    mv: Option<G::Move>,
    attacker: Player,
    th: ProofNumbers,
    table: &mut HashMap<u64, ProofNumbers>,
    o: &mut O,
) {
    let or_node = game.to_move() == attacker;
    let view = |numbers, th| PnNodeView {
        numbers,
        thresholds: Some(th),
        or_node,
        second_level: false,
    };
    let start = table
        .get(&game.key())
        .copied()
        .unwrap_or(ProofNumbers::UNIT);
    let _ = o.pn_enter(game, mv, view(start, th));
    let _ = o.pn_tt(game.key(), table.get(&game.key()).copied());
    let (moves, _) = children_of(game, attacker);
    let lookup = |game: &mut G, table: &HashMap<u64, ProofNumbers>, m: G::Move| {
        game.play(m);
        let n = terminal(game, attacker)
            .or_else(|| table.get(&game.key()).copied())
            .unwrap_or(ProofNumbers::UNIT);
        game.undo(m);
        n
    };
    let mut numbers: Vec<ProofNumbers> = moves.iter().map(|&m| lookup(game, table, m)).collect();
    let _ = o.pn_expand(&moves, &numbers);
    let mut own = backup(or_node, &numbers);
    loop {
        let _ = o.pn_update(view(own, th));
        if own.pn >= th.pn || own.dn >= th.dn {
            break;
        }
        // phi/delta: the side to move's numbers.
        let key = |n: ProofNumbers| if or_node { (n.pn, n.dn) } else { (n.dn, n.pn) };
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.sort_by_key(|&i| key(numbers[i]).0);
        let best = order[0];
        let second = order.get(1).map_or(PN_INFINITY, |&i| key(numbers[i]).0);
        let (th_phi, th_delta) = if or_node {
            (th.pn, th.dn)
        } else {
            (th.dn, th.pn)
        };
        let (own_phi, own_delta) = key(own);
        let (_, best_delta) = key(numbers[best]);
        let child_phi_th = th_delta
            .saturating_sub(own_delta)
            .saturating_add(best_delta)
            .min(PN_INFINITY - 1);
        let child_delta_th = th_phi.min(second.saturating_add(1)).min(PN_INFINITY - 1);
        let _ = own_phi;
        // The child's numbers from its own side: its phi is our delta side.
        let child_th = if or_node {
            ProofNumbers::new(child_delta_th, child_phi_th)
        } else {
            ProofNumbers::new(child_phi_th, child_delta_th)
        };
        let m = moves[best];
        game.play(m);
        mid(game, Some(m), attacker, child_th, table, o);
        game.undo(m);
        numbers[best] = lookup(game, table, m);
        own = backup(or_node, &numbers);
    }
    table.insert(game.key(), own);
    let _ = o.pn_leave(view(own, th));
}
