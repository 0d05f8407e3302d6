//! Saved runs (issue 20): a recorded search written to a file — the position, the algorithm
//! and every setting of the search, its limits, every recorded event — so that `plyscope
//! explore --open FILE` shows it again anywhere without searching, at the step and with the
//! panes the file was written with.
//!
//! # The format, version 1.1
//!
//! A file is one line of JSON, the [`Header`], then a newline, then the body: the recorded
//! trace (`crate::trace::store::Trace`) in `postcard`'s compact binary serde encoding
//! (<https://postcard.jamesmunns.com/wire-format>), exactly `body.bytes` bytes. `body.fnv1a64`
//! (16 hex digits) is the FNV-1a 64-bit hash of the header's `puzzle_name`, a newline, its `puzzle`
//! text, its `spec` as compact JSON and the body, one after the other. The header holds:
//!
//! - `format`: always `"plyscope-run"`; `version`: `"MAJOR.MINOR"`, here `"1.0"`;
//!   `written_by`: the plyscope that wrote it.
//! - `puzzle_name` and `puzzle`: the puzzle's name and its file's text (TOML or SGF), so the
//!   position, its title and its expected answer come back with it.
//! - `algorithm` and `spec`: the search's settings as the explorer ran it (algorithm,
//!   table, ordering, enhancements, lambda and proof settings, limits, the record budget,
//!   root analysis, draws).
//! - `events`, `finished`, `summary`: the size of the record, whether the search ended, its
//!   result line.
//! - `view`: the front end's state (the explorer's step, selection and pane toggles), kept
//!   as a JSON object the explorer reads back; a field it does not know is ignored.
//! - `second` (added in 1.1): the split view's second search, when one was open: its
//!   `algorithm`, `spec`, `events`, `finished`, `unrecorded`, `summary` and `view`, and
//!   `first_bytes`, the length of the first search's trace at the start of the body; the
//!   second's trace follows it. A 1.0 reader ignores `second` and decodes the first trace
//!   alone (postcard stops at the end of a value).
//! - `body`: `{"bytes": N, "fnv1a64": "..."}`.
//!
//! Compatibility: a reader ignores header fields it does not know, so a newer minor version
//! (which may only add header fields) opens in an older plyscope; a newer major version (a
//! changed body) is refused with a message saying so. A body shorter than `body.bytes` is a
//! truncated file, a hash that does not match a corrupted one; both are named, never a
//! panic. Files are written atomically ([`crate::atomic_file`]).

use std::io::Write as _;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::run::spec::SearchSpec;
use crate::trace::store::Trace;

/// `format` of every saved run.
pub const FORMAT: &str = "plyscope-run";
/// The major version this build writes and reads (the body's layout).
pub const MAJOR: u32 = 1;
/// The minor version this build writes (header fields added).
pub const MINOR: u32 = 1;
/// Largest saved run read, in bytes (a million events take about 45 MB).
pub const MAX_BYTES: u64 = 4 << 30;

/// The first line of a saved run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: String,
    #[serde(default)]
    pub written_by: String,
    pub puzzle_name: String,
    pub puzzle: String,
    pub algorithm: String,
    pub spec: SearchSpec,
    pub events: u64,
    pub finished: bool,
    #[serde(default)]
    pub unrecorded: u64,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub view: serde_json::Value,
    /// The split view's second search (1.1).
    #[serde(default)]
    pub second: Option<SecondSearch>,
    pub body: Body,
}

/// The split view's second search in a saved run.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SecondSearch {
    pub algorithm: String,
    pub spec: SearchSpec,
    pub events: u64,
    pub finished: bool,
    #[serde(default)]
    pub unrecorded: u64,
    #[serde(default)]
    pub summary: Option<String>,
    #[serde(default)]
    pub view: serde_json::Value,
    /// The first search's trace takes this many bytes at the start of the body.
    pub first_bytes: u64,
}

/// Where the trace is and how to check it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Body {
    pub bytes: u64,
    pub fnv1a64: String,
}

/// Why a saved run could not be written or read: the file and what is wrong.
#[derive(Debug, thiserror::Error)]
#[error("{file}: {message}")]
pub struct SavedRunError {
    pub file: String,
    pub message: String,
}

fn error(file: &Path, message: impl Into<String>) -> SavedRunError {
    SavedRunError {
        file: file.display().to_string(),
        message: message.into(),
    }
}

