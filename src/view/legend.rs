//! The legend: what every mark the screens print means, for the algorithm and the game on the
//! screen, and the rule of that algorithm in one sentence.
//!
//! The marks are the ones the tree rows (`src/tui/ui/tree.rs`), the node pane
//! (`src/tui/ui/side.rs`) and the board overlays (`src/view/game_session.rs`) draw; a mark
//! that is a theme glyph is named by its theme-file key ([`Mark::Glyph`]), so the front end
//! draws it in the glyph set on the screen (`--ascii` turns `✕` into `x`). Sources of the
//! rules: Kühr, *Algorithms of a computer player in simple board games* (alpha-beta, example
//! 3.2); Hric and Baudiš, *Game algorithms, lecture 4: Proof number search, Lambda search*
//! (PNS, df-pn's MID with thresholds); Suda, *Efficient algorithms for verifying goals in
//! computer games* (lambda search, chapter 4 for the zones).
//!
//! The alpha-beta sentence names the cutoffs as "a beta cutoff: MAX found value ≥ beta; an
//! alpha cutoff: MIN found value ≤ alpha", the short form of the convention the alpha-beta
//! Why block states at length (`CUTOFF_CONVENTION` in `src/view/explain/alphabeta.rs`).

use crate::puzzle::GameKind;
use crate::search::Algorithm;
use crate::view::max_view::ValueView;

/// How an entry's mark is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A theme glyph by its theme-file key (`"cutoff"`, `"best"`), followed by `suffix`
    /// (`"3"` for `=3`).
    Glyph(&'static str, &'static str),
    /// Literal text, as the screen prints it.
    Text(String),
}

/// One mark and its meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub mark: Mark,
    pub meaning: String,
}

/// A titled group of entries ("Tree rows", "Node pane", "Board overlay").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub title: String,
    pub entries: Vec<Entry>,
}

/// The whole legend for one screen: the rule in a sentence, then the sections.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legend {
    /// "How alpha-beta decides", "How df-pn chooses".
    pub rule_title: String,
    /// The rule of the algorithm shown, in one sentence.
    pub rule: String,
    pub sections: Vec<Section>,
}

/// The convention for naming alpha-beta's cutoffs, as the legend states it.
pub const CUTOFF_NAMING: &str =
    "a beta cutoff: MAX found value ≥ beta; an alpha cutoff: MIN found value ≤ alpha";

/// What `win@N` and `loss@N` mean: the engines score a decided game by its distance from
/// the root (`Value::plies_to_end`), at every node, so a child and its parent name the same
/// end by the same N with the sides swapped.
pub const WIN_AT_MEANING: &str = "a won (lost) game for the side to move at the row, the game \
     ending 3 (2) plies from the root: N counts from the root at every node, so one ply below \
     a win@3 root the winning move's row shows loss@3 (the same end, for the opponent, who \
     moves there)";

fn glyph(key: &'static str, suffix: &'static str, meaning: &str) -> Entry {
    Entry {
        mark: Mark::Glyph(key, suffix),
        meaning: meaning.to_string(),
    }
}

fn text(mark: &str, meaning: &str) -> Entry {
    Entry {
        mark: Mark::Text(mark.to_string()),
        meaning: meaning.to_string(),
    }
}

fn section(title: &str, entries: Vec<Entry>) -> Section {
    Section {
        title: title.to_string(),
        entries,
    }
}

/// The legend for `algorithm` on a puzzle of `game`, its values in the negamax view.
pub fn legend(algorithm: Algorithm, game: GameKind) -> Legend {
    legend_in(algorithm, game, ValueView::Negamax)
}

