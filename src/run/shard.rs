//! Sharded root analysis: `solve PUZZLE --root --shard I/N` does the
//! I-th of N slices of a root analysis, on as many machines as there are shards, and
//! [`merge`] puts the slices back together into the report one unsharded `solve --root`
//! prints.
//!
//! The slice rule ([`RULE`]) is stable and documented: the work of `solve --root` is a list
//! of items, numbered from 0,
//!
//! - item 0: the search of the root position itself (its value, best move, proof size);
//! - item 1 + r: the r-th orbit of root moves, in the game's generator order
//!   ([`proof::plan_root`]): a move that is the image of an earlier move under a symmetry
//!   mapping the root onto itself (Hex's half turn) copies that move's class without a
//!   search, so it travels with it;
//!
//! and item k belongs to shard `k mod N + 1`. Every search of the unsharded run is done by
//! exactly one shard, with its own table as in the unsharded run (each opening is searched
//! with a fresh table there too), so when no limit stops a search the merged report has the
//! unsharded run's value, best move, winning moves, classes and node counts exactly. Times
//! are summed: the merged time is the CPU total of the shards' searches (each search's
//! time on its own clock, summed: the CPU used when every shard has a core to itself, more
//! when they share one), not a wall time.
//! `--nodes` and `--time` bound each shard's process on its own.
//!
//! Only the proof-number searches whose analysis searches each opening on its own (PNS, PN²
//! and df-pn) can be sharded; lambda-df-pn classifies all openings in one search.
//!
//! A shard's report ([`ShardReport`], JSON) names the puzzle, its position, the settings
//! and the plyscope version, so that [`merge`] refuses shards of different runs, duplicate
//! and missing shards, and moves a shard does not own, naming the file and what is wrong.
//!
//! The split is the one of the published opening solves, each opening its own search
//! (Hayward, Björnsson, Johanson, Kan, Po and van Rijswijck, "Solving 7x7 Hex with
//! domination, fill-in, and virtual connections", Theoretical Computer Science 349, 2005,
//! which solved the 49 openings one by one): the openings share nothing, so a shard needs
//! no communication; the 180-degree symmetry that halves the work there is kept here by
//! handing out whole orbits.

use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::StoneGame;
use crate::games::any::{AnyGame, GameVisitor};
use crate::puzzle::Puzzle;
use crate::search::lambda::LambdaConfig;
use crate::search::observer::NoTrace;
use crate::search::proof::{ProofConfig, ProofVerdict};
use crate::search::{Algorithm, Limits, SearchGame, Stats};

use super::registry::{self, Refusal};
use super::solve::SolveReport;
use super::solve::proof::{
    self, Analysis, ClassifiedMove, DrawRoot, RootAnswer, RootClass, assemble, classify_planned,
    goal_for, plan_root, search_root,
};
use super::spec::SearchSpec;

/// The `format` field of a shard's report.
pub const FORMAT: &str = "plyscope-shard";
/// The version of the shard report this build writes and reads.
pub const VERSION: u32 = 1;
/// The slice rule in words, written into every shard's report.
pub const RULE: &str = "item 0 is the root's own search, item 1+r the r-th orbit of root \
moves in generator order (a move and its images under the root's symmetries); item k \
belongs to shard k mod N + 1";
/// The algorithms whose root analysis can be sharded.
pub const SHARDABLE: [Algorithm; 3] = [Algorithm::Pns, Algorithm::Pn2, Algorithm::DfPn];

/// Shard `index` of `count` (1-based, as on the command line: `--shard 2/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Slice {
    pub index: u32,
    pub count: u32,
}

impl Slice {
    /// The whole work, one shard.
    pub const WHOLE: Slice = Slice { index: 1, count: 1 };

