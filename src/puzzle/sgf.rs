//! SGF game records as puzzles: `plyscope solve game.sgf`, `explore`,
//! `export` and the explorer's picker read a Go or Hex position from an SGF file.
//!
//! The format is SGF FF[4] (<https://www.red-bean.com/sgf/>, its Go properties
//! <https://www.red-bean.com/sgf/go.html>). Parsing is the `sgf-parse` crate's (a maintained
//! FF[4] parser with typed Go properties; FF[3] mixed-case identifiers are converted); this
//! module turns its tree into a [`Puzzle`]. Its errors say what is wrong but not where
//! (the crate drops the lexer's positions), so `sgf/syntax.rs` finds the line and column of
//! the usual faults (an unclosed value, unbalanced parentheses) before the crate is asked.
//!
//! # What is read
//!
//! - `GM[1]` (Go, also when `GM` is absent, as FF[4] says). plyscope plays it as **AtariGo**:
//!   the first capture wins, and the puzzle's title says so. `SZ[n]` or `SZ[c:r]` (2 to 19 a
//!   side; 19 when absent); points are two letters, column from the left and row from the
//!   top (`aa` is the top left corner, a1 of a 5x5 board is `ae`).
//! - `GM[11]` (Hex) as HexGui (`src/hexgui/sgf/SgfWriter.java`: `FF[4]`, `GM[11]`,
//!   `SZ[n]`, moves and `AB`/`AW`/`AE` as cell names `c3`) and Benzene (`HexSgUtil.cpp` with
//!   Fuego's `SgPropUtil::PointToSgfString` in its Hex format: the same cell names) write
//!   it; the two-letter form of Little Golem, which HexGui also reads (`cb` is c2: column,
//!   then row from `a`), is read too. `SZ` is required, square, 1 to 13.
//!   **Mapping:** HexGui's and Benzene's cell `c3` is plyscope's `c3`. In all three the
//!   cell `(x, y)` (column, row from 0) neighbours `(x ± 1, y)`, `(x, y ± 1)`,
//!   `(x + 1, y - 1)` and `(x - 1, y + 1)` (Benzene's `HexPoint.hpp` directions, plyscope's
//!   `games/hex.rs`), Black moves first (`FIRST_TO_PLAY = BLACK`) and joins the rows 1 and
//!   n (Benzene's `VERTICAL_COLOR = BLACK` joins NORTH, row 1, to SOUTH; plyscope's Black
//!   joins rows 1 and n), White the columns a and the last (HexGui colours WEST and EAST
//!   white). So the names carry over unchanged and the position is the same.
//! - Set-up: `AB`, `AW`, `AE` and `PL` in the root and the nodes before the first move
//!   (HexGui and Benzene files put them in the node after the root). The side to move is
//!   `PL`, else the colour of the first move, else what the stone counts allow (black when
//!   both have as many stones, white when black has one more).
//! - A tree that branches before its first move (a problem file, an analysis: variations
//!   from the set-up position on) has no main line to play: its set-up position is read (the
//!   first variation's first move says who is to move when `PL` does not) and the title says
//!   how many variations were not played.
//! - Otherwise the main line (every node's first child): its `B`/`W` moves are played on
//!   top, each checked by the game's rules. plyscope's games alternate and have no pass, so a pass
//!   (`B[]`, `B[tt]`), a swap (`swap-pieces`, `swap-sides`), a resignation, a move out of
//!   turn, on an occupied point or after the game is over are refused, naming the node and
//!   the move; so is a move that ends the game (an AtariGo capture or suicide, a Hex
//!   connection): a finished game leaves nothing to solve.
//! - A file plyscope wrote (`AP[plyscope:...]`, a proof tree from `export --format sgf`) is
//!   an analysis of its root position: its root is read and its moves are not played.
//!
//! Comments, names, dates, markup and unknown properties are ignored. Refused with a message
//! naming the file, the property and the node: other games (`GM[4]`, m,n,k, cannot say its
//! `k`), a non-square or too large board, `KO` (a move the rules forbid) and `HA` (handicap
//! stones with White to move break the alternate-play counts of AtariGo), set-up after a
//! move, a file of several games, a malformed file.
//!
//! The writer, `proof_tree/sgf.rs`, stays hand-written: it streams a proof of up to two
//! million moves (its `MAX_SGF_NODES`) into one string, where building `sgf-parse`'s owned
//! node tree first would double the memory for no gain.

