//! Speed of `StoneGame::evs_orders`, the level-0 knowledge lambda search asks for at every
//! node (Suda, *Efficient algorithms for verifying goals in computer games*, definition 13 and
//! section 5.2).
//!
//! For each game: 16 middle-game positions reached by random moves that do not end the game
//! (7x7 k=4 after 12 moves; AtariGo 6x6 from the crosscut after 8 more; Hex 4x4 after 6 and
//! 7x7 after 16), then a timed loop asking each position for both players' orders in turn.
//! Prints nanoseconds per call and the mean number of points in `EVS(., 1)`, `EVS(., 2)` and
//! `EVS(., 3)` (how much the orders narrow a zone). Run with
//! `cargo run --release --example evs_speed` (optionally `-- SECONDS` per game).
//!
//! With `-- SECONDS lambda` it then measures what the exact orders buy lambda search: node
//! counts of the same searches with these orders and with the thesis's coarser rules
//! (section 5.2: m,n,k every clean window's free points at its free count; AtariGo every
//! liberty at the fewest liberties of its opponent chains; Hex every point beyond order 2
//! at order 3), through a wrapper game that only replaces `evs_orders`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use plyscope::game::{Game, MoveList, NO_REGION, Outcome, Player, Point, StoneGame, Tactics};
use plyscope::games::atarigo::AtariGo;
use plyscope::games::hex::Hex;
use plyscope::games::mnk::Mnk;
use plyscope::search::Limits;
use plyscope::search::lambda::{LambdaConfig, analyse_root, lambda_search};
use plyscope::search::observer::NoTrace;
use plyscope::zobrist::splitmix64;

/// Positions per game.
const POSITIONS: usize = 16;

/// `start` after `moves` random moves, none of which ends the game.
fn middle_game<G: Game>(start: &G, moves: usize, rng: &mut u64) -> G {
    'retry: loop {
        let mut game = start.clone();
        let mut list = MoveList::new();
        for _ in 0..moves {
            game.legal_moves(&mut list);
            let mut tries = 0;
            loop {
                let mv = list.as_slice()[(splitmix64(rng) % list.len() as u64) as usize];
                game.play(mv);
                if game.outcome().is_none() {
                    break;
                }
                game.undo(mv);
                tries += 1;
                if tries > 64 {
                    continue 'retry;
                }
            }
        }
        return game;
    }
}

