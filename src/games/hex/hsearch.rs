//! H-search: the virtual connections of one player, built bottom up by two rules
//! (Anshelevich, "A hierarchical approach to computer Hex", Artificial Intelligence 134,
//! 2002; the bounded form Benzene uses: Arneson, Hayward and Henderson, "Monte Carlo tree
//! search in Hex", IEEE TCIAIG 2(4), 2010, section on the VC engine).
//!
//! # Nodes, connections, carriers
//!
//! Seen from the *owner* (the player whose connections they are), the nodes are the owner's
//! two edges (each with the chains already joined to it), every other chain of the owner,
//! and every empty cell. The opponent's stones are no node and lie in no carrier. A *full*
//! connection between nodes `x` and `y` with *carrier* `C` (a set of empty cells holding
//! neither `x` nor `y`) means: with `x` and `y` taken as the owner's, the owner joins them
//! against any play of the opponent, answering inside `C`, even if the opponent moves first.
//! A *semi* connection with carrier `C` and *key* `k ∈ C` means the owner, moving first,
//! gets a full connection with carrier `C \ {k}` by playing `k`.
//!
//! - **Base.** Two adjacent nodes are fully connected with the empty carrier.
//! - **AND rule.** Full connections `x–m` (carrier `C1`) and `m–y` (`C2`) with `C1 ∩ C2 = ∅`,
//!   `x ∉ C2`, `y ∉ C1`: if `m` is the owner's (an edge or a chain), `x–y` is full with
//!   carrier `C1 ∪ C2` (an intrusion hits at most one carrier; the owner answers there). If
//!   `m` is empty, `x–y` is semi with carrier `C1 ∪ C2 ∪ {m}` and key `m`. A semi `x–m`
//!   (key `k`) with a full `m–y` through an owner's node is a semi `x–y` with key `k`. An
//!   edge is never the midpoint: two cells that each reach an edge are not joined to each
//!   other by it.
//! - **OR rule.** Semi connections `x–y` whose carriers have an empty intersection make a full
//!   one with the union as carrier: whatever the opponent plays misses one of the carriers,
//!   and the owner plays that semi's key.
//!
//! Every claim is thus a strategy checked by construction; the rules are complete only in
//! the limit, and the bounds below (connections kept per pair, semis combined per OR) make
//! the search miss some connections, never invent one. The tests confirm every claimed full
//! edge-to-edge connection on random positions up to 5x5 by exhaustive search inside its
//! carrier (`super::vc_check`).
//!
//! # Use
//!
//! The owner's full connection of its two edges means the owner wins whoever moves. A semi
//! one with key `k` means the owner, to move, wins by `k`. The *mustplay* of the opponent is
//! the intersection of the carriers of the owner's edge-to-edge semi connections: every move
//! outside it leaves one of them intact, and the owner plays its key (Hayward et al.,
//! "Solving 7x7 Hex", 2003, section 3, "must-play" regions).
//!
//! # Cost
//!
//! The solvers ask at every node they create, for both players. Submodule `incremental`
//! keeps each player's connections along the line of play the search walks and updates
//! them by the stones a move (and its fill-in) adds, undoing them when the search goes
//! back ([`HsearchMode`]; about half the time of a search from scratch on Hex 6x6's
//! openings). Answers are also cached by position, per thread. The arenas are per thread
//! and reused, so a search allocates nothing once it has run once on a board size.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashMap;

use super::Hex;
use crate::game::{Player, Point};

mod incremental;
mod rules;

/// Full connections kept per pair of nodes (smallest carriers win when the list is full).
/// The three bounds were tuned on Hex 6x6's opening classification (`plyscope solve hex-6x6
/// --algo dfpn --root`): 8/16/4 took 8,037 nodes, 12/24/4 7,214, 16/32/5 6,514 and the
/// least time; 16/32/6 saved nothing more.
const MAX_FULL: usize = 16;
/// Semi connections kept per pair of nodes.
const MAX_SEMI: usize = 32;
/// Most semis one OR combination takes.
const MAX_OR: usize = 5;
/// Most nodes: 121 empty cells and the two edges (chains only replace cells).
const MAX_NODES: usize = 123;
/// The key of a full connection, and the point of a node that is no empty cell.
pub(super) const NO_KEY: u8 = u8::MAX;
/// `Arena::node_of` of a cell that is no node (a stone).
const NO_NODE: u8 = u8::MAX;

/// The owner's edge-to-edge connections found by one H-search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EdgeConnections {
    /// The smallest carrier of a full connection of the owner's edges, if one was found.
    pub full: Option<u128>,
    /// A semi connection of the edges, as (key, carrier), if one was found (the smallest).
    pub semi: Option<(Point, u128)>,
    /// The intersection of the carriers of every edge-to-edge semi connection; every empty
    /// cell when there is none. Meaningless when `full` is set.
    pub semi_intersection: u128,
    /// How many edge-to-edge semi connections were kept.
    pub semis: usize,
    /// The cells the owner has captured (filled in as its stones for the search): a move of
    /// the other player there is answered inside the pattern, so it is no loss by itself.
    pub owner_captured: u128,
}

