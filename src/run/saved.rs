//! Saved runs: a recorded search written to a file — the position, the algorithm
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
//! - `format`: always `"plyscope-run"`; `version`: `"MAJOR.MINOR"`, here `"1.1"`;
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
//! panic. Every refusal names the file and says in words what is wrong with it: a file that
//! does not start with the header is "not a saved run" (with what its first line holds
//! instead), a damaged header names the field at fault and what it should hold; the JSON
//! and postcard parsers' own messages, which name Rust types and encoding internals, are
//! not shown. Files are written atomically ([`crate::atomic_file`]).

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
/// ([`crate::trace::codec::encode`]), the second search's after them. A failure's message
/// is the system's words for it, the caller saying what it was doing.
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
    // The message is the system's words alone: the caller says what it was doing
    // ("cannot save the run to FILE: No such file or directory").
    written.map_err(|e| error(path, crate::atomic_file::system_words(&e)))?;
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
                "the recorded search does not decode: {e}; the file is corrupted or was not \
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
        if bytes.starts_with(HEADER_START.as_bytes()) || HEADER_START.as_bytes().starts_with(&bytes)
        {
            return Err(error(
                path,
                format!(
                    "the file is truncated inside its header: it ends at byte {} before the \
                     header's line does",
                    bytes.len()
                ),
            ));
        }
        return Err(not_a_run(path, &bytes));
    };
    let header_text =
        std::str::from_utf8(&bytes[..newline]).map_err(|_| not_a_run(path, &bytes))?;
    let header = header_of(header_text).map_err(|fault| match fault {
        HeaderFault::Foreign => not_a_run(path, &bytes),
        HeaderFault::Other(message) => error(path, message),
    })?;
    let body = bytes[newline + 1..].to_vec();
    if (body.len() as u64) < header.body.bytes {
        return Err(error(
            path,
            format!(
                "the file is truncated at byte {}: {} of the recorded search's {} bytes are \
                 there",
                bytes.len(),
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

/// How every saved run begins: its header's first field.
const HEADER_START: &str = "{\"format\":\"plyscope-run\"";

/// The refusal of a file that is no saved run at all, with what it starts with instead.
fn not_a_run(path: &Path, bytes: &[u8]) -> SavedRunError {
    let first_line = bytes.split(|&b| b == b'\n').next().unwrap_or_default();
    let starts = match std::str::from_utf8(&first_line[..first_line.len().min(64)]) {
        // A cut in the middle of a character: the text up to it.
        Err(e) if e.error_len().is_none() && e.valid_up_to() > 0 => {
            Some(String::from_utf8_lossy(&first_line[..e.valid_up_to()]).into_owned())
        }
        Ok(text) => Some(text.to_string()),
        Err(_) => None,
    };
    let instead = match starts {
        Some(text) if text.chars().all(|c| !c.is_control() || c == '\t') => {
            let text = text.trim_end();
            if text.is_empty() {
                "its first line is empty".to_string()
            } else if first_line.len() > 64 {
                format!("its first line begins \"{text}...\"")
            } else {
                format!("its first line is \"{text}\"")
            }
        }
        _ => "its first line is not text".to_string(),
    };
    error(
        path,
        format!(
            "not a saved run: it does not start with the run header (a line of JSON \
             beginning {HEADER_START}); {instead}"
        ),
    )
}

/// Why a saved run's first line is no header this plyscope reads.
enum HeaderFault {
    /// Not a saved run's header at all.
    Foreign,
    /// A saved run's header, damaged or of another version: what is wrong, in words.
    Other(String),
}

/// The header on a saved run's first line, or what is wrong with it, in words (never a
/// parser's own message, which names its types and not the file's fields).
fn header_of(text: &str) -> Result<Header, HeaderFault> {
    use serde_json::Value;
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) if text.starts_with(HEADER_START) => {
            return Err(HeaderFault::Other(format!(
                "the header is damaged: its line is not valid JSON from column {} on",
                e.column()
            )));
        }
        Err(_) => return Err(HeaderFault::Foreign),
    };
    let Value::Object(fields) = value else {
        return Err(HeaderFault::Foreign);
    };
    // The format and version first, so a newer or foreign file is named as such even when
    // the rest of its header differs.
    let shown = |v: &Value| match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Object(_) => "an object".to_string(),
        Value::Array(_) => "a list".to_string(),
        other => other.to_string(),
    };
    match fields.get("format") {
        Some(Value::String(f)) if f == FORMAT => {}
        format => {
            return Err(HeaderFault::Other(format!(
                "not a saved run: \"format\" is {}, expected \"{FORMAT}\"",
                format.map_or("missing".to_string(), shown)
            )));
        }
    }
    let version = match fields.get("version") {
        Some(Value::String(v)) => v.clone(),
        Some(other) => {
            return Err(HeaderFault::Other(format!(
                "unknown run format version {} (not in quotes); expected \"{MAJOR}.x\"",
                shown(other)
            )));
        }
        None => {
            return Err(HeaderFault::Other(format!(
                "the header has no \"version\"; expected \"{MAJOR}.x\""
            )));
        }
    };
    let major: Option<u32> = version.split('.').next().and_then(|m| m.parse().ok());
    match major {
        Some(MAJOR) => {}
        Some(m) if m > MAJOR => {
            return Err(HeaderFault::Other(format!(
                "written by a newer plyscope (run format {version}); this plyscope reads \
                 format {MAJOR}.x: update plyscope to open it"
            )));
        }
        _ => {
            return Err(HeaderFault::Other(format!(
                "unknown run format version \"{version}\"; expected \"{MAJOR}.x\""
            )));
        }
    }
    // Each field on its own, so the message names the one at fault and what it should hold.
    fn check<T: DeserializeOwned>(
        fields: &serde_json::Map<String, Value>,
        name: &str,
        required: bool,
        what: &str,
    ) -> Result<(), HeaderFault> {
        match fields.get(name) {
            None if required => Err(HeaderFault::Other(format!(
                "the header is damaged: it has no \"{name}\" ({what})"
            ))),
            None => Ok(()),
            Some(v) => serde_json::from_value::<T>(v.clone())
                .map(|_| ())
                .map_err(|_| {
                    HeaderFault::Other(format!(
                        "the header is damaged: its \"{name}\" is not {what}"
                    ))
                }),
        }
    }
    check::<String>(&fields, "puzzle_name", true, "the puzzle's name, a string")?;
    check::<String>(&fields, "puzzle", true, "the puzzle file's text, a string")?;
    check::<String>(&fields, "algorithm", true, "the algorithm's name, a string")?;
    check::<SearchSpec>(
        &fields,
        "spec",
        true,
        "the search's settings as this plyscope writes them",
    )?;
    check::<u64>(&fields, "events", true, "the number of recorded events")?;
    check::<bool>(&fields, "finished", true, "true or false")?;
    check::<u64>(&fields, "unrecorded", false, "a number of events")?;
    check::<Option<String>>(&fields, "summary", false, "the result line, a string")?;
    check::<Option<SecondSearch>>(
        &fields,
        "second",
        false,
        "the split view's second search as this plyscope writes it",
    )?;
    check::<Body>(
        &fields,
        "body",
        true,
        "the recorded search's length and checksum, {\"bytes\": N, \"fnv1a64\": \"...\"}",
    )?;
    serde_json::from_value(Value::Object(fields))
        .map_err(|_| HeaderFault::Other("the header is damaged".to_string()))
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
