//! The in-memory AND/OR tree of best-first PNS (Hric and Baudiš, *Game algorithms, lecture 4:
//! Proof number search, Lambda search*, "PNS"): an arena of nodes allocated once, children of a
//! node stored as one contiguous index range, the backup rules and the minimal proof-tree
//! extraction.
//!
//! Backup (numbers from the attacker's view, OR = attacker to move):
//! - OR: `pn = min pn(child)`, `dn = sum dn(child)`; AND: `pn = sum pn(child)`,
//!   `dn = min dn(child)`.
//! - Weak PNS (Hric and Baudiš, "Weak PNS"): on the sum side `max + (unsolved children - 1)`
//!   instead of the sum, so a node reached along several paths of a DAG is not counted
//!   once per path (every child beyond the hardest counts 1).
//!
//! Every backup is checked in debug builds against two independent recomputations (the
//! family's shared [`debug_check_backup`](crate::search::proof::debug_check_backup), which
//! df-pn's MID loop runs too, and the iterator form below), together with the shape of
//! solved numbers (`[0, ∞]` proven, `[∞, 0]` disproven).

use std::ops::Range;

use crate::search::proof::{PN_INFINITY, ProofNumbers, pn_add};

/// Index of a node in the arena (the root is 0).
pub type NodeId = u32;

/// One node of the tree. 28 bytes for stone games (2-byte moves).
#[derive(Clone, Copy, Debug)]
pub struct Node<M> {
    /// The node's `[pn, dn]`.
    pub numbers: ProofNumbers,
    /// The parent (the root is its own parent).
    pub parent: NodeId,
    /// First child in the arena (valid when `expanded`).
    pub first_child: NodeId,
    /// Number of children (at most `MAX_MOVES` = 384).
    pub child_count: u16,
    /// True once the children exist.
    pub expanded: bool,
    /// True when the attacker is to move here.
    pub or_node: bool,
    /// The move from the parent (unused at the root).
    pub mv: M,
    /// Size of the smallest solution tree below this node when it is a solved leaf: 1 for a
    /// finished game, the positions its decision stands for when solved by look-ahead (2 for
    /// an immediate win, `1 + 2 x legal moves` facing two), the second level's tree for PN²
    /// nodes.
    pub leaf_size: u32,
}

/// The arena: one `Vec` reserved up front for `capacity` nodes, never grown beyond it.
pub struct Tree<M> {
    nodes: Vec<Node<M>>,
    capacity: usize,
    weak: bool,
}

impl<M: Copy + Default> Tree<M> {
    /// An empty arena for at most `capacity` nodes (at least 1), with weak-PNS counting on
    /// the sum side when `weak`.
    pub fn new(capacity: usize, weak: bool) -> Tree<M> {
        let capacity = capacity.clamp(1, NodeId::MAX as usize);
        Tree {
            nodes: Vec::with_capacity(capacity),
            capacity,
            weak,
        }
    }

    /// Forgets every node and puts a fresh root with `numbers`.
    pub fn reset(&mut self, numbers: ProofNumbers, or_node: bool) {
        self.nodes.clear();
        self.nodes.push(Node {
            numbers,
            parent: 0,
            first_child: 0,
            child_count: 0,
            expanded: false,
            or_node,
            mv: M::default(),
            leaf_size: 1,
        });
    }