/// The cells of `set` and every cell of `through` joined to them through `through`.
#[inline]
fn flood(masks: &super::bits::Masks, mut set: u128, through: u128) -> u128 {
    loop {
        let next = set | (masks.neighbours(set) & through);
        if next == set {
            return set;
        }
        set = next;
    }
}

/// The connections of one pair of nodes.
#[derive(Clone, Copy)]
struct Pair {
    full: [u128; MAX_FULL],
    semi: [u128; MAX_SEMI],
    key: [u8; MAX_SEMI],
    fulls: u8,
    semis: u8,
}

const EMPTY_PAIR: Pair = Pair {
    full: [0; MAX_FULL],
    semi: [0; MAX_SEMI],
    key: [NO_KEY; MAX_SEMI],
    fulls: 0,
    semis: 0,
};

/// A connection waiting for the AND rule.
#[derive(Clone, Copy)]
struct Pending {
    a: u8,
    b: u8,
    carrier: u128,
    /// `NO_KEY` for a full connection, else the semi's key.
    key: u8,
    /// The one end the AND rule takes as the midpoint (an incremental step's node whose
    /// role changed), or `NO_NODE` for both.
    through: u8,
}

/// The reusable storage of one H-search.
struct Arena {
    nodes: usize,
    /// The cells each node stands on: a chain's stones, an empty cell's bit, nothing for
    /// an edge.
    cells: [u128; MAX_NODES],
    /// True for the owner's nodes (edges and chains), false for empty cells.
    owned: [bool; MAX_NODES],
    /// The empty cell of an empty-cell node (`NO_KEY` for the owner's nodes).
    point: [u8; MAX_NODES],
    /// `pairs[a * MAX_NODES + b]` for `a < b`.
    pairs: Vec<Pair>,
    /// For each node, the set of nodes it has a full connection with (bit = node id).
    partners: [u128; MAX_NODES],
    /// For each node, the set of nodes it has a semi connection with.
    semi_partners: [u128; MAX_NODES],
    /// The node of each empty cell (`NO_NODE` for a stone).
    node_of: [u8; 128],
    /// Every connection added, in order; the AND rule works through it.
    queue: Vec<Pending>,
    /// The first entry of `queue` the AND rule has not taken yet.
    next: usize,
    /// The owner's stones alone join its edges (then there are no nodes).
    joined: bool,
    /// Connections added are not queued for the AND rule (an incremental step re-adding
    /// connections whose combinations were made before).
    quiet: bool,
    /// The `Pending::through` of connections queued now (`NO_NODE` but in an incremental
    /// step moving connections to a node).
    through: u8,
    /// The journal of an incremental H-search (`incremental`): while nonzero, the first
    /// change of each pair under this id saves the pair's old contents in `log`, so the
    /// step can be undone. Zero (off) for a search from scratch.
    journal: u32,
    /// The id under which each pair was last saved.
    saved: Vec<u32>,
    /// Saved pairs, newest last: the index into `pairs` and the counts of connections;
    /// their carriers (fulls, then semis) are in `log_carriers` and the semis' keys in
    /// `log_keys`, in the same order.
    log: Vec<(u16, u8, u8)>,
    log_carriers: Vec<u128>,
    log_keys: Vec<u8>,
    /// Lists an incremental step moves connections through (kept to reuse their storage).
    spare: Spare,
    /// The pairs an incremental step changes (kept to reuse its storage).
    hits: Vec<(u8, u8)>,
    /// When set, each connection added is noted with the rule that made it
    /// ([`Arena::notes`]), for a certificate (`super::certificate`). Off in the solver.
    record: bool,
    /// The rule behind each connection added while `record` is on.
    notes: FxHashMap<Conn, Rule>,
}

/// The connections of one pair taken out of it: fulls' carriers, semis' carriers and keys.
#[derive(Default)]
struct Spare {
    full: Vec<u128>,
    semi: Vec<(u128, u8)>,
}

/// A connection as the notes name it: its two nodes (smaller first), carrier and key
/// (`NO_KEY` for a full one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Conn {
    pub a: u8,
    pub b: u8,
    pub carrier: u128,
    pub key: u8,
}

impl Conn {
    fn new(a: usize, b: usize, carrier: u128, key: u8) -> Conn {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        Conn {
            a: a as u8,
            b: b as u8,
            carrier,
            key,
        }
    }
}

