//! Certificates of edge-to-edge connections: the derivation H-search followed, written out
//! step by step so that someone else can check it, for proofs that stop at a connection.
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
use super::hsearch::{Conn, NO_KEY, RecordedArena, Rule, with_recorded};
use super::readout::points;
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

/// The semi connections of the owner's two edges with their derivation
/// ([`Hex::must_play_certificate`]): the steps, and which of them are the semis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MustPlayCertificate {
    /// The derivation, each step citing only earlier ones.
    pub steps: Vec<VcStep>,
    /// The indices in `steps` of the edge-to-edge semi connections, at least one.
    pub semis: Vec<usize>,
}

impl MustPlayCertificate {
    /// The empty cells inside every semi's carrier: the opponent's only moves that do not
    /// leave one of the semis whole for the owner to complete with its key.
    pub fn region(&self) -> Vec<Point> {
        let mut inside: Option<Vec<Point>> = None;
        for &i in &self.semis {
            let carrier = &self.steps[i].carrier;
            inside = Some(match inside {
                None => carrier.clone(),
                Some(cells) => cells.into_iter().filter(|p| carrier.contains(p)).collect(),
            });
        }
        inside.unwrap_or_default()
    }
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
            derivation(recorded, &[top]).map(|(steps, _)| steps)
        })
        .flatten()
    }

    /// Every semi connection of `owner`'s two edges H-search keeps (with only the
    /// opponent's inferior cells filled in), derived in one list of steps: the certificate
    /// of the opponent's must-play region, the cells inside all of their carriers (Hayward
    /// et al., "Solving 7x7 Hex", 2003: a move outside a semi's carrier lets its owner play
    /// the key and be joined). `None` when there is no such semi, the owner already has a
    /// full one, or on boards over 11x11.
    pub fn must_play_certificate(&self, owner: Player) -> Option<MustPlayCertificate> {
        if self.winner.is_some() {
            return None;
        }
        with_recorded(self, owner, |_, recorded| {
            if recorded.edge_full().is_some() {
                return None;
            }
            let tops = recorded.edge_semis();
            if tops.is_empty() {
                return None;
            }
            let (steps, semis) = derivation(recorded, &tops)?;
            Some(MustPlayCertificate { steps, semis })
        })
        .flatten()
    }
}

/// The derivation DAG of the connections `tops`, in post-order (every step after the steps
/// it cites), with the index of each top; `None` if a rule was not noted.
fn derivation(recorded: &RecordedArena, tops: &[Conn]) -> Option<(Vec<VcStep>, Vec<usize>)> {
    let end = |id: u8| match id {
        0 => VcEnd::Edge { second: false },
        1 => VcEnd::Edge { second: true },
        _ => VcEnd::Cell(recorded.cells(id).trailing_zeros() as Point),
    };
    let mut index: FxHashMap<Conn, usize> = FxHashMap::default();
    let mut steps: Vec<VcStep> = Vec::new();
    // Post-order over the derivation DAG, without recursion (derivations can be thousands
    // of steps deep in a chain of AND rules).
    let mut stack: Vec<(Conn, bool)> = tops.iter().rev().map(|&top| (top, false)).collect();
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
        let cited: Option<Vec<usize>> = parts.iter().map(|p| index.get(p).copied()).collect();
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
    let tops = tops
        .iter()
        .map(|t| index.get(t).copied())
        .collect::<Option<_>>()?;
    Some((steps, tops))
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

    /// A must-play certificate's semis are real (exhaustive play inside each carrier), and
    /// every opponent move outside the region is answered: after it, the owner plays the key
    /// of a semi whose carrier it missed, and the full connection left holds by exhaustive
    /// play on the board with both stones (the claim `verify` relies on).
    #[test]
    fn every_move_outside_a_must_play_region_is_answered_by_a_key() {
        let mut seed = 0x5eed_0000_0018_0007_u64;
        let (mut certificates, mut answered) = (0, 0);
        for size in 3..=5 {
            for round in 0..120 {
                let stones = (round % 5) + size - 2;
                let Some(g) = random_position(size, stones, &mut seed) else {
                    continue;
                };
                for owner in [Player::Black, Player::White] {
                    let Some(certificate) = g.must_play_certificate(owner) else {
                        continue;
                    };
                    certificates += 1;
                    assert!(!certificate.semis.is_empty());
                    for &i in &certificate.semis {
                        let semi = &certificate.steps[i];
                        assert_eq!(
                            semi.ends,
                            [VcEnd::Edge { second: false }, VcEnd::Edge { second: true }]
                        );
                        let key = semi.key.expect("a semi has a key");
                        assert!(semi.carrier.contains(&key));
                    }
                    let region = certificate.region();
                    for p in 0..g.num_points() as Point {
                        if !g.is_empty(p) || region.contains(&p) {
                            continue;
                        }
                        let semi = certificate
                            .semis
                            .iter()
                            .map(|&i| &certificate.steps[i])
                            .find(|s| !s.carrier.contains(&p))
                            .expect("a cell outside the region misses a carrier");
                        if semi.carrier.len() > 11 {
                            continue;
                        }
                        let key = semi.key.unwrap();
                        let mut after = g.clone();
                        after.play_stone(p, owner.opponent());
                        after.play_stone(key, owner);
                        let rest = bits(&semi.carrier) & !(1u128 << key);
                        let checker = Checker::new(&after, owner);
                        let edges = (End::Edge { second: false }, End::Edge { second: true });
                        assert!(
                            checker.full_holds(edges.0, edges.1, rest),
                            "{owner}: {} outside the region, key {} does not join:\n{}",
                            g.format_move(p),
                            g.format_move(key),
                            g.diagram()
                        );
                        answered += 1;
                    }
                }
            }
        }
        eprintln!("{certificates} must-play certificates, {answered} answers checked");
        assert!(
            certificates > 50 && answered > 500,
            "{certificates} {answered}"
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