mod syntax;

use sgf_parse::{Color, GameTree, ParseOptions, SgfNode, SgfProp, go, unknown_game};

use super::{Position, Puzzle, PuzzleError, PuzzleLimits};
use crate::game::{Game, Player, Point, parse_point, point_name};
use crate::games::atarigo::AtariGo;
use crate::games::hex::Hex;

/// Whether `text` is SGF rather than TOML: a game tree starts with `(` (a TOML file cannot).
pub(crate) fn looks_like_sgf(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('(')
}

/// Reads the SGF `text` as a puzzle; `origin` names the file in messages and the puzzle.
pub(crate) fn parse(text: &str, origin: &str) -> Result<Puzzle, PuzzleError> {
    let fail = |message: String| PuzzleError {
        origin: origin.to_string(),
        line: None,
        column: None,
        message,
    };
    let text = text.trim_start_matches('\u{feff}');
    if let Some(fault) = syntax::check(text) {
        return Err(PuzzleError {
            origin: origin.to_string(),
            line: Some(fault.line),
            column: Some(fault.column),
            message: fault.message,
        });
    }
    let options = ParseOptions {
        convert_mixed_case_identifiers: true,
        lenient: false,
    };
    let trees = sgf_parse::parse_with_options(text, &options)
        .map_err(|e| fail(format!("not a valid SGF file: {e}")))?;
    let read = match trees.as_slice() {
        [GameTree::GoGame(root)] => read(root),
        [GameTree::Unknown(root)] => read(root),
        [] => Err("no game tree; an SGF file starts with (;".to_string()),
        more => Err(format!(
            "the file holds {} games; plyscope reads a file of one game",
            more.len()
        )),
    };
    let (position, title) = read.map_err(fail)?;
    Ok(Puzzle {
        name: origin.to_string(),
        title,
        position,
        algorithm: None,
        limits: PuzzleLimits::default(),
        expect: None,
        draw_counts_for_attacker: false,
    })
}

/// What the reader needs of a property, from either game's property type.
enum Item {
    Game(i64),
    Size(u8, u8),
    ToMove(Player),
    /// `AB`, `AW` (`Some(colour)`) or `AE` (`None`), points as written.
    Setup(Option<Player>, Vec<String>),
    /// `B` or `W`, the point as written (empty for a pass).
    Move(Player, String),
    Ko,
    Handicap(i64),
    Application(String),
    Name(String),
    /// A property the reader uses whose value did not parse.
    Invalid(String, Vec<String>),
    Other,
}

trait Items: SgfProp {
    fn item(&self) -> Item;
}