    /// Parses `I/N` with `1 <= I <= N`, or says what is wrong.
    pub fn parse(text: &str) -> Result<Slice, String> {
        let bad = |why: &str| {
            let shown: String = text.chars().take(40).collect();
            format!("'{shown}' is not a shard: {why}; expected I/N with 1 <= I <= N, such as 2/8")
        };
        let (i, n) = text.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let number = |part: &str, what: &str| {
            part.trim()
                .parse::<u32>()
                .map_err(|_| bad(&format!("{what} is not a whole number")))
        };
        let (index, count) = (number(i, "I")?, number(n, "N")?);
        if count == 0 {
            return Err(bad("N must be at least 1"));
        }
        if index == 0 || index > count {
            return Err(bad(&format!("I must be from 1 to {count}")));
        }
        Ok(Slice { index, count })
    }

    /// True when work item `item` (0: the root's search, 1 + r: orbit r) is this shard's.
    pub fn owns(self, item: usize) -> bool {
        item % self.count as usize == (self.index - 1) as usize
    }

    /// The shard that owns `item`.
    pub fn owner(item: usize, count: u32) -> u32 {
        (item % count as usize) as u32 + 1
    }
}

impl std::fmt::Display for Slice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// What a run was asked to do: shards of one run agree on all of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub algorithm: String,
    pub tt_mb: usize,
    pub epsilon: f32,
    pub max_level: Option<u32>,
    pub zones: bool,
    /// The node and time limits of each shard's process (`None`: none).
    pub nodes: Option<u64>,
    pub seconds: Option<f64>,
}

impl Settings {
    fn of(puzzle: &Puzzle, spec: &SearchSpec) -> Settings {
        let level = spec.config.proof.max_level;
        let puzzles_level = SearchSpec::headless(puzzle, spec.config.algorithm)
            .config
            .proof
            .max_level;
        Settings {
            algorithm: spec.config.algorithm.name().to_string(),
            tt_mb: spec.config.tt_mb,
            epsilon: spec.config.proof.epsilon,
            // The level as asked: the puzzle's own unless the run chose another.
            max_level: if level == puzzles_level {
                puzzle.limits.max_level
            } else {
                Some(u32::from(level))
            },
            zones: spec.config.proof.zones,
            nodes: spec.limits.nodes,
            seconds: spec.limits.time.map(|t| t.as_secs_f64()),
        }
    }

    /// The spec of the run these settings describe, for `puzzle`.
    fn options(&self, puzzle: &Puzzle) -> Result<SearchSpec, String> {
        let algorithm = Algorithm::parse(&self.algorithm)
            .ok_or_else(|| format!("unknown algorithm {:?}", self.algorithm))?;
        let mut spec = SearchSpec::headless(puzzle, algorithm);
        spec.set_table_mb(self.tt_mb);
        spec.set_epsilon(self.epsilon);
        match self.max_level {
            Some(level) => spec.set_max_level(level),
            None => {
                spec.config.lambda.max_level = LambdaConfig::default().max_level;
                spec.config.proof.max_level = ProofConfig::default().max_level;
            }
        }
        spec.set_zones(self.zones);
        spec.limits.nodes = self.nodes;
        spec.limits.time = self.seconds.map(Duration::from_secs_f64);
        spec.root_analysis = true;
        Ok(spec)
    }
}

/// Counters as a shard writes them: the time in nanoseconds, so sums are exact.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardStats {
    pub nodes: u64,
    pub leaves: u64,
    pub cutoffs: u64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub nanos: u64,
}

impl ShardStats {
    fn of(s: &Stats) -> ShardStats {
        ShardStats {
            nodes: s.nodes,
            leaves: s.leaves,
            cutoffs: s.cutoffs,
            tt_probes: s.tt_probes,
            tt_hits: s.tt_hits,
            nanos: u64::try_from(s.elapsed.as_nanos()).unwrap_or(u64::MAX),
        }
    }

    fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            leaves: self.leaves,
            cutoffs: self.cutoffs,
            tt_probes: self.tt_probes,
            tt_hits: self.tt_hits,
            elapsed: Duration::from_nanos(self.nanos),
        }
    }
}

