//! The games' performance figures in one command (release build):
//! `cargo run --release --example games_speed`.
//!
//! Runs [`gobblet_speed`] (Gobblet and Gobblers play+undo and perft, alpha-beta nodes per
//! second from the Gobblet start with the feature (Kotrč, *Gobblet analysed with AI methods*, 2.3)
//! and pattern (3.2) evaluations, the Gobblet Gobblers start proven a first-player win in 13 plies
//! with its nodes and time) and then [`dama_speed`] (Czech checkers play+undo, perft 7, alpha-beta
//! nodes per second with Kühr's example 2.5 evaluation, the only checkers evaluation). Each also
//! runs alone: `--example gobblet_speed`, `--example dama_speed`. Node counts are deterministic;
//! compare times only as ratios within one run.

#[path = "gobblet_speed.rs"]
mod gobblet_speed;

#[path = "dama_speed.rs"]
mod dama_speed;

fn main() {
    println!("== Gobblet and Gobblet Gobblers (examples/gobblet_speed.rs)");
    gobblet_speed::main();
    println!("== Czech checkers (examples/dama_speed.rs)");
    dama_speed::main();
}