fn player(color: &Color) -> Player {
    match color {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

fn go_point(p: &go::Point) -> String {
    format!("{}{}", (b'a' + p.x) as char, (b'a' + p.y) as char)
}

fn go_move(mv: &go::Move) -> String {
    match mv {
        go::Move::Move(p) => go_point(p),
        go::Move::Pass => String::new(),
    }
}

fn sorted(points: impl Iterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = points.collect();
    v.sort();
    v
}

impl Items for go::Prop {
    fn item(&self) -> Item {
        use go::Prop;
        match self {
            Prop::GM(g) => Item::Game(*g),
            Prop::SZ((c, r)) => Item::Size(*c, *r),
            Prop::PL(c) => Item::ToMove(player(c)),
            Prop::AB(s) => Item::Setup(Some(Player::Black), sorted(s.iter().map(go_point))),
            Prop::AW(s) => Item::Setup(Some(Player::White), sorted(s.iter().map(go_point))),
            Prop::AE(s) => Item::Setup(None, sorted(s.iter().map(go_point))),
            Prop::B(mv) => Item::Move(Player::Black, go_move(mv)),
            Prop::W(mv) => Item::Move(Player::White, go_move(mv)),
            Prop::KO => Item::Ko,
            Prop::HA(n) => Item::Handicap(*n),
            Prop::AP((name, _)) => Item::Application(name.text.clone()),
            Prop::GN(name) => Item::Name(name.text.clone()),
            Prop::Invalid(id, values) => Item::Invalid(id.clone(), values.clone()),
            _ => Item::Other,
        }
    }
}

impl Items for unknown_game::Prop {
    fn item(&self) -> Item {
        use unknown_game::Prop;
        match self {
            Prop::GM(g) => Item::Game(*g),
            Prop::SZ((c, r)) => Item::Size(*c, *r),
            Prop::PL(c) => Item::ToMove(player(c)),
            Prop::AB(s) => Item::Setup(Some(Player::Black), sorted(s.iter().cloned())),
            Prop::AW(s) => Item::Setup(Some(Player::White), sorted(s.iter().cloned())),
            Prop::AE(s) => Item::Setup(None, sorted(s.iter().cloned())),
            Prop::B(mv) => Item::Move(Player::Black, mv.clone()),
            Prop::W(mv) => Item::Move(Player::White, mv.clone()),
            Prop::KO => Item::Ko,
            Prop::AP((name, _)) => Item::Application(name.text.clone()),
            Prop::GN(name) => Item::Name(name.text.clone()),
            // HA is a Go property: for other games the crate keeps it as text.
            Prop::Unknown(id, values) if id == "HA" => Item::Handicap(
                values
                    .first()
                    .and_then(|v| v.trim().parse().ok())
                    .unwrap_or(1),
            ),
            Prop::Invalid(id, values) => Item::Invalid(id.clone(), values.clone()),
            _ => Item::Other,
        }
    }
}

/// The identifiers this reader interprets: a value of one of them that does not parse is an
/// error, of any other it is ignored.
const READ: [&str; 10] = ["GM", "SZ", "PL", "AB", "AW", "AE", "B", "W", "KO", "HA"];

/// The two games SGF can bring, as its `GM` property names them (Go is read as AtariGo).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Go,
    Hex,
}

/// The board being set up and played: the game, or the stones before it exists.
enum Board {
    Go(AtariGo),
    Hex(Box<Hex>),
}

impl Board {
    fn to_move(&self) -> Player {
        match self {
            Board::Go(g) => g.to_move(),
            Board::Hex(g) => g.to_move(),
        }
    }

    /// Plays the move named `name` after the rules accept it; the text of why not.
    fn play(&mut self, name: &str) -> Result<(), String> {
        match self {
            Board::Go(g) => {
                let p = g.parse_move(name)?;
                g.play(p);
            }
            Board::Hex(g) => {
                let p = g.parse_move(name)?;
                g.play(p);
            }
        }
        Ok(())
    }

    fn is_over(&self) -> bool {
        match self {
            Board::Go(g) => g.outcome().is_some(),
            Board::Hex(g) => g.outcome().is_some(),
        }
    }

    fn into_position(self) -> Position {
        match self {
            Board::Go(g) => Position::AtariGo(g),
            Board::Hex(g) => Position::Hex(*g),
        }
    }
}

/// A property as written, for messages: `B[cc]`, `AB[aa][bb]`.
fn written(id: &str, values: &[String]) -> String {
    let values: String = values.iter().map(|v| format!("[{v}]")).collect();
    format!("{id}{values}")
}

/// "node 3 (the root)" style names: nodes of the main line counted from 1, the root first.
fn node_name(index: usize) -> String {
    if index == 1 {
        "node 1 (the root)".to_string()
    } else {
        format!("node {index}")
    }
}

fn colour_letter(p: Player) -> &'static str {
    match p {
        Player::Black => "B",
        Player::White => "W",
    }
}

/// The root's game, board size, application and name.
struct Root {
    kind: Kind,
    columns: usize,
    rows: usize,
    ours: bool,
    name: Option<String>,
}

fn root<P: Items>(node: &SgfNode<P>) -> Result<Root, String> {
    let (mut game, mut size, mut ours, mut name) = (1, None, false, None);
    for prop in node.properties() {
        match prop.item() {
            Item::Game(g) => game = g,
            Item::Size(c, r) => size = Some((usize::from(c), usize::from(r))),
            Item::Application(app) => ours = app == "plyscope",
            Item::Name(n) if !n.trim().is_empty() => name = Some(n.trim().to_string()),
            _ => {}
        }
    }
    let kind = match game {
        1 => Kind::Go,
        11 => Kind::Hex,
        4 => {
            return Err(
                "GM[4] (Gomoku and Renju; plyscope writes its m,n,k proofs so): SGF \
                        cannot say k, so plyscope reads m,n,k positions from puzzle files only; \
                        SGF input is Go (GM[1], played as AtariGo) or Hex (GM[11])"
                    .to_string(),
            );
        }
        other => {
            return Err(format!(
                "GM[{other}]: plyscope reads Go (GM[1], played as AtariGo) and Hex (GM[11])"
            ));
        }
    };
    let (columns, rows) = match (kind, size) {
        (Kind::Go, None) => (19, 19),
        (Kind::Hex, None) => {
            return Err(
                "SZ is missing in node 1 (the root); a Hex file names its board size, \
                        SZ[n]"
                    .to_string(),
            );
        }
        (Kind::Hex, Some((c, r))) if c != r => {
            return Err(format!(
                "SZ[{c}:{r}]: plyscope's Hex board is square (SZ[n], 1 to 13)"
            ));
        }
        (_, Some(s)) => s,
    };
    // The size is checked before any point is read against it.
    match kind {
        Kind::Go => AtariGo::new(columns, rows).map(drop),
        Kind::Hex => Hex::new(columns).map(drop),
    }
    .map_err(|e| format!("SZ: {e}"))?;
    Ok(Root {
        kind,
        columns,
        rows,
        ours,
        name,
    })
}