/// FNV-1a, 64 bits, over `parts` one after the other: a checksum to tell a damaged file
/// from an intact one (not a defence against tampering).
pub fn fnv1a64(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in *part {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// The checksum of a saved run: over the puzzle's name and text, the spec (as JSON) and the
/// body, so a record cannot be paired with another puzzle or other settings unnoticed.
fn checksum(
    name: &str,
    puzzle: &str,
    spec: &SearchSpec,
    second: Option<&SecondSearch>,
    body: &[u8],
) -> String {
    let spec = serde_json::to_string(spec).expect("a spec always encodes");
    // The second search's spec and where its trace starts, when there is one.
    let second = second.map_or(String::new(), |s| {
        format!(
            "{}{}",
            serde_json::to_string(&s.spec).expect("a spec always encodes"),
            s.first_bytes
        )
    });
    format!(
        "{:016x}",
        fnv1a64(&[
            name.as_bytes(),
            b"\n",
            puzzle.as_bytes(),
            spec.as_bytes(),
            second.as_bytes(),
            body
        ])
    )
}

/// What a saved run holds besides its trace, as the writer fills it in.
pub struct RunInfo<'a> {
    pub puzzle_name: &'a str,
    pub puzzle_text: &'a str,
    pub spec: &'a SearchSpec,
    pub summary: Option<&'a str>,
    /// The front end's state.
    pub view: serde_json::Value,
    /// Events recorded, whether the search had ended, and the events made past the record
    /// budget.
    pub events: u64,
    pub finished: bool,
    pub unrecorded: u64,
    /// The split view's second search and its trace's bytes, if one is open.
    pub second: Option<(SecondSearch, Vec<u8>)>,
}

/// Writes a saved run to `path`, atomically: `info` and the trace's bytes
/// ([`crate::trace::codec::encode`]), the second search's after them.
pub fn write(path: &Path, info: &RunInfo<'_>, body: &[u8]) -> Result<Header, SavedRunError> {
    let mut second = None;
    let mut joined;
    let body = match &info.second {
        Some((search, bytes)) => {
            joined = body.to_vec();
            joined.extend_from_slice(bytes);
            second = Some(SecondSearch {
                first_bytes: body.len() as u64,
                ..search.clone()
            });
            &joined[..]
        }
        None => body,
    };
    let header = Header {
        format: FORMAT.to_string(),
        version: format!("{MAJOR}.{MINOR}"),
        written_by: format!("plyscope {}", env!("CARGO_PKG_VERSION")),
        puzzle_name: info.puzzle_name.to_string(),
        puzzle: info.puzzle_text.to_string(),
        algorithm: info.spec.config.algorithm.name().to_string(),
        spec: *info.spec,
        events: info.events,
        finished: info.finished,
        unrecorded: info.unrecorded,
        summary: info.summary.map(str::to_string),
        view: info.view.clone(),
        body: Body {
            bytes: body.len() as u64,
            fnv1a64: checksum(
                info.puzzle_name,
                info.puzzle_text,
                info.spec,
                second.as_ref(),
                body,
            ),
        },
        second,
    };
    let line = serde_json::to_string(&header).expect("a header always encodes");
    let written = (|| -> std::io::Result<()> {
        let temp = crate::atomic_file::temporary_for(path)?;
        {
            let mut out = std::io::BufWriter::new(temp.as_file());
            out.write_all(line.as_bytes())?;
            out.write_all(b"\n")?;
            out.write_all(body)?;
            out.flush()?;
        }
        crate::atomic_file::commit(temp, path)
    })();
    written.map_err(|e| {
        error(
            path,
            format!("cannot write the run: {}", crate::text_file::io_reason(&e)),
        )
    })?;
    Ok(header)
}

/// A saved run read back: its header, and the trace's bytes, checked.
pub struct SavedRun {
    pub header: Header,
    body: Vec<u8>,
    file: String,
}

impl SavedRun {
    /// The file it was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// Decodes the (first) search's trace for a game whose moves are `M` (the puzzle's game).
    pub fn trace<M: DeserializeOwned + Copy>(&self) -> Result<Trace<M>, SavedRunError> {
        let end = self
            .header
            .second
            .as_ref()
            .map_or(self.body.len(), |s| s.first_bytes as usize);
        self.decode(&self.body[..end], self.header.events)
    }

    /// Decodes the split view's second search's trace, if the run has one.
    pub fn second_trace<M: DeserializeOwned + Copy>(
        &self,
    ) -> Option<Result<Trace<M>, SavedRunError>> {
        let second = self.header.second.as_ref()?;
        Some(self.decode(&self.body[second.first_bytes as usize..], second.events))
    }

    fn decode<M: DeserializeOwned + Copy>(
        &self,
        bytes: &[u8],
        events: u64,
    ) -> Result<Trace<M>, SavedRunError> {
        let trace: Trace<M> = crate::trace::codec::decode(bytes).map_err(|e| SavedRunError {
            file: self.file.clone(),
            message: format!(
                "the recorded search does not decode ({e}); the file is corrupted or was not \
                 written for this puzzle's game"
            ),
        })?;
        if trace.len() as u64 != events {
            return Err(SavedRunError {
                file: self.file.clone(),
                message: format!(
                    "the header says {events} events but the recorded search holds {}; the \
                     file is corrupted",
                    trace.len()
                ),
            });
        }
        Ok(trace)
    }
}

/// Reads and checks the saved run at `path`: its header (format, version) and that its body
/// is whole and intact. The trace is decoded by [`SavedRun::trace`] once the game is known.
pub fn read(path: &Path) -> Result<SavedRun, SavedRunError> {
    let bytes = read_capped(path)?;
    if bytes.is_empty() {
        return Err(error(path, "not a saved run: the file is empty"));
    }
    let Some(newline) = bytes.iter().position(|&b| b == b'\n') else {
        if bytes.starts_with(format!("{{\"format\":\"{FORMAT}\"").as_bytes()) {
            return Err(error(
                path,
                "the file is truncated inside its header (the first line ends before its \
                 newline)",
            ));
        }
        return Err(error(
            path,
            "not a saved run: no header line (a saved run starts with a line of JSON, \
             {\"format\":\"plyscope-run\",...})",
        ));
    };
    let header_text = std::str::from_utf8(&bytes[..newline])
        .map_err(|_| error(path, "not a saved run: the first line is not text"))?;
    // The format and version first, so a newer or foreign file is named as such even when
    // the rest of its header differs.
    #[derive(Deserialize)]
    struct Probe {
        format: Option<String>,
        version: Option<String>,
    }
    let probe: Probe = serde_json::from_str(header_text).map_err(|e| {
        error(
            path,
            format!("not a saved run: the first line is not its JSON header ({e})"),
        )
    })?;
    if probe.format.as_deref() != Some(FORMAT) {
        return Err(error(
            path,
            format!(
                "not a saved run: \"format\" is {}, expected \"{FORMAT}\"",
                probe
                    .format
                    .map_or("missing".to_string(), |f| format!("\"{f}\""))
            ),
        ));
    }
    let version = probe.version.unwrap_or_default();
    let major: Option<u32> = version.split('.').next().and_then(|m| m.parse().ok());
    match major {
        Some(MAJOR) => {}
        Some(m) if m > MAJOR => {
            return Err(error(
                path,
                format!(
                    "written by a newer plyscope (run format {version}); this plyscope reads \
                     format {MAJOR}.x: update plyscope to open it"
                ),
            ));
        }
        _ => {
            return Err(error(
                path,
                format!("unknown run format version \"{version}\"; expected {MAJOR}.x"),
            ));
        }
    }
    let header: Header = serde_json::from_str(header_text)
        .map_err(|e| error(path, format!("the header is damaged: {e}")))?;
    let body = bytes[newline + 1..].to_vec();
    if (body.len() as u64) < header.body.bytes {
        return Err(error(
            path,
            format!(
                "the file is truncated: {} of the recorded search's {} bytes are there",
                body.len(),
                header.body.bytes
            ),
        ));
    }
    if body.len() as u64 > header.body.bytes {
        return Err(error(
            path,
            format!(
                "the file is corrupted: {} bytes follow the header, which announces {}",
                body.len(),
                header.body.bytes
            ),
        ));
    }
    if checksum(
        &header.puzzle_name,
        &header.puzzle,
        &header.spec,
        header.second.as_ref(),
        &body,
    ) != header.body.fnv1a64
    {
        return Err(error(
            path,
            "the file is corrupted: the checksum of its puzzle, settings and recorded search \
             does not match",
        ));
    }
    if header
        .second
        .as_ref()
        .is_some_and(|s| s.first_bytes > header.body.bytes)
    {
        return Err(error(
            path,
            "the file is corrupted: the second search starts past the end of the body",
        ));
    }
    Ok(SavedRun {
        header,
        body,
        file: path.display().to_string(),
    })
}

fn read_capped(path: &Path) -> Result<Vec<u8>, SavedRunError> {
    let reason = |e: &std::io::Error| crate::text_file::io_reason(e);
    let file = std::fs::File::open(path)
        .map_err(|e| error(path, format!("cannot open the run: {}", reason(&e))))?;
    let length = file
        .metadata()
        .map_err(|e| error(path, format!("cannot read the run: {}", reason(&e))))?
        .len();
    if length > MAX_BYTES {
        return Err(error(
            path,
            format!("the file has {length} bytes, more than a saved run may ({MAX_BYTES})"),
        ));
    }
    let mut bytes = Vec::with_capacity(length as usize);
    use std::io::Read as _;
    file.take(MAX_BYTES)
        .read_to_end(&mut bytes)
        .map_err(|e| error(path, format!("cannot read the run: {}", reason(&e))))?;
    Ok(bytes)
}
