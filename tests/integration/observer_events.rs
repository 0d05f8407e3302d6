//! A checking observer proves the engines' events arrive in a sane order: enter/leave
//! balanced and nested, every event of a node between its enter and leave, table probe first,
//! ordering before the children, cutoffs after the move that caused them with the rest of the
//! ordered list as the skipped moves, table store before leave, iterations between root
//! searches, windows never empty, and a `Break` stops everything.

use std::ops::ControlFlow;

use plyscope::game::Game;
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::games::tree::TreeGame;
use plyscope::search::observer::{GO, Observer, TtEntryView};
use plyscope::search::{
    Algorithm, Bound, Limits, MoveOrdering, SearchConfig, SearchGame, Value, Window, solve,
};

/// One open node as the checker sees it.
#[derive(Clone, Debug)]
struct Open<M> {
    key: u64,
    depth: u32,
    window: Window,
    /// Events so far, to check their order inside the node.
    probed: bool,
    ordered: Option<Vec<M>>,
    children: usize,
    cut: bool,
    stored: bool,
    /// Moves of the children entered, in order.
    entered: Vec<Option<M>>,
}

/// Checks every event against the open nodes; counts what it saw.
struct Checker<G: Game> {
    stack: Vec<Open<G::Move>>,
    iterations: Vec<u32>,
    enters: u64,
    leaves: u64,
    cutoffs: u64,
    probes: u64,
    stores: u64,
    nulls: u64,
    prunes: u64,
    /// Stop with `Break` at this event number (counting every event), if set.
    break_at: Option<u64>,
    events: u64,
    events_after_break: u64,
    broke: bool,
}

impl<G: Game> Checker<G> {
    fn new() -> Self {
        Checker {
            stack: Vec::new(),
            iterations: Vec::new(),
            enters: 0,
            leaves: 0,
            cutoffs: 0,
            probes: 0,
            stores: 0,
            nulls: 0,
            prunes: 0,
            break_at: None,
            events: 0,
            events_after_break: 0,
            broke: false,
        }
    }

    fn tick(&mut self) -> ControlFlow<()> {
        self.events += 1;
        if self.broke {
            self.events_after_break += 1;
        }
        if Some(self.events) == self.break_at {
            self.broke = true;
            return ControlFlow::Break(());
        }
        GO
    }

    fn top(&mut self, what: &str) -> &mut Open<G::Move> {
        self.stack
            .last_mut()
            .unwrap_or_else(|| panic!("{what} outside any node"))
    }
}

impl<G: Game> Observer<G> for Checker<G> {
    fn iteration(&mut self, depth: u32) -> ControlFlow<()> {
        assert!(self.stack.is_empty(), "iteration {depth} inside a node");
        let expected = self.iterations.last().map_or(1, |d| d + 1);
        assert_eq!(depth, expected, "iterations go 1, 2, 3, ...");
        self.iterations.push(depth);
        self.tick()
    }

    fn enter(
        &mut self,
        game: &G,
        mv: Option<G::Move>,
        ply: usize,
        depth: u32,
        window: Window,
    ) -> ControlFlow<()> {
        assert!(window.alpha < window.beta, "empty window {window}");
        assert_eq!(ply, self.stack.len(), "ply = number of open nodes");
        if let Some(parent) = self.stack.last_mut() {
            assert!(!parent.cut, "a child entered after its parent's cutoff");
            assert!(!parent.stored, "a child entered after its parent's store");
            match mv {
                Some(m) => {
                    let order = parent.ordered.as_ref().expect("children before ordering");
                    assert!(order.contains(&m), "a child move that was not ordered");
                    // Children follow the announced order.
                    let done: Vec<G::Move> = parent.entered.iter().flatten().copied().collect();
                    assert_eq!(order[done.len()], m, "children out of the announced order");
                    assert_eq!(depth + 1, parent.depth, "a child has one ply less");
                }
                None => {
                    // A null-move probe: before the ordering, R + 1 plies less.
                    assert!(parent.ordered.is_none(), "null move after ordering");
                    assert_eq!(depth + 3, parent.depth, "null move reduces by R + 1 = 3");
                }
            }
            parent.children += 1;
            parent.entered.push(mv);
        } else {
            assert!(mv.is_none(), "the root has no move");
        }
        self.stack.push(Open {
            key: game.key(),
            depth,
            window,
            probed: false,
            ordered: None,
            children: 0,
            cut: false,
            stored: false,
            entered: Vec::new(),
        });
        self.enters += 1;
        self.tick()
    }