/// The rule that made a connection (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Rule {
    /// Adjacent nodes.
    Base,
    /// The AND rule over the two connections' common node.
    And(Conn, Conn),
    /// The OR rule over these semis of the same pair.
    Or(Vec<Conn>),
}

impl Arena {
    fn new() -> Arena {
        Arena {
            nodes: 0,
            cells: [0; MAX_NODES],
            owned: [false; MAX_NODES],
            point: [NO_KEY; MAX_NODES],
            pairs: vec![EMPTY_PAIR; MAX_NODES * MAX_NODES],
            partners: [0; MAX_NODES],
            semi_partners: [0; MAX_NODES],
            node_of: [NO_NODE; 128],
            queue: Vec::with_capacity(4096),
            next: 0,
            joined: false,
            quiet: false,
            through: NO_NODE,
            journal: 0,
            saved: vec![0; MAX_NODES * MAX_NODES],
            log: Vec::new(),
            log_carriers: Vec::new(),
            log_keys: Vec::new(),
            spare: Spare::default(),
            hits: Vec::new(),
            record: false,
            notes: FxHashMap::default(),
        }
    }

    /// Notes the rule of a connection just added, when recording.
    #[inline]
    fn note(&mut self, a: usize, b: usize, carrier: u128, key: u8, rule: impl FnOnce() -> Rule) {
        if self.record {
            self.notes
                .entry(Conn::new(a, b, carrier, key))
                .or_insert_with(rule);
        }
    }

    #[inline]
    fn pair(&self, a: usize, b: usize) -> &Pair {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        &self.pairs[a * MAX_NODES + b]
    }

    #[inline]
    fn pair_mut(&mut self, a: usize, b: usize) -> &mut Pair {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        let index = a * MAX_NODES + b;
        if self.journal != 0 && self.saved[index] != self.journal {
            self.saved[index] = self.journal;
            let pair = &self.pairs[index];
            let (fulls, semis) = (pair.fulls as usize, pair.semis as usize);
            self.log.push((index as u16, pair.fulls, pair.semis));
            self.log_carriers.extend_from_slice(&pair.full[..fulls]);
            self.log_carriers.extend_from_slice(&pair.semi[..semis]);
            self.log_keys.extend_from_slice(&pair.key[..semis]);
        }
        &mut self.pairs[index]
    }

    fn clear(&mut self) {
        for a in 0..self.nodes {
            for b in a + 1..self.nodes {
                let pair = &mut self.pairs[a * MAX_NODES + b];
                pair.fulls = 0;
                pair.semis = 0;
            }
            self.partners[a] = 0;
            self.semi_partners[a] = 0;
        }
        self.nodes = 0;
        self.node_of = [NO_NODE; 128];
        self.queue.clear();
        self.next = 0;
        self.joined = false;
        self.notes.clear();
    }

    fn add_node(&mut self, cells: u128, owned: bool, point: u8) -> usize {
        let id = self.nodes;
        self.cells[id] = cells;
        self.owned[id] = owned;
        self.point[id] = point;
        self.nodes += 1;
        id
    }
}

/// Which inferior cells H-search fills in before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fill {
    /// Both players' (the solver's H-search: the filled board has the same value).
    Both,
    /// Only the opponent's of the owner, the owner's left empty: every connection found is
    /// then one of the real board with no argument about inferior cells (a cell taken as
    /// the opponent's only keeps it out of the carriers), as a certificate needs.
    OpponentOnly,
}

/// Runs H-search for `owner` with every connection's rule noted (`Fill::OpponentOnly`),
/// then hands the arena to `read` (the certificate's reader, `super::certificate`), or
/// `None` on boards without bitboards.
pub(super) fn with_recorded<T>(
    game: &Hex,
    owner: Player,
    read: impl FnOnce(&EdgeConnections, &RecordedArena) -> T,
) -> Option<T> {
    let masks = game.tables.masks.as_ref()?;
    Some(ARENA.with(|arena| {
        let mut arena = arena.borrow_mut();
        arena.record = true;
        let found = game.run_hsearch(owner, masks, &mut arena, Fill::OpponentOnly);
        let answer = read(&found, &RecordedArena { arena: &arena });
        arena.record = false;
        arena.notes.clear();
        answer
    }))
}

/// A read-only view of an arena after a recorded run.
pub(super) struct RecordedArena<'a> {
    arena: &'a Arena,
}

