//! From a [`RawPuzzle`] to a [`Puzzle`]: every check that a file can fail, each with a
//! message saying what was expected and the place in the file it is about.
//!
//! Order of the checks: TOML syntax and the schema (unknown and missing fields, types), then
//! the game and the fields that belong to it, the board size, the stones (diagram or
//! coordinate lists), the position as a whole (the game's own `with_stones`: a finished game,
//! a chain without liberties, impossible stone counts), and last the settings and `[expect]`
//! (whose `winning_moves` must be legal in the position).

use toml::Spanned;

use super::dama::parse_dama_diagram;
use super::diagram::parse_diagram;
use super::schema::{RawExpect, RawLimits, RawPuzzle};
use super::source::{LineColumn, line_column, offset_in_string};
use super::{Expect, ExpectedResult, GameKind, Position, Puzzle, PuzzleError, PuzzleLimits};
use crate::game::{Player, Point, parse_point, point_name};
use crate::games::atarigo::AtariGo;
use crate::games::dama::Dama;
use crate::games::gobblet::Gobblet;
use crate::games::hex::Hex;
use crate::games::mnk::Mnk;
use crate::games::tree::TreeGame;
use crate::search::Algorithm;

/// Games a puzzle may name today, in the order messages list them.
const GAMES: &str = "mnk, atarigo, hex, tree, dama, gobblet";

/// Largest m,n,k board side and the range of k (preamble: up to 19x19, k from 3 to 6).
const MNK_MAX_SIDE: i64 = 19;
const MNK_K: std::ops::RangeInclusive<i64> = 3..=6;
/// AtariGo boards from 2x2 to 19x19.
const ATARIGO_SIDES: std::ops::RangeInclusive<i64> = 2..=19;
/// Hex boards from 1x1 to 13x13.
const HEX_SIDES: std::ops::RangeInclusive<i64> = 1..=13;

/// A problem at a byte offset of the file (`None`: the file as a whole).
struct Fault {
    at: Option<usize>,
    message: String,
}

fn fault(at: usize, message: impl Into<String>) -> Fault {
    Fault {
        at: Some(at),
        message: message.into(),
    }
}

fn at<T>(spanned: &Spanned<T>, message: impl Into<String>) -> Fault {
    fault(spanned.span().start, message)
}

type Checked<T> = Result<T, Fault>;

/// Parses and validates `text`; errors carry `origin`.
pub(crate) fn parse(text: &str, origin: &str) -> Result<Puzzle, PuzzleError> {
    let located = |f: Fault| {
        let lc = f.at.map(|offset| line_column(text, offset));
        PuzzleError {
            origin: origin.to_string(),
            line: lc.map(|lc| lc.line),
            column: lc.map(|lc| lc.column),
            message: f.message,
        }
    };
    let raw: RawPuzzle = toml::from_str(text).map_err(|e| {
        located(Fault {
            at: e.span().map(|s| s.start),
            message: toml_message(e.message()),
        })
    })?;
    validate(text, origin, raw).map_err(located)
}

/// TOML's message on one line, with a hint for the fields every puzzle needs.
fn toml_message(message: &str) -> String {
    let one_line = message.trim().replace('\n', "; ");
    if one_line == "missing field `title`" || one_line == "missing field `game`" {
        format!("{one_line}; every puzzle needs `title` and `game`")
    } else {
        one_line
    }
}

fn game_kind(game: &Spanned<String>) -> Checked<GameKind> {
    let name = game.get_ref().as_str();
    GameKind::ALL
        .into_iter()
        .find(|k| k.name() == name)
        .ok_or_else(|| {
            at(
                game,
                format!("unknown game \"{name}\"; expected one of {GAMES}"),
            )
        })
}