/// The root's own search (work item 0), as its shard found it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardRoot {
    /// "proven", "disproven" or "unknown".
    pub result: String,
    pub best_move: Option<String>,
    pub proof_size: Option<u64>,
    pub level: Option<u8>,
    pub decided_by: Option<String>,
    pub stats: ShardStats,
    pub stopped: bool,
}

/// One root move a shard classified.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardMove {
    #[serde(rename = "move")]
    pub mv: String,
    /// A word of [`RootClass::word`].
    pub class: String,
    pub nodes: u64,
    /// The earlier move whose class this one copies (no search).
    pub image_of: Option<String>,
}

/// What one shard found: written by `solve --root --shard I/N --json`, read by `merge`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardReport {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`].
    pub version: u32,
    /// The plyscope version that ran it (node counts are a signature of the version).
    pub plyscope: String,
    /// Which shard, of how many.
    pub shard: Slice,
    /// [`RULE`], for the reader.
    pub rule: String,
    /// The puzzle's name (bundled name or path), title, game, position and side to move.
    pub puzzle: String,
    pub title: String,
    pub game: String,
    pub diagram: String,
    pub to_move: String,
    pub settings: Settings,
    /// The root's legal moves, and the work items of the run (1 + the orbits).
    pub root_move_count: usize,
    pub items: usize,
    /// Item 0, in the shard that owns it (shard 1).
    pub root: Option<ShardRoot>,
    /// The shard's moves in generator order.
    pub moves: Vec<ShardMove>,
    /// The counters of the shard's classification (not of the root's search).
    pub stats: ShardStats,
    /// True when a limit (or ctrl-c) stopped a search of the classification.
    pub stopped: bool,
}

impl ShardReport {
    /// True when a limit stopped the root's search or a classification.
    pub fn is_stopped(&self) -> bool {
        self.stopped || self.root.as_ref().is_some_and(|r| r.stopped)
    }
}

/// Why a shard cannot run or shards cannot be merged.
#[derive(Debug, Error)]
pub enum ShardError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    #[error(
        "--shard applies to {} (their root analysis searches each opening on its own); {puzzle} runs {algorithm}",
        SHARDABLE.map(|a| a.name()).join(", ")
    )]
    NotShardable {
        puzzle: String,
        algorithm: Algorithm,
    },
    /// A shard file or the set of them is wrong: the message names the file.
    #[error("{0}")]
    Invalid(String),
}

fn verdict_word(v: ProofVerdict) -> &'static str {
    match v {
        ProofVerdict::Proven => "proven",
        ProofVerdict::Disproven => "disproven",
        ProofVerdict::Unknown => "unknown",
    }
}

fn verdict_of_word(word: &str) -> Option<ProofVerdict> {
    [
        ProofVerdict::Proven,
        ProofVerdict::Disproven,
        ProofVerdict::Unknown,
    ]
    .into_iter()
    .find(|&v| verdict_word(v) == word)
}

/// Does shard `slice` of the root analysis of `puzzle` with `options` (whose `root_analysis`
/// is taken as set).
pub fn solve_shard(
    puzzle: &Puzzle,
    options: &SearchSpec,
    slice: Slice,
) -> Result<ShardReport, ShardError> {
    registry::check(puzzle, options.config.algorithm)?;
    if !SHARDABLE.contains(&options.config.algorithm) {
        return Err(ShardError::NotShardable {
            puzzle: puzzle.name.clone(),
            algorithm: options.config.algorithm,
        });
    }
    Ok(puzzle.position.with_game(Shard {
        puzzle,
        options,
        slice,
    }))
}

/// [`solve_shard`] on the typed game.
struct Shard<'a> {
    puzzle: &'a Puzzle,
    options: &'a SearchSpec,
    slice: Slice,
}