impl RecordedArena<'_> {
    /// The rule noted for `conn`.
    pub fn rule(&self, conn: &Conn) -> Option<&Rule> {
        self.arena.notes.get(conn)
    }

    /// The cells node `id` stands on (a chain's stones, an empty cell; nothing for an edge:
    /// ids 0 and 1 are the owner's first and second edge).
    pub fn cells(&self, id: u8) -> u128 {
        self.arena.cells[id as usize]
    }

    /// Every semi connection of the owner's two edges that was kept.
    pub fn edge_semis(&self) -> Vec<Conn> {
        let pair = self.arena.pair(0, 1);
        (0..pair.semis as usize)
            .map(|i| Conn::new(0, 1, pair.semi[i], pair.key[i]))
            .collect()
    }

    /// The smallest full connection of the owner's two edges, if one was found.
    pub fn edge_full(&self) -> Option<Conn> {
        let pair = self.arena.pair(0, 1);
        pair.full[..pair.fulls as usize]
            .iter()
            .min_by_key(|c| c.count_ones())
            .map(|&c| Conn::new(0, 1, c, NO_KEY))
    }
}

/// How the solvers' H-search runs: kept up to date along the search's line of play (the
/// default), or built anew at every position. For measurements and tests; the answers of
/// both are sound, and may differ where the bounds on the lists keep different connections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HsearchMode {
    /// Submodule `incremental`: a move updates the parent's connections.
    Incremental,
    /// From scratch at every position.
    Scratch,
}

/// True while the solvers' H-search runs from scratch ([`HsearchMode::Scratch`]).
static SCRATCH: AtomicBool = AtomicBool::new(false);

/// Sets how the solvers' H-search runs, in every thread, and forgets this thread's cached
/// answers and lines (so a measurement in this thread starts cold).
pub fn set_hsearch_mode(mode: HsearchMode) {
    SCRATCH.store(mode == HsearchMode::Scratch, Ordering::Relaxed);
    CACHE.with(|cache| cache.borrow_mut().clear());
    LINES.with(|lines| {
        *lines.borrow_mut() = [
            incremental::Line::new(Player::Black),
            incremental::Line::new(Player::White),
        ];
    });
}

/// Forgets this thread's cached answers and lines, the mode unchanged, so the next search
/// in this thread finds what it would find as the first search of a fresh process: the
/// incremental lines' answers depend on the positions walked before. The root analysis
/// calls it before each opening's search, so an opening's classification and node count
/// do not depend on which openings the process searched before (`solve --root --shard`
/// then matches an unsharded run node for node).
/// The cache's entries of earlier generations are not read, so forgetting it costs one
/// increment, not a rewrite; the lines keep their memory.
pub fn forget_thread_answers() {
    GENERATION.with(|g| g.set(g.get().wrapping_add(1).max(1)));
    LINES.with(|lines| lines.borrow_mut().iter_mut().for_each(|l| l.forget()));
}

/// Entries of the per-thread cache of H-search answers (a power of two).
const CACHE_ENTRIES: usize = 1 << 15;

/// One cached answer: the position's key, board size and owner, and what H-search found.
#[derive(Clone, Copy, Default)]
struct CacheEntry {
    key: u64,
    size_owner: u16,
    /// The thread's [`GENERATION`] when it was written (0: never written).
    generation: u32,
    connections: EdgeConnections,
}

thread_local! {
    static ARENA: RefCell<Arena> = RefCell::new(Arena::new());
    /// The solver's H-searches, one line per owner kept along the positions the search
    /// walks (submodule `incremental`).
    static LINES: RefCell<[incremental::Line; 2]> = RefCell::new([
        incremental::Line::new(Player::Black),
        incremental::Line::new(Player::White),
    ]);
    /// df-pn enters the same positions again and again (each visit generates the children
    /// anew), so answers are kept by position: direct-mapped, the newest wins. The key
    /// holds every stone, so an entry found is the same position's answer.
    static CACHE: RefCell<Vec<CacheEntry>> = const { RefCell::new(Vec::new()) };
    /// Entries of another generation are forgotten ([`forget_thread_answers`]).
    static GENERATION: Cell<u32> = const { Cell::new(1) };
}

impl Hex {
    /// H-search for `owner` on a board with bitboards (`None` on bigger boards): the
    /// connections of the owner's two edges (module doc).
    pub(super) fn edge_connections(&self, owner: Player) -> Option<EdgeConnections> {
        let masks = self.tables.masks.as_ref()?;
        let size_owner = (self.tables.size as u16) << 1 | owner.index() as u16;
        // The side to move is not part of the question: the same stones, same answer.
        let key = self.key
            ^ if self.to_move == Player::White {
                self.tables.side_key
            } else {
                0
            };
        let slot = (key ^ u64::from(size_owner).wrapping_mul(0x9e37_79b9_7f4a_7c15)) as usize
            & (CACHE_ENTRIES - 1);
        let generation = GENERATION.with(Cell::get);
        let cached = CACHE.with(|cache| {
            let cache = cache.borrow();
            cache
                .get(slot)
                .filter(|e| {
                    e.key == key && e.size_owner == size_owner && e.generation == generation
                })
                .map(|e| e.connections)
        });
        if let Some(connections) = cached {
            return Some(connections);
        }
        let connections = if SCRATCH.load(Ordering::Relaxed) {
            ARENA.with(|arena| self.run_hsearch(owner, masks, &mut arena.borrow_mut(), Fill::Both))
        } else {
            let board = self.filled_board(owner, Fill::Both);
            LINES.with(|lines| {
                lines.borrow_mut()[owner.index()].answer(masks, self.tables.size, &board)
            })
        };
        CACHE.with(|cache| {
            let mut cache = cache.borrow_mut();
            if cache.is_empty() {
                cache.resize(CACHE_ENTRIES, CacheEntry::default());
            }
            cache[slot] = CacheEntry {
                key,
                size_owner,
                generation,
                connections,
            };
        });
        Some(connections)
    }