fn validate(text: &str, origin: &str, raw: RawPuzzle) -> Checked<Puzzle> {
    let kind = game_kind(&raw.game)?;
    if raw.title.get_ref().trim().is_empty() {
        return Err(at(
            &raw.title,
            "the title is empty; expected a short description",
        ));
    }
    check_fields_belong(&raw, kind)?;
    let position = match kind {
        GameKind::Mnk => Position::Mnk(mnk_position(text, &raw)?),
        GameKind::AtariGo => Position::AtariGo(atarigo_position(text, &raw)?),
        GameKind::Hex => Position::Hex(hex_position(text, &raw)?),
        GameKind::Tree => Position::Tree(tree_position(text, &raw)?),
        GameKind::Dama => Position::Dama(dama_position(text, &raw)?),
        GameKind::Gobblet => Position::Gobblet(gobblet_position(text, &raw)?),
    };
    let algorithm = raw
        .algorithm
        .as_ref()
        .map(|name| {
            Algorithm::parse(name.get_ref()).ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                at(
                    name,
                    format!(
                        "unknown algorithm \"{}\"; expected one of {}",
                        name.get_ref(),
                        names.join(", ")
                    ),
                )
            })
        })
        .transpose()?;
    let draw_counts_for_attacker = match &raw.draw {
        None => false,
        Some(d) => match d.get_ref().as_str() {
            "defender" => false,
            "attacker" => true,
            other => {
                return Err(at(
                    d,
                    format!("unknown draw rule \"{other}\"; expected \"attacker\" or \"defender\""),
                ));
            }
        },
    };
    let limits = limits(raw.limits.as_ref())?;
    let expect = raw
        .expect
        .as_ref()
        .map(|e| expect(e, &position))
        .transpose()?;
    Ok(Puzzle {
        name: origin.to_string(),
        title: raw.title.into_inner(),
        position,
        algorithm,
        limits,
        expect,
        draw_counts_for_attacker,
    })
}

/// Rejects fields that the puzzle's game does not use, so a typo in `game` or a stray field
/// is not silently ignored.
fn check_fields_belong(raw: &RawPuzzle, kind: GameKind) -> Checked<()> {
    let stone_fields: [(&str, Option<usize>); 4] = [
        ("size", raw.size.as_ref().map(|s| s.span().start)),
        ("board", raw.board.as_ref().map(|s| s.span().start)),
        ("black", raw.black.as_ref().map(|s| s.span().start)),
        ("white", raw.white.as_ref().map(|s| s.span().start)),
    ];
    let mnk_fields: [(&str, Option<usize>); 3] = [
        ("k", raw.k.as_ref().map(|s| s.span().start)),
        ("exact_k", raw.exact_k.as_ref().map(|s| s.span().start)),
        (
            "free_setup",
            raw.free_setup.as_ref().map(|s| s.span().start),
        ),
    ];
    let game = kind.name();
    if kind == GameKind::Tree {
        if let Some((name, Some(offset))) = stone_fields.iter().find(|(_, s)| s.is_some()) {
            return Err(fault(
                *offset,
                format!("`{name}` does not apply to game = \"tree\"; a tree puzzle gives `tree`"),
            ));
        }
    } else if let Some(tree) = &raw.tree {
        return Err(at(
            tree,
            format!("`tree` applies only to game = \"tree\", not to game = \"{game}\""),
        ));
    }
    if kind != GameKind::Mnk
        && let Some((name, Some(offset))) = mnk_fields.iter().find(|(_, s)| s.is_some())
    {
        return Err(fault(
            *offset,
            format!("`{name}` applies only to game = \"mnk\", not to game = \"{game}\""),
        ));
    }
    if kind != GameKind::Gobblet {
        for (name, field) in [("variant", &raw.variant), ("evaluation", &raw.evaluation)] {
            if let Some(f) = field {
                return Err(at(
                    f,
                    format!(
                        "`{name}` applies only to game = \"gobblet\", not to game = \"{game}\""
                    ),
                ));
            }
        }
    }
    if kind != GameKind::Tree
        && let Some(value) = raw.expect.as_ref().and_then(|e| e.get_ref().value.as_ref())
    {
        return Err(at(
            value,
            "`value` applies only to game = \"tree\" (trees with numeric leaves); give `result` \
             instead",
        ));
    }
    Ok(())
}

/// `size = [columns, rows]` or `size = n`, as written (not yet range-checked).
fn read_size(size: &Spanned<toml::Value>) -> Checked<(i64, i64)> {
    let expected = "expected `size = [columns, rows]` (two whole numbers) or `size = n` for an \
                    n x n board";
    match size.get_ref() {
        toml::Value::Integer(n) => Ok((*n, *n)),
        toml::Value::Array(items) => match items.as_slice() {
            [toml::Value::Integer(c), toml::Value::Integer(r)] => Ok((*c, *r)),
            _ => Err(at(size, expected)),
        },
        _ => Err(at(size, expected)),
    }
}