impl GameVisitor for Shard<'_> {
    type Output = ShardReport;

    fn visit<G: AnyGame>(self, game: &G) -> ShardReport {
        if G::KIND.path_dependent() {
            unreachable!("registry::check refuses the proof-number searches on these games")
        }
        let draws = G::KIND.draws_possible();
        shard_game(game.clone(), self.puzzle, self.options, self.slice, draws)
    }
}

fn shard_game<G: SearchGame>(
    mut game: G,
    puzzle: &Puzzle,
    options: &SearchSpec,
    slice: Slice,
    draws_possible: bool,
) -> ShardReport {
    let started = Instant::now();
    let plan = plan_root(&game);
    let items = 1 + plan.iter().map(|p| p.orbit + 1).max().unwrap_or(0);
    let root = slice
        .owns(0)
        .then(|| search_root(&mut game, puzzle, options, &mut NoTrace));
    // As in the unsharded run, the classification gets what the root's search left.
    let used = root.as_ref().map_or(0, |r| r.stats.nodes);
    let left = options
        .limits
        .left_after(started.elapsed(), used)
        .unwrap_or(Limits {
            nodes: Some(0),
            ..options.limits
        });
    let goal = goal_for(&game, puzzle);
    let (moves, stats, stopped) = classify_planned(
        &mut game,
        options.config.algorithm,
        &options.proof_config(),
        goal,
        &left,
        draws_possible,
        &plan,
        |orbit| slice.owns(orbit + 1),
    );
    ShardReport {
        format: FORMAT.to_string(),
        version: VERSION,
        plyscope: env!("CARGO_PKG_VERSION").to_string(),
        shard: slice,
        rule: RULE.to_string(),
        puzzle: puzzle.name.clone(),
        title: puzzle.title.clone(),
        game: game.name().to_string(),
        diagram: game.diagram(),
        to_move: game.to_move().name().to_string(),
        settings: Settings::of(puzzle, options),
        root_move_count: plan.len(),
        items,
        root: root.map(|r| ShardRoot {
            result: verdict_word(r.verdict).to_string(),
            best_move: r.best_move.map(|m| game.format_move(m)),
            proof_size: r.proof_size,
            level: r.level,
            decided_by: r.decided_by,
            stats: ShardStats::of(&r.stats),
            stopped: r.stopped,
        }),
        moves: moves
            .iter()
            .map(|m| ShardMove {
                mv: game.format_move(m.mv),
                class: m.class.word().to_string(),
                nodes: m.nodes,
                image_of: m.image_of.map(|i| game.format_move(i)),
            })
            .collect(),
        stats: ShardStats::of(&stats),
        stopped,
    }
}

/// A shard's report and the file it was read from (named in every message).
#[derive(Clone, Debug)]
pub struct ShardFile {
    pub file: String,
    pub report: ShardReport,
}

/// Reads a shard's report from `text` (the contents of `file`), refusing anything else: a
/// solve report without `--shard`, another format or version, a damaged file.
pub fn parse_shard(file: &str, text: &str) -> Result<ShardFile, ShardError> {
    let invalid = |why: String| ShardError::Invalid(format!("{file}: {why}"));
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        invalid(format!(
            "not a shard report: line {} column {}: {e}",
            e.line(),
            e.column()
        ))
    })?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(invalid(format!(
                "not a shard report: format is {other:?}, expected {FORMAT:?}"
            )));
        }
        None => {
            return Err(invalid(format!(
                "not a shard report (no \"format\": {FORMAT:?}; shards are written by \
                 `plyscope solve PUZZLE --root --shard I/N --json`)"
            )));
        }
    }
    let version = value.get("version").and_then(|v| v.as_u64());
    if version != Some(u64::from(VERSION)) {
        return Err(invalid(format!(
            "shard report version {} is not supported (this plyscope reads version {VERSION})",
            version.map_or("none".to_string(), |v| v.to_string())
        )));
    }
    let report: ShardReport = serde_json::from_value(value)
        .map_err(|e| invalid(format!("not a valid shard report: {e}")))?;
    if report.shard.count == 0 || report.shard.index == 0 || report.shard.index > report.shard.count
    {
        return Err(invalid(format!(
            "shard {} is not a shard: expected I/N with 1 <= I <= N",
            report.shard
        )));
    }
    Ok(ShardFile {
        file: file.to_string(),
        report,
    })
}