/// The legend for `algorithm` on a puzzle of `game` with the values shown in `view`: the
/// alpha-beta family's legend explains both views and says which one is on.
pub fn legend_in(algorithm: Algorithm, game: GameKind, view: ValueView) -> Legend {
    let board = game != GameKind::Tree;
    let mut sections = Vec::new();
    let (rule_title, rule) = rule(algorithm);
    let mut tree = vec![
        glyph("expanded", "", "a node whose children are shown (o, c)"),
        glyph("collapsed", "", "a node whose children are hidden"),
    ];
    if algorithm.is_proof_search() {
        tree.extend(proof_rows(algorithm));
    } else if algorithm.is_threat_search() {
        tree.extend(lambda_rows());
    } else {
        tree.extend(alpha_beta_rows(algorithm));
    }
    if !algorithm.is_proof_search() && !algorithm.is_threat_search() {
        tree.push(text(
            "c2 ✕ skipped",
            "dimmed: a move the cutoff above skipped, drawn where the textbooks draw a pruned \
             branch; not a node, so the selection passes over it",
        ));
    }
    sections.push(section("Tree rows", tree));
    if !algorithm.is_proof_search() && !algorithm.is_threat_search() {
        sections.push(value_views(view));
    }
    let node = if algorithm.is_proof_search() {
        proof_node(algorithm)
    } else if algorithm.is_threat_search() {
        lambda_node()
    } else {
        alpha_beta_node()
    };
    sections.push(section("Node pane", node));
    if board {
        sections.push(section("Board (b: overlay on/off)", board_marks(algorithm)));
    }
    if game == GameKind::Hex {
        sections.push(section(
            "Hex solver's knowledge (Z: connections, pruned, off)",
            hex_knowledge_marks(),
        ));
    }
    sections.push(section(
        "Status and Why block",
        vec![
            text(
                "step 12/340",
                "the replay's step: events shown so far / events recorded",
            ),
            text(
                "Why: event 12 *",
                "the event at the step in words; * marks one worth explaining (; and : step \
                 the replay to the next or previous one)",
            ),
            text(
                "selection, replay",
                "two cursors: the selection is the row the node pane describes, the replay \
                 the step the search is shown at. x t i (X T I) move the selection to the \
                 next (previous) cutoff, table hit or iteration's root, and the replay stays; \
                 space, n, e ... move the replay",
            ),
        ],
    ));
    sections.push(section(
        "Chart pane (V or f4: on/off, ^ or f5: the next chart)",
        chart_lines(algorithm),
    ));
    Legend {
        rule_title,
        rule,
        sections,
    }
}

/// The chart pane's charts for `algorithm` ([`crate::view::charts`]), in its order. The
/// table chart is named as the searches that use a table show it.
fn chart_lines(algorithm: Algorithm) -> Vec<Entry> {
    let mut lines = Vec::new();
    if algorithm.is_proof_search() {
        lines.push(text(
            "root pn / dn",
            "the root's proof and disproof numbers over the steps; pn reaches 0 when the root is proven, dn when it is disproven (the infinite one is not drawn: the line breaks there)",
        ));
    } else if !algorithm.is_threat_search() {
        lines.push(text(
            "root window",
            "the root's alpha (raised by its best child so far), beta and value over the steps; a bound at inf, a win or loss and a value not known yet are not drawn (the line breaks there); in a full-window search alpha equals the value and lies under it (the legend says 'alpha: under value'); ':' marks where a new iteration began",
        ));
    }
    lines.push(text("nodes searched", "nodes entered over the steps"));
    lines.push(text(
        "nodes per ply",
        "nodes entered by the step, a row per ply, the count before the bar; more plies than rows: the last row sums the deepest",
    ));
    if !algorithm.is_proof_search() && !algorithm.is_threat_search() {
        lines.push(text(
            "cutoffs",
            "cutoffs per ply: those that skipped a move by the step, a row per ply of the node that cut",
        ));
    }
    lines.push(text(
        "table hits",
        "table hits so far over the steps (only for a search that probes a table)",
    ));
    lines.push(text(
        "markers",
        "a lone line is drawn in Braille dots; several lines differ in shape (a dot, o and x; with --ascii *, o and x), so they are told apart without colour; where two coincide, the one named later covers the other",
    ));
    lines.push(text(
        "split view",
        "one line of each search on a chart (root pn, then root dn, ...), A's with the first marker and B's with the second, named by letter and algorithm as the headers are",
    ));
    lines
}