    /// Number of nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True before the first [`Tree::reset`].
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Bytes the arena reserved (once, at [`Tree::new`]; it never grows).
    pub fn reserved_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node<M>>()
    }

    /// True when `extra` more nodes fit into the arena.
    pub fn has_room(&self, extra: usize) -> bool {
        self.nodes.len() + extra <= self.capacity
    }

    /// The node `id`.
    #[inline]
    pub fn node(&self, id: NodeId) -> &Node<M> {
        &self.nodes[id as usize]
    }

    /// The node `id`, mutably.
    #[inline]
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<M> {
        &mut self.nodes[id as usize]
    }

    /// The children of `id` as an index range.
    #[inline]
    pub fn children(&self, id: NodeId) -> Range<NodeId> {
        let node = self.node(id);
        node.first_child..node.first_child + NodeId::from(node.child_count)
    }

    /// Appends a child of `parent` (the caller appends all children of one node in a row,
    /// then calls [`Tree::mark_expanded`]). The caller checked [`Tree::has_room`].
    pub fn push_child(&mut self, parent: NodeId, mv: M, numbers: ProofNumbers, or_node: bool) {
        debug_assert!(self.nodes.len() < self.capacity);
        self.nodes.push(Node {
            numbers,
            parent,
            first_child: 0,
            child_count: 0,
            expanded: false,
            or_node,
            mv,
            leaf_size: 1,
        });
    }

    /// Records that the `count` nodes from `first` are the children of `id`.
    pub fn mark_expanded(&mut self, id: NodeId, first: NodeId, count: usize) {
        let node = self.node_mut(id);
        node.first_child = first;
        node.child_count = count as u16;
        node.expanded = true;
    }

    /// The most-proving child of the expanded node `id`: at an OR node the first child with
    /// the smallest pn (it equals the node's pn), at an AND node the first with the smallest
    /// dn (Hric and Baudiš: follow the child that determines the node's number on the min side).
    pub fn most_proving_child(&self, id: NodeId) -> NodeId {
        let node = self.node(id);
        let key = |c: NodeId| {
            let n = self.node(c).numbers;
            if node.or_node { n.pn } else { n.dn }
        };
        let mut best = node.first_child;
        for c in self.children(id) {
            if key(c) < key(best) {
                best = c;
            }
        }
        best
    }

    /// The numbers of the expanded node `id` backed up from its children (step "backup" of
    /// Hric and Baudiš). Checked against `reference_backup` (the definition as iterators) in debug
    /// builds.
    pub fn backed_up(&self, id: NodeId) -> ProofNumbers {
        let or_node = self.node(id).or_node;
        let mut min_side = PN_INFINITY;
        let mut sum_side = 0u32;
        let mut max_side = 0u32;
        let mut unsolved = 0u32;
        for c in self.children(id) {
            let n = self.node(c).numbers;
            // (min side, sum side) of this child: (pn, dn) at OR, (dn, pn) at AND.
            let (m, s) = if or_node { (n.pn, n.dn) } else { (n.dn, n.pn) };
            min_side = min_side.min(m);
            sum_side = pn_add(sum_side, s);
            max_side = max_side.max(s);
            if s != 0 {
                unsolved += 1;
            }
        }
        let sum_side = if !self.weak {
            sum_side
        } else if max_side == 0 || max_side == PN_INFINITY {
            max_side
        } else {
            pn_add(max_side, unsolved - 1)
        };
        let numbers = if or_node {
            ProofNumbers::new(min_side, sum_side)
        } else {
            ProofNumbers::new(sum_side, min_side)
        };
        crate::search::proof::debug_check_backup(
            self.weak,
            (min_side, sum_side),
            self.children(id).map(|c| {
                let n = self.node(c).numbers;
                if or_node { (n.pn, n.dn) } else { (n.dn, n.pn) }
            }),
        );
        debug_assert_eq!(
            numbers,
            reference_backup(self, id),
            "backup of an {} node disagrees with the definition",
            if or_node { "OR" } else { "AND" }
        );
        debug_assert!(
            solved_shape_ok(numbers),
            "solved numbers must be [0, ∞] or [∞, 0], got {numbers}"
        );
        numbers
    }

    /// Size of the smallest solution tree of the solved node `id` within the arena: for a
    /// proven node the smallest proof tree (OR: itself plus its cheapest proven child; AND:
    /// itself plus all its children), for a disproven node dually the smallest disproof
    /// tree. Solved leaves count their `leaf_size`.
    pub fn solution_size(&self, id: NodeId) -> u64 {
        let node = self.node(id);
        debug_assert!(node.numbers.is_solved());
        if !node.expanded {
            return u64::from(node.leaf_size);
        }
        let proven = node.numbers.is_proven();
        // The side that needs one solved child: OR for proofs, AND for disproofs.
        let needs_one = node.or_node == proven;
        let solved = |c: NodeId| {
            let n = self.node(c).numbers;
            if proven {
                n.is_proven()
            } else {
                n.is_disproven()
            }
        };
        let mut total: u64 = 1;
        if needs_one {
            let best = self
                .children(id)
                .filter(|&c| solved(c))
                .map(|c| self.solution_size(c))
                .min()
                .unwrap_or(0);
            total += best;
        } else {
            for c in self.children(id) {
                total += self.solution_size(c);
            }
        }
        total
    }
}