fn size_text(size: &Spanned<toml::Value>, (c, r): (i64, i64)) -> String {
    match size.get_ref() {
        toml::Value::Integer(_) => format!("size = {c}"),
        _ => format!("size = [{c}, {r}]"),
    }
}

/// The checked board size of a stone game.
fn board_size(raw: &RawPuzzle, kind: GameKind) -> Checked<(usize, usize)> {
    let Some(size) = &raw.size else {
        return Err(at(
            &raw.game,
            format!(
                "game = \"{}\" needs `size = [columns, rows]` (or `size = n` for n x n)",
                kind.name()
            ),
        ));
    };
    let (c, r) = read_size(size)?;
    let written = size_text(size, (c, r));
    if c < 1 || r < 1 {
        return Err(at(
            size,
            format!("{written}: a board needs at least one column and one row"),
        ));
    }
    match kind {
        GameKind::Mnk if c > MNK_MAX_SIDE || r > MNK_MAX_SIDE => Err(at(
            size,
            format!("{written} is too big; an m,n,k board is at most 19 x 19"),
        )),
        GameKind::AtariGo if !ATARIGO_SIDES.contains(&c) || !ATARIGO_SIDES.contains(&r) => Err(at(
            size,
            format!("{written} is out of range; an AtariGo board is from 2 x 2 to 19 x 19"),
        )),
        GameKind::Hex if c != r => Err(at(
            size,
            format!("{written} is not square; a Hex board is n x n"),
        )),
        GameKind::Hex if !HEX_SIDES.contains(&c) => Err(at(
            size,
            format!("{written} is out of range; a Hex board is from 1 x 1 to 13 x 13"),
        )),
        _ => Ok((c as usize, r as usize)),
    }
}

fn player_word(to_move: &Spanned<String>) -> Checked<Player> {
    match to_move.get_ref().as_str() {
        "black" | "X" | "B" => Ok(Player::Black),
        "white" | "O" | "W" => Ok(Player::White),
        other => Err(at(
            to_move,
            format!("unknown side to move \"{other}\"; expected \"black\" or \"white\""),
        )),
    }
}

/// The side to move: as written, or else black when both sides have as many stones and white
/// when black has one more (the only counts alternate play from an empty board can reach;
/// a free setup with other counts starts with black). `report_at` is where the stones are.
fn side_to_move(
    raw: &RawPuzzle,
    stones: &[(Point, Player)],
    report_at: Option<usize>,
) -> Checked<Player> {
    if let Some(word) = &raw.to_move {
        return player_word(word);
    }
    let black = stones.iter().filter(|s| s.1 == Player::Black).count();
    let white = stones.len() - black;
    let free = raw.free_setup.as_ref().is_some_and(|f| *f.get_ref());
    if black == white + 1 {
        Ok(Player::White)
    } else if black == white || free {
        Ok(Player::Black)
    } else {
        Err(fault(
            report_at.unwrap_or(raw.game.span().start),
            format!(
                "impossible stone counts: {black} black and {white} white; black (who moves \
                 first) must have as many stones as white (black to move) or one more (white \
                 to move)"
            ),
        ))
    }
}

/// The stones and side to move of a stone-game puzzle, and where to report a position the
/// game rejects as a whole.
struct StoneSetup {
    stones: Vec<(Point, Player)>,
    to_move: Player,
    report_at: Option<usize>,
}

