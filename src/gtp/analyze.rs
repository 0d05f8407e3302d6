//! The overlays a GUI draws on its board: the lists `gogui-analyze_commands` (GoGui, for
//! AtariGo and m,n,k) and `hexgui-analyze_commands` (HexGui, for Hex) hand over, and the
//! answers of those commands in each GUI's format.
//!
//! An analyze command is announced as `type/label/command` (GoGui's documentation, "Analyze
//! commands"; Benzene's `HexHtpEngine::CmdAnalyzeCommands` for HexGui). GoGui draws `gfx`
//! answers: lines `COLOR colour points`, `LABEL point text ...`, `TEXT text` (the status
//! line). HexGui draws `plist` (a list of cells) and `pspairs` (cells with a text each), the
//! types Benzene's own overlays use. So one command answers in the format of the GUI that
//! plays the game: gfx for the Go-family games, plist or pspairs for Hex.

use crate::game::{Player, Point};

use super::board::Board;
use super::think::{self, MustPlay, RootMove, Settings};

/// The overlay commands: name, label, HexGui type.
pub const OVERLAYS: [(&str, &str, &str); 5] = [
    ("plyscope-winning_moves", "Winning moves", "plist"),
    (
        "plyscope-pn_dn",
        "Proof/disproof numbers per move",
        "pspairs",
    ),
    ("plyscope-must_play", "Must-play region", "plist"),
    (
        "plyscope-relevance_zone",
        "Relevance zone of the opponent's threats",
        "pspairs",
    ),
    (
        "plyscope-lambda_order",
        "Lambda order of each move",
        "pspairs",
    ),
];

/// The answer of `gogui-analyze_commands` (the Go-family games) or `hexgui-analyze_commands`
/// (Hex): the solve commands and every overlay.
pub fn listing(hex: bool) -> String {
    let mut lines = Vec::new();
    if hex {
        lines.push("string/Solve state (df-pn)/dfpn-solve-state %m".to_string());
        lines.push("plist/Find winning moves (df-pn)/dfpn-solver-find-winning %m".to_string());
        for (name, label, kind) in OVERLAYS {
            lines.push(format!("{kind}/plyscope: {label}/{name} %m"));
        }
    } else {
        lines.push("string/Solve state/dfpn-solve-state".to_string());
        for (name, label, _) in OVERLAYS {
            lines.push(format!("gfx/plyscope: {label}/{name}"));
        }
    }
    lines.push("string/Show board/showboard".to_string());
    lines.join("\n")
}

/// Runs overlay `name` for `player` and answers in the GUI's format.
pub fn overlay(
    name: &str,
    board: &Board,
    player: Player,
    settings: &Settings,
) -> Result<String, String> {
    let hex = board.choice().is_hex();
    let v = |p: Point| board.vertex(p);
    match name {
        "plyscope-winning_moves" => {
            let (won, undecided) = think::winning_moves(board, player, settings)?;
            let points: Vec<String> = won.iter().map(|&p| v(p)).collect();
            let open = if undecided > 0 {
                format!(" ({undecided} moves not decided within the limits)")
            } else {
                String::new()
            };
            Ok(if hex {
                points.join(" ")
            } else {
                gfx_color(
                    "#00a000",
                    &points,
                    &format!("{} winning moves for {}{open}", points.len(), player.name()),
                )
            })
        }
        "plyscope-pn_dn" => {
            let numbers = think::move_numbers(board, player, settings);
            let pairs: Vec<(String, String)> = numbers
                .iter()
                .map(|&(p, pn, dn)| (v(p), format!("{}/{}", think::number(pn), think::number(dn))))
                .collect();
            Ok(labels(
                hex,
                &pairs,
                &format!(
                    "pn/dn of {}'s win after each move (df-pn, bounded; 0/inf proven, inf/0 \
                     disproven)",
                    player.name()
                ),
            ))
        }
        "plyscope-must_play" => Ok(match think::must_play(board, player) {
            MustPlay::WinsAt(p) => {
                if hex {
                    v(p)
                } else {
                    gfx_color(
                        "#00a000",
                        &[v(p)],
                        &format!("{} wins at once at {}", player.name(), v(p)),
                    )
                }
            }
            MustPlay::Region(region) => {
                let points: Vec<String> = region.iter().map(|&p| v(p)).collect();
                let text = if points.is_empty() {
                    format!("{} has lost: every move loses", player.name())
                } else {
                    format!(
                        "{}'s must-play region: every move outside {} loses",
                        player.name(),
                        points.join(" ")
                    )
                };
                if hex {
                    points.join(" ")
                } else {
                    gfx_color("#ff8000", &points, &text)
                }
            }
            MustPlay::Unknown => {
                if hex {
                    String::new()
                } else {
                    format!("TEXT no must-play region is known for {}", player.name())
                }
            }
        }),
        "plyscope-relevance_zone" => {
            let threatener = player.opponent();
            let orders = think::relevance_orders(board, threatener);
            let pairs: Vec<(String, String)> = orders
                .iter()
                .filter(|&&(_, o)| o <= 3)
                .map(|&(p, o)| (v(p), o.to_string()))
                .collect();
            Ok(labels(
                hex,
                &pairs,
                &format!(
                    "relevance zone of {}'s threats: a point's order k means it takes part in a \
                     win of {} in at most k moves of its own",
                    threatener.name(),
                    threatener.name()
                ),
            ))
        }
        "plyscope-lambda_order" => {
            think::runs_on(think::LAMBDA_ORDERS, board)?;
            let moves = think::classify(board, player, think::LAMBDA_ORDERS, settings)?;
            let pairs: Vec<(String, String)> = moves
                .iter()
                .filter_map(|m| lambda_label(m).map(|l| (v(m.point), l)))
                .collect();
            Ok(labels(
                hex,
                &pairs,
                &format!(
                    "lambda search from each move of {}: Ln a win of lambda order n, x a move \
                     after which the opponent wins; a move without a label was not decided \
                     within the limits",
                    player.name()
                ),
            ))
        }
        _ => Err(format!("unknown overlay {name}")),
    }
}

/// The label of a threat search's root move: `L2` for a win of order 2, `x` for a move that
/// lets the opponent win; nothing for a move it did not prove.
fn lambda_label(m: &RootMove) -> Option<String> {
    match m.class.as_str() {
        "wins" => Some(format!("L{}", m.level.unwrap_or(0))),
        "self-endangering" => Some("x".to_string()),
        _ => None,
    }
}

/// A gfx answer colouring `points` with a status text.
fn gfx_color(color: &str, points: &[String], text: &str) -> String {
    let mut out = String::new();
    if !points.is_empty() {
        out.push_str(&format!("COLOR {color} {}\n", points.join(" ")));
    }
    out.push_str(&format!("TEXT {text}"));
    out
}

/// Labels per point: gfx `LABEL` with a status text for GoGui, `pspairs` for HexGui.
fn labels(hex: bool, pairs: &[(String, String)], text: &str) -> String {
    if hex {
        return pairs
            .iter()
            .map(|(p, l)| format!("{p} {l}"))
            .collect::<Vec<_>>()
            .join(" ");
    }
    let mut out = String::new();
    if !pairs.is_empty() {
        out.push_str("LABEL");
        for (p, l) in pairs {
            out.push_str(&format!(" {p} {l}"));
        }
        out.push('\n');
    }
    out.push_str(&format!("TEXT {text}"));
    out
}
