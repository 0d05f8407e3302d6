//! `plyscope compare` says what each run used besides its algorithm (issue 16, point 8):
//! df-pn on Hex keys its table by the smallest symmetric key and prunes with must-play
//! regions, PNS has no table and no symmetric keys (since issue 18 point 5 it prunes with the
//! same must-play regions), so a node ratio between them is not the algorithms alone.

use crate::helpers::binary::plyscope;
use predicates::prelude::*;

#[test]
fn compare_text_says_what_each_run_used() {
    plyscope()
        .args(["compare", "hex-3x3", "--algo", "dfpn", "--algo", "pns"])
        .assert()
        .success()
        .stdout(predicate::str::contains("what each run used:\n  dfpn:\n    table     64 MB\n"))
        .stdout(predicate::str::contains(
            "    symmetry  symmetric keys (mirror images share one entry, searched once)",
        ))
        // Long aspects wrap at 80 columns, continued under the text.
        .stdout(predicate::function(|text: &str| {
            text.replace(&format!("\n{}", " ".repeat(14)), " ")
                .contains("must-play regions and won positions (Hex: H-search virtual connections")
        }))
        .stdout(predicate::str::contains(
            "  pns:\n    table     none (a tree in memory: transpositions searched again)\n    symmetry  none\n",
        ))
        .stdout(predicate::str::contains(
            "the runs differ in table, symmetry or pruning",
        ));
}

#[test]
fn compare_json_rows_carry_what_each_run_used() {
    let out = plyscope()
        .args([
            "compare",
            "tree-abc",
            "--algo",
            "minimax",
            "--algo",
            "alphabeta",
            "--algo",
            "pns",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out).expect("a JSON array");
    assert_eq!(rows[0]["used"]["table"], "none");
    assert_eq!(rows[0]["used"]["pruning"], "none: every node");
    // A literal tree is searched as the textbook draws it, by every command.
    assert_eq!(rows[1]["used"]["table"], "none");
    assert_eq!(rows[1]["used"]["ordering"], "none: generator order");
    // A refused run used nothing.
    assert_eq!(rows[2]["used"], serde_json::Value::Null);
}