/// True when solved numbers have the only two allowed shapes.
pub fn solved_shape_ok(n: ProofNumbers) -> bool {
    (n.pn == 0) == (n.dn == PN_INFINITY) && (n.dn == 0) == (n.pn == PN_INFINITY)
}

/// The backup written straight from the definitions (iterator form), the debug check of
/// [`Tree::backed_up`].
fn reference_backup<M: Copy + Default>(tree: &Tree<M>, id: NodeId) -> ProofNumbers {
    let or_node = tree.node(id).or_node;
    let kids = || tree.children(id).map(|c| tree.node(c).numbers);
    let pns = kids().map(|n| n.pn);
    let dns = kids().map(|n| n.dn);
    let min = |it: &mut dyn Iterator<Item = u32>| it.min().unwrap_or(PN_INFINITY);
    let sum = |values: Vec<u32>| -> u32 {
        if tree.weak {
            let max = values.iter().copied().max().unwrap_or(0);
            let unsolved = values.iter().filter(|&&v| v != 0).count() as u32;
            if max == 0 || max == PN_INFINITY {
                max
            } else {
                pn_add(max, unsolved - 1)
            }
        } else {
            values.into_iter().fold(0, pn_add)
        }
    };
    if or_node {
        ProofNumbers::new(min(&mut pns.into_iter()), sum(dns.collect()))
    } else {
        ProofNumbers::new(sum(pns.collect()), min(&mut dns.into_iter()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree_with(or_node: bool, weak: bool, kids: &[ProofNumbers]) -> Tree<u16> {
        let mut tree = Tree::new(16, weak);
        tree.reset(ProofNumbers::UNIT, or_node);
        for (i, &n) in kids.iter().enumerate() {
            tree.push_child(0, i as u16, n, !or_node);
        }
        tree.mark_expanded(0, 1, kids.len());
        tree
    }

    #[test]
    fn or_takes_min_pn_and_sums_dn() {
        let kids = [ProofNumbers::new(3, 2), ProofNumbers::new(1, 4)];
        let tree = tree_with(true, false, &kids);
        assert_eq!(tree.backed_up(0), ProofNumbers::new(1, 6));
        assert_eq!(tree.most_proving_child(0), 2);
    }

    #[test]
    fn and_sums_pn_and_takes_min_dn() {
        let kids = [ProofNumbers::new(3, 2), ProofNumbers::new(1, 4)];
        let tree = tree_with(false, false, &kids);
        assert_eq!(tree.backed_up(0), ProofNumbers::new(4, 2));
        assert_eq!(tree.most_proving_child(0), 1);
    }

    #[test]
    fn weak_counts_the_hardest_child_and_one_per_other_unsolved() {
        let kids = [
            ProofNumbers::new(3, 5),
            ProofNumbers::new(1, 2),
            ProofNumbers::DISPROVEN,
        ];
        let tree = tree_with(true, true, &kids);
        assert_eq!(tree.backed_up(0), ProofNumbers::new(1, 6));
    }

    #[test]
    fn solved_children_give_solved_shapes() {
        let tree = tree_with(true, false, &[ProofNumbers::UNIT, ProofNumbers::PROVEN]);
        assert_eq!(tree.backed_up(0), ProofNumbers::PROVEN);
        let tree = tree_with(true, true, &[ProofNumbers::DISPROVEN; 2]);
        assert_eq!(tree.backed_up(0), ProofNumbers::DISPROVEN);
        let mut tree = tree_with(false, false, &[ProofNumbers::PROVEN; 3]);
        assert_eq!(tree.backed_up(0), ProofNumbers::PROVEN);
        tree.node_mut(0).numbers = ProofNumbers::PROVEN;
        assert_eq!(tree.solution_size(0), 4);
    }
}
