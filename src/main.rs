//! The `plyscope` command line.
fn main() {}
