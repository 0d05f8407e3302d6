//! Reading an exported SGF proof back, for the round-trip tests, with the `sgf-parse` crate.
//!
//! A reader independent of plyscope's writer checks the writer against FF[4] itself: every
//! node is also validated (`SgfNode::validate`: property values of the right type, no move
//! and set-up in one node, root properties only at the root), which a reader written
//! alongside the writer would share the writer's misreadings of.
//!
//! Go files (`GM[1]`, AtariGo) parse with typed points, other games (m,n,k's `GM[4]`, Hex's
//! `GM[11]`) with points as text; both come back in the game's notation ("c3"). Hex cells are
//! written by name, as HexGui writes them, the other games' points as Go letters.

use plyscope::game::{Player, point_name};
use plyscope::proof_tree::sgf::Variation;
use sgf_parse::{Color, GameTree, SgfNode, SgfProp, go, unknown_game};

/// An SGF proof read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfProof {
    /// `GM`.
    pub game: i64,
    pub columns: usize,
    pub rows: usize,
    /// `PL`, if given.
    pub to_move: Option<Player>,
    /// `AB` and `AW` in the game's notation, sorted (SGF lists are sets).
    pub black: Vec<String>,
    pub white: Vec<String>,
    /// The variations from the root.
    pub variations: Vec<Variation>,
}

/// What the tests read of a property, from either game's property type.
enum Item {
    Game(i64),
    Size(u8, u8),
    ToMove(Player),
    Stones(Player, Vec<String>),
    Move(Player, String),
    Other,
}

fn player(color: &Color) -> Player {
    match color {
        Color::Black => Player::Black,
        Color::White => Player::White,
    }
}