/// Times `evs_orders` over `positions` for `seconds`; prints one line.
fn measure<G: StoneGame>(name: &str, positions: &[G], seconds: f64) {
    let points = positions[0].num_points();
    let mut orders = vec![0u8; points];
    // Zone sizes, once per position and player.
    let mut within = [0usize; 3];
    for game in positions {
        for player in [Player::Black, Player::White] {
            game.evs_orders(player, &mut orders);
            for (order, count) in within.iter_mut().enumerate() {
                *count += orders
                    .iter()
                    .filter(|&&o| o != NO_REGION && o as usize <= order + 1)
                    .count();
            }
        }
    }
    let per = (2 * positions.len()) as f64;
    let budget = Duration::from_secs_f64(seconds);
    let start = Instant::now();
    let mut calls = 0u64;
    while start.elapsed() < budget {
        for _ in 0..64 {
            for game in positions {
                for player in [Player::Black, Player::White] {
                    game.evs_orders(black_box(player), black_box(&mut orders));
                    calls += 1;
                }
            }
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / calls as f64;
    println!(
        "{name:<24} {ns:>8.0} ns/call   |EVS1| {:>5.1}  |EVS2| {:>5.1}  |EVS3| {:>5.1}  of {points} points",
        within[0] as f64 / per,
        within[1] as f64 / per,
        within[2] as f64 / per,
    );
}

/// The thesis's coarser level-0 orders (section 5.2) for one game.
trait ThesisOrders: StoneGame + Tactics {
    fn thesis_orders(&self, player: Player, orders: &mut [u8]);
}

impl ThesisOrders for Mnk {
    /// Every free point of a window without opponent stones, at the window's free count.
    fn thesis_orders(&self, player: Player, orders: &mut [u8]) {
        orders.fill(NO_REGION);
        for w in 0..self.window_count() {
            if self.window_stones(w, player.opponent()) > 0 {
                continue;
            }
            let free = (self.k() - self.window_stones(w, player)) as u8;
            for p in self.window_points(w) {
                if self.is_empty(p) {
                    orders[p as usize] = orders[p as usize].min(free);
                }
            }
        }
    }
}

impl ThesisOrders for AtariGo {
    /// Every liberty of an opponent chain, at the fewest liberties of such a chain.
    fn thesis_orders(&self, player: Player, orders: &mut [u8]) {
        orders.fill(NO_REGION);
        let mut libs = MoveList::new();
        for p in 0..self.num_points() as Point {
            if self.stone(p) == Some(player.opponent()) {
                let count = self.liberty_count(p) as u8;
                self.liberties(p, &mut libs);
                for &q in libs.iter() {
                    orders[q as usize] = orders[q as usize].min(count);
                }
            }
        }
    }
}

impl ThesisOrders for Hex {
    /// Orders 1 and 2 exact, every other empty point 3.
    fn thesis_orders(&self, player: Player, orders: &mut [u8]) {
        self.evs_orders(player, orders);
        for (p, order) in orders.iter_mut().enumerate() {
            if self.is_empty(p as Point) && *order > 2 {
                *order = 3;
            }
        }
    }
}

/// `G` with the thesis's orders in place of its own; everything else delegated.
#[derive(Clone)]
struct Thesis<G>(G);

impl<G: ThesisOrders> Game for Thesis<G> {
    type Move = Point;
    fn name(&self) -> &'static str {
        self.0.name()
    }
    fn to_move(&self) -> Player {
        self.0.to_move()
    }
    fn ply(&self) -> usize {
        self.0.ply()
    }
    fn legal_moves(&self, out: &mut MoveList<Point>) {
        self.0.legal_moves(out)
    }
    fn play(&mut self, mv: Point) {
        self.0.play(mv)
    }
    fn undo(&mut self, mv: Point) {
        self.0.undo(mv)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn key(&self) -> u64 {
        self.0.key()
    }
    fn parse_move(&self, text: &str) -> Result<Point, String> {
        self.0.parse_move(text)
    }
    fn format_move(&self, mv: Point) -> String {
        self.0.format_move(mv)
    }
    fn diagram(&self) -> String {
        self.0.diagram()
    }
}

impl<G: ThesisOrders> StoneGame for Thesis<G> {
    fn columns(&self) -> usize {
        self.0.columns()
    }
    fn rows(&self) -> usize {
        self.0.rows()
    }
    fn stone(&self, p: Point) -> Option<Player> {
        self.0.stone(p)
    }
    fn play_stone(&mut self, p: Point, player: Player) {
        self.0.play_stone(p, player)
    }
    fn undo_stone(&mut self, p: Point) {
        self.0.undo_stone(p)
    }
    fn set_to_move(&mut self, player: Player) {
        self.0.set_to_move(player)
    }
    fn evs_orders(&self, player: Player, orders: &mut [u8]) {
        self.0.thesis_orders(player, orders)
    }
}

impl<G: ThesisOrders> Tactics for Thesis<G> {
    fn is_stable(&self) -> bool {
        self.0.is_stable()
    }
    fn winning_move(&self, player: Player) -> Option<Point> {
        self.0.winning_move(player)
    }
    fn winning_moves(&self, player: Player, out: &mut MoveList<Point>, limit: usize) {
        self.0.winning_moves(player, out, limit)
    }
}

/// Lambda search of `game` at `level` and `depth` with a table of `tt_mb` megabytes (0: none,
/// so the counts compare the zones alone) with its own orders, with the thesis's and without
/// zones: one line of node counts and times each.
fn compare_lambda<G: ThesisOrders>(
    name: &str,
    game: &G,
    (level, depth, tt_mb): (u8, u32, usize),
    root: bool,
) {
    let config = |zones| LambdaConfig {
        max_level: level,
        max_depth: depth,
        zones,
        tt_mb,
        dual: false,
    };
    let limits = Limits {
        time: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let run = |label: &str, nodes: u64, elapsed: Duration, verdict: String| {
        format!(
            "{label} {nodes:>10} nodes {:>7.2} s {verdict}",
            elapsed.as_secs_f64()
        )
    };
    let mut lines = Vec::new();
    if root {
        // Every root move classified, as for the Hex 4x4 target.
        let mut g = game.clone();
        let a = analyse_root(&mut g, &config(true), &limits, &mut NoTrace);
        lines.push(run("these", a.stats.nodes, a.stats.elapsed, String::new()));
        let mut g = Thesis(game.clone());
        let b = analyse_root(&mut g, &config(true), &limits, &mut NoTrace);
        lines.push(run("thesis", b.stats.nodes, b.stats.elapsed, String::new()));
        let same = a
            .moves
            .iter()
            .zip(&b.moves)
            .all(|(x, y)| x.class == y.class);
        lines.push(format!("same classes: {same}"));
    } else {
        let mut g = game.clone();
        let a = lambda_search(&mut g, &config(true), &limits, &mut NoTrace);
        lines.push(run(
            "these",
            a.stats.nodes,
            a.stats.elapsed,
            a.verdict.to_string(),
        ));
        let mut g = Thesis(game.clone());
        let b = lambda_search(&mut g, &config(true), &limits, &mut NoTrace);
        lines.push(run(
            "thesis",
            b.stats.nodes,
            b.stats.elapsed,
            b.verdict.to_string(),
        ));
        let mut g = game.clone();
        let c = lambda_search(&mut g, &config(false), &limits, &mut NoTrace);
        lines.push(run(
            "no zones",
            c.stats.nodes,
            c.stats.elapsed,
            c.verdict.to_string(),
        ));
    }
    println!("{name} (level {level}, depth {depth}, table {tt_mb} MB):");
    for line in lines {
        println!("    {line}");
    }
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    let lambda = std::env::args().any(|a| a == "lambda");
    let mut rng = 0x0e75_5eed;

    let start = Mnk::new(7, 7, 4, false).expect("valid size");
    let games: Vec<Mnk> = (0..POSITIONS)
        .map(|_| middle_game(&start, 12, &mut rng))
        .collect();
    measure("m,n,k 7x7 k=4, 12 moves", &games, seconds);
    let thesis: Vec<Thesis<Mnk>> = games.iter().cloned().map(Thesis).collect();
    measure("  (thesis rule)", &thesis, seconds);

    let crosscut = AtariGo::new(6, 6)
        .expect("valid size")
        .with_stones(
            &[
                (14, Player::Black),
                (15, Player::White),
                (20, Player::White),
                (21, Player::Black),
            ],
            Player::Black,
        )
        .expect("the crosscut");
    let games: Vec<AtariGo> = (0..POSITIONS)
        .map(|_| middle_game(&crosscut, 8, &mut rng))
        .collect();
    measure("AtariGo 6x6 crosscut+8", &games, seconds);

    for (size, moves) in [(4, 6), (7, 16)] {
        let start = Hex::new(size).expect("valid size");
        let games: Vec<Hex> = (0..POSITIONS)
            .map(|_| middle_game(&start, moves, &mut rng))
            .collect();
        measure(
            &format!("Hex {size}x{size}, {moves} moves"),
            &games,
            seconds,
        );
    }

    if lambda {
        println!();
        let hex4 = Hex::new(4).expect("valid size");
        compare_lambda("Hex 4x4, every opening", &hex4, (3, 9, 0), true);
        let hex5 = Hex::new(5).expect("valid size");
        for i in 0..3 {
            let game = middle_game(&hex5, 6, &mut rng);
            compare_lambda(&format!("Hex 5x5 + 6 moves #{i}"), &game, (3, 9, 0), false);
        }
        compare_lambda("AtariGo 6x6 crosscut", &crosscut, (3, 15, 0), false);
        compare_lambda("AtariGo 6x6 crosscut", &crosscut, (3, 15, 64), false);
        let mnk = Mnk::new(7, 7, 4, false).expect("valid size");
        compare_lambda("m,n,k 7x7 k=4", &mnk, (3, 11, 64), false);
    }
}