    fn run_hsearch(
        &self,
        owner: Player,
        masks: &super::bits::Masks,
        arena: &mut Arena,
        fill_mode: Fill,
    ) -> EdgeConnections {
        let board = self.filled_board(owner, fill_mode);
        arena.build(
            masks,
            owner,
            board.own,
            board.other,
            fill_mode == Fill::Both,
        );
        arena.answer(masks, &board)
    }

    /// The board H-search runs on for `owner` (submodule `inferior`): captured cells are the
    /// captor's stones, dead cells take the colour the analysis chose. The filled position
    /// has the same value, and a move of the side to move outside the filled cells is
    /// answered the same way in both.
    fn filled_board(&self, owner: Player, fill_mode: Fill) -> FilledBoard {
        let cells = self.inferior_cells();
        let mut fill = cells.as_ref().map_or([0; 2], |cells| cells.fill_in);
        if fill_mode == Fill::OpponentOnly {
            fill[owner.index()] = 0;
        }
        FilledBoard {
            own: self.stone_bits[owner.index()] | fill[owner.index()],
            other: self.stone_bits[owner.opponent().index()] | fill[owner.opponent().index()],
            owner_captured: cells
                .as_ref()
                .map_or(0, |cells| cells.captured[owner.index()]),
        }
    }
}

/// The stones H-search sees for its owner: the position's with the inferior cells filled in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FilledBoard {
    /// The owner's stones and the cells filled in for it.
    own: u128,
    /// The opponent's.
    other: u128,
    /// The cells the owner captured (reported with the answer).
    owner_captured: u128,
}

