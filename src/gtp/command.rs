//! One line of GTP input as a command: the preprocessing and syntax of GTP version 2
//! (draft 2, sections 2.2-2.5, <http://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/>),
//! which Benzene's HTP for Hex shares.
//!
//! Preprocessing: control characters other than tab and newline are removed, tabs become
//! spaces, everything after `#` is a comment, and a line left empty is no command. A command
//! is an optional id (a non-negative integer), the command's name and its arguments, all
//! separated by spaces. The answer echoes the id: `=id result` or `?id message`, each followed
//! by an empty line ([`format_response`]).

/// A command read from one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id the controller gave it, echoed in the answer.
    pub id: Option<u64>,
    /// The command's name, as written (GTP names are case-sensitive).
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// The command on `line`, or `None` when preprocessing leaves nothing (an empty line or a
/// comment).
pub fn parse_line(line: &str) -> Option<Command> {
    let cleaned: String = line
        .chars()
        .filter(|&c| c == '\t' || c == '\n' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let without_comment = cleaned.split('#').next().unwrap_or("");
    let mut words = without_comment.split_whitespace();
    let first = words.next()?;
    let (id, name) = match first.parse::<u64>() {
        Ok(id) => (Some(id), words.next()?.to_string()),
        Err(_) => (None, first.to_string()),
    };
    Some(Command {
        id,
        name,
        args: words.map(str::to_string).collect(),
    })
}

/// The answer to a command with `id`: `=id text` for a success, `?id text` for a failure,
/// then an empty line. Empty lines inside `text` would end the answer early, so they are
/// dropped (GTP 2.6: a response contains no empty line).
pub fn format_response(id: Option<u64>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let id = id.map_or(String::new(), |id| id.to_string());
    let body: Vec<&str> = text
        .trim_end()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let body = body.join("\n");
    if body.is_empty() {
        format!("{mark}{id}\n\n")
    } else if body.contains('\n') && !text.starts_with('\n') {
        format!("{mark}{id} {body}\n\n")
    } else if text.starts_with('\n') {
        // A multi-line answer whose first line is meant to start below the `=`
        // (`showboard`, `list_commands` in some controllers' display).
        format!("{mark}{id}\n{body}\n\n")
    } else {
        format!("{mark}{id} {body}\n\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_preprocessed_as_gtp_says() {
        assert_eq!(parse_line(""), None);
        assert_eq!(parse_line("   \t "), None);
        assert_eq!(parse_line("# just a comment"), None);
        let c = parse_line("12 play\tb  c3 # the centre\r").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, vec!["b", "c3"]);
        let c = parse_line("genmove w").unwrap();
        assert_eq!(c.id, None);
        assert_eq!(c.args, vec!["w"]);
        // Control characters vanish, so they cannot split or hide a name.
        let c = parse_line("na\u{7}me").unwrap();
        assert_eq!(c.name, "name");
        // An id alone is no command.
        assert_eq!(parse_line("7"), None);
    }

    #[test]
    fn answers_echo_the_id_and_end_with_an_empty_line() {
        assert_eq!(format_response(None, &Ok(String::new())), "=\n\n");
        assert_eq!(format_response(Some(3), &Ok("2".into())), "=3 2\n\n");
        assert_eq!(
            format_response(Some(4), &Err("illegal move".into())),
            "?4 illegal move\n\n"
        );
        assert_eq!(
            format_response(None, &Ok("\n a b\n\n1 . .\n".into())),
            "=\n a b\n1 . .\n\n"
        );
    }
}
