//! The verifier's check of a connection leaf that carries a derivation (Hex, proof format
//! version 3): a list of virtual connections of the attacker, each made from earlier ones by
//! one of three rules, the last a full connection of the attacker's two edges. The check
//! reads the position with the rules alone ([`Hex::neighbours`], [`Hex::on_edges`],
//! [`StoneGame::stone`]) and shares no code with the solver's H-search
//! (`src/games/hex/{hsearch,certificate}.rs`); it is this module's own reading of
//! Anshelevich's rules ("A hierarchical approach to computer Hex", 2002, section 3).
//!
//! # What a step claims, and why each rule is sound
//!
//! An *end* is one of the attacker's edges (with every chain of the attacker touching it),
//! a chain of the attacker (named by any of its stones), or an empty cell. A *full*
//! connection of ends `x`, `y` with carrier `C` (empty cells, none of them `x` or `y`)
//! claims: with `x` and `y` taken as the attacker's, the attacker joins them whatever the
//! defender plays, the defender moving first, the attacker answering inside `C`. A *semi*
//! connection with key `k` in `C` claims: after the attacker plays `k`, the full connection
//! with carrier `C \ {k}` holds.
//!
//! - **base** (`"rule":"base"`): `x` and `y` are adjacent and `C` is empty: joined already.
//! - **and** (`"from":[i,j]`): steps `i` and `j` share an end `m` and their other ends are
//!   this step's ends `x`, `y`; their carriers are disjoint, neither holds the other's far
//!   end, and `m` is not an edge. Through a chain `m`, two fulls make a full over the union:
//!   a defender move hits at most one carrier, and the attacker answers in that one. A semi
//!   (key `k`) and a full through a chain make a semi with key `k` over the union: after
//!   `k` both are full. Through an empty cell `m`, two fulls make a semi with key `m` over the
//!   union and `m`: after the attacker plays `m` it is a chain joining both. (An edge is no
//!   midpoint: two cells each touching an edge need not touch each other.)
//! - **or** (`"from":[i,j,...]`): two or more semis of this step's ends whose carriers have
//!   no cell in common make a full over the union: any defender move misses one of the
//!   carriers, and the attacker plays that semi's key. A defender move outside every carrier
//!   is answered by any key.
//!
//! A full connection of the two edges with the defender to move wins for the attacker: its
//! strategy joins the edges, a defender move outside the carrier is answered anywhere (an
//! extra stone never hurts its owner in Hex), and the defender cannot join its own edges
//! first, since in Hex both players' edges are never joined at once.
//!
//! A *must-play node* (format version 4) names semi connections of the two edges among its
//! steps. A defender move outside the carrier of one of them, `S` with key `k`, changes
//! nothing `S` rests on: every empty cell its derivation uses (a carrier, a key, an empty
//! end that is a midpoint) lies inside `S`'s carrier, whose ends are the edges. The
//! attacker then plays `k` and holds a full connection of its edges with the defender to
//! move, which wins as above. So only the defender's moves inside every named carrier need
//! to be played out ([`must_play_holds`]).
//!
//! Every step is checked exactly as stated: ends parsed and normalised (a stone stands for
//! its chain, a chain touching an edge is that edge), carriers of empty cells that hold
//! neither end, keys inside the carriers, the rule's conditions, and the step's own carrier
//! and key equal to what the rule gives.

use std::fmt;

use serde::Deserialize;

use crate::game::{Game, Player, Point, StoneGame, parse_point};
use crate::games::hex::Hex;

/// One step as written in the file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepText {
    /// The two ends: `"edge1"` (row 1 for Black, column a for White), `"edge2"`, or a cell.
    ends: [String; 2],
    /// The carrier's cells.
    #[serde(default)]
    carrier: Vec<String>,
    /// A semi connection's key; absent for a full one.
    #[serde(default)]
    key: Option<String>,
    /// `"base"`, `"and"` or `"or"`.
    rule: String,
    /// The earlier steps the rule combines (`and`: two, `or`: two or more).
    #[serde(default)]
    from: Vec<usize>,
}

