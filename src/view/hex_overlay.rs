//! The Hex overlay of the board: the Hex solver's read-out of a position, for people (the
//! `cycle_knowledge` key and the node pane of df-pn nodes): the board marks of each player's
//! edge connection or of the pruned moves with a letter for the reason, the legend under the
//! board, and the lines that say what decides the node and what the search leaves out. Read
//! from [`Hex::solver_readout`] (H-search, the must-play region, inferior cells), which is
//! what df-pn's move source uses: a mover holding a semi connection wins by its key, a mover
//! whose opponent holds a full connection has lost, and the pruned moves are never searched.

use crate::game::{Game, Player, Point};
use crate::games::hex::{EdgeConnection, Hex, Pruned, SolverReadout};

use super::session::{HexOverlay, MarkKind};

/// Carrier cells named in a line before "+k more".
const LISTED: usize = 6;

/// The one-letter mark of a pruned move's reason.
pub fn pruned_letter(why: Pruned) -> char {
    match why {
        Pruned::OutsideMustPlay => 'm',
        Pruned::Dead => 'd',
        Pruned::CapturedBy(_) => 'c',
        Pruned::Vulnerable { .. } => 'v',
    }
}

/// The marks of `view` on the board of `game` (empty for [`HexOverlay::Off`]).
///
/// Connections: each carrier cell `b` (Black's) or `w` (White's), `+` when both players'
/// carriers hold it, and a semi connection's key `B` or `W` (`*`: both players' key).
/// Pruned: each pruned cell's
/// [`pruned_letter`], none when a connection decides the node ([`decides`]): df-pn
/// generates no move there, so nothing was pruned (a node lost to a full connection must not
/// show every empty cell `m`).
pub fn marks(game: &Hex, k: &SolverReadout, view: HexOverlay) -> Vec<(Point, String, MarkKind)> {
    let mut out: Vec<(Point, String, MarkKind)> = Vec::new();
    match view {
        HexOverlay::Off => {}
        HexOverlay::Connections => {
            for player in [Player::Black, Player::White] {
                let (carrier, key) = match &k.connections[player.index()] {
                    None => continue,
                    Some(EdgeConnection::Full { carrier }) => (carrier, None),
                    Some(EdgeConnection::Semi { key, carrier }) => (carrier, Some(*key)),
                };
                let letter = match player {
                    Player::Black => 'b',
                    Player::White => 'w',
                };
                for &p in carrier {
                    match out.iter_mut().find(|m| m.0 == p) {
                        // A key stays a key; a cell of both carriers is `+`.
                        Some(m) if m.1.chars().all(|c| c.is_lowercase()) => {
                            *m = (p, "+".to_string(), MarkKind::Connection(None));
                        }
                        Some(_) => {}
                        None => {
                            out.push((p, letter.to_string(), MarkKind::Connection(Some(player))))
                        }
                    }
                }
                if let Some(key) = key {
                    // Both players' key (each wins by playing there first) is `*`.
                    let both = out.iter().any(|m| m.0 == key && m.1 == "B");
                    out.retain(|m| m.0 != key);
                    out.push(if both {
                        (key, "*".to_string(), MarkKind::Connection(None))
                    } else {
                        (
                            key,
                            letter.to_ascii_uppercase().to_string(),
                            MarkKind::Connection(Some(player)),
                        )
                    });
                }
            }
            out.sort_by_key(|m| m.0);
        }
        HexOverlay::Pruned if decides(game, k) => {}
        HexOverlay::Pruned => {
            out = k
                .pruned
                .iter()
                .map(|&(p, why)| (p, pruned_letter(why).to_string(), MarkKind::Pruned))
                .collect();
        }
    }
    out
}