    fn leave(&mut self, value: Value, bound: Bound, best: Option<G::Move>) -> ControlFlow<()> {
        let node = self.stack.pop().expect("leave without enter");
        if let Some(order) = &node.ordered
            && node.children > 0
        {
            // An inner node: the bound describes the value within the entry window.
            assert_eq!(
                bound,
                Bound::classify(value, node.window),
                "bound of {value}"
            );
            if let Some(b) = best {
                // A forced reply that ended the game at once leaves the best of the other
                // moves, which were never ordered.
                assert!(
                    order.contains(&b) || order.len() == 1,
                    "best move not ordered"
                );
            }
        }
        if node.cut {
            assert_eq!(bound, Bound::Lower, "a cut node fails high");
        }
        self.leaves += 1;
        self.tick()
    }

    fn cutoff(
        &mut self,
        mv: G::Move,
        value: Value,
        window: Window,
        skipped: &[G::Move],
    ) -> ControlFlow<()> {
        let node = self.top("cutoff");
        assert!(!node.cut, "two cutoffs in one node");
        assert!(value >= window.beta, "a cutoff below beta");
        assert_eq!(window.beta, node.window.beta);
        let order = node.ordered.as_ref().expect("cutoff before ordering");
        let at = order
            .iter()
            .position(|&m| m == mv)
            .expect("cutoff by an unknown move");
        assert_eq!(
            &order[at + 1..],
            skipped,
            "skipped = the rest of the ordered list"
        );
        assert_eq!(
            node.entered.last(),
            Some(&Some(mv)),
            "cutoff by the last child"
        );
        node.cut = true;
        self.cutoffs += 1;
        self.tick()
    }

    fn tt_probe(&mut self, key: u64, entry: Option<TtEntryView<G::Move>>) -> ControlFlow<()> {
        let node = self.top("tt_probe");
        assert_eq!(node.key, key, "probe of another position");
        assert!(!node.probed && node.children == 0 && node.ordered.is_none());
        node.probed = true;
        if let Some(e) = entry
            && e.cutoff
        {
            assert!(e.depth >= node.depth, "a cutoff from a shallower entry");
        }
        self.probes += 1;
        self.tick()
    }

    fn tt_store(
        &mut self,
        key: u64,
        _value: Value,
        _bound: Bound,
        depth: u32,
        _best: Option<G::Move>,
    ) -> ControlFlow<()> {
        let node = self.top("tt_store");
        assert_eq!(node.key, key, "store of another position");
        assert!(!node.stored, "two stores in one node");
        assert!(depth == node.depth || depth == u32::MAX);
        node.stored = true;
        self.stores += 1;
        self.tick()
    }

    fn ordered(&mut self, moves: &[G::Move]) -> ControlFlow<()> {
        let node = self.top("ordered");
        assert!(node.ordered.is_none(), "ordered twice");
        assert!(
            node.entered.iter().all(|m| m.is_none()),
            "ordered after a child"
        );
        assert!(!moves.is_empty());
        node.ordered = Some(moves.to_vec());
        self.tick()
    }

    fn null_move(&mut self, r: u32, _value: Value, _cut: bool) -> ControlFlow<()> {
        assert_eq!(r, 2);
        let node = self.top("null_move");
        assert_eq!(
            node.entered.last(),
            Some(&None),
            "null_move after its probe"
        );
        self.nulls += 1;
        self.tick()
    }

    fn forward_pruned(&mut self, dropped: &[G::Move]) -> ControlFlow<()> {
        let node = self.top("forward_pruned");
        let order = node.ordered.as_ref().expect("pruning before ordering");
        assert!(
            order.ends_with(dropped),
            "dropped = the tail of the ordered list"
        );
        assert_eq!(
            node.children,
            node.entered.iter().filter(|m| m.is_none()).count()
        );
        let keep = order.len() - dropped.len();
        node.ordered = Some(order[..keep].to_vec());
        self.prunes += 1;
        self.tick()
    }
}

fn configs() -> Vec<SearchConfig> {
    let mut v = Vec::new();
    for algorithm in Algorithm::ALPHA_BETA_FAMILY {
        v.push(SearchConfig::plain(algorithm));
        v.push(SearchConfig {
            tt_mb: 1,
            ..SearchConfig::for_algorithm(algorithm)
        });
        v.push(SearchConfig {
            tt_mb: 1,
            ordering: MoveOrdering::NONE,
            forward_prune_keep_percent: Some(50),
            null_move: true,
            ..SearchConfig::for_algorithm(algorithm)
        });
    }
    v
}