impl StepText {
    /// Bytes of text the step holds (for the verifier's memory estimate).
    pub fn text_bytes(&self) -> u64 {
        let cells = self.carrier.iter().map(|c| c.len()).sum::<usize>();
        (self.ends[0].len() + self.ends[1].len() + cells + self.rule.len() + 8 * self.from.len())
            as u64
            + self.key.as_ref().map_or(0, |k| k.len() as u64)
    }
}

/// Why a derivation does not hold: the step and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivationError {
    /// The index of the step (or the number of steps, for what is wrong with the whole).
    pub step: usize,
    /// What is wrong.
    pub why: String,
}

impl fmt::Display for DerivationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "derivation step {}: {}", self.step, self.why)
    }
}

/// An end after normalising.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The attacker's first (0) or second (1) edge.
    Edge(u8),
    /// A chain of the attacker, by its index.
    Chain(usize),
    /// An empty cell.
    Empty(Point),
}

/// A checked step.
#[derive(Clone, Copy)]
struct Conn {
    ends: [End; 2],
    carrier: u128,
    key: Option<Point>,
}

impl Conn {
    fn has(&self, end: End) -> bool {
        self.ends.contains(&end)
    }

    /// The other end than `end` (which must be one of them).
    fn other(&self, end: End) -> End {
        if self.ends[0] == end {
            self.ends[1]
        } else {
            self.ends[0]
        }
    }
}

/// The position as the check sees it.
struct Board<'a> {
    game: &'a Hex,
    attacker: Player,
    /// For each point, the index of the attacker's chain holding it.
    chain_of: Vec<Option<usize>>,
    /// Each chain's stones, and which edges it touches.
    chains: Vec<(u128, [bool; 2])>,
    /// The empty points.
    empty: u128,
}

