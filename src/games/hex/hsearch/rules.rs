//! H-search's two rules over the arena (the module doc of `hsearch.rs` states them): the
//! AND rule joins two connections through a common node, the OR rule joins semi connections
//! whose carriers meet in nothing into a full one. Each new connection is kept unless a
//! kept one has a subset carrier, within the bounds on connections kept per pair.

use super::{Arena, Conn, MAX_FULL, MAX_NODES, MAX_OR, MAX_SEMI, NO_KEY, NO_NODE, Pending, Rule};

impl Arena {
    /// Adds a full connection unless a kept one has a subset carrier; drops the kept fulls
    /// and semis it makes redundant. Queues it for the AND rule. True when it was added.
    pub(super) fn add_full(&mut self, a: usize, b: usize, carrier: u128) -> bool {
        let pair = self.pair_mut(a, b);
        let fulls = pair.fulls as usize;
        if pair.full[..fulls].iter().any(|&f| f & !carrier == 0) {
            return false;
        }
        // Drop supersets.
        let mut kept = 0;
        for i in 0..fulls {
            let f = pair.full[i];
            if carrier & !f != 0 {
                pair.full[kept] = f;
                kept += 1;
            }
        }
        if kept == MAX_FULL {
            // Full: replace the largest kept carrier if this one is smaller.
            let (worst, size) = largest(&pair.full[..kept]);
            if carrier.count_ones() >= size {
                pair.fulls = kept as u8;
                return false;
            }
            pair.full[worst] = carrier;
        } else {
            pair.full[kept] = carrier;
            kept += 1;
        }
        pair.fulls = kept as u8;
        self.partners[a] |= 1u128 << b;
        self.partners[b] |= 1u128 << a;
        let pair = self.pair_mut(a, b);
        // Semis whose carrier holds this full's are redundant.
        let semis = pair.semis as usize;
        let mut kept_semis = 0;
        for i in 0..semis {
            if carrier & !pair.semi[i] != 0 {
                pair.semi[kept_semis] = pair.semi[i];
                pair.key[kept_semis] = pair.key[i];
                kept_semis += 1;
            }
        }
        pair.semis = kept_semis as u8;
        if !self.quiet {
            self.queue.push(Pending {
                a: a as u8,
                b: b as u8,
                carrier,
                key: NO_KEY,
                through: self.through,
            });
        }
        true
    }

    /// Adds a semi connection unless a kept full or semi has a subset carrier, then applies
    /// the OR rule to the pair's semis with it. `rule` made it (noted when recording).
    pub(super) fn add_semi(
        &mut self,
        a: usize,
        b: usize,
        carrier: u128,
        key: u8,
        rule: impl FnOnce() -> Rule,
    ) {
        let pair = self.pair_mut(a, b);
        let fulls = pair.fulls as usize;
        if pair.full[..fulls].iter().any(|&f| f & !carrier == 0) {
            return;
        }
        let semis = pair.semis as usize;
        if pair.semi[..semis].iter().any(|&s| s & !carrier == 0) {
            return;
        }
        let mut kept = 0;
        for i in 0..semis {
            let s = pair.semi[i];
            if carrier & !s != 0 {
                pair.semi[kept] = s;
                pair.key[kept] = pair.key[i];
                kept += 1;
            }
        }
        if kept == MAX_SEMI {
            let (worst, size) = largest(&pair.semi[..kept]);
            if carrier.count_ones() >= size {
                pair.semis = kept as u8;
                return;
            }
            pair.semi[worst] = carrier;
            pair.key[worst] = key;
        } else {
            pair.semi[kept] = carrier;
            pair.key[kept] = key;
            kept += 1;
        }
        pair.semis = kept as u8;
        self.semi_partners[a] |= 1u128 << b;
        self.semi_partners[b] |= 1u128 << a;
        if !self.quiet {
            self.queue.push(Pending {
                a: a as u8,
                b: b as u8,
                carrier,
                key,
                through: self.through,
            });
        }
        self.note(a, b, carrier, key, rule);
        // OR rule: subsets holding the new semi whose carriers meet in nothing.
        let mut others = [0u128; MAX_SEMI];
        let pair = self.pair(a, b);
        let len = pair.semis as usize;
        others[..len].copy_from_slice(&pair.semi[..len]);
        // No subset meets in nothing unless all of them do: the common case, at once.
        if others[..len].iter().fold(carrier, |acc, &c| acc & c) != 0 {
            return;
        }
        // suffix[i]: the intersection of the carriers from i on, to cut branches that can
        // no longer reach an empty intersection.
        let mut suffix = [u128::MAX; MAX_SEMI + 1];
        for i in (0..len).rev() {
            suffix[i] = suffix[i + 1] & others[i];
        }
        let mut found = [(0u128, 0u32); 8];
        let mut count = 0;
        or_combine(
            &others[..len],
            &suffix,
            0,
            carrier,
            carrier,
            0,
            1,
            &mut found,
            &mut count,
        );
        // The keys of `others`, for the notes (read before `add_full` drops semis).
        let mut keys = [NO_KEY; MAX_SEMI];
        if count > 0 && self.record {
            keys[..len].copy_from_slice(&self.pair(a, b).key[..len]);
        }
        // A full made here is new on both ends, whatever the semi's own queue entry says.
        let through = std::mem::replace(&mut self.through, NO_NODE);
        for &(full, taken) in &found[..count] {
            if self.add_full(a, b, full) {
                self.note(a, b, full, NO_KEY, || {
                    let mut parts = vec![Conn::new(a, b, carrier, key)];
                    let mut rest = taken;
                    while rest != 0 {
                        let i = rest.trailing_zeros() as usize;
                        rest &= rest - 1;
                        parts.push(Conn::new(a, b, others[i], keys[i]));
                    }
                    Rule::Or(parts)
                });
            }
        }
        self.through = through;
    }