/// Checks that `shards` are all the shards of one run, exactly once each: the same puzzle,
/// position, settings, plyscope version and shard count, indices 1 to N.
pub fn check_set(shards: &[ShardFile]) -> Result<(), ShardError> {
    let invalid = |why: String| Err(ShardError::Invalid(why));
    let Some(first) = shards.first() else {
        return invalid("no shard files given".to_string());
    };
    let a = &first.report;
    for s in &shards[1..] {
        let b = &s.report;
        // Values as JSON writes them: "hex-5x5", 64, null.
        let differs = |what: &str, x: serde_json::Value, y: serde_json::Value| {
            ShardError::Invalid(format!(
                "{}: {what} {y} differs from {}'s {x}: the shards are not of one run",
                s.file, first.file
            ))
        };
        let json = |text: &str| serde_json::Value::String(text.to_string());
        if b.puzzle != a.puzzle {
            return Err(differs("puzzle", json(&a.puzzle), json(&b.puzzle)));
        }
        if b.diagram != a.diagram || b.to_move != a.to_move || b.game != a.game {
            return invalid(format!(
                "{}: the position of {} differs from {}'s: the shards are not of one run",
                s.file, b.puzzle, first.file
            ));
        }
        if b.settings != a.settings {
            let (x, y) = (
                serde_json::to_value(&a.settings).unwrap_or_default(),
                serde_json::to_value(&b.settings).unwrap_or_default(),
            );
            let field = x
                .as_object()
                .and_then(|o| o.keys().find(|k| x.get(k.as_str()) != y.get(k.as_str())))
                .cloned()
                .unwrap_or_else(|| "settings".to_string());
            return Err(differs(
                &format!("setting {field}"),
                x.get(&field).cloned().unwrap_or_default(),
                y.get(&field).cloned().unwrap_or_default(),
            ));
        }
        if b.plyscope != a.plyscope {
            return Err(differs(
                "plyscope version",
                json(&a.plyscope),
                json(&b.plyscope),
            ));
        }
        if b.shard.count != a.shard.count {
            return invalid(format!(
                "{}: is shard {} but {} is shard {}: the shards are not of one run",
                s.file, b.shard, first.file, a.shard
            ));
        }
    }
    let count = a.shard.count;
    for (i, s) in shards.iter().enumerate() {
        if let Some(earlier) = shards[..i]
            .iter()
            .find(|e| e.report.shard.index == s.report.shard.index)
        {
            return invalid(format!(
                "{}: shard {} is given twice (also {})",
                s.file, s.report.shard, earlier.file
            ));
        }
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&i| !shards.iter().any(|s| s.report.shard.index == i))
        .map(|i| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return invalid(format!(
            "missing shard{} {} of {} (every shard 1/{count} to {count}/{count} is needed)",
            if missing.len() == 1 { "" } else { "s" },
            missing.join(", "),
            a.puzzle
        ));
    }
    Ok(())
}

/// The report one unsharded `solve --root` of `puzzle` prints, from all its `shards`
/// ([`check_set`] first): the root's answer from shard 1, every move's class from the
/// shard that owns it, counters and times summed. `puzzle` is the puzzle the shards name,
/// loaded again: its position must be theirs.
pub fn merge(puzzle: &Puzzle, shards: &[ShardFile]) -> Result<SolveReport, ShardError> {
    check_set(shards)?;
    let first = &shards[0];
    let options = first
        .report
        .settings
        .options(puzzle)
        .map_err(|why| ShardError::Invalid(format!("{}: {why}", first.file)))?;
    registry::check(puzzle, options.config.algorithm)?;
    puzzle.position.with_game(Merge {
        puzzle,
        options: &options,
        shards,
    })
}