impl<'a> Board<'a> {
    fn new(game: &'a Hex, attacker: Player) -> Board<'a> {
        let points = game.num_points();
        let mut chain_of = vec![None; points];
        let mut chains = Vec::new();
        let mut empty = 0u128;
        for p in 0..points as Point {
            match game.stone(p) {
                None => empty |= 1 << p,
                Some(owner) if owner == attacker && chain_of[p as usize].is_none() => {
                    let id = chains.len();
                    let mut stones = 0u128;
                    let mut edges = [false; 2];
                    let mut stack = vec![p];
                    chain_of[p as usize] = Some(id);
                    while let Some(q) = stack.pop() {
                        stones |= 1 << q;
                        let (first, second) = game.on_edges(q, attacker);
                        edges[0] |= first;
                        edges[1] |= second;
                        for r in game.neighbours(q) {
                            if game.stone(r) == Some(attacker) && chain_of[r as usize].is_none() {
                                chain_of[r as usize] = Some(id);
                                stack.push(r);
                            }
                        }
                    }
                    chains.push((stones, edges));
                }
                Some(_) => {}
            }
        }
        Board {
            game,
            attacker,
            chain_of,
            chains,
            empty,
        }
    }

    fn point(&self, text: &str) -> Result<Point, String> {
        let size = self.game.size();
        parse_point(text, size, size)
    }

    /// An end as written, normalised.
    fn end(&self, text: &str) -> Result<End, String> {
        match text {
            "edge1" => return Ok(End::Edge(0)),
            "edge2" => return Ok(End::Edge(1)),
            _ => {}
        }
        let p = self.point(text)?;
        if self.empty >> p & 1 == 1 {
            return Ok(End::Empty(p));
        }
        match self.chain_of[p as usize] {
            Some(id) => Ok(match self.chains[id].1 {
                [true, _] => End::Edge(0),
                [_, true] => End::Edge(1),
                _ => End::Chain(id),
            }),
            None => Err(format!(
                "end {text} is a stone of {}, not an edge, a cell or a stone of the attacker \
                 ({})",
                self.attacker.opponent(),
                self.attacker
            )),
        }
    }

    /// The cells an end stands on (none for an edge).
    fn cells(&self, end: End) -> u128 {
        match end {
            End::Edge(_) => 0,
            End::Chain(id) => self.chains[id].0,
            End::Empty(p) => 1 << p,
        }
    }

    /// The points next to an end: an edge's own points and the neighbours of the chains
    /// touching it; a chain's or a cell's neighbours.
    fn touches(&self, end: End) -> u128 {
        let neighbours = |set: u128| {
            let mut out = 0u128;
            for p in 0..self.game.num_points() as Point {
                if set >> p & 1 == 1 {
                    for q in self.game.neighbours(p) {
                        out |= 1 << q;
                    }
                }
            }
            out
        };
        match end {
            End::Edge(e) => {
                let mut out = 0u128;
                for p in 0..self.game.num_points() as Point {
                    let (first, second) = self.game.on_edges(p, self.attacker);
                    if [first, second][e as usize] {
                        out |= 1 << p;
                    }
                }
                for (stones, edges) in &self.chains {
                    if edges[e as usize] {
                        out |= neighbours(*stones);
                    }
                }
                out
            }
            other => neighbours(self.cells(other)),
        }
    }

    fn adjacent(&self, x: End, y: End) -> bool {
        self.touches(x) & self.cells(y) != 0 || self.touches(y) & self.cells(x) != 0
    }

    /// The names of a set's cells, or "none".
    fn names(&self, set: u128) -> String {
        let names: Vec<String> = (0..self.game.num_points() as Point)
            .filter(|&p| set >> p & 1 == 1)
            .map(|p| self.game.format_move(p))
            .collect();
        if names.is_empty() {
            "none".to_string()
        } else {
            names.join(" ")
        }
    }

    /// A connection as a message names it: "a full connection over c1 d1", "a semi
    /// connection with key c1 over c1 d1".
    fn describe(&self, carrier: u128, key: Option<Point>) -> String {
        match key {
            None => format!("a full connection over {}", self.names(carrier)),
            Some(k) => format!(
                "a semi connection with key {} over {}",
                self.game.format_move(k),
                self.names(carrier)
            ),
        }
    }

    /// The cells of a carrier: distinct empty points.
    fn carrier(&self, cells: &[String]) -> Result<u128, String> {
        let mut set = 0u128;
        for text in cells {
            let p = self
                .point(text)
                .map_err(|why| format!("carrier cell {text}: {why}"))?;
            if self.empty >> p & 1 == 0 {
                return Err(format!("carrier cell {text} is not empty"));
            }
            if set >> p & 1 == 1 {
                return Err(format!("carrier cell {text} is listed twice"));
            }
            set |= 1 << p;
        }
        Ok(set)
    }
}

/// Checks a derivation at `game`'s position for `attacker` whose last step must be a full
/// connection of the attacker's edges with exactly the cells `leaf_carrier`. Returns the
/// number of steps checked.
pub fn derivation_holds(
    game: &Hex,
    attacker: Player,
    leaf_carrier: &[String],
    steps: &[StepText],
) -> Result<usize, DerivationError> {
    let fail = |step: usize, why: String| DerivationError { step, why };
    let (board, done) = checked_steps(game, attacker, steps)?;
    let last = done
        .last()
        .expect("checked_steps refuses an empty derivation");
    if !(last.has(End::Edge(0)) && last.has(End::Edge(1))) || last.key.is_some() {
        return Err(fail(
            done.len() - 1,
            "the last step must be a full connection of edge1 and edge2".into(),
        ));
    }
    let leaf = board
        .carrier(leaf_carrier)
        .map_err(|why| fail(done.len(), format!("the leaf's {why}")))?;
    if leaf != last.carrier {
        return Err(fail(
            done.len() - 1,
            format!(
                "the leaf's carrier is not the last step's (only the leaf's: {}; only the \
                 step's: {})",
                board.names(leaf & !last.carrier),
                board.names(last.carrier & !leaf)
            ),
        ));
    }
    Ok(done.len())
}

/// Checks a must-play node's derivation at `game`'s position (the defender to move): every
/// step holds, and each step named in `semis` is a semi connection of the attacker's two
/// edges. Returns the empty points inside every one of their carriers (the defender's moves
/// that must be played out: after any other move one semi is whole, and the attacker plays
/// its key and holds a full connection of its edges, module doc) and the number of steps
/// checked.
pub fn must_play_holds(
    game: &Hex,
    attacker: Player,
    steps: &[StepText],
    semis: &[usize],
) -> Result<(Vec<Point>, usize), DerivationError> {
    let fail = |step: usize, why: String| DerivationError { step, why };
    let (board, done) = checked_steps(game, attacker, steps)?;
    if semis.is_empty() {
        return Err(fail(
            done.len(),
            "a must-play node names no semi connection".into(),
        ));
    }
    let mut region = board.empty;
    for &i in semis {
        let Some(semi) = done.get(i) else {
            return Err(fail(
                done.len(),
                format!("semi {i} is past the last step ({})", done.len() - 1),
            ));
        };
        if !(semi.has(End::Edge(0)) && semi.has(End::Edge(1))) || semi.key.is_none() {
            return Err(fail(
                i,
                "a must-play node's semis must be semi connections of edge1 and edge2".into(),
            ));
        }
        region &= semi.carrier;
    }
    let points = (0..game.num_points() as Point)
        .filter(|&p| region >> p & 1 == 1)
        .collect();
    Ok((points, done.len()))
}

/// Checks every step of a derivation in order; the board it was read on and the steps.
fn checked_steps<'a>(
    game: &'a Hex,
    attacker: Player,
    steps: &[StepText],
) -> Result<(Board<'a>, Vec<Conn>), DerivationError> {
    let fail = |step: usize, why: String| DerivationError { step, why };
    if game.num_points() > 128 {
        return Err(fail(
            0,
            "derivations are checked on boards up to 11x11".into(),
        ));
    }
    let board = Board::new(game, attacker);
    let mut done: Vec<Conn> = Vec::with_capacity(steps.len());
    for (i, text) in steps.iter().enumerate() {
        let conn = check_step(&board, &done, i, text).map_err(|why| fail(i, why))?;
        done.push(conn);
    }
    if done.is_empty() {
        return Err(fail(0, "the derivation has no step".into()));
    }
    Ok((board, done))
}

