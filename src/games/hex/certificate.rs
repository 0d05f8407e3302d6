//! Certificates of edge-to-edge connections: the derivation H-search followed, written out
//! step by step so that someone else can check it (issue 18, point 7: proofs that stop at a
//! connection).
//!
//! A certificate is a list of connections of one owner, each made by one rule of H-search
//! (Anshelevich 2002; the rules as `super::hsearch` states them) from connections listed
//! before it:
//!
//! - **base**: two adjacent ends, empty carrier;
//! - **and**: two connections sharing an end (the midpoint, never an edge) with disjoint
//!   carriers, full through an owner's chain, semi (the midpoint as key) through an empty
//!   cell, or a semi and a full through a chain giving a semi with the semi's key;
//! - **or**: semis of the same two ends whose carriers have nothing in common, giving a full
//!   one over the union of their carriers.
//!
//! The last step is a full connection of the owner's two edges. An end is an edge, an empty
//! cell, or a stone of the owner standing for its chain. The search behind it runs with the
//! opponent's inferior cells filled in and the owner's left empty (`hsearch::Fill`), so every
//! step holds on the real board with no argument about dead or captured cells: a cell taken
//! as the opponent's only stays out of the carriers.
//!
//! The proof writer (`crate::proof_tree`) stores certificates as connection leaves, and the
//! verifier (`crate::verify`) checks each step by its own reading of the rules, sharing no
//! code with this module or with H-search: that is what makes a 6x6 proof checkable in
//! seconds where playing out a 25-cell carrier is not.

use rustc_hash::FxHashMap;

use super::Hex;
use super::hsearch::{Conn, NO_KEY, Rule, with_recorded};
use super::knowledge::points;
use crate::game::{Player, Point};

/// One end of a connection in a certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VcEnd {
    /// The owner's first edge (`second = false`: row 1 for Black, column a for White) or its
    /// second, with every chain of the owner already touching it.
    Edge { second: bool },
    /// An empty cell, or a stone of the owner standing for its whole chain (its lowest
    /// stone).
    Cell(Point),
}

/// The rule of one step, with the indices of the earlier steps it combines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VcRule {
    /// The two ends are adjacent.
    Base,
    /// The AND rule over the two steps' common end.
    And(usize, usize),
    /// The OR rule over these semi connections of the same ends.
    Or(Vec<usize>),
}

/// One connection of a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VcStep {
    /// Its two ends.
    pub ends: [VcEnd; 2],
    /// Its carrier, ascending.
    pub carrier: Vec<Point>,
    /// The key of a semi connection; `None` for a full one.
    pub key: Option<Point>,
    /// How it was made.
    pub rule: VcRule,
}