/// The rule of the algorithm in one sentence, with its title.
fn rule(algorithm: Algorithm) -> (String, String) {
    let name = algorithm.name();
    let rule = match algorithm {
        Algorithm::Minimax => "every node is searched: a node's value is the best of its \
                               children's values for the side to move (negamax: the maximum \
                               of their negated values); nothing is cut"
            .to_string(),
        Algorithm::AlphaBeta | Algorithm::AlphaBetaSoft | Algorithm::IterativeDeepening => {
            format!(
                "each node is searched with a window (alpha, beta): values at or below alpha \
                 are already refuted elsewhere, at or above beta the opponent avoids this \
                 node, so the remaining moves are skipped: {CUTOFF_NAMING}{}",
                if algorithm == Algorithm::IterativeDeepening {
                    "; iterative deepening repeats the search one ply deeper each iteration, \
                     ordering moves by the last one"
                } else {
                    ""
                }
            )
        }
        Algorithm::Pns | Algorithm::Pn2 => format!(
            "from the root, follow the most-proving child (the smallest pn at OR nodes, where \
             the attacker moves; the smallest dn at AND nodes), expand the leaf reached and \
             back the numbers up: pn = min of the children's pn, dn = sum of their dn at OR \
             nodes, the other way round at AND nodes{}",
            if algorithm == Algorithm::Pn2 {
                "; PN² evaluates a new leaf by a second, bounded PNS"
            } else {
                ""
            }
        ),
        Algorithm::DfPn | Algorithm::LambdaDfPn => format!(
            "the most-proving child is chosen as in PNS (smallest pn at OR nodes, smallest dn \
             at AND nodes), but depth first: MID stays below a node while its numbers are \
             under the thresholds th_pn and th_dn (the best child gets the second-best \
             child's number + 1) and returns as soon as one is reached{}",
            if algorithm == Algorithm::LambdaDfPn {
                "; lambda-df-pn does this over lambda trees, the smallest level first"
            } else {
                ""
            }
        ),
        Algorithm::Lambda | Algorithm::DualLambda => format!(
            "the attacker looks for a λn-tree: a move after which, were the defender to pass, \
             a λ(n-1)-tree would win, and every defence is answered the same way; levels are \
             tried 1, 2, ... and each failure hands the next level its attack zone{}",
            if algorithm == Algorithm::DualLambda {
                "; dual-lambda also rejects attacks that leave the defender a counter-threat"
            } else {
                ""
            }
        ),
    };
    (format!("How {name} decides"), rule)
}

fn alpha_beta_rows(algorithm: Algorithm) -> Vec<Entry> {
    let mut rows = vec![
        glyph(
            "exact",
            "3",
            "exact value 3 (for the side to move at the node)",
        ),
        glyph(
            "lower",
            "3",
            "at least 3: the node failed high (a cutoff), or is still open (value so far)",
        ),
        glyph(
            "upper",
            "3",
            "at most 3: the node failed low (no move reached alpha)",
        ),
        glyph("ellipsis", "", "no value yet (not searched, or searching)"),
        text("win@3 loss@2", WIN_AT_MEANING),
    ];
    if algorithm != Algorithm::Minimax {
        rows.push(glyph(
            "cutoff",
            "",
            "the node's search ended in a cutoff: its other moves were skipped",
        ));
        rows.push(glyph(
            "tt_hit",
            "",
            "a transposition-table entry decided the node without searching it",
        ));
        rows.push(text(
            "(-∞, 3, ∞)",
            "lessons: (alpha, value, beta), the window the node was searched with",
        ));
    }
    rows.push(glyph("best", "", "the best move at its node"));
    rows
}

/// The two views of the alpha-beta family's values, the one on named in the title.
fn value_views(view: ValueView) -> Section {
    section(
        &format!(
            "Values: {} view on (~ or f6 switches)",
            if view.is_max() { "MAX/MIN" } else { "negamax" }
        ),
        vec![
            text(
                "MAX/MIN view",
                "as lectures draw it: every value and window is MAX's (the side to move at \
                 the root); MAX takes the largest child, MIN the smallest",
            ),
            text("▲ ▽", "a MAX node, a MIN node (MAX/MIN view)"),
            text(
                "MAX/MIN cutoffs",
                "at a MAX node value ≥ beta is a beta cutoff; at a MIN node value ≤ alpha is \
                 an alpha cutoff; the window (alpha, beta) passes down unchanged",
            ),
            text(
                "negamax view",
                "the engine's own form: each value is the side to move's, so its sign flips \
                 each ply (MAX's 3 is -3 at a MIN node) and a child's window is (-beta, \
                 -alpha); every cutoff is the test value ≥ beta",
            ),
        ],
    )
}