/// The stones of `board`, or of `black` and `white`, and the side to move.
fn stone_setup(text: &str, raw: &RawPuzzle, columns: usize, rows: usize) -> Checked<StoneSetup> {
    let lists = [(Player::Black, &raw.black), (Player::White, &raw.white)];
    let (stones, report_at) = if let Some(board) = &raw.board {
        if let Some((_, Some(list))) = lists.iter().find(|(_, l)| l.is_some()) {
            return Err(at(
                list,
                "give either `board` or `black`/`white` lists, not both",
            ));
        }
        let stones = parse_diagram(board.get_ref(), columns, rows).map_err(|e| {
            fault(
                offset_in_string(text, &board.span(), board.get_ref(), e.offset),
                e.message,
            )
        })?;
        (stones, Some(board.span().start))
    } else {
        let mut stones: Vec<(Point, Player)> = Vec::new();
        let mut report_at = None;
        for (player, list) in lists {
            let Some(list) = list else { continue };
            report_at.get_or_insert(list.span().start);
            for coordinate in list.get_ref() {
                let p = parse_point(coordinate.get_ref(), columns, rows)
                    .map_err(|e| at(coordinate, format!("in `{player}`: {e}")))?;
                if stones.iter().any(|&(q, _)| q == p) {
                    return Err(at(
                        coordinate,
                        format!("two stones on {}", point_name(p, columns)),
                    ));
                }
                stones.push((p, player));
            }
        }
        (stones, report_at)
    };
    let to_move = side_to_move(raw, &stones, report_at)?;
    Ok(StoneSetup {
        stones,
        to_move,
        report_at,
    })
}

fn mnk_position(text: &str, raw: &RawPuzzle) -> Checked<Mnk> {
    let (columns, rows) = board_size(raw, GameKind::Mnk)?;
    let Some(k) = &raw.k else {
        return Err(at(
            &raw.game,
            "game = \"mnk\" needs `k`, the number of stones in a row that wins",
        ));
    };
    let longest = columns.max(rows) as i64;
    let k_value = *k.get_ref();
    if !MNK_K.contains(&k_value) || k_value > longest {
        return Err(at(
            k,
            format!(
                "k = {k_value} is out of range; expected 3 to 6 and at most the longer side of \
                 the board ({longest})"
            ),
        ));
    }
    let exact_k = raw.exact_k.as_ref().is_some_and(|e| *e.get_ref());
    let game = Mnk::new(columns, rows, k_value as usize, exact_k).map_err(|e| at(k, e))?;
    let setup = stone_setup(text, raw, columns, rows)?;
    let free = raw.free_setup.as_ref().is_some_and(|f| *f.get_ref());
    let placed = if free {
        game.with_free_stones(&setup.stones, setup.to_move)
    } else {
        game.with_stones(&setup.stones, setup.to_move)
    };
    placed.map_err(|e| position_fault(raw, setup.report_at, e))
}

fn atarigo_position(text: &str, raw: &RawPuzzle) -> Checked<AtariGo> {
    let (columns, rows) = board_size(raw, GameKind::AtariGo)?;
    let game = AtariGo::new(columns, rows).map_err(|e| size_fault(raw, e))?;
    let setup = stone_setup(text, raw, columns, rows)?;
    game.with_stones(&setup.stones, setup.to_move)
        .map_err(|e| position_fault(raw, setup.report_at, e))
}

fn hex_position(text: &str, raw: &RawPuzzle) -> Checked<Hex> {
    let (columns, rows) = board_size(raw, GameKind::Hex)?;
    let game = Hex::new(columns).map_err(|e| size_fault(raw, e))?;
    let setup = stone_setup(text, raw, columns, rows)?;
    game.with_stones(&setup.stones, setup.to_move)
        .map_err(|e| position_fault(raw, setup.report_at, e))
}

/// A size the game's constructor rejected although it passed our range checks.
fn size_fault(raw: &RawPuzzle, message: String) -> Fault {
    fault(raw.size.as_ref().map_or(0, |s| s.span().start), message)
}

/// A position the game rejected as a whole: reported at the stones, else at `to_move`.
fn position_fault(raw: &RawPuzzle, stones_at: Option<usize>, message: String) -> Fault {
    let offset = stones_at
        .or(raw.to_move.as_ref().map(|t| t.span().start))
        .unwrap_or(raw.game.span().start);
    fault(offset, message)
}

