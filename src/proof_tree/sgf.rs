//! Proof trees of the stone games as SGF (FF[4], <https://www.red-bean.com/sgf/>), for
//! `plyscope export` and for Go and Hex editors.
//!
//! The root node holds the set-up: `GM` (1 for AtariGo, which is Go; 11 for Hex; 4, the
//! Gomoku and Renju family, for m,n,k, whose k SGF cannot say: it is in the `C` comment),
//! `SZ` (`SZ[5]`, or `SZ[7:6]` for a rectangle), the stones of the puzzle's position as `AB`
//! and `AW`, and the side to move as `PL`. The proof DAG is unfolded into a tree of
//! variations: one `B`/`W` node per move, a variation per defender move at AND nodes.
//! Go and m,n,k points use SGF's letters, column from the left and row from the top (`aa` is
//! the top left corner): a1 on a 5x5 board is `ae`. Hex cells are written by name (`c3`), as
//! HexGui and Benzene write and read them (HexGui's `SgfWriter.java`, Benzene's `HexSgUtil`),
//! whose `c3` is plyscope's `c3` (`puzzle/sgf.rs` states the mapping); Go letters flipped
//! upside down would mirror a Hex board onto another position.
//!
//! The writer is hand-written rather than `sgf-parse`'s serializer: it streams up to
//! [`MAX_SGF_NODES`] moves into one string, where the crate wants an owned tree of nodes
//! first. `puzzle/sgf.rs` reads these files back (`plyscope solve proof.sgf` reads the root
//! position), and the tests check them with `sgf-parse` and with Python's sgfmill.
//!
//! [`variations`] is the unfolded tree the file holds; the tests read files back with the
//! `sgf-parse` crate (tests/integration/helpers/sgf.rs) and compare. Unfolding is bounded by
//! [`MAX_SGF_NODES`].

use crate::game::{Player, Point, StoneGame, parse_point, point_name};
use crate::games::any::{AnyGame, GameKind, GameVisitor};
use crate::puzzle;

use super::ProofTree;

/// Most move nodes an SGF file may unfold to.
pub const MAX_SGF_NODES: usize = 2_000_000;

/// Why no SGF could be written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SgfError(pub String);

/// One move of the unfolded proof and what follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// Who plays the move.
    pub player: Player,
    /// The move in the game's notation ("c3").
    pub mv: String,
    /// The moves that may follow (one after an attacker move's reply... every defence).
    pub children: Vec<Variation>,
}

/// The stone board of a proof's puzzle: game id, size, stones, side to move.
struct Board {
    game: u32,
    columns: usize,
    rows: usize,
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Player,
    comment: String,
}

fn board_of<G: StoneGame>(g: &G, game: u32, comment: String) -> Board {
    let (mut black, mut white) = (Vec::new(), Vec::new());
    for p in 0..g.num_points() as Point {
        match g.stone(p) {
            Some(Player::Black) => black.push(p),
            Some(Player::White) => white.push(p),
            None => {}
        }
    }
    Board {
        game,
        columns: g.columns(),
        rows: g.rows(),
        black,
        white,
        to_move: g.to_move(),
        comment,
    }
}

fn board(tree: &ProofTree) -> Result<Board, SgfError> {
    let puzzle = puzzle::parse(&tree.puzzle, &tree.puzzle_name)
        .map_err(|e| SgfError(format!("the proof's puzzle does not load: {e}")))?;
    let about = format!(
        "proof that {} reaches {} ({}, {})",
        tree.attacker,
        tree.goal.word(),
        tree.puzzle_name,
        tree.algorithm
    );
    struct Stones<'a> {
        tree: &'a ProofTree,
        about: String,
    }
    impl GameVisitor for Stones<'_> {
        type Output = Result<Board, SgfError>;
        fn visit<G: AnyGame>(self, _: &G) -> Self::Output {
            Err(SgfError(format!(
                "SGF is written for the stone games (m,n,k, AtariGo, Hex), not {}",
                G::KIND.name()
            )))
        }
        fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
            // SGF's game numbers (GM): Go 1, Gomoku-like 4, Hex 11.
            Ok(match G::KIND {
                GameKind::Hex => board_of(game, 11, self.about),
                GameKind::Mnk => {
                    let k = puzzle_k(&self.tree.puzzle);
                    board_of(game, 4, format!("m,n,k game, k = {k}; {}", self.about))
                }
                _ => board_of(game, 1, self.about),
            })
        }
    }
    puzzle.position.with_game(Stones { tree, about })
}

/// The `k` line of an m,n,k puzzle, for the comment ("?" if absent).
fn puzzle_k(text: &str) -> String {
    text.parse::<toml::Table>()
        .ok()
        .and_then(|t| t.get("k").map(|k| k.to_string()))
        .unwrap_or_else(|| "?".to_string())
}

/// The proof DAG unfolded into variations from the root.
pub fn variations(tree: &ProofTree) -> Result<Vec<Variation>, SgfError> {
    let attacker = tree
        .attacker_player()
        .ok_or_else(|| SgfError(format!("unknown attacker '{}'", tree.attacker)))?;
    let mut budget = MAX_SGF_NODES;
    unfold(tree, 0, attacker, &mut budget)
}