/// The legend under the board for `view` (two short lines: the board pane is narrow).
pub fn legend(game: &Hex, k: Option<&SolverReadout>, view: HexOverlay) -> Option<String> {
    let Some(k) = k else {
        return (view != HexOverlay::Off)
            .then(|| "solver knowledge: none here\n(the game is over)".to_string());
    };
    match view {
        HexOverlay::Off => None,
        HexOverlay::Connections => {
            let state = |player: Player| match &k.connections[player.index()] {
                None => format!("{} none", player.title()),
                Some(EdgeConnection::Full { .. }) => format!("{} full", player.title()),
                Some(EdgeConnection::Semi { key, .. }) => {
                    format!("{} semi {}", player.title(), game.format_move(*key))
                }
            };
            Some(format!(
                "b/w connection, B/W semi key, +/* both\n{}, {}",
                state(Player::Black),
                state(Player::White)
            ))
        }
        HexOverlay::Pruned if decides(game, k) => Some(format!(
            "pruned: none, no move generated:\n{}",
            verdict(game, k).unwrap_or_default()
        )),
        HexOverlay::Pruned => Some(format!(
            // One line: the board pane wraps it between the letters' entries at its width.
            "pruned: m outside must-play, d dead, c captured, v vulnerable: {} cell{}",
            k.pruned.len(),
            if k.pruned.len() == 1 { "" } else { "s" }
        )),
    }
}

/// The cells of a carrier by name, the first [`LISTED`] of them.
fn cells(game: &Hex, carrier: &[Point]) -> String {
    if carrier.is_empty() {
        return "empty: the filled-in cells join them".to_string();
    }
    let mut names: Vec<String> = carrier
        .iter()
        .take(LISTED)
        .map(|&p| game.format_move(p))
        .collect();
    if carrier.len() > LISTED {
        names.push(format!("+{} more", carrier.len() - LISTED));
    }
    names.join(" ")
}

/// True when the knowledge decides the node before any move is generated: the mover
/// holds a connection of its edges (it wins by a semi's key, or at once by a full one), or
/// the opponent holds a full one (the mover has lost). df-pn's expansion stops there, so no
/// move is pruned.
pub fn decides(game: &Hex, k: &SolverReadout) -> bool {
    let mover = game.to_move();
    k.connections[mover.index()].is_some()
        || matches!(
            k.connections[mover.opponent().index()],
            Some(EdgeConnection::Full { .. })
        )
}

/// The connection that decides the node ([`decides`]), short, for a line that names it:
/// "decided by Black's semi connection (key b3)", "decided by Black's full connection";
/// `None` when the knowledge does not decide it.
pub fn verdict(game: &Hex, k: &SolverReadout) -> Option<String> {
    let mover = game.to_move();
    let (player, connection) = match (
        &k.connections[mover.index()],
        &k.connections[mover.opponent().index()],
    ) {
        (Some(c), _) => (mover, c),
        (None, Some(c @ EdgeConnection::Full { .. })) => (mover.opponent(), c),
        _ => return None,
    };
    Some(match connection {
        EdgeConnection::Full { .. } => format!("decided by {}'s full connection", player.title()),
        EdgeConnection::Semi { key, .. } => format!(
            "decided by {}'s semi connection (key {})",
            player.title(),
            game.format_move(*key)
        ),
    })
}

/// The opponent's full connection that decides the node against its mover ("by Black's
/// full connection"), the one verdict df-pn applies to a child as it generates it (an
/// empty must-play region); `None` otherwise.
pub fn lost_to(game: &Hex, k: &SolverReadout) -> Option<String> {
    let mover = game.to_move();
    match (
        &k.connections[mover.index()],
        &k.connections[mover.opponent().index()],
    ) {
        (None, Some(EdgeConnection::Full { .. })) => {
            Some(format!("by {}'s full connection", mover.opponent().title()))
        }
        _ => None,
    }
}