/// A point as written, in the game's notation ("c3"), or why it is none.
fn point(kind: Kind, text: &str, columns: usize, rows: usize) -> Result<Point, String> {
    let b = text.as_bytes();
    let letters = b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_lowercase();
    match kind {
        Kind::Go => {
            if !letters {
                return Err(format!(
                    "'{text}' is not a Go point; expected two letters, the column from the left \
                     and the row from the top (aa is the top left corner)"
                ));
            }
            let (x, y_top) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
            if x >= columns || y_top >= rows {
                return Err(format!("'{text}' is off the {columns}x{rows} board"));
            }
            Ok((x + (rows - 1 - y_top) * columns) as Point)
        }
        Kind::Hex if letters => {
            // Little Golem's letters, as HexGui reads them: column, then row from `a` = 1.
            let (x, y) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
            if x >= columns || y >= rows {
                return Err(format!("'{text}' is off the {columns}x{rows} board"));
            }
            Ok((x + y * columns) as Point)
        }
        Kind::Hex => parse_point(text, columns, rows).map_err(|e| {
            format!("{e} (HexGui and Benzene name cells so: a letter and a number, c3)")
        }),
    }
}

/// What a move value that is no point means, for the refusal.
fn special_move(kind: Kind, text: &str) -> Option<&'static str> {
    let t = text.trim().to_ascii_lowercase();
    match (kind, t.as_str()) {
        (_, "") | (Kind::Go, "tt") | (Kind::Hex, "pass") => {
            Some("a pass; plyscope's games have none in their move lists")
        }
        (Kind::Hex, "swap-pieces" | "swap-sides" | "swap") => {
            Some("a swap; plyscope's Hex has no swap rule")
        }
        (Kind::Hex, "resign" | "forfeit") => {
            Some("a resignation; the game is over and nothing is left to solve")
        }
        _ => None,
    }
}

/// The set-up stones gathered before the first move.
struct Setup {
    stones: Vec<Option<Player>>,
    to_move: Option<Player>,
    /// The points the node being read sets up, with the property (`AB[bb]`) that did:
    /// FF[4] forbids setting one point twice in a node, and a later property would quietly
    /// replace the earlier one's stone. Cleared at each node (a later node may change a
    /// point set up before).
    in_node: (String, Vec<(Point, String)>),
}

impl Setup {
    fn apply(
        &mut self,
        root: &Root,
        colour: Option<Player>,
        points: &[String],
        prop: &str,
        node: &str,
    ) -> Result<(), String> {
        if self.in_node.0 != node {
            self.in_node = (node.to_string(), Vec::new());
        }
        for text in points {
            let p = point(root.kind, text, root.columns, root.rows)
                .map_err(|e| format!("{node}: {prop}[{text}]: {e}"))?;
            let this = format!("{prop}[{text}]");
            if let Some((_, before)) = self.in_node.1.iter().find(|(q, _)| *q == p) {
                let what = |id: &str| match id {
                    "AB" => "black",
                    "AW" => "white",
                    _ => "empty",
                };
                let (first, second) = (what(&before[..2]), what(prop));
                let how = if first == second {
                    format!("set up {first} twice")
                } else {
                    format!("set up both {first} and {second}")
                };
                return Err(format!(
                    "{node}: {text} is {how} ({before} and {this}); FF[4] allows one set-up \
                     property per point in a node"
                ));
            }
            self.in_node.1.push((p, this));
            self.stones[p as usize] = colour;
        }
        Ok(())
    }