impl Arena {
    /// H-search from scratch for `owner` on the board with these stones: the nodes, the
    /// base connections, then the rules until nothing new comes or the edges are fully
    /// connected. When the owner's stones alone join its edges, `joined` is set and no node
    /// is made. `templates` adds the edge templates' connections (submodule `templates`).
    fn build(
        &mut self,
        masks: &super::bits::Masks,
        owner: Player,
        own: u128,
        other: u128,
        templates: bool,
    ) {
        self.clear();
        let empty = masks.board() & !own & !other;
        let first = flood(masks, masks.edge(owner, false) & own, own);
        let second = flood(masks, masks.edge(owner, true) & own, own);
        if first & second != 0 {
            self.joined = true;
            return;
        }
        // Nodes: the two edges, the other chains, the empty cells; and which empty cells
        // each owner's node touches.
        let mut touch = [0u128; MAX_NODES];
        self.add_node(first, true, NO_KEY);
        touch[0] = (masks.edge(owner, false) | masks.neighbours(first)) & empty;
        self.add_node(second, true, NO_KEY);
        touch[1] = (masks.edge(owner, true) | masks.neighbours(second)) & empty;
        let mut rest = own & !first & !second;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let chain = flood(masks, seed, own);
            rest &= !chain;
            let id = self.add_node(chain, true, NO_KEY);
            touch[id] = masks.neighbours(chain) & empty;
        }
        let owners = self.nodes;
        let mut cells = empty;
        while cells != 0 {
            let p = cells.trailing_zeros();
            cells &= cells - 1;
            let id = self.add_node(1u128 << p, false, p as u8);
            self.node_of[p as usize] = id as u8;
        }
        // Base: adjacent nodes.
        for (g, &touched) in touch.iter().enumerate().take(owners) {
            let mut t = touched;
            while t != 0 {
                let p = t.trailing_zeros();
                t &= t - 1;
                let n = self.node_of[p as usize] as usize;
                if self.add_full(g, n, 0) {
                    self.note(g, n, 0, NO_KEY, || Rule::Base);
                }
            }
        }
        let mut cells = empty;
        while cells != 0 {
            let p = cells.trailing_zeros();
            cells &= cells - 1;
            let mut t = masks.neighbours(1u128 << p) & empty;
            t &= !((2u128 << p) - 1); // each pair once: the higher neighbours
            while t != 0 {
                let q = t.trailing_zeros();
                t &= t - 1;
                let (a, b) = (
                    self.node_of[p as usize] as usize,
                    self.node_of[q as usize] as usize,
                );
                if self.add_full(a, b, 0) {
                    self.note(a, b, 0, NO_KEY, || Rule::Base);
                }
            }
        }
        // Edge templates H-search misses (`super::templates`): full connections from the
        // anchor's chain to the edge. Not for certificates, which stay pure AND/OR.
        if templates {
            super::templates::edge_templates(masks, owner, own, empty, |anchor, second, c, _| {
                let edge = usize::from(second);
                let bit = 1u128 << anchor;
                let chain = (0..owners).find(|&id| self.cells[id] & bit != 0);
                if let Some(chain) = chain.filter(|&id| id != edge) {
                    self.add_full(chain, edge, c);
                }
            });
        }
        self.close(0);
    }

    /// The AND rule over the queue until nothing new comes (the OR rule runs inside
    /// `add_semi`); stops early once the edges are fully connected, leaving the rest of the
    /// queue for later (an incremental step goes on from there). The entries before
    /// `stale` were queued by an earlier step and are taken only if their connection is
    /// still kept.
    fn close(&mut self, stale: usize) {
        while self.next < self.queue.len() {
            if self.pair(0, 1).fulls > 0 {
                break;
            }
            let item = self.queue[self.next];
            self.next += 1;
            if self.next <= stale && !self.keeps(item) {
                continue;
            }
            self.and_rule(item);
        }
    }

    /// Whether the connection of a queue entry is still in its pair's lists.
    fn keeps(&self, item: Pending) -> bool {
        let pair = self.pair(item.a as usize, item.b as usize);
        if item.key == NO_KEY {
            pair.full[..pair.fulls as usize].contains(&item.carrier)
        } else {
            (0..pair.semis as usize)
                .any(|i| pair.semi[i] == item.carrier && pair.key[i] == item.key)
        }
    }

    /// What the last search found between the owner's edges on `board`.
    fn answer(&self, masks: &super::bits::Masks, board: &FilledBoard) -> EdgeConnections {
        let empty = masks.board() & !board.own & !board.other;
        if self.joined {
            // The stones alone join the edges.
            return EdgeConnections {
                full: Some(0),
                semi: None,
                semi_intersection: 0,
                semis: 0,
                owner_captured: board.owner_captured,
            };
        }
        let pair = self.pair(0, 1);
        let full = pair.full[..pair.fulls as usize]
            .iter()
            .copied()
            .min_by_key(|c| c.count_ones());
        let semis = pair.semis as usize;
        let mut semi_intersection = empty;
        let mut semi: Option<(Point, u128)> = None;
        for i in 0..semis {
            let c = pair.semi[i];
            semi_intersection &= c;
            if semi.is_none_or(|(_, s)| c.count_ones() < s.count_ones()) {
                semi = Some((Point::from(pair.key[i]), c));
            }
        }
        EdgeConnections {
            full,
            semi,
            semi_intersection,
            semis,
            owner_captured: board.owner_captured,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::vc_check::{Checker, End, random_position};
    use super::*;
    use crate::game::{Game, StoneGame};

    /// One kept connection: its ends, carrier and key (`None` for a full one).
    type Claim = (End, End, u128, Option<u128>);

    impl Hex {
        /// Every connection the last H-search for `owner` kept, for the checker.
        fn all_connections(&self, owner: Player) -> Vec<Claim> {
            let masks = self.tables.masks.as_ref().expect("bitboard size");
            ARENA.with(|arena| {
                let mut arena = arena.borrow_mut();
                self.run_hsearch(owner, masks, &mut arena, Fill::Both);
                let end = |id: usize| match id {
                    0 => End::Edge { second: false },
                    1 => End::Edge { second: true },
                    _ => End::Cells(arena.cells[id]),
                };
                let mut out = Vec::new();
                debug_assert!(arena.nodes > 0 || self.occupied != 0);
                for a in 0..arena.nodes {
                    for b in a + 1..arena.nodes {
                        let pair = arena.pair(a, b);
                        for &c in &pair.full[..pair.fulls as usize] {
                            out.push((end(a), end(b), c, None));
                        }
                        for i in 0..pair.semis as usize {
                            out.push((end(a), end(b), pair.semi[i], Some(1u128 << pair.key[i])));
                        }
                    }
                }
                out
            })
        }
    }

    #[test]
    fn every_kept_connection_holds_on_random_positions() {
        let mut seed = 0x0ddb_a11c_0ffe_e001_u64;
        let (mut fulls, mut semis, mut edge_fulls) = (0, 0, 0);
        for size in 2..=5 {
            for round in 0..80 {
                let stones = (round % 8) + size;
                let Some(g) = random_position(size, stones.min(size * size - 1), &mut seed) else {
                    continue;
                };
                for owner in [Player::Black, Player::White] {
                    // The claims are about the filled-in board (module doc).
                    let mut filled = g.clone();
                    if let Some(cells) = g.inferior_cells() {
                        for player in [Player::Black, Player::White] {
                            let mut fill = cells.fill_in[player.index()];
                            while fill != 0 {
                                let p = fill.trailing_zeros() as u16;
                                fill &= fill - 1;
                                filled.put(p, player);
                            }
                        }
                    }
                    let checker = Checker::new(&filled, owner);
                    for (x, y, carrier, key) in g.all_connections(owner) {
                        // Small carriers only: the checker is exhaustive.
                        if carrier.count_ones() > 10 {
                            continue;
                        }
                        match key {
                            None => {
                                fulls += 1;
                                if matches!((x, y), (End::Edge { .. }, End::Edge { .. })) {
                                    edge_fulls += 1;
                                }
                                assert!(
                                    checker.full_holds(x, y, carrier),
                                    "{owner} full {x:?}-{y:?} carrier {carrier:#x} fails:\n{}",
                                    g.diagram()
                                );
                            }
                            Some(key) => {
                                semis += 1;
                                assert!(
                                    checker.semi_holds(x, y, key, carrier),
                                    "{owner} semi {x:?}-{y:?} key {key:#x} carrier {carrier:#x} fails:\n{}",
                                    g.diagram()
                                );
                            }
                        }
                    }
                }
            }
        }
        eprintln!("checked fulls {fulls}, semis {semis}, edge-to-edge fulls {edge_fulls}");
        assert!(fulls > 5_000 && semis > 5_000 && edge_fulls > 20);
    }

    #[test]
    fn the_edges_of_an_empty_small_board_are_connected_for_the_first_player_only() {
        // 2x2: a2 or b1 joins... Black to move wins by playing b1 (touching both rows via
        // its neighbours), so Black has a semi connection and no full one.
        for size in 1..=4 {
            let g = Hex::new(size).unwrap();
            let black = g.edge_connections(Player::Black).unwrap();
            assert!(black.full.is_none(), "size {size}");
            assert!(black.semi.is_some(), "size {size}");
        }
        // 3x3 with Black b2: full (two bridges to the edges, each a captured pair, so the
        // fill-in alone joins the edges and the carrier left is empty).
        let mut g = Hex::new(3).unwrap();
        g.play_stone(4, Player::Black);
        let black = g.edge_connections(Player::Black).unwrap();
        assert_eq!(black.full, Some(0));
        // 5x5 with Black c3: a third-row stone from both edges, joined to each by a
        // ziggurat, which H-search builds from bridges by the AND and OR rules.
        let mut g = Hex::new(5).unwrap();
        g.play_stone(12, Player::Black);
        let black = g.edge_connections(Player::Black).unwrap();
        assert!(black.full.is_some_and(|c| c != 0), "{black:?}");
    }

    /// The full connections H-search keeps between the chain on the single stone `stone`
    /// and the owner's edge `second`, run with `fill`.
    fn stone_to_edge_fulls(
        g: &Hex,
        owner: Player,
        stone: Point,
        second: bool,
        fill: Fill,
    ) -> Vec<u128> {
        let masks = g.tables.masks.as_ref().expect("bitboard size");
        ARENA.with(|arena| {
            let mut arena = arena.borrow_mut();
            g.run_hsearch(owner, masks, &mut arena, fill);
            let node = (2..arena.nodes)
                .find(|&id| arena.cells[id] == 1u128 << stone)
                .expect("the stone's chain");
            let pair = arena.pair(node, usize::from(second));
            pair.full[..pair.fulls as usize].to_vec()
        })
    }

    /// For each instance of `template` on a lone stone of `owner` at `(x, y)` on an empty
    /// `size` board: whether H-search alone (`Fill::OpponentOnly`, no templates; nothing is
    /// filled on these positions) and whether the solver's H-search (`Fill::Both`, with
    /// `super::templates`) keep a full stone-to-edge connection inside its carrier.
    fn derives(
        template: super::super::templates::Template,
        size: usize,
        owner: Player,
        (x, y): (usize, usize),
    ) -> Vec<(bool, bool)> {
        let mut g = Hex::new(size).unwrap();
        let stone = (x + y * size) as Point;
        g.play_stone(stone, owner);
        let filled = g
            .inferior_cells()
            .map_or(0, |c| c.fill_in[0] | c.fill_in[1]);
        assert_eq!(filled, 0, "nothing is filled in");
        let masks = *g.tables.masks.as_ref().unwrap();
        let own = 1u128 << stone;
        let mut found = Vec::new();
        super::super::templates::instances(
            &[template],
            &masks,
            owner,
            own,
            masks.board() & !own,
            |_, second, carrier, _| {
                let inside = |fill| {
                    stone_to_edge_fulls(&g, owner, stone, second, fill)
                        .iter()
                        .any(|&c| c & !carrier == 0)
                };
                found.push((inside(Fill::OpponentOnly), inside(Fill::Both)));
            },
        );
        found
    }

    #[test]
    fn hsearch_alone_builds_the_ziggurat_and_the_fourth_row_templates() {
        use super::super::templates::{IV_1_B, TEMPLATES, ZIGGURAT};
        // A lone stone on row 3 (7x7 `d3`, 9x9 `e3`; and White's column c): both mirror
        // images of the ziggurat (III-1-a), from bridges and the OR rule.
        assert_eq!(
            derives(ZIGGURAT, 7, Player::Black, (3, 2)),
            vec![(true, true); 2]
        );
        assert_eq!(
            derives(ZIGGURAT, 9, Player::Black, (4, 2)),
            vec![(true, true); 2]
        );
        assert_eq!(
            derives(ZIGGURAT, 9, Player::White, (2, 4)),
            vec![(true, true); 2]
        );
        // A lone stone on row 4: IV-1-a, which Anshelevich's H-search missed, is within
        // reach of ours (MAX_FULL 16, MAX_SEMI 32, MAX_OR 5) on every board it fits, from
        // 7x7 (`c4`, one mirror image fits) to 11x11 (`f4`, far from both corners), for
        // both players; so is IV-1-b (22 cells, its own mirror image).
        assert_eq!(
            derives(TEMPLATES[0], 7, Player::Black, (2, 3)),
            vec![(true, true)]
        );
        assert_eq!(
            derives(TEMPLATES[0], 9, Player::Black, (3, 3)),
            vec![(true, true); 2]
        );
        assert_eq!(
            derives(TEMPLATES[0], 11, Player::Black, (5, 3)),
            vec![(true, true); 2]
        );
        assert_eq!(
            derives(TEMPLATES[0], 11, Player::White, (3, 5)),
            vec![(true, true); 2]
        );
        assert_eq!(
            derives(IV_1_B, 9, Player::Black, (3, 3)),
            vec![(true, true)]
        );
        assert_eq!(
            derives(IV_1_B, 11, Player::Black, (5, 3)),
            vec![(true, true)]
        );
    }

    #[test]
    fn the_iv_1_a_pattern_adds_connections_hsearch_misses_in_crowded_positions() {
        // Random 7x7 to 9x9 positions, each IV-1-a instance whose carrier is empty on the
        // board (the opponent's fill-in left out of it), on positions whose edges are not
        // joined yet: how many H-search alone (`Fill::OpponentOnly`, no templates) lacks
        // inside the carrier. On a lone stone it lacks none (test above); here its bounds
        // drop some (31 of 342 when written), which the pattern restores.
        let mut seed = 0x1234_5678_9abc_def1u64;
        let (mut inst, mut missed, mut positions) = (0, 0, 0);
        for size in [7usize, 8, 9] {
            for round in 0..3000 {
                let Some(g) = random_position(size, 6 + round % 14, &mut seed) else {
                    continue;
                };
                let Some(cells) = g.inferior_cells() else {
                    continue;
                };
                positions += 1;
                let masks = *g.tables.masks.as_ref().unwrap();
                for owner in [Player::Black, Player::White] {
                    let own = g.stone_bits[owner.index()];
                    let empty =
                        masks.board() & !g.occupied & !cells.fill_in[owner.opponent().index()];
                    let mut found = Vec::new();
                    super::super::templates::edge_templates(
                        &masks,
                        owner,
                        own,
                        empty,
                        |a, s, c, _| found.push((a, s, c)),
                    );
                    if found.is_empty() {
                        continue;
                    }
                    ARENA.with(|arena| {
                        let mut arena = arena.borrow_mut();
                        g.run_hsearch(owner, &masks, &mut arena, Fill::OpponentOnly);
                        if arena.pair(0, 1).fulls > 0 {
                            return;
                        }
                        for (a, s, c) in found {
                            inst += 1;
                            let bit = 1u128 << a;
                            let Some(node) = (0..arena.nodes)
                                .find(|&id| arena.owned[id] && arena.cells[id] & bit != 0)
                            else {
                                continue;
                            };
                            if node == usize::from(s) {
                                continue;
                            }
                            let pair = arena.pair(node, usize::from(s));
                            if !pair.full[..pair.fulls as usize]
                                .iter()
                                .any(|&f| f & !c == 0)
                            {
                                missed += 1;
                            }
                        }
                    });
                }
            }
        }
        eprintln!("{positions} positions, {inst} IV-1-a instances, {missed} not derived");
        assert!(
            inst > 100 && missed > 0,
            "{inst} instances, {missed} not derived"
        );
    }
}
