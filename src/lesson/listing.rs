//! What `plyscope lesson` prints without a name: the bundled lessons in teaching order
//! ([`super::bundled`]), each with its title, the algorithms it runs, the lessons it requires and
//! its source, wrapped to 80 columns.

use super::Lesson;

/// The widest line of the listing.
pub const WIDTH: usize = 80;

/// The listing of `lessons`, in the order given: two lines of header, then per lesson a numbered line
/// with its name and title, and indented under it what it teaches, what it requires and its
/// source.
pub fn listing(lessons: &[Lesson]) -> String {
    let mut out = format!(
        "{} lessons in teaching order, each after the lessons it requires.\n\
         `plyscope lesson NAME` opens one; `plyscope lesson --check NAME` checks it.\n\n",
        lessons.len()
    );
    let number_width = lessons.len().to_string().len();
    let indent = " ".repeat(number_width + 2);
    let wrap = |text: &str, first: &str| -> Vec<String> {
        let options = textwrap::Options::new(WIDTH)
            .initial_indent(first)
            .subsequent_indent(&indent)
            .word_splitter(textwrap::WordSplitter::NoHyphenation);
        textwrap::wrap(text, options)
            .into_iter()
            .map(|l| l.into_owned())
            .collect()
    };
    let mut lines: Vec<String> = Vec::new();
    for (i, l) in lessons.iter().enumerate() {
        let number = format!("{:>number_width$}. ", i + 1);
        lines.extend(wrap(&format!("{}: {}", l.name, l.title), &number));
        let algorithms: Vec<&str> = l.algorithms().iter().map(|a| a.name()).collect();
        let requires = if l.requires.is_empty() {
            "nothing".to_string()
        } else {
            l.requires.join(", ")
        };
        lines.extend(wrap(
            &format!("teaches {}; requires {requires}", algorithms.join(", ")),
            &indent,
        ));
        lines.extend(wrap(&format!("source: {}", l.source), &indent));
    }
    for line in lines {
        out.push_str(&line);
        out.push('\n');
    }
    out
}