impl Hex {
    /// A derivation of `owner`'s full connection of its two edges ([module doc](self)): the
    /// steps in order, each citing only earlier ones, the last the edge-to-edge connection
    /// with the smallest carrier found. `None` when H-search (with only the opponent's
    /// inferior cells filled in) finds no such connection, or on boards over 11x11.
    pub fn connection_certificate(&self, owner: Player) -> Option<Vec<VcStep>> {
        if self.winner.is_some() {
            return None;
        }
        with_recorded(self, owner, |_, recorded| {
            let top = recorded.edge_full()?;
            let end = |id: u8| match id {
                0 => VcEnd::Edge { second: false },
                1 => VcEnd::Edge { second: true },
                _ => VcEnd::Cell(recorded.cells(id).trailing_zeros() as Point),
            };
            let mut index: FxHashMap<Conn, usize> = FxHashMap::default();
            let mut steps: Vec<VcStep> = Vec::new();
            // Post-order over the derivation DAG, without recursion (derivations can be
            // thousands of steps deep in a chain of AND rules).
            let mut stack: Vec<(Conn, bool)> = vec![(top, false)];
            while let Some((conn, expanded)) = stack.pop() {
                if index.contains_key(&conn) {
                    continue;
                }
                let rule = recorded.rule(&conn)?;
                let parts: Vec<Conn> = match rule {
                    Rule::Base => Vec::new(),
                    Rule::And(first, second) => vec![*first, *second],
                    Rule::Or(semis) => semis.clone(),
                };
                if !expanded {
                    stack.push((conn, true));
                    for part in parts.iter().rev() {
                        if !index.contains_key(part) {
                            stack.push((*part, false));
                        }
                    }
                    continue;
                }
                let cited: Option<Vec<usize>> =
                    parts.iter().map(|p| index.get(p).copied()).collect();
                let cited = cited?;
                let rule = match rule {
                    Rule::Base => VcRule::Base,
                    Rule::And(..) => VcRule::And(cited[0], cited[1]),
                    Rule::Or(_) => VcRule::Or(cited),
                };
                index.insert(conn, steps.len());
                steps.push(VcStep {
                    ends: [end(conn.a), end(conn.b)],
                    carrier: points(conn.carrier),
                    key: (conn.key != NO_KEY).then_some(Point::from(conn.key)),
                    rule,
                });
            }
            Some(steps)
        })
        .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::super::vc_check::{Checker, End, random_position};
    use super::*;
    use crate::game::{Game, StoneGame};

    /// A step's end as the checker names it (a stone stands for its chain there too: the
    /// checker floods through the owner's stones).
    fn checker_end(end: VcEnd) -> End {
        match end {
            VcEnd::Edge { second } => End::Edge { second },
            VcEnd::Cell(p) => End::Cells(1 << p),
        }
    }

    fn bits(points: &[Point]) -> u128 {
        points.iter().fold(0, |acc, &p| acc | 1 << p)
    }

    #[test]
    fn every_step_of_a_certificate_holds_by_exhaustive_play() {
        let mut seed = 0x5eed_cafe_0000_0018_u64;
        let (mut certificates, mut checked) = (0, 0);
        for size in 3..=5 {
            for round in 0..100 {
                let stones = (round % 6) + size - 2;
                let Some(g) = random_position(size, stones, &mut seed) else {
                    continue;
                };
                for owner in [Player::Black, Player::White] {
                    let Some(steps) = g.connection_certificate(owner) else {
                        continue;
                    };
                    certificates += 1;
                    let last = steps.last().expect("a certificate has a step");
                    assert_eq!(
                        last.ends,
                        [VcEnd::Edge { second: false }, VcEnd::Edge { second: true }]
                    );
                    assert_eq!(last.key, None);
                    let checker = Checker::new(&g, owner);
                    for (i, step) in steps.iter().enumerate() {
                        match &step.rule {
                            VcRule::Base => assert!(step.carrier.is_empty()),
                            VcRule::And(a, b) => assert!(*a < i && *b < i),
                            VcRule::Or(parts) => assert!(parts.iter().all(|&p| p < i)),
                        }
                        if step.carrier.len() > 9 {
                            continue;
                        }
                        let x = checker_end(step.ends[0]);
                        let y = checker_end(step.ends[1]);
                        let carrier = bits(&step.carrier);
                        let holds = match step.key {
                            None => checker.full_holds(x, y, carrier),
                            Some(k) => checker.semi_holds(x, y, 1 << k, carrier),
                        };
                        assert!(holds, "{owner} step {i} {step:?} fails:\n{}", g.diagram());
                        checked += 1;
                    }
                }
            }
        }
        eprintln!("{certificates} certificates, {checked} steps checked");
        assert!(
            certificates > 100 && checked > 3_000,
            "{certificates} {checked}"
        );
    }

    #[test]
    fn the_fifth_row_centre_of_5x5_has_a_certificate() {
        let mut g = Hex::new(5).unwrap();
        g.play_stone(12, Player::Black); // c3
        let steps = g
            .connection_certificate(Player::Black)
            .expect("a certificate");
        let last = steps.last().unwrap();
        assert!(!last.carrier.is_empty());
        assert!(steps.iter().any(|s| matches!(s.rule, VcRule::Or(_))));
        assert!(g.connection_certificate(Player::White).is_none());
    }
}