    /// The AND rule for one new connection: each of its owner's endpoints (and, for a
    /// full, each empty endpoint) as the midpoint, against the kept fulls at that midpoint.
    pub(super) fn and_rule(&mut self, item: Pending) {
        // The new connection as the notes name it (recording only reads it).
        let first = Conn::new(item.a as usize, item.b as usize, item.carrier, item.key);
        for (m, x) in [
            (item.a as usize, item.b as usize),
            (item.b as usize, item.a as usize),
        ] {
            // Never through an edge: two nodes that each touch an edge are not joined to
            // each other (Benzene's `and_over_edge`, off by default).
            if m < 2 || item.through != NO_NODE && m != item.through as usize {
                continue;
            }
            let through_owner = self.owned[m];
            if item.key != NO_KEY && !through_owner {
                continue; // semis combine only through the owner's nodes
            }
            let x_cells = self.cells[x];
            let m_point = self.point[m];
            let mut ys = self.partners[m];
            if item.key == NO_KEY && through_owner {
                ys |= self.semi_partners[m];
            }
            ys &= !(1u128 << x);
            while ys != 0 {
                let y = ys.trailing_zeros() as usize;
                ys &= ys - 1;
                if self.cells[y] & item.carrier != 0 {
                    continue;
                }
                let index = if m < y {
                    m * MAX_NODES + y
                } else {
                    y * MAX_NODES + m
                };
                let fulls = self.pairs[index].fulls as usize;
                for i in 0..fulls {
                    let c2 = self.pairs[index].full[i];
                    if c2 & item.carrier != 0 || c2 & x_cells != 0 {
                        continue;
                    }
                    let union = item.carrier | c2;
                    let rule = || Rule::And(first, Conn::new(m, y, c2, NO_KEY));
                    if item.key != NO_KEY {
                        self.add_semi(x, y, union, item.key, rule);
                    } else if through_owner {
                        if self.add_full(x, y, union) {
                            self.note(x, y, union, NO_KEY, rule);
                        }
                    } else {
                        self.add_semi(x, y, union | 1u128 << m_point, m_point, rule);
                    }
                }
                if item.key == NO_KEY && through_owner {
                    // The new full with the kept semis m–y: semi x–y.
                    let semis = self.pairs[index].semis as usize;
                    for i in 0..semis {
                        let c2 = self.pairs[index].semi[i];
                        if c2 & item.carrier != 0 || c2 & x_cells != 0 {
                            continue;
                        }
                        let key = self.pairs[index].key[i];
                        let rule = || Rule::And(Conn::new(m, y, c2, key), first);
                        self.add_semi(x, y, item.carrier | c2, key, rule);
                    }
                }
            }
        }
    }
}

/// The index and cell count of the largest carrier of a full list (the one a smaller new
/// carrier replaces).
fn largest(carriers: &[u128]) -> (usize, u32) {
    carriers
        .iter()
        .enumerate()
        .map(|(i, c)| (i, c.count_ones()))
        .max_by_key(|&(_, n)| n)
        .unwrap_or((0, 0))
}

/// Collects into `found` (up to its length) the unions of subsets of `semis[start..]` that,
/// with the carriers already taken (`inter`, `union`; `chosen` has bit `i` for each
/// `semis[i]` taken), meet in nothing, each with its `chosen` set.
#[allow(clippy::too_many_arguments)]
fn or_combine(
    semis: &[u128],
    suffix: &[u128; MAX_SEMI + 1],
    start: usize,
    inter: u128,
    union: u128,
    chosen: u32,
    taken: usize,
    found: &mut [(u128, u32); 8],
    count: &mut usize,
) {
    if inter == 0 {
        if *count < found.len() {
            found[*count] = (union, chosen);
            *count += 1;
        }
        return;
    }
    if taken == MAX_OR {
        return;
    }
    for i in start..semis.len() {
        if inter & suffix[i] != 0 {
            return; // even every carrier left would not empty the intersection
        }
        let next = inter & semis[i];
        if next != inter {
            or_combine(
                semis,
                suffix,
                i + 1,
                next,
                union | semis[i],
                chosen | 1 << i,
                taken + 1,
                found,
                count,
            );
            if *count == found.len() {
                return;
            }
        }
    }
}