trait Items: SgfProp {
    fn item(&self) -> Item;
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

impl Items for go::Prop {
    fn item(&self) -> Item {
        match self {
            go::Prop::GM(g) => Item::Game(*g),
            go::Prop::SZ((c, r)) => Item::Size(*c, *r),
            go::Prop::PL(c) => Item::ToMove(player(c)),
            go::Prop::AB(s) => Item::Stones(Player::Black, s.iter().map(go_point).collect()),
            go::Prop::AW(s) => Item::Stones(Player::White, s.iter().map(go_point).collect()),
            go::Prop::B(mv) => Item::Move(Player::Black, go_move(mv)),
            go::Prop::W(mv) => Item::Move(Player::White, go_move(mv)),
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
            Prop::AB(s) => Item::Stones(Player::Black, s.iter().cloned().collect()),
            Prop::AW(s) => Item::Stones(Player::White, s.iter().cloned().collect()),
            Prop::B(mv) => Item::Move(Player::Black, mv.clone()),
            Prop::W(mv) => Item::Move(Player::White, mv.clone()),
            _ => Item::Other,
        }
    }
}

/// An SGF point ("ae": column from the left, row from the top; for Hex a cell name, "c3")
/// in the game's notation.
fn point_of(game: i64, text: &str, columns: usize, rows: usize) -> Result<String, String> {
    if game == 11 {
        return plyscope::game::parse_point(text, columns, rows)
            .map(|p| point_name(p, columns))
            .map_err(|e| format!("'{text}' is not a Hex cell: {e}"));
    }
    game_point(text, columns, rows)
}

/// An SGF point ("ae": column from the left, row from the top) in the game's notation.
fn game_point(text: &str, columns: usize, rows: usize) -> Result<String, String> {
    let bad = || format!("'{text}' is not a point of a {columns}x{rows} board");
    let b = text.as_bytes();
    if b.len() != 2 || !b[0].is_ascii_lowercase() || !b[1].is_ascii_lowercase() {
        return Err(bad());
    }
    let (x, y_top) = (usize::from(b[0] - b'a'), usize::from(b[1] - b'a'));
    if x >= columns || y_top >= rows {
        return Err(bad());
    }
    Ok(point_name((x + (rows - 1 - y_top) * columns) as _, columns))
}

/// Reads a file of one game tree, as `plyscope export --format sgf` writes.
pub fn parse(text: &str) -> Result<SgfProof, String> {
    let trees = sgf_parse::parse(text).map_err(|e| e.to_string())?;
    match trees.as_slice() {
        [GameTree::GoGame(root)] => proof(root),
        [GameTree::Unknown(root)] => proof(root),
        _ => Err(format!("{} game trees, expected one", trees.len())),
    }
}

fn proof<P: Items>(root: &SgfNode<P>) -> Result<SgfProof, String> {
    root.validate()
        .map_err(|e| format!("not valid FF[4]: {e}"))?;
    let (mut game, mut size, mut to_move) = (1, (19, 19), None);
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for prop in root.properties() {
        match prop.item() {
            Item::Game(g) => game = g,
            Item::Size(c, r) => size = (usize::from(c), usize::from(r)),
            Item::ToMove(p) => to_move = Some(p),
            Item::Stones(Player::Black, s) => black = s,
            Item::Stones(Player::White, s) => white = s,
            Item::Move(..) => return Err("a move in the root node".to_string()),
            Item::Other => {}
        }
    }
    let (columns, rows) = size;
    let in_notation = |points: Vec<String>| -> Result<Vec<String>, String> {
        let mut out = points
            .iter()
            .map(|p| point_of(game, p, columns, rows))
            .collect::<Result<Vec<_>, _>>()?;
        out.sort();
        Ok(out)
    };
    Ok(SgfProof {
        game,
        columns,
        rows,
        to_move,
        black: in_notation(black)?,
        white: in_notation(white)?,
        variations: variations(root, game, columns, rows)?,
    })
}

/// The children of `node` as variations.
fn variations<P: Items>(
    node: &SgfNode<P>,
    game: i64,
    columns: usize,
    rows: usize,
) -> Result<Vec<Variation>, String> {
    node.children()
        .map(|child| {
            let moves: Vec<(Player, String)> = child
                .properties()
                .filter_map(|p| match p.item() {
                    Item::Move(player, point) => Some((player, point)),
                    _ => None,
                })
                .collect();
            let [(player, point)] = moves.as_slice() else {
                return Err("a node without exactly one B or W move".to_string());
            };
            Ok(Variation {
                player: *player,
                mv: point_of(game, point, columns, rows)?,
                children: variations(child, game, columns, rows)?,
            })
        })
        .collect()
}

#[test]
fn points_use_sgf_letters_from_the_top() {
    // a1 on a 5x5 board is the bottom left corner: column a, fifth row from the top.
    assert_eq!(game_point("ae", 5, 5).unwrap(), "a1");
    assert_eq!(game_point("cb", 4, 3).unwrap(), "c2");
    assert!(game_point("zz", 5, 5).is_err());
}

#[test]
fn the_reader_reads_variations_and_escapes() {
    let text = "(;FF[4]GM[1]SZ[3]C[a \\] b]AB[aa];B[bb](;W[cc];B[ac])(;W[ca]))";
    let sgf = parse(text).unwrap();
    assert_eq!((sgf.game, sgf.columns, sgf.rows), (1, 3, 3));
    assert_eq!(sgf.black, vec!["a3"]);
    assert_eq!(sgf.variations.len(), 1);
    let b2 = &sgf.variations[0];
    assert_eq!((b2.player, b2.mv.as_str()), (Player::Black, "b2"));
    let replies: Vec<&str> = b2.children.iter().map(|v| v.mv.as_str()).collect();
    assert_eq!(replies, vec!["c1", "c3"]);
    assert_eq!(b2.children[0].children[0].mv, "a1");
    assert!(parse("(;FF[4]").is_err());
    assert!(parse("(;SZ[3];B[zz])").is_err());
    assert!(parse("(;SZ[3];C[x])").is_err());
    // Not FF[4]: AP is "name:version".
    assert!(parse("(;FF[4]AP[plyscope]SZ[3];B[aa])").is_err());
}