fn alpha_beta_node() -> Vec<Entry> {
    vec![
        text(
            "depth 2 (3 left)",
            "plies from the root, and plies left to the horizon",
        ),
        text(
            "(255 left)",
            "no depth limit: the count starts at the engine's ply cap, not a real horizon",
        ),
        text(
            "alpha beta",
            "the window at entry: only values strictly between them are exact",
        ),
        text(
            "value 3 (lower, final)",
            "the value, its bound (exact, lower, upper) and whether it can still change",
        ),
        text(
            "cutoff",
            "why the search stopped here: value >= beta, and how many moves were skipped",
        ),
        text(
            "order",
            "the moves as generated and as searched, with why (TT move, killer, history: \
             the move's history score, above 9999 as a power of two, 2^33.2)",
        ),
    ]
}

fn proof_rows(algorithm: Algorithm) -> Vec<Entry> {
    let mut rows = vec![
        text(
            "[2, 3]",
            "[pn, dn]: at least 2 leaves must be proven to prove the node, 3 disproven to \
             disprove it",
        ),
        text(
            "∞ ∞-1",
            "infinity (a proven node has dn ∞, a disproven one pn ∞); ∞-1 the largest finite",
        ),
        text("PROVEN", "the attacker's goal is reached here: [0, ∞]"),
        text("DISPROVEN", "the goal cannot be reached here: [∞, 0]"),
        text(
            "and",
            "an AND node: the defender moves (rows without it are OR nodes)",
        ),
        glyph("best", "", "the node the current descent has reached"),
        text(
            "new leaf",
            "a child its parent's expansion generated but the search has not entered yet; \
             its numbers are the ones the expansion gave it",
        ),
    ];
    if matches!(algorithm, Algorithm::DfPn | Algorithm::LambdaDfPn) {
        rows.push(text(
            "stored",
            "the row shows the table entry its parent's latest expansion read, not a value \
             searched since: df-pn forgets children it leaves, so rows need not add up to \
             the parent's numbers",
        ));
    }
    if algorithm == Algorithm::LambdaDfPn {
        rows.push(text("λ1", "the lambda level of the tree being searched"));
    }
    rows
}

fn proof_node(algorithm: Algorithm) -> Vec<Entry> {
    let mut rows = vec![
        text(
            "node",
            "OR (the attacker to move) or AND (the defender to move)",
        ),
        text("pn / dn", "the node's numbers as of the step"),
        text(
            "shows",
            "where the node's numbers come from: its own latest update, or the table entry \
             its parent's expansion read",
        ),
        text(
            "rule",
            "the backup rule over the children as shown: OR node pn = min, dn = sum; AND node \
             pn = sum, dn = min (a second line says when the node's numbers differ)",
        ),
        text(
            "children 3, expanded 1x",
            "3 children, made by 1 expansion (df-pn expands a node again each time MID \
             comes back to it after its children were forgotten)",
        ),
    ];
    if matches!(algorithm, Algorithm::DfPn | Algorithm::LambdaDfPn) {
        rows.push(text(
            "threshold [4, ∞]",
            "[th_pn, th_dn]: MID returns from the node once pn >= th_pn or dn >= th_dn",
        ));
    }
    rows.push(text(
        "descent, frames",
        "the path the search is on at the step, root first: each frame with its numbers \
         (and thresholds); > marks the selected node's frame",
    ));
    if algorithm == Algorithm::Pn2 {
        rows.push(text(
            "PN² second-level",
            "the node belongs to a second-level search",
        ));
    }
    rows
}

