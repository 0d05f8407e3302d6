//! Ids for the rows of generated children that the search has not entered. A proof-number expansion
//! creates every child of a node with its first numbers (Hric and Baudiš, *Game algorithms, lecture
//! 4: Proof number search, Lambda search*, "expansion"), but the trace holds a node only once the
//! search enters it; the tree pane still shows every generated child, so each such child needs an
//! id the panes can select. [`NewLeaves`] hands out ids from [`FIRST`] up (above any node id a
//! trace can reach: a trace's node ids are `u32` indices bounded by its budget, far below 2^31),
//! one per (parent, move), stable across steps, so a selection survives stepping.
//!
//! A new leaf's id names its parent and its move; once the search enters that move the
//! tree lists the real node instead and the id is no longer shown.

use rustc_hash::FxHashMap;

use crate::trace::store::NodeId;

/// The first id of a new leaf; trace node ids stay below it.
pub const FIRST: NodeId = 1 << 31;

/// True when `id` names a new leaf rather than a trace node.
pub fn is_new_leaf(id: NodeId) -> bool {
    (FIRST..crate::trace::store::NONE).contains(&id)
}

/// The table of new leaves' ids: (parent, move) both ways.
#[derive(Debug)]
pub struct NewLeaves<M> {
    /// Index `id - FIRST`: the parent and the move.
    leaves: Vec<(NodeId, M)>,
    /// Per parent: its new leaves' moves and ids.
    by_parent: FxHashMap<NodeId, Vec<(M, NodeId)>>,
}

impl<M> Default for NewLeaves<M> {
    fn default() -> Self {
        NewLeaves {
            leaves: Vec::new(),
            by_parent: FxHashMap::default(),
        }
    }
}

impl<M: Copy + PartialEq> NewLeaves<M> {
    /// The id of the child `mv` of `parent` (the same id every time it is asked).
    pub fn id(&mut self, parent: NodeId, mv: M) -> NodeId {
        let kids = self.by_parent.entry(parent).or_default();
        if let Some(&(_, id)) = kids.iter().find(|(m, _)| *m == mv) {
            return id;
        }
        let id = FIRST.saturating_add(self.leaves.len() as NodeId);
        self.leaves.push((parent, mv));
        kids.push((mv, id));
        id
    }

    /// The parent and move of a new leaf's id (`None` for any other id).
    pub fn get(&self, id: NodeId) -> Option<(NodeId, M)> {
        if !is_new_leaf(id) {
            return None;
        }
        self.leaves.get((id - FIRST) as usize).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_above_trace_ids() {
        let mut t = NewLeaves::<u8>::default();
        let a = t.id(0, 1);
        let b = t.id(0, 2);
        let c = t.id(3, 1);
        assert_eq!((a, b, c), (FIRST, FIRST + 1, FIRST + 2));
        assert_eq!(t.id(0, 2), b);
        assert_eq!(t.get(c), Some((3, 1)));
        assert_eq!(t.get(5), None);
        assert!(is_new_leaf(a) && !is_new_leaf(5) && !is_new_leaf(u32::MAX));
    }
}