/// A Czech checkers position: an 8x8 `board` diagram (see [`super::dama`]) and the side to
/// move, white unless `to_move` says otherwise (White moves first in checkers).
fn dama_position(text: &str, raw: &RawPuzzle) -> Checked<Dama> {
    if let Some(size) = &raw.size
        && read_size(size)? != (8, 8)
    {
        return Err(at(
            size,
            "Czech checkers is played on 8 x 8; leave `size` out or write `size = 8`",
        ));
    }
    if let Some(list) = raw.black.as_ref().or(raw.white.as_ref()) {
        return Err(at(
            list,
            "game = \"dama\" gives its pieces in a `board` diagram (x/X black man/king, o/O \
             white man/king), not in `black`/`white` lists",
        ));
    }
    let Some(board) = &raw.board else {
        return Err(at(
            &raw.game,
            "game = \"dama\" needs `board`, eight rows of eight cells (x/X black man/king, \
             o/O white man/king, . empty)",
        ));
    };
    let pieces = parse_dama_diagram(board.get_ref()).map_err(|e| {
        fault(
            offset_in_string(text, &board.span(), board.get_ref(), e.offset),
            e.message,
        )
    })?;
    let to_move = match &raw.to_move {
        Some(word) => player_word(word)?,
        None => Player::White,
    };
    Dama::with_pieces(&pieces, to_move).map_err(|e| at(board, e))
}

/// A Gobblet position: a diagram of stacks (see `puzzle/gobblet.rs`), Black to move unless
/// `to_move` says otherwise.
fn gobblet_position(text: &str, raw: &RawPuzzle) -> Checked<Gobblet> {
    let to_move = match &raw.to_move {
        Some(word) => player_word(word)?,
        None => Player::Black,
    };
    super::gobblet::gobblet_position(text, raw, to_move)
        .map_err(|(offset, message)| fault(offset, message))
}

fn tree_position(text: &str, raw: &RawPuzzle) -> Checked<TreeGame> {
    let Some(tree) = &raw.tree else {
        return Err(at(
            &raw.game,
            "game = \"tree\" needs `tree`, e.g. tree = \"(a (b 3 12 8) (c 2 4 6) (d 14 5 2))\"",
        ));
    };
    if let Some(to_move) = &raw.to_move
        && player_word(to_move)? != Player::Black
    {
        return Err(at(
            to_move,
            "a tree starts with its root player, black, to move; leave `to_move` out",
        ));
    }
    TreeGame::parse(tree.get_ref()).map_err(|e| {
        let in_file = |offset| offset_in_string(text, &tree.span(), tree.get_ref(), offset);
        let message = file_positions(&e.message, |offset| line_column(text, in_file(offset)));
        fault(in_file(e.offset), format!("in `tree`: {message}"))
    })
}

