//! The integration tests, as one test binary that links the crate once: every file beside
//! this one is a module of one subject, and `helpers` holds what they share: the explorer
//! opened on a puzzle and its screen as text, the binary and scratch directories, random
//! positions, exhaustive answers, the naive rule sets, the tmux session and the Python
//! counterparts.
//!
//! Run one file's tests with a filter on its module path, for example
//! `cargo test --test integration tui_screens::`. A new test file is a module declared here.
//!
//! The tests are threads of one process, so none may change what the process shares: no
//! environment variables or working directory (give them to a child process through
//! `Command::env` and `Command::current_dir`), no fixed temporary paths
//! (`helpers::binary::scratch` makes a directory of the test's own). `tests/stop_switch.rs`
//! stays a binary of its own: it pulls the process-wide stop switch of
//! `plyscope::search::meter`, which would stop the searches of every test running beside it.
//! The binary's global allocator is `fuzz_parsers`' (the system's, noting each thread's
//! largest allocation for that file's checks).

mod helpers;

mod architecture;
mod atarigo_random;
mod atarigo_rules;
mod bundled_puzzles;
mod cli;
mod compare_knowledge;
mod dama_explorer;
mod dama_puzzles;
mod dama_rules;
mod dama_search;
mod deep_search;
mod dfpn_differential;
mod dfpn_events;
mod dfpn_hex;
mod dfpn_mnk;
mod dfpn_parallel;
mod dfpn_proof_size;
mod dfpn_puzzles;
mod dfpn_repetition;
mod editor;
mod evs_bruteforce;
mod explain_lessons;
mod explore_cli;
mod export;
mod export_names;
mod fuzz_parsers;
mod game_suite;
mod gobblet_rules;
mod gtp;
mod gtp_gomill;
mod hex_knowledge_searches;
mod lambda_dfpn_differential;
mod lambda_dfpn_hex;
mod lambda_dfpn_must_play;
mod lambda_dfpn_puzzles;
mod lambda_differential;
mod lambda_events;
mod lambda_puzzles;
mod lambda_zone_soundness;
mod lesson_check;
mod lessons;
mod observer_events;
mod one_count;
mod pns_differential;
mod pns_events;
mod pns_puzzles;
mod proof_crosscheck;
mod proof_epsilon;
mod proof_memory;
mod proof_node_counts;
mod proof_trees;
mod proof_vc_leaves;
mod puzzle_files;
mod readme;
mod registry;
mod replay_property;
mod saved_runs;
mod search_differential;
mod sgf_files;
mod shard;
mod solve_tmux;
mod textbook_trees;
mod theme_files;
mod tui_charts;
mod tui_class;
mod tui_heuristics;
mod tui_max_view;
mod tui_narrow;
mod tui_proof;
mod tui_proof_recorder;
mod tui_proof_tree;
mod tui_screens;
mod tui_teaching;
mod tui_tmux;
mod words;