    /// The game with these stones, `first` the colour of the first move if there is one.
    fn board(&self, root: &Root, first: Option<(Player, &str)>) -> Result<Board, String> {
        let stones: Vec<(Point, Player)> = self
            .stones
            .iter()
            .enumerate()
            .filter_map(|(p, s)| s.map(|who| (p as Point, who)))
            .collect();
        let black = stones.iter().filter(|s| s.1 == Player::Black).count();
        let white = stones.len() - black;
        if black != white && black != white + 1 {
            // No side to move makes these counts a position: PL (or a first move) only
            // says which of the two possible ones it is.
            let pl = match self.to_move {
                Some(pl) => format!("; PL[{}] cannot change that", colour_letter(pl)),
                None => String::new(),
            };
            return Err(format!(
                "AB/AW: impossible stone counts: {black} black and {white} white; black (who \
                 moves first) must have as many stones as white (black to move) or one more \
                 (white to move){pl}"
            ));
        }
        let to_move = match (self.to_move, first) {
            (Some(pl), _) => pl,
            (None, Some((mover, _))) => mover,
            (None, None) if black == white + 1 => Player::White,
            (None, None) => Player::Black,
        };
        let placed = match root.kind {
            Kind::Go => AtariGo::new(root.columns, root.rows)
                .map_err(|e| format!("SZ: {e}"))?
                .with_stones(&stones, to_move)
                .map(Board::Go),
            Kind::Hex => Hex::new(root.columns)
                .map_err(|e| format!("SZ: {e}"))?
                .with_stones(&stones, to_move)
                .map(|g| Board::Hex(Box::new(g))),
        };
        placed.map_err(|e| {
            let how = if self.to_move.is_some() {
                format!("PL[{}]", colour_letter(to_move))
            } else if let Some((mover, mv)) = first {
                format!(
                    "{} to move, by the first move {}[{mv}]",
                    mover,
                    colour_letter(mover)
                )
            } else {
                format!("{to_move} to move, from the stone counts")
            };
            format!("the set-up (AB, AW, AE; {how}) is not a position to play: {e}")
        })
    }
}

/// The position of the main line's end and the puzzle's title.
fn read<P: Items>(root_node: &SgfNode<P>) -> Result<(Position, String), String> {
    let root = root(root_node)?;
    let mut setup = Setup {
        stones: vec![None; root.columns * root.rows],
        to_move: None,
        in_node: (String::new(), Vec::new()),
    };
    let nodes = main_line(root_node, &root);
    let mut board: Option<Board> = None;
    let mut moves = 0;
    // Variations that start before the first move: the file analyses its set-up position.
    let mut analysed = None;
    for (i, (items, children)) in nodes.iter().enumerate() {
        let node = node_name(i + 1);
        read_properties(&root, &mut setup, i, &node, items, board.is_some())?;
        let mut node_moves = items.iter().filter_map(item_move);
        let Some((mover, mv)) = node_moves.next() else {
            if board.is_none() && *children > 1 {
                let first = nodes
                    .get(i + 1)
                    .and_then(|(next, _)| next.iter().find_map(item_move));
                board = Some(setup.board(&root, first)?);
                analysed = Some(*children);
                break;
            }
            continue;
        };
        if node_moves.next().is_some() {
            return Err(format!("{node}: two moves in one node; FF[4] allows one"));
        }
        let game = match board.as_mut() {
            Some(game) => game,
            None => board.insert(setup.board(&root, Some((mover, mv)))?),
        };
        play(&root, game, &node, mover, mv)?;
        moves += 1;
    }
    let board = match board {
        Some(board) => board,
        None => setup.board(&root, None)?,
    };
    Ok((board.into_position(), title(&root, moves, analysed)))
}

/// The main line's nodes, each with what it holds and how many children it has; a file
/// plyscope wrote is its root alone.
fn main_line<P: Items>(root_node: &SgfNode<P>, root: &Root) -> Vec<(Vec<Item>, usize)> {
    if root.ours {
        vec![(root_node.properties().map(Items::item).collect(), 0)]
    } else {
        root_node
            .main_variation()
            .map(|n| {
                (
                    n.properties().map(Items::item).collect(),
                    n.children().count(),
                )
            })
            .collect()
    }
}

/// A node's move, `B[..]` or `W[..]`, with its mover.
fn item_move(item: &Item) -> Option<(Player, &str)> {
    match item {
        Item::Move(p, mv) => Some((*p, mv.as_str())),
        _ => None,
    }
}

