//! Stacks sized for the deepest search allowed. The engines recurse once per ply, and a ply
//! of Czech checkers costs about 25 KB of stack in release (its move lists live on the stack:
//! the hot loop allocates nothing), so the 1,024 plies a search may go ([`MAX_PLY`]) need
//! some 25 MB, far past the 2 MiB a spawned thread gets and the 4-8 MiB a main thread gets
//! from `ulimit -s`. Every engine therefore runs on a thread of its own with
//! [`ENGINE_STACK_BYTES`]: the explorer's worker ([`crate::run::worker`]) and play engine,
//! and every headless command (the binary runs its whole command on one, see `src/main.rs`).
//! The stack is reserved address space: only the pages a search touches are ever backed by
//! memory. tests/integration/deep_search.rs runs the deepest case of every game and algorithm under
//! `ulimit -s 4096`.

use std::io;
use std::thread::{self, JoinHandle};

use crate::search::MAX_PLY;

/// The stack of an engine thread: 256 KiB per ply allowed, ten times what the deepest
/// measured ply needs in release and room for unoptimised builds' larger frames.
pub const ENGINE_STACK_BYTES: usize = MAX_PLY * 256 * 1024;

/// Spawns `f` on a thread named `name` with [`ENGINE_STACK_BYTES`] of stack.
pub fn spawn<F, T>(name: &str, f: F) -> io::Result<JoinHandle<T>>
where
    F: FnOnce() -> T + Send + 'static,
    T: Send + 'static,
{
    thread::Builder::new()
        .name(name.to_string())
        .stack_size(ENGINE_STACK_BYTES)
        .spawn(f)
}

/// Runs `f` to its end on a thread with [`ENGINE_STACK_BYTES`] of stack and returns what it
/// returns; a panic in `f` is resumed on the calling thread. `f` may borrow from the caller.
pub fn run<F, T>(f: F) -> T
where
    F: FnOnce() -> T + Send,
    T: Send,
{
    thread::scope(|scope| {
        let handle = thread::Builder::new()
            .name("plyscope-engine".to_string())
            .stack_size(ENGINE_STACK_BYTES)
            .spawn_scoped(scope, f);
        match handle {
            Ok(handle) => match handle.join() {
                Ok(value) => value,
                Err(panic) => std::panic::resume_unwind(panic),
            },
            // No thread to be had (the system's limit): nowhere safe to search.
            Err(e) => no_thread_for_the_search(&e),
        }
    })
}

/// A system that refuses one more thread leaves nowhere safe to search; say so plainly.
fn no_thread_for_the_search(e: &io::Error) -> ! {
    eprintln!("plyscope: the system refused a thread for the search ({e}); try again");
    std::process::exit(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_borrowing_closure_runs_on_the_big_stack_and_returns() {
        let data = [1, 2, 3];
        let sum = run(|| data.iter().sum::<i32>());
        assert_eq!(sum, 6);
    }

    #[test]
    #[should_panic(expected = "inside")]
    fn a_panic_inside_reaches_the_caller() {
        run(|| panic!("inside"));
    }
}