fn unfold(
    tree: &ProofTree,
    node: u32,
    mover: Player,
    budget: &mut usize,
) -> Result<Vec<Variation>, SgfError> {
    let Some(n) = tree.nodes.get(node as usize) else {
        return Err(SgfError(format!("node {node} does not exist")));
    };
    let mut out = Vec::with_capacity(n.moves.len());
    for (mv, child) in &n.moves {
        if *budget == 0 {
            return Err(SgfError(format!(
                "the proof unfolds to more than {MAX_SGF_NODES} SGF nodes"
            )));
        }
        *budget -= 1;
        out.push(Variation {
            player: mover,
            mv: mv.clone(),
            children: unfold(tree, *child, mover.opponent(), budget)?,
        });
    }
    Ok(out)
}

/// A point as written: the cell's name for Hex (`GM[11]`), Go letters otherwise.
fn sgf_point(game: u32, p: Point, columns: usize, rows: usize) -> String {
    if game == 11 {
        return point_name(p, columns);
    }
    let x = p as usize % columns;
    let y = rows - 1 - p as usize / columns;
    format!("{}{}", (b'a' + x as u8) as char, (b'a' + y as u8) as char)
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// The SGF text of a stone game's proof tree.
pub fn write(tree: &ProofTree) -> Result<String, SgfError> {
    write_vars(tree, &variations(tree)?, None)
}

/// What [`write_bounded`] wrote: the text and how many move nodes it kept of how many.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoundedSgf {
    /// The SGF text.
    pub text: String,
    /// Move nodes written.
    pub written: usize,
    /// Move nodes of the whole unfolded proof.
    pub total: usize,
}

/// The SGF text of `tree` with at most `max_nodes` move nodes: the first ones in depth-first
/// order (closed under parents, so it is still a game tree). A cut file says so in the root
/// comment ("cut at N of M moves: an incomplete proof"), since what remains proves nothing.
pub fn write_bounded(tree: &ProofTree, max_nodes: usize) -> Result<BoundedSgf, SgfError> {
    let mut vars = variations(tree)?;
    let total = count(&vars);
    let mut budget = max_nodes;
    cut(&mut vars, &mut budget);
    let written = max_nodes.min(total);
    let note = (written < total).then(|| {
        format!(
            "cut at {written} of {total} moves (--max-nodes {max_nodes}): an incomplete proof, \
             {} moves not written",
            total - written
        )
    });
    let text = write_vars(tree, &vars, note.as_deref())?;
    Ok(BoundedSgf {
        text,
        written,
        total,
    })
}

fn count(vars: &[Variation]) -> usize {
    vars.iter().map(|v| 1 + count(&v.children)).sum()
}

/// Keeps the first `budget` nodes of `vars` in depth-first order.
fn cut(vars: &mut Vec<Variation>, budget: &mut usize) {
    let mut kept = 0;
    for v in vars.iter_mut() {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        kept += 1;
        cut(&mut v.children, budget);
    }
    vars.truncate(kept);
}

fn write_vars(
    tree: &ProofTree,
    vars: &[Variation],
    note: Option<&str>,
) -> Result<String, SgfError> {
    let b = board(tree)?;
    let comment = match note {
        Some(note) => format!("{}\n{note}", b.comment),
        None => b.comment.clone(),
    };
    let size = if b.columns == b.rows {
        format!("{}", b.columns)
    } else {
        format!("{}:{}", b.columns, b.rows)
    };
    // AP is "name:version" in FF[4]; a bare name is not a valid value.
    let mut out = format!(
        "(;FF[4]GM[{}]CA[UTF-8]AP[plyscope:{}]SZ[{size}]PL[{}]GN[{}]C[{}]",
        b.game,
        env!("CARGO_PKG_VERSION"),
        color(b.to_move),
        escape(&tree.puzzle_name),
        escape(&comment)
    );
    for (prop, stones) in [("AB", &b.black), ("AW", &b.white)] {
        if !stones.is_empty() {
            out.push_str(prop);
            for &p in stones {
                out.push_str(&format!("[{}]", sgf_point(b.game, p, b.columns, b.rows)));
            }
        }
    }
    write_variations(&mut out, vars, &b)?;
    out.push_str(")\n");
    Ok(out)
}

fn color(p: Player) -> &'static str {
    match p {
        Player::Black => "B",
        Player::White => "W",
    }
}

fn write_variations(out: &mut String, vars: &[Variation], b: &Board) -> Result<(), SgfError> {
    let single = vars.len() == 1;
    for v in vars {
        let p = parse_point(&v.mv, b.columns, b.rows)
            .map_err(|e| SgfError(format!("move {}: {e}", v.mv)))?;
        if !single {
            out.push('(');
        }
        out.push_str(&format!(
            ";{}[{}]",
            color(v.player),
            sgf_point(b.game, p, b.columns, b.rows)
        ));
        write_variations(out, &v.children, b)?;
        if !single {
            out.push(')');
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_use_sgf_letters_from_the_top() {
        // a1 on a 5x5 board is the bottom left corner: column a, fifth row from the top.
        assert_eq!(sgf_point(1, 0, 5, 5), "ae");
        assert_eq!(sgf_point(4, 6, 4, 3), "cb");
        // Hex cells by name, as HexGui writes them.
        assert_eq!(sgf_point(11, 0, 5, 5), "a1");
        assert_eq!(sgf_point(11, 7, 5, 5), "c2");
    }
}