/// Runs every configuration on `game` with the checker; returns the checkers.
fn check_all<G: SearchGame>(game: &G, limits: &Limits) -> Vec<Checker<G>> {
    configs()
        .into_iter()
        .map(|config| {
            let mut g = game.clone();
            let key = g.key();
            let mut c = Checker::new();
            let r = solve(&mut g, &config, limits, &mut c);
            assert!(c.stack.is_empty(), "{config:?}: unbalanced enter/leave");
            assert_eq!(c.enters, c.leaves);
            assert_eq!(c.enters, r.stats.nodes, "{config:?}: one enter per node");
            assert_eq!(c.cutoffs, r.stats.cutoffs, "{config:?}");
            assert_eq!(c.probes, r.stats.tt_probes, "{config:?}");
            assert_eq!(g.key(), key, "the position is restored");
            if config.algorithm == Algorithm::IterativeDeepening {
                assert_eq!(c.iterations.last().copied(), Some(r.depth));
            } else {
                assert!(c.iterations.is_empty());
            }
            c
        })
        .collect()
}

const TREES: [&str; 4] = [
    "(a (b 3 12 8) (c 2 4 6) (d 14 5 2))",
    "(r (a (a1 5 7) (a2 9 1) (a3 4 2)) (b (b1 15 6) (b2 3 1) (b3 8 2)))",
    "(1 (2 4:W 5:W 6:L) (3 7:D 8:W 9:D))",
    "(r (x (y 1 (z W L 2) -3) 4) (v D (w 2 L)) (u (t 1 2) (s 3 (q W 0))))",
];

#[test]
fn tree_events_are_in_order() {
    for text in TREES {
        let g = TreeGame::parse(text).unwrap();
        let checkers = check_all(&g, &Limits::default());
        assert!(
            checkers.iter().any(|c| c.cutoffs > 0),
            "{text}: some cutoff seen"
        );
        assert!(
            checkers.iter().any(|c| c.stores > 0),
            "{text}: some store seen"
        );
        assert!(
            checkers.iter().any(|c| c.prunes > 0),
            "{text}: some pruning seen"
        );
        let limited = Limits {
            max_depth: Some(2),
            ..Limits::default()
        };
        check_all(&g, &limited);
    }
}

#[test]
fn stone_game_events_are_in_order() {
    let depth = |d| Limits {
        max_depth: Some(d),
        ..Limits::default()
    };
    let mut nulls = 0;
    let mut prunes = 0;
    let mut count = |checkers: Vec<Checker<_>>| {
        nulls += checkers.iter().map(|c| c.nulls).sum::<u64>();
        prunes += checkers.iter().map(|c| c.prunes).sum::<u64>();
    };
    let ttt = Mnk::new(3, 3, 3, false).unwrap();
    count(check_all(&ttt, &Limits::default()));
    let four = Mnk::new(4, 4, 3, false).unwrap();
    count(check_all(&four, &depth(5)));
    let big = Mnk::new(5, 5, 4, false).unwrap();
    count(check_all(&big, &depth(5)));
    let atari = AtariGo::new(4, 4).unwrap();
    check_all(&atari, &depth(6));
    let hex = Hex::new(3).unwrap();
    check_all(&hex, &Limits::default());
    assert!(nulls > 0, "some null-move probe seen");
    assert!(prunes > 0, "some forward pruning seen");
}

#[test]
fn a_break_stops_the_search_at_once() {
    let text = TREES[3];
    for config in configs() {
        for break_at in [1u64, 2, 3, 5, 8, 13, 21] {
            let mut g = TreeGame::parse(text).unwrap();
            let mut c = Checker::new();
            c.break_at = Some(break_at);
            let r = solve(&mut g, &config, &Limits::default(), &mut c);
            if c.broke {
                assert!(r.stopped, "{config:?} break at {break_at}");
                assert_eq!(c.events_after_break, 0, "{config:?}: events after a break");
            }
            assert_eq!(g.ply(), 0, "position restored after a break");
        }
    }
}

#[test]
fn a_node_limit_keeps_the_last_completed_iteration() {
    let text = TREES[3];
    let mut g = TreeGame::parse(text).unwrap();
    let config = SearchConfig {
        tt_mb: 1,
        ..SearchConfig::default()
    };
    let full = solve(&mut g, &config, &Limits::default(), &mut Checker::new());
    assert!(!full.stopped);
    for nodes in 1..full.stats.nodes {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        let r = solve(&mut g, &config, &limits, &mut Checker::new());
        assert!(r.stopped, "{nodes}");
        assert!(r.depth < full.depth);
        assert!(r.stats.nodes <= nodes + 1);
        assert_eq!(g.ply(), 0);
    }
}