/// [`merge`] on the typed game.
struct Merge<'a> {
    puzzle: &'a Puzzle,
    options: &'a SearchSpec,
    shards: &'a [ShardFile],
}

impl Merge<'_> {
    fn merge<G: AnyGame>(
        self,
        game: &G,
        board: Option<DrawRoot<G>>,
    ) -> Result<SolveReport, ShardError> {
        if G::KIND.path_dependent() {
            unreachable!("registry::check refuses the proof-number searches on these games")
        }
        let draws = G::KIND.draws_possible();
        merge_game(
            game.clone(),
            self.puzzle,
            self.options,
            self.shards,
            draws,
            board,
        )
    }
}

impl GameVisitor for Merge<'_> {
    type Output = Result<SolveReport, ShardError>;

    fn visit<G: AnyGame>(self, game: &G) -> Self::Output {
        self.merge(game, None)
    }

    fn visit_stones<G: AnyGame + StoneGame>(self, game: &G) -> Self::Output {
        self.merge(game, Some(proof::draw_stone_root::<G>))
    }
}

fn merge_game<G: SearchGame>(
    game: G,
    puzzle: &Puzzle,
    options: &SearchSpec,
    shards: &[ShardFile],
    draws_possible: bool,
    board: Option<DrawRoot<G>>,
) -> Result<SolveReport, ShardError> {
    let first = &shards[0];
    let invalid = |file: &str, why: String| ShardError::Invalid(format!("{file}: {why}"));
    if game.diagram() != first.report.diagram || game.to_move().name() != first.report.to_move {
        return Err(invalid(
            &first.file,
            format!(
                "the position differs from the puzzle {} as it reads now: was the file changed?",
                puzzle.name
            ),
        ));
    }
    let plan = plan_root(&game);
    let count = first.report.shard.count;
    let mut classified: Vec<Option<ClassifiedMove<G::Move>>> = vec![None; plan.len()];
    let mut stats = Stats::default();
    let mut stopped = false;
    for s in shards {
        let r = &s.report;
        stopped |= r.stopped;
        stats.add(&r.stats.stats());
        for m in &r.moves {
            let mv = game
                .parse_move(&m.mv)
                .map_err(|why| invalid(&s.file, format!("move {:?}: {why}", m.mv)))?;
            let Some(at) = plan.iter().position(|p| p.mv == mv) else {
                return Err(invalid(
                    &s.file,
                    format!("{} is not a legal root move of {}", m.mv, puzzle.name),
                ));
            };
            let owner = Slice::owner(plan[at].orbit + 1, count);
            if owner != r.shard.index {
                return Err(invalid(
                    &s.file,
                    format!(
                        "move {} belongs to shard {owner}/{count}, not to this shard {}",
                        m.mv, r.shard
                    ),
                ));
            }
            if classified[at].is_some() {
                return Err(invalid(&s.file, format!("move {} is given twice", m.mv)));
            }
            let class = RootClass::from_word(&m.class).ok_or_else(|| {
                invalid(
                    &s.file,
                    format!("move {}: unknown class {:?}", m.mv, m.class),
                )
            })?;
            let image_of = match &m.image_of {
                None => None,
                Some(text) => Some(game.parse_move(text).map_err(|why| {
                    invalid(&s.file, format!("move {}: image of {text:?}: {why}", m.mv))
                })?),
            };
            if image_of != plan[at].image_of {
                return Err(invalid(
                    &s.file,
                    format!("move {}: its symmetry does not match this position's", m.mv),
                ));
            }
            classified[at] = Some(ClassifiedMove {
                mv,
                class,
                nodes: m.nodes,
                image_of,
            });
        }
    }
    let missing: Vec<String> = plan
        .iter()
        .zip(&classified)
        .filter(|(_, c)| c.is_none())
        .map(|(p, _)| {
            format!(
                "{} (shard {})",
                game.format_move(p.mv),
                Slice::owner(p.orbit + 1, count)
            )
        })
        .collect();
    if !missing.is_empty() {
        return Err(ShardError::Invalid(format!(
            "the shards do not classify the root moves {}",
            missing.join(", ")
        )));
    }
    let owner = shards
        .iter()
        .find(|s| s.report.shard.index == 1)
        .expect("check_set found every shard");
    let root = owner.report.root.as_ref().ok_or_else(|| {
        invalid(
            &owner.file,
            "shard 1 has no root search (item 0 is shard 1's)".to_string(),
        )
    })?;
    if let Some(other) = shards
        .iter()
        .find(|s| s.report.shard.index != 1 && s.report.root.is_some())
    {
        return Err(invalid(
            &other.file,
            "has a root search, which is shard 1's".to_string(),
        ));
    }
    let answer =
        RootAnswer {
            verdict: verdict_of_word(&root.result).ok_or_else(|| {
                invalid(
                    &owner.file,
                    format!("unknown root result {:?}", root.result),
                )
            })?,
            best_move: match &root.best_move {
                None => None,
                Some(text) => Some(game.parse_move(text).map_err(|why| {
                    invalid(&owner.file, format!("root best move {text:?}: {why}"))
                })?),
            },
            proof_size: root.proof_size,
            level: root.level,
            decided_by: root.decided_by.clone(),
            stats: root.stats.stats(),
            stopped: root.stopped,
        };
    let analysis = Analysis {
        moves: classified.into_iter().flatten().collect(),
        stats,
        stopped,
    };
    Ok(assemble(
        &game,
        puzzle,
        options,
        &answer,
        Some(analysis),
        draws_possible,
        board,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::hex::Hex;

    #[test]
    fn shards_parse_as_i_of_n_and_refuse_the_rest() {
        assert_eq!(Slice::parse("2/8"), Ok(Slice { index: 2, count: 8 }));
        assert_eq!(Slice::parse("1/1"), Ok(Slice::WHOLE));
        for bad in ["0/3", "4/3", "1/0", "3", "a/3", "1/b", "-1/3", "", "/"] {
            assert!(Slice::parse(bad).is_err(), "{bad} accepted");
        }
        assert_eq!(
            Slice::parse("4/3").unwrap_err(),
            "'4/3' is not a shard: I must be from 1 to 3; expected I/N with 1 <= I <= N, \
             such as 2/8"
        );
    }

    #[test]
    fn every_item_belongs_to_exactly_one_shard() {
        for count in 1..6u32 {
            for item in 0..40 {
                let owners: Vec<u32> = (1..=count)
                    .filter(|&index| Slice { index, count }.owns(item))
                    .collect();
                assert_eq!(owners, vec![Slice::owner(item, count)]);
            }
        }
        // The root's search is shard 1's; the first orbit shard 2's.
        assert!(Slice { index: 1, count: 3 }.owns(0));
        assert!(Slice { index: 2, count: 3 }.owns(1));
    }

    #[test]
    fn the_half_turn_puts_a_move_and_its_image_in_one_orbit() {
        let game = Hex::new(3).unwrap();
        let plan = plan_root(&game);
        assert_eq!(plan.len(), 9);
        // a1 <-> c3, b1 <-> b3, c1 <-> a3, a2 <-> c2; b2 maps to itself.
        let named = |i: usize| game.format_move(plan[i].mv);
        let c3 = plan
            .iter()
            .position(|p| game.format_move(p.mv) == "c3")
            .unwrap();
        assert_eq!(named(0), "a1");
        assert_eq!(plan[c3].image_of, Some(plan[0].mv));
        assert_eq!(plan[c3].orbit, plan[0].orbit);
        assert_eq!(plan.iter().map(|p| p.orbit).max(), Some(4));
    }
}