/// The tree parser names places as "byte N" of the tree text; in a puzzle file a line and a
/// column say more.
fn file_positions(message: &str, to_file: impl Fn(usize) -> LineColumn) -> String {
    const MARK: &str = "byte ";
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find(MARK) {
        let after = &rest[i + MARK.len()..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<usize>() {
            Ok(offset) => {
                let lc = to_file(offset);
                out.push_str(&rest[..i]);
                out.push_str(&format!("line {}, column {}", lc.line, lc.column));
            }
            Err(_) => out.push_str(&rest[..i + MARK.len() + digits]),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

fn limits(raw: Option<&RawLimits>) -> Checked<PuzzleLimits> {
    let Some(raw) = raw else {
        return Ok(PuzzleLimits::default());
    };
    let time = match &raw.time {
        Some(t) if !(t.get_ref().is_finite() && *t.get_ref() > 0.0) => {
            return Err(at(
                t,
                format!("time = {} is not a positive number of seconds", t.get_ref()),
            ));
        }
        Some(t) if *t.get_ref() > 1e9 => {
            return Err(at(t, "time is too long; expected at most 1e9 seconds"));
        }
        other => other.as_ref().map(|t| *t.get_ref()),
    };
    // The same range as `--max-depth`: a search of 0 plies answers nothing, and engines go
    // at most crate::search::MAX_PLY deep.
    if let Some(d) = &raw.max_depth
        && !(1..=1000).contains(d.get_ref())
    {
        return Err(at(
            d,
            format!(
                "max_depth = {} is out of range; expected a whole number of plies from 1 to \
                 1000 (as --max-depth)",
                d.get_ref()
            ),
        ));
    }
    Ok(PuzzleLimits {
        max_depth: raw.max_depth.as_ref().map(|d| *d.get_ref()),
        max_level: raw.max_level,
        nodes: raw.nodes,
        time,
    })
}

fn expect(raw: &Spanned<RawExpect>, position: &Position) -> Checked<Expect> {
    let e = raw.get_ref();
    let result = match &e.result {
        Some(word) => Some(ExpectedResult::parse(word.get_ref()).ok_or_else(|| {
            at(
                word,
                format!(
                    "unknown result \"{}\"; expected \"win\", \"loss\" or \"draw\" (for the \
                     side to move)",
                    word.get_ref()
                ),
            )
        })?),
        None if e.value.is_some() => None,
        None => {
            return Err(at(
                raw,
                "`[expect]` needs `result` (\"win\", \"loss\" or \"draw\" for the side to move), \
                 or `value` for a tree with numeric leaves",
            ));
        }
    };
    let winning_moves = match &e.winning_moves {
        None => None,
        Some(list) => {
            if let Some(r @ (ExpectedResult::Loss | ExpectedResult::Draw)) = result
                && !list.get_ref().is_empty()
            {
                return Err(at(
                    list,
                    format!("`winning_moves` lists moves, but the expected result is {r}"),
                ));
            }
            Some(checked_moves(list.get_ref(), position)?)
        }
    };
    Ok(Expect {
        result,
        plies: e.plies,
        winning_moves,
        value: e.value.as_ref().map(|v| *v.get_ref()),
        lambda_level: e.lambda_level,
        source: e.source.clone(),
    })
}

fn checked_moves(moves: &[Spanned<String>], position: &Position) -> Checked<Vec<String>> {
    let mut out: Vec<String> = Vec::with_capacity(moves.len());
    for mv in moves {
        let name = mv.get_ref();
        position.check_move(name).map_err(|e| {
            at(
                mv,
                format!("in `winning_moves`: \"{name}\" is not a legal move here: {e}"),
            )
        })?;
        if out.iter().any(|m| m == name) {
            return Err(at(
                mv,
                format!("\"{name}\" appears twice in `winning_moves`"),
            ));
        }
        out.push(name.clone());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text, "t.toml").unwrap_err().to_string()
    }

    #[test]
    fn spans_of_fields_are_kept() {
        let raw: RawPuzzle = toml::from_str("title = \"x\"\ngame = \"mnk\"\n").unwrap();
        assert_eq!(raw.game.span(), 19..24);
    }

    #[test]
    fn sizes_accept_a_pair_or_one_number() {
        let p = parse("title = \"t\"\ngame = \"hex\"\nsize = 4\n", "t.toml").unwrap();
        assert_eq!(p.position.board_size(), Some((4, 4)));
        let p = parse(
            "title = \"t\"\ngame = \"mnk\"\nsize = [5, 4]\nk = 4\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(p.position.board_size(), Some((5, 4)));
        assert_eq!(
            error("title = \"t\"\ngame = \"mnk\"\nsize = [5]\nk = 4\n"),
            "t.toml:3:8: expected `size = [columns, rows]` (two whole numbers) or `size = n` \
             for an n x n board"
        );
    }

    #[test]
    fn fields_of_other_games_are_rejected() {
        assert_eq!(
            error("title = \"t\"\ngame = \"hex\"\nsize = 3\nk = 3\n"),
            "t.toml:4:5: `k` applies only to game = \"mnk\", not to game = \"hex\""
        );
        assert_eq!(
            error("title = \"t\"\ngame = \"tree\"\ntree = \"(a 1 2)\"\nsize = 3\n"),
            "t.toml:4:8: `size` does not apply to game = \"tree\"; a tree puzzle gives `tree`"
        );
        assert_eq!(
            error("title = \"t\"\ngame = \"hex\"\nsize = 3\ntree = \"(a 1)\"\n"),
            "t.toml:4:8: `tree` applies only to game = \"tree\", not to game = \"hex\""
        );
    }

    #[test]
    fn side_to_move_follows_the_counts_by_default() {
        let p = parse(
            "title = \"t\"\ngame = \"mnk\"\nsize = 3\nk = 3\nblack = [\"b2\"]\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(p.position.to_move(), Player::White);
        let p = parse(
            "title = \"t\"\ngame = \"mnk\"\nsize = 3\nk = 3\nto_move = \"X\"\n",
            "t.toml",
        )
        .unwrap();
        assert_eq!(p.position.to_move(), Player::Black);
        assert_eq!(
            error("title = \"t\"\ngame = \"mnk\"\nsize = 3\nk = 3\nto_move = \"red\"\n"),
            "t.toml:5:11: unknown side to move \"red\"; expected \"black\" or \"white\""
        );
    }

    #[test]
    fn long_times_and_odd_results_are_rejected() {
        let base = "title = \"t\"\ngame = \"mnk\"\nsize = 3\nk = 3\n";
        assert_eq!(
            error(&format!("{base}[limits]\ntime = 1e300\n")),
            "t.toml:6:8: time is too long; expected at most 1e9 seconds"
        );
        assert_eq!(
            error(&format!(
                "{base}[expect]\nresult = \"loss\"\nwinning_moves = [\"a1\"]\n"
            )),
            "t.toml:7:17: `winning_moves` lists moves, but the expected result is loss"
        );
        assert_eq!(
            error(&format!(
                "{base}[expect]\nresult = \"win\"\nwinning_moves = [\"a1\", \"a1\"]\n"
            )),
            "t.toml:7:24: \"a1\" appears twice in `winning_moves`"
        );
        assert_eq!(
            error(&format!("{base}[expect]\nvalue = 3\n")),
            "t.toml:6:9: `value` applies only to game = \"tree\" (trees with numeric leaves); \
             give `result` instead"
        );
    }

    #[test]
    fn every_algorithm_name_is_accepted() {
        for algorithm in Algorithm::ALL {
            let text = format!(
                "title = \"t\"\ngame = \"hex\"\nsize = 2\nalgorithm = \"{}\"\n",
                algorithm.name()
            );
            assert_eq!(parse(&text, "t.toml").unwrap().algorithm, Some(algorithm));
        }
    }

    #[test]
    fn draw_rules_titles_and_tree_sides_are_checked() {
        let base = "title = \"t\"\ngame = \"hex\"\nsize = 2\n";
        let p = parse(&format!("{base}draw = \"attacker\"\n"), "t.toml").unwrap();
        assert!(p.draw_counts_for_attacker);
        assert_eq!(
            error(&format!("{base}draw = \"nobody\"\n")),
            "t.toml:4:8: unknown draw rule \"nobody\"; expected \"attacker\" or \"defender\""
        );
        assert_eq!(
            error("title = \" \"\ngame = \"hex\"\nsize = 2\n"),
            "t.toml:1:9: the title is empty; expected a short description"
        );
        assert_eq!(
            error("title = \"t\"\ngame = \"tree\"\nto_move = \"white\"\ntree = \"(a 1 2)\"\n"),
            "t.toml:3:11: a tree starts with its root player, black, to move; leave `to_move` out"
        );
        assert_eq!(
            error("title = \"t\"\ngame = \"tree\"\n"),
            "t.toml:2:8: game = \"tree\" needs `tree`, e.g. tree = \"(a (b 3 12 8) (c 2 4 6) (d 14 5 \
             2))\""
        );
        assert_eq!(
            error("title = \"t\"\ngame = \"hex\"\nsize = 2\n[expect]\nplies = 3\n"),
            "t.toml:4:1: `[expect]` needs `result` (\"win\", \"loss\" or \"draw\" for the side to \
             move), or `value` for a tree with numeric leaves"
        );
    }

    #[test]
    fn byte_offsets_in_tree_messages_become_lines_and_columns() {
        let to_file = |offset: usize| LineColumn {
            line: 4,
            column: offset + 1,
        };
        assert_eq!(
            file_positions("the node 'a' opened at byte 0", to_file),
            "the node 'a' opened at line 4, column 1"
        );
        assert_eq!(
            file_positions("between byte 3 and byte 12.", to_file),
            "between line 4, column 4 and line 4, column 13."
        );
        assert_eq!(file_positions("a byte x", to_file), "a byte x");
        assert_eq!(
            file_positions("byte 99999999999999999999999", to_file),
            "byte 99999999999999999999999"
        );
    }
}