/// Checks step `i` against the steps before it.
fn check_step(board: &Board, done: &[Conn], i: usize, text: &StepText) -> Result<Conn, String> {
    let x = board.end(&text.ends[0])?;
    let y = board.end(&text.ends[1])?;
    if x == y {
        return Err(format!(
            "its ends {} and {} are the same",
            text.ends[0], text.ends[1]
        ));
    }
    let carrier = board.carrier(&text.carrier)?;
    if (board.cells(x) | board.cells(y)) & carrier != 0 {
        return Err("its carrier holds one of its ends".into());
    }
    let key = match &text.key {
        None => None,
        Some(k) => {
            let p = board.point(k).map_err(|why| format!("key {k}: {why}"))?;
            if carrier >> p & 1 == 0 {
                return Err(format!("key {k} is not in the carrier"));
            }
            Some(p)
        }
    };
    let conn = Conn {
        ends: [x, y],
        carrier,
        key,
    };
    let cited = |j: usize| -> Result<Conn, String> {
        if j >= i {
            Err(format!("it cites step {j}, which is not an earlier step"))
        } else {
            Ok(done[j])
        }
    };
    match (text.rule.as_str(), text.from.as_slice()) {
        ("base", []) => {
            if carrier != 0 || key.is_some() {
                return Err("a base step is a full connection with no carrier".into());
            }
            if !board.adjacent(x, y) {
                return Err(format!(
                    "base: {} and {} are not adjacent",
                    text.ends[0], text.ends[1]
                ));
            }
        }
        ("and", &[a, b]) => {
            let (first, second) = (cited(a)?, cited(b)?);
            let made = [first.ends[0], first.ends[1]]
                .into_iter()
                .filter(|&m| second.has(m))
                .find_map(|m| and_rule(board, first, second, m, x, y));
            match made {
                Some((made_carrier, made_key)) if made_carrier == carrier && made_key == key => {}
                Some((made_carrier, made_key)) => {
                    return Err(format!(
                        "and of steps {a} and {b}: the rule gives {}, the step says {}",
                        board.describe(made_carrier, made_key),
                        board.describe(carrier, key)
                    ));
                }
                None => {
                    return Err(format!(
                        "and of steps {a} and {b}: they do not combine into this connection \
                         (a shared end that is no edge, the other ends this step's, disjoint \
                         carriers without the other's end, at most one semi and a semi only \
                         through a chain)"
                    ));
                }
            }
        }
        ("or", parts) if parts.len() >= 2 => {
            let mut union = 0u128;
            let mut common = u128::MAX;
            for (n, &j) in parts.iter().enumerate() {
                if parts[..n].contains(&j) {
                    return Err(format!("or: step {j} is cited twice"));
                }
                let semi = cited(j)?;
                if semi.key.is_none() || !(semi.has(x) && semi.has(y)) {
                    return Err(format!(
                        "or: step {j} is not a semi connection of this step's ends"
                    ));
                }
                union |= semi.carrier;
                common &= semi.carrier;
            }
            if common != 0 {
                return Err("or: the semis' carriers have a cell in common".into());
            }
            if key.is_some() || union != carrier {
                return Err(format!(
                    "or: the rule gives {}, the step says {}",
                    board.describe(union, None),
                    board.describe(carrier, key)
                ));
            }
        }
        (rule, from) => {
            return Err(format!(
                "rule '{rule}' citing {} steps: expected \"base\" citing none, \"and\" citing \
                 two or \"or\" citing two or more",
                from.len()
            ));
        }
    }
    Ok(conn)
}

