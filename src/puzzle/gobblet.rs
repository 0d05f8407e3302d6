//! The Gobblet part of puzzle validation: `variant` ("gobblet", the default, or
//! "gobblers"), an optional `size` that must match it (4 or 3; `size = 3` alone selects
//! Gobblers), `board` as a diagram of stacks (see [`crate::games::gobblet::diagram`]; no
//! `board` is the start position), `to_move` (default black, `X`), and `evaluation`
//! ("feature", the default, or "pattern", Kotrč, *Gobblet analysed with AI methods*, 2.3 and 3.2).
//! Reserves follow from the board. Errors are `(byte offset in the file, message)`.

use toml::Spanned;

use super::schema::RawPuzzle;
use super::source::offset_in_string;
use crate::game::Player;
use crate::games::gobblet::diagram::parse_board;
use crate::games::gobblet::{Evaluation, Gobblet, Variant};

type Fault = (usize, String);

fn at<T>(s: &Spanned<T>, message: impl Into<String>) -> Fault {
    (s.span().start, message.into())
}

/// The position of a `game = "gobblet"` puzzle; `to_move` is already checked by the caller.
pub(super) fn gobblet_position(
    text: &str,
    raw: &RawPuzzle,
    to_move: Player,
) -> Result<Gobblet, Fault> {
    if let Some(list) = raw.black.as_ref().or(raw.white.as_ref()) {
        return Err(at(
            list,
            "game = \"gobblet\" gives its pieces in `board` (stacks like X4 or O1X3), not as \
             coordinate lists",
        ));
    }
    let size = match &raw.size {
        None => None,
        Some(s) => match s.get_ref() {
            toml::Value::Integer(n @ (3 | 4)) => Some((*n as usize, s.span().start)),
            toml::Value::Array(items)
                if matches!(items.as_slice(),
                    [toml::Value::Integer(a), toml::Value::Integer(b)] if a == b && (*a == 3 || *a == 4)) =>
            {
                let n = items[0].as_integer().unwrap_or(4) as usize;
                Some((n, s.span().start))
            }
            _ => {
                return Err(at(
                    s,
                    "a Gobblet board is `size = 4` (Gobblet) or `size = 3` (Gobblet Gobblers)",
                ));
            }
        },
    };
    let variant = match &raw.variant {
        Some(v) => Variant::from_name(v.get_ref()).ok_or_else(|| {
            at(
                v,
                format!(
                    "unknown Gobblet variant \"{}\"; expected \"gobblet\" (4x4) or \"gobblers\" \
                     (3x3)",
                    v.get_ref()
                ),
            )
        })?,
        None if size.is_some_and(|(n, _)| n == 3) => Variant::Gobblers,
        None => Variant::Gobblet,
    };
    if let Some((n, offset)) = size
        && n != variant.side()
    {
        return Err((
            offset,
            format!(
                "size {n} does not fit variant \"{}\", which is played on {m} x {m}",
                variant.name(),
                m = variant.side()
            ),
        ));
    }
    let mut game = match &raw.board {
        None => {
            let g = Gobblet::new(variant);
            if to_move == Player::White {
                return Err((
                    raw.game.span().start,
                    "the start position has X (black) to move; give a `board` for another"
                        .to_string(),
                ));
            }
            g
        }
        Some(board) => {
            let stacks =
                parse_board(board.get_ref(), variant.side(), variant.sizes()).map_err(|e| {
                    (
                        offset_in_string(text, &board.span(), board.get_ref(), e.offset),
                        e.message,
                    )
                })?;
            Gobblet::from_stacks(variant, &stacks, to_move)
                .map_err(|message| (board.span().start, message))?
        }
    };
    if let Some(e) = &raw.evaluation {
        let evaluation = Evaluation::from_name(e.get_ref()).map_err(|m| at(e, m))?;
        game.set_evaluation(evaluation);
    }
    Ok(game)
}