/// The `i`-th node's properties besides its move: set-up stones and the side to move are
/// gathered in `setup` until the first move (`moved`, or a move in this node); what the
/// reader does not support, or finds out of place, is refused naming the node.
fn read_properties(
    root: &Root,
    setup: &mut Setup,
    i: usize,
    node: &str,
    items: &[Item],
    moved: bool,
) -> Result<(), String> {
    let has_move = items.iter().any(|it| matches!(it, Item::Move(..)));
    for item in items {
        match item {
            Item::Invalid(id, values) if READ.contains(&id.as_str()) => {
                return Err(format!(
                    "{node}: {} is not a valid {id} value{}",
                    written(id, values),
                    if id == "SZ" {
                        "; expected SZ[n] or SZ[columns:rows]"
                    } else {
                        ""
                    }
                ));
            }
            Item::Ko => {
                return Err(format!(
                    "{node}: KO (play a move the rules forbid) is not supported; plyscope \
                     plays only legal moves"
                ));
            }
            Item::Handicap(n) if *n != 0 => {
                return Err(format!(
                    "{node}: HA[{n}]: handicap games are not supported; AtariGo starts from \
                     alternate play (as many stones each with Black to move, one more black \
                     with White to move)"
                ));
            }
            Item::Game(_) | Item::Size(..) if i > 0 => {
                return Err(format!(
                    "{node}: GM and SZ belong in the root node; one board per file"
                ));
            }
            Item::Setup(..) | Item::ToMove(_) if moved || has_move => {
                let id = match item {
                    Item::Setup(Some(Player::Black), _) => "AB",
                    Item::Setup(Some(Player::White), _) => "AW",
                    Item::Setup(None, _) => "AE",
                    _ => "PL",
                };
                return Err(format!(
                    "{node}: {id} after a move (or beside one); plyscope reads set-up \
                     stones (AB, AW, AE, PL) before the first move only"
                ));
            }
            Item::Setup(colour, points) => {
                let id = match colour {
                    Some(Player::Black) => "AB",
                    Some(Player::White) => "AW",
                    None => "AE",
                };
                setup.apply(root, *colour, points, id, node)?;
            }
            Item::ToMove(p) => setup.to_move = Some(*p),
            _ => {}
        }
    }
    Ok(())
}

/// Plays the main line's move `mv` of `mover` on `game`, checked by the game's rules: a
/// pass, a swap or a resignation, a move out of turn, an illegal one or one that ends the
/// game is refused naming the node.
fn play(root: &Root, game: &mut Board, node: &str, mover: Player, mv: &str) -> Result<(), String> {
    let shown = format!("{}[{mv}]", colour_letter(mover));
    if let Some(why) = special_move(root.kind, mv) {
        return Err(format!("{node}: {shown} is {why}"));
    }
    let p = point(root.kind, mv, root.columns, root.rows)
        .map_err(|e| format!("{node}: {shown}: {e}"))?;
    let name = point_name(p, root.columns);
    if mover != game.to_move() {
        return Err(format!(
            "{node}: {shown} ({name}) is played by {mover} but {} is to move; plyscope's \
             games alternate",
            game.to_move()
        ));
    }
    game.play(&name)
        .map_err(|e| format!("{node}: {shown} ({name}) is not legal: {e}"))?;
    if game.is_over() {
        let how = match root.kind {
            Kind::Go => "AtariGo ends at the first capture (or a suicide), so",
            Kind::Hex => "it joins the player's edges, so",
        };
        return Err(format!(
            "{node}: {shown} ({name}) ends the game: {how} the main line reaches a finished \
             game and leaves nothing to solve; cut the main line before this move"
        ));
    }
    Ok(())
}

/// The puzzle's title: the file's name (`GN`) or "SGF position", the game as read, and how
/// much of the main line was played.
fn title(root: &Root, moves: usize, analysed: Option<usize>) -> String {
    let name = root.name.as_deref().unwrap_or("SGF position");
    let after = match (moves, analysed) {
        (_, Some(n)) => format!("; the set-up position, its {n} variations not played"),
        (0, None) => String::new(),
        (1, None) => ", after 1 move of the main line".to_string(),
        (n, None) => format!(", after {n} moves of the main line"),
    };
    match root.kind {
        Kind::Go => format!("{name} (Go read as AtariGo: the first capture wins{after})"),
        Kind::Hex => format!("{name} (Hex from SGF{after})"),
    }
}

#[cfg(test)]
mod tests;