/// The AND rule over `first` and `second` through their common end `m`, when it makes a
/// connection of `x` and `y`: its carrier and key.
fn and_rule(
    board: &Board,
    first: Conn,
    second: Conn,
    m: End,
    x: End,
    y: End,
) -> Option<(u128, Option<Point>)> {
    if matches!(m, End::Edge(_)) {
        return None;
    }
    let (far_first, far_second) = (first.other(m), second.other(m));
    let joins = (far_first == x && far_second == y) || (far_first == y && far_second == x);
    if !joins
        || far_first == far_second
        || first.carrier & second.carrier != 0
        || board.cells(far_first) & second.carrier != 0
        || board.cells(far_second) & first.carrier != 0
    {
        return None;
    }
    let union = first.carrier | second.carrier;
    match (m, first.key, second.key) {
        (End::Chain(_), None, None) => Some((union, None)),
        (End::Chain(_), Some(k), None) | (End::Chain(_), None, Some(k)) => Some((union, Some(k))),
        (End::Empty(p), None, None) => Some((union | 1 << p, Some(p))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::games::hex::{VcEnd, VcRule, VcStep};
    use crate::verify::connection_holds;

    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A random position of `stones` stones (alternating, Black first), not over.
    fn random_position(size: usize, stones: usize, seed: &mut u64) -> Option<Hex> {
        let mut g = Hex::new(size).unwrap();
        for _ in 0..stones {
            let empty: Vec<Point> = (0..(size * size) as Point)
                .filter(|&p| g.is_empty(p))
                .collect();
            let p = empty[(next(seed) % empty.len() as u64) as usize];
            g.play(p);
            if g.outcome().is_some() {
                return None;
            }
        }
        Some(g)
    }

    fn text(game: &Hex, steps: &[VcStep]) -> Vec<StepText> {
        let cell = |p: Point| game.format_move(p);
        steps
            .iter()
            .map(|s| {
                let end = |e: VcEnd| match e {
                    VcEnd::Edge { second: false } => "edge1".to_string(),
                    VcEnd::Edge { second: true } => "edge2".to_string(),
                    VcEnd::Cell(p) => cell(p),
                };
                let (rule, from) = match &s.rule {
                    VcRule::Base => ("base", vec![]),
                    VcRule::And(a, b) => ("and", vec![*a, *b]),
                    VcRule::Or(parts) => ("or", parts.clone()),
                };
                StepText {
                    ends: [end(s.ends[0]), end(s.ends[1])],
                    carrier: s.carrier.iter().map(|&p| cell(p)).collect(),
                    key: s.key.map(cell),
                    rule: rule.to_string(),
                    from,
                }
            })
            .collect()
    }

    /// One random change of a derivation: a carrier cell dropped or added, an end or a key
    /// moved, a cited step changed, a rule renamed.
    fn mutate(game: &Hex, steps: &mut [StepText], seed: &mut u64) {
        let i = (next(seed) % steps.len() as u64) as usize;
        let cells = game.num_points() as u64;
        let some_cell = |seed: &mut u64| game.format_move((next(seed) % cells) as Point);
        let step = &mut steps[i];
        match next(seed) % 6 {
            0 if !step.carrier.is_empty() => {
                let c = (next(seed) % step.carrier.len() as u64) as usize;
                step.carrier.remove(c);
            }
            1 => step.carrier.push(some_cell(seed)),
            2 => {
                let e = (next(seed) % 2) as usize;
                step.ends[e] = some_cell(seed);
            }
            3 => step.key = Some(some_cell(seed)),
            4 if !step.from.is_empty() => {
                let f = (next(seed) % step.from.len() as u64) as usize;
                step.from[f] = (next(seed) % (i as u64 + 1)) as usize;
            }
            _ => {
                step.rule = ["base", "and", "or"][(next(seed) % 3) as usize].to_string();
            }
        }
    }

    /// Certificates of random positions verify, and every change the check still accepts
    /// is a real connection: exhaustive play inside the leaf's cells confirms it (the
    /// verifier's own restricted search, independent of H-search).
    #[test]
    fn accepted_derivations_are_real_connections_even_when_forged() {
        let mut seed = 0x00de_0718_ba5e_u64;
        let (mut genuine, mut forged, mut refused, mut confirmed) = (0, 0, 0, 0);
        for size in 3..=5 {
            for round in 0..160 {
                let stones = 1 + round % (2 * size);
                let Some(mut g) = random_position(size, stones, &mut seed) else {
                    continue;
                };
                let attacker = g.to_move().opponent();
                let Some(steps) = g.connection_certificate(attacker) else {
                    continue;
                };
                let steps = text(&g, &steps);
                let carrier = steps.last().unwrap().carrier.clone();
                derivation_holds(&g, attacker, &carrier, &steps)
                    .unwrap_or_else(|e| panic!("{e}\n{}", g.diagram()));
                genuine += 1;
                for _ in 0..20 {
                    let mut bad = steps.clone();
                    mutate(&g, &mut bad, &mut seed);
                    let leaf = bad.last().unwrap().carrier.clone();
                    forged += 1;
                    if derivation_holds(&g, attacker, &leaf, &bad).is_err() {
                        refused += 1;
                        continue;
                    }
                    let cells: Vec<Point> = leaf
                        .iter()
                        .map(|c| g.parse_move(c).expect("an accepted cell is empty"))
                        .collect();
                    if cells.len() > 14 {
                        continue;
                    }
                    let (holds, _) = connection_holds(&mut g, &cells, attacker, 4_000_000);
                    assert_eq!(
                        holds,
                        Some(true),
                        "accepted a false connection {leaf:?}:\n{}",
                        g.diagram()
                    );
                    confirmed += 1;
                }
            }
        }
        eprintln!(
            "{genuine} certificates, {forged} forged, {refused} refused, {confirmed} confirmed"
        );
        assert!(genuine > 100 && refused > 1_500 && confirmed > 150);
    }

    /// Must-play nodes: genuine certificates pass, and whenever a forged one is accepted,
    /// every defender move outside the region it gives is still answered, by the key of a
    /// named semi whose carrier the move missed, as the verifier's own restricted search
    /// confirms.
    #[test]
    fn accepted_must_play_regions_are_answered_even_when_forged() {
        let mut seed = 0x00de_0718_0004_u64;
        let (mut genuine, mut forged, mut refused, mut confirmed) = (0, 0, 0, 0);
        for size in 3..=5 {
            for round in 0..160 {
                let stones = 1 + round % (2 * size);
                let Some(g) = random_position(size, stones, &mut seed) else {
                    continue;
                };
                let attacker = g.to_move().opponent();
                let Some(certificate) = g.must_play_certificate(attacker) else {
                    continue;
                };
                let steps = text(&g, &certificate.steps);
                let (region, _) = must_play_holds(&g, attacker, &steps, &certificate.semis)
                    .unwrap_or_else(|e| panic!("{e}\n{}", g.diagram()));
                assert_eq!(region, certificate.region());
                genuine += 1;
                for round in 0..20 {
                    let mut bad = steps.clone();
                    let mut semis = certificate.semis.clone();
                    if round % 4 == 0 {
                        // Name another step as a semi.
                        semis[0] = (next(&mut seed) % bad.len() as u64) as usize;
                    } else {
                        mutate(&g, &mut bad, &mut seed);
                    }
                    forged += 1;
                    let Ok((region, _)) = must_play_holds(&g, attacker, &bad, &semis) else {
                        refused += 1;
                        continue;
                    };
                    for p in 0..g.num_points() as Point {
                        if g.stone(p).is_some() || region.contains(&p) {
                            continue;
                        }
                        let semi = semis
                            .iter()
                            .map(|&i| &bad[i])
                            .find(|s| !s.carrier.contains(&g.format_move(p)))
                            .expect("a move outside the region misses a named carrier");
                        let key = g.parse_move(semi.key.as_ref().unwrap()).unwrap();
                        let cells: Vec<Point> = semi
                            .carrier
                            .iter()
                            .map(|c| g.parse_move(c).unwrap())
                            .filter(|&c| c != key)
                            .collect();
                        if cells.len() > 10 {
                            continue;
                        }
                        let mut after = g.clone();
                        after.play(p);
                        after.play(key);
                        if after.outcome().is_some() {
                            assert_eq!(after.outcome(), Some(Outcome::Win(attacker)));
                            confirmed += 1;
                            continue;
                        }
                        let (holds, _) = connection_holds(&mut after, &cells, attacker, 4_000_000);
                        assert_eq!(
                            holds,
                            Some(true),
                            "accepted a must-play region that misses {}:\n{}",
                            g.format_move(p),
                            g.diagram()
                        );
                        confirmed += 1;
                    }
                }
            }
        }
        eprintln!(
            "{genuine} must-play certificates, {forged} forged, {refused} refused, {confirmed} \
             answers confirmed"
        );
        assert!(genuine > 50 && refused > 500 && confirmed > 1_000);
    }

    #[test]
    fn each_rule_refuses_what_it_does_not_give() {
        // Hex 3x3, Black b2, White to move: Black's derivation.
        let mut g = Hex::new(3).unwrap();
        g.play(4);
        let steps = text(&g, &g.connection_certificate(Player::Black).unwrap());
        let carrier = steps.last().unwrap().carrier.clone();
        assert!(derivation_holds(&g, Player::Black, &carrier, &steps).is_ok());
        let why = |steps: &[StepText], carrier: &[String]| {
            derivation_holds(&g, Player::Black, carrier, steps)
                .unwrap_err()
                .to_string()
        };
        // A base step between cells that do not touch.
        let base = steps.iter().position(|s| s.rule == "base").unwrap();
        let mut bad = steps.clone();
        bad[base].ends = ["a1".into(), "c3".into()];
        assert_eq!(
            why(&bad, &carrier),
            format!("derivation step {base}: base: a1 and c3 are not adjacent")
        );
        // A step citing itself.
        let and = steps.iter().position(|s| s.rule == "and").unwrap();
        let mut bad = steps.clone();
        bad[and].from[1] = and;
        assert_eq!(
            why(&bad, &carrier),
            format!("derivation step {and}: it cites step {and}, which is not an earlier step")
        );
        // A leaf whose cells are not the last step's.
        assert!(
            why(&steps, &carrier[1..]).ends_with(&format!(
                "the leaf's carrier is not the last step's (only the leaf's: none; only the \
                 step's: {})",
                carrier[0]
            )),
            "{}",
            why(&steps, &carrier[1..])
        );
        // No step at all, and a last step that is not edge to edge.
        assert_eq!(
            why(&[], &carrier),
            "derivation step 0: the derivation has no step"
        );
        assert!(why(&steps[..1], &[]).ends_with("a full connection of edge1 and edge2"));
        // An unknown rule, and an opponent's stone as an end.
        let mut bad = steps.clone();
        bad[0].rule = "bridge".into();
        assert!(why(&bad, &carrier).contains("rule 'bridge' citing 0 steps"));
        let mut g2 = g.clone();
        g2.play(0); // White a1
        let mut bad = steps.clone();
        bad[0].ends[0] = "a1".into();
        let message = derivation_holds(&g2, Player::Black, &carrier, &bad)
            .unwrap_err()
            .to_string();
        assert!(message.contains("end a1 is a stone of white"), "{message}");
    }
}