fn lambda_rows() -> Vec<Entry> {
    vec![
        text("λ2", "the order of the threat searched at this node"),
        text(
            "λ2 search",
            "LAMBDA: can the attacker force a win of order at most 2?",
        ),
        text(
            "threat λ1?",
            "a threat check: the defender passes; does a λ1 tree win?",
        ),
        text(
            "re-search λ2",
            "after a defence: does the attacker still win at λ2? if not, the defence refutes",
        ),
        text(
            "counter-threat λ1",
            "dual-lambda: the defender's threat that makes an attack self-endangering",
        ),
        text("WIN λ2", "a λ2 tree of value 1 exists: the attacker wins"),
        text(
            "self-endangering",
            "the move lets the opponent win (dual-lambda drops it)",
        ),
        glyph("ellipsis", "", "undecided as of the step"),
        glyph("tt_hit", "", "decided by the table"),
    ]
}

fn lambda_node() -> Vec<Entry> {
    vec![
        text(
            "level λ1 of max λ2",
            "the node's order, and the highest order tried",
        ),
        text("depth 7 plies left", "plies to the depth limit"),
        text("threat", "the attack move being answered and its order"),
        text(
            "tries",
            "ATTACK's or DEFEND's candidate moves, from the zone",
        ),
        text(
            "A-zone D-zone",
            "the attack zone ATTACK chose from; the defence zone of the threat answered",
        ),
        text(
            "λ2 X1-3: 2 2 10 all 10",
            "a λ2 zone: 2 points of order 1, 2 of order <= 2, 10 of order <= 3, 10 in all",
        ),
        text(
            "zone orders",
            "a zone is nested regions X1 ⊆ X2 ⊆ X3 ...; X1 holds the moves that can matter \
             now, Xk those that can matter only k-1 turns later. An order-3 point can lie \
             far from the fight: it is relevant only after two more exchanges, whose own \
             zones it had to cover",
        ),
    ]
}

fn board_marks(algorithm: Algorithm) -> Vec<Entry> {
    let mut rows = vec![
        glyph("last_move_open", "", "( ) around the stone played last"),
        glyph("selected_open", "", "[ ] around the selected node's move"),
    ];
    if algorithm.is_proof_search() {
        rows.push(text(
            "3 on a point",
            "the child there has pn 3 (d: show dn instead); ∞ solved against",
        ));
    } else if algorithm.is_threat_search() {
        rows.push(text(
            "at the root",
            "N wins at λN, ? tried, x loses (self-endangering)",
        ));
        rows.push(text(
            "1 2 3 on points",
            "the zone's order of each point; z cycles X1, X≤2, X≤3, all; d: A- or D-zone",
        ));
    } else {
        rows.push(text(
            "-3 on a point",
            "the value of the child there, from the mover's view (MAX/MIN view: MAX's)",
        ));
        rows.push(text(
            "≤0 ≥3",
            "bounds, not values: the child's search failed high or low (or is still open), \
             so its value is at most 0 / at least 3",
        ));
        if algorithm != Algorithm::Minimax {
            rows.push(text(
                "1-9 (H)",
                "history heat: 9 = the highest history score; killers listed",
            ));
        }
    }
    rows
}

/// The marks of the Hex solver's knowledge (`src/view/hex_overlay.rs`): what H-search
/// and the inferior cells tell df-pn about the selected node's position.
fn hex_knowledge_marks() -> Vec<Entry> {
    vec![
        text(
            "b w",
            "a cell of Black's / White's edge-to-edge connection (its carrier); + a cell of both, * a key of both",
        ),
        text(
            "B W",
            "the key of a semi connection: its owner, when to move, wins by playing it",
        ),
        text(
            "full",
            "a full connection joins the edges whoever moves: its owner has won",
        ),
        text(
            "m",
            "pruned: outside the must-play region (the opponent's semi connections survive it)",
        ),
        text(
            "d",
            "pruned: a dead cell, its colour never changes the winner",
        ),
        text(
            "c",
            "pruned: captured, filling it with its captor's stone keeps the value",
        ),
        text(
            "v",
            "pruned: vulnerable, the opponent's answer (named in the node pane) kills it",
        ),
        text(
            "solver",
            "df-pn node pane: what decides the node and how many moves are pruned, by reason",
        ),
    ]
}