/// What the knowledge says about the node, one line each: the side to move's edge
/// connection (it wins), else the opponent's and what it decides, then the moves pruned,
/// counted by reason, or, when a connection decided the node, that no move was generated.
/// `carriers`: name the carriers' cells (the Why block); the node pane leaves them to the
/// board's `Z` marks, so that its narrow column keeps every line whole.
/// "Black holds a full connection of its edges (carrier a2 b2): White to move has lost",
/// "Black to move holds a semi connection, key c3 (carrier b2 c2): Black wins by c3",
/// "9 moves pruned: 7 outside must-play, 2 dead".
pub fn lines(game: &Hex, k: &SolverReadout, carriers: bool) -> Vec<String> {
    let mover = game.to_move();
    let mut out = Vec::new();
    let carrier = |cs: &[Point]| {
        if carriers {
            format!(" (carrier {})", cells(game, cs))
        } else {
            String::new()
        }
    };
    for player in [mover, mover.opponent()] {
        // A mover holding a connection wins: the opponent's says nothing more.
        if player != mover && k.connections[mover.index()].is_some() {
            break;
        }
        let (who, to_move) = (player.title(), mover.title());
        let holds = if player == mover {
            format!("{who} to move holds")
        } else {
            format!("{who} holds")
        };
        match &k.connections[player.index()] {
            None => {}
            Some(EdgeConnection::Full { carrier: cs }) => out.push(format!(
                "{holds} a full connection of its edges{}: {}",
                carrier(cs),
                if player == mover {
                    format!("{who} wins")
                } else {
                    format!("{to_move} to move has lost")
                }
            )),
            Some(EdgeConnection::Semi { key, carrier: cs }) => {
                let key = game.format_move(*key);
                out.push(format!(
                    "{holds} a semi connection, key {key}{}: {}",
                    carrier(cs),
                    if player == mover {
                        format!("{who} wins by {key}")
                    } else {
                        format!("{to_move} to move must break it")
                    }
                ));
            }
        }
    }
    if decides(game, k) {
        out.push("decided by the connection before any move was generated".to_string());
        return out;
    }
    if !k.pruned.is_empty() {
        let mut counts: Vec<(String, usize)> = Vec::new();
        let mut reasons: Vec<Pruned> = k.pruned.iter().map(|&(_, why)| why).collect();
        reasons.sort_by_key(|&why| reason_order(why));
        for why in reasons {
            let name = why.describe(game);
            match counts.iter_mut().find(|c| c.0 == name) {
                Some(c) => c.1 += 1,
                None => counts.push((name, 1)),
            }
        }
        let n = k.pruned.len();
        out.push(format!(
            "{n} move{} pruned: {}",
            if n == 1 { "" } else { "s" },
            counts
                .iter()
                .map(|(name, count)| format!("{count} {name}"))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    out
}

/// The order reasons are counted in: must-play, dead, captured (Black's, White's),
/// vulnerable (by killer).
fn reason_order(why: Pruned) -> (u8, u16) {
    match why {
        Pruned::OutsideMustPlay => (0, 0),
        Pruned::Dead => (1, 0),
        Pruned::CapturedBy(player) => (2, player.index() as u16),
        Pruned::Vulnerable { killer } => (3, killer),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::StoneGame;

    fn after(size: usize, moves: &[&str]) -> Hex {
        let mut g = Hex::new(size).unwrap();
        for m in moves {
            let p = g.parse_move(m).unwrap();
            g.play(p);
        }
        g
    }

    fn marks_text(g: &Hex, view: HexOverlay) -> Vec<(String, String, MarkKind)> {
        let k = g.solver_readout().unwrap();
        marks(g, &k, view)
            .into_iter()
            .map(|(p, t, kind)| (g.format_move(p), t, kind))
            .collect()
    }

    #[test]
    fn a_black_bridge_to_both_edges_is_marked_as_black_carrier() {
        // 4x4, Black b2 and c3 (a bridge; b1 c1 join b2 to row 1, b4 c4 join c3 to row 4),
        // White's a4 and d1 aside: every cell of Black's carrier is marked as Black's.
        let g = after(4, &["b2", "a4", "c3", "d1"]);
        let k = g.solver_readout().unwrap();
        let m = marks(&g, &k, HexOverlay::Connections);
        let black = &k.connections[Player::Black.index()];
        let Some(EdgeConnection::Full { carrier } | EdgeConnection::Semi { carrier, .. }) = black
        else {
            panic!("Black's b2-c3 joins its edges: {k:?}");
        };
        for p in carrier {
            assert!(
                m.iter().any(|x| x.0 == *p
                    && matches!(x.2, MarkKind::Connection(Some(Player::Black) | None))),
                "carrier cell {} unmarked: {m:?}",
                g.format_move(*p)
            );
        }
        // Marks are on empty cells only, once each, sorted.
        let mut points: Vec<Point> = m.iter().map(|x| x.0).collect();
        assert!(points.iter().all(|&p| g.is_empty(p)));
        points.dedup();
        assert_eq!(points.len(), m.len());
        assert!(HexOverlay::Off.next() == HexOverlay::Connections);
        assert!(marks(&g, &k, HexOverlay::Off).is_empty());
    }

    #[test]
    fn a_semi_connection_marks_its_key_and_the_why_line_names_it() {
        // 3x3, Black to move on the empty board: b2 wins (two bridges to the edges), a
        // semi connection whose key the search plays at once.
        let g = Hex::new(3).unwrap();
        let k = g.solver_readout().unwrap();
        let Some(EdgeConnection::Semi { key, .. }) = k.connections[Player::Black.index()] else {
            panic!("Black to move on 3x3 holds a semi connection: {k:?}");
        };
        // White, were it to move, would win by the same cell: the key is both players'.
        let Some(EdgeConnection::Semi { key: white_key, .. }) =
            k.connections[Player::White.index()]
        else {
            panic!("White holds the mirror semi connection: {k:?}");
        };
        assert_eq!(key, white_key);
        let m = marks_text(&g, HexOverlay::Connections);
        let key_name = g.format_move(key);
        assert_eq!(
            m,
            [
                ("b1", "b", Some(Player::Black)),
                ("c1", "+", None),
                ("a2", "w", Some(Player::White)),
                ("b2", "*", None),
                ("c2", "w", Some(Player::White)),
                ("a3", "+", None),
                ("b3", "b", Some(Player::Black)),
            ]
            .map(|(p, t, who)| (
                p.to_string(),
                t.to_string(),
                MarkKind::Connection(who)
            ))
        );
        let text = lines(&g, &k, true);
        assert!(
            text[0].starts_with(&format!(
                "Black to move holds a semi connection, key {key_name} (carrier"
            )) && text[0].ends_with(&format!("Black wins by {key_name}")),
            "{text:?}"
        );
        // White's semi connection (the same key) says nothing more: Black wins first.
        assert!(text.iter().all(|l| !l.starts_with("White")), "{text:?}");
        let legend = legend(&g, Some(&k), HexOverlay::Connections).unwrap();
        assert_eq!(
            legend,
            "b/w connection, B/W semi key, +/* both\nBlack semi b2, White semi b2"
        );
        // The mover's key decides the node: no move is generated, none is pruned.
        assert_eq!(
            text.last().unwrap(),
            "decided by the connection before any move was generated"
        );
        assert!(text.iter().all(|l| !l.contains("pruned")), "{text:?}");
        // The node pane's form leaves the carrier to the board's marks.
        let short = lines(&g, &k, false);
        assert_eq!(
            short[0],
            format!(
                "Black to move holds a semi connection, key {key_name}: Black wins by {key_name}"
            )
        );
    }

    #[test]
    fn a_full_connection_says_the_mover_has_lost() {
        // 3x3, Black b2, White to move: Black's bridges to both edges are a full
        // connection (empty carrier: the fill-in joins them).
        let g = after(3, &["b2"]);
        let k = g.solver_readout().unwrap();
        let text = lines(&g, &k, true);
        assert_eq!(
            text[0],
            "Black holds a full connection of its edges (carrier empty: the filled-in cells \
             join them): White to move has lost"
        );
        assert_eq!(
            text[1..],
            ["decided by the connection before any move was generated"]
        );
    }

    #[test]
    fn pruned_cells_get_their_reason_letter_and_are_counted() {
        // Puzzle hex-4x4-must-play: White to move must break Black's semi connection;
        // 8 moves lie outside the must-play region and 3 cells are captured by Black.
        let g = after(4, &["a1", "a3", "d1"]);
        let k = g.solver_readout().unwrap();
        let m = marks(&g, &k, HexOverlay::Pruned);
        assert_eq!(m.len(), k.pruned.len());
        for ((p, text, kind), (q, why)) in m.iter().zip(&k.pruned) {
            assert_eq!(p, q);
            assert_eq!(*kind, MarkKind::Pruned);
            assert_eq!(text.chars().next(), Some(pruned_letter(*why)));
        }
        let text = lines(&g, &k, true);
        let last = text.last().unwrap();
        assert!(
            last.starts_with(&format!("{} moves pruned: ", k.pruned.len())),
            "{text:?}"
        );
        let total: usize = last
            .split(": ")
            .nth(1)
            .unwrap()
            .split(", ")
            .map(|part| part.split(' ').next().unwrap().parse::<usize>().unwrap())
            .sum();
        assert_eq!(total, k.pruned.len(), "{last}");
        assert_eq!(
            last,
            "11 moves pruned: 8 outside must-play, 3 captured by Black"
        );
    }

    /// On hex-6x6's node d3 d4 e3 (White to move has lost to Black's full connection) `Z Z`
    /// must not mark all empty cells `m` "outside must-play": df-pn generates no move there,
    /// so no cell is pruned and the legend names the connection.
    #[test]
    fn a_node_a_full_connection_decides_shows_no_pruned_marks() {
        let g = after(6, &["d3", "d4", "e3"]);
        let k = g.solver_readout().unwrap();
        assert!(decides(&g, &k));
        assert!(marks(&g, &k, HexOverlay::Pruned).is_empty());
        assert_eq!(
            legend(&g, Some(&k), HexOverlay::Pruned).as_deref(),
            Some("pruned: none, no move generated:\ndecided by Black's full connection")
        );
        assert_eq!(
            verdict(&g, &k).as_deref(),
            Some("decided by Black's full connection")
        );
        // The connection marks still show it.
        assert!(!marks(&g, &k, HexOverlay::Connections).is_empty());
    }

    /// The empty 4x4 board: Black to move holds a semi connection, key b3.
    #[test]
    fn the_verdict_of_a_semi_connection_names_its_key() {
        let g = after(4, &[]);
        let k = g.solver_readout().unwrap();
        assert_eq!(
            verdict(&g, &k).as_deref(),
            Some("decided by Black's semi connection (key b3)")
        );
        // A node the knowledge does not decide has no verdict.
        let open = after(4, &["a1", "a3", "d1"]);
        let k = open.solver_readout().unwrap();
        assert_eq!(verdict(&open, &k), None);
    }

    #[test]
    fn a_node_a_connection_decides_counts_no_pruned_moves() {
        // 5x5 after c3 c2 d2: Black holds a full connection, White to move has lost; df-pn
        // generates no move here, so none is counted as pruned (not "N moves pruned").
        let g = after(5, &["c3", "c2", "d2"]);
        let k = g.solver_readout().unwrap();
        assert!(decides(&g, &k));
        let text = lines(&g, &k, false);
        assert_eq!(
            text,
            [
                "Black holds a full connection of its edges: White to move has lost",
                "decided by the connection before any move was generated"
            ]
        );
    }
}