/// The legend as plain lines (`mark  meaning`), for tests and the text front ends; the
/// glyphs are the Unicode set's.
pub fn plain_lines(legend: &Legend) -> Vec<String> {
    let mut out = vec![
        format!("{}:", legend.rule_title),
        format!("  {}", legend.rule),
    ];
    for s in &legend.sections {
        out.push(format!("{}:", s.title));
        for e in &s.entries {
            let mark = match &e.mark {
                Mark::Glyph(key, suffix) => {
                    format!("{}{suffix}", unicode_glyph(key))
                }
                Mark::Text(t) => t.clone(),
            };
            out.push(format!("  {mark}  {}", e.meaning));
        }
    }
    out
}

/// The Unicode glyph of a theme-file key, for [`plain_lines`] (the front end uses the
/// theme's set instead).
fn unicode_glyph(key: &str) -> &'static str {
    match key {
        "expanded" => "▾",
        "collapsed" => "▸",
        "cutoff" => "✕",
        "tt_hit" => "≡",
        "best" => "★",
        "exact" => "=",
        "lower" => "≥",
        "upper" => "≤",
        "ellipsis" => "…",
        "last_move_open" => "(",
        "selected_open" => "[",
        _ => "?",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_family_explains_its_own_marks() {
        let ab = plain_lines(&legend(Algorithm::AlphaBeta, GameKind::Tree)).join("\n");
        for needle in ["=3", "≥3", "≤3", "✕", "★", "win@3", CUTOFF_NAMING] {
            assert!(
                ab.contains(needle),
                "alpha-beta legend lacks {needle}:\n{ab}"
            );
        }
        assert!(!ab.contains("Board"), "a tree puzzle has no board:\n{ab}");
        assert!(
            ab.contains("plies from the root") && !ab.contains("plies from the node"),
            "win@N counts from the root, as the engines score it:\n{ab}"
        );
        let dfpn = plain_lines(&legend(Algorithm::DfPn, GameKind::Hex)).join("\n");
        for needle in [
            "[pn, dn]",
            "smallest pn at OR nodes",
            "smallest dn",
            "thresholds",
            "frames",
            "expanded 1x",
            "Board",
            "new leaf",
            "stored",
            "shows",
            "rule",
        ] {
            assert!(
                dfpn.contains(needle),
                "df-pn legend lacks {needle}:\n{dfpn}"
            );
        }
        for needle in [
            "B W",
            "semi connection",
            "must-play",
            "dead",
            "captured",
            "vulnerable",
        ] {
            assert!(
                dfpn.contains(needle),
                "Hex legend lacks the knowledge mark {needle}:\n{dfpn}"
            );
        }
        let lambda = plain_lines(&legend(Algorithm::Lambda, GameKind::AtariGo)).join("\n");
        for needle in [
            "X1-3: 2 2 10 all 10",
            "re-search",
            "order-3 point",
            "far from the fight",
            "N wins at λN",
        ] {
            assert!(
                lambda.contains(needle),
                "lambda legend lacks {needle}:\n{lambda}"
            );
        }
        assert!(!lambda.contains("[pn, dn]"));
        assert!(!lambda.contains("semi connection"), "only Hex has them");
        let pns = plain_lines(&legend(Algorithm::Pns, GameKind::Tree)).join("\n");
        assert!(
            pns.contains("new leaf"),
            "PNS legend lacks new leaf:\n{pns}"
        );
        assert!(
            !pns.contains("stored"),
            "PNS keeps its tree: nothing is stored:\n{pns}"
        );
    }

    #[test]
    fn every_glyph_key_has_a_plain_form() {
        for &algorithm in Algorithm::ALL.iter() {
            for s in legend(algorithm, GameKind::Mnk).sections {
                for e in s.entries {
                    if let Mark::Glyph(key, _) = e.mark {
                        assert_ne!(unicode_glyph(key), "?", "{key} has no plain form");
                    }
                }
            }
        }
    }
}
