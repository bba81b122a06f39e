//! Control characters made visible. Roster and data files can carry any character through TOML's
//! `\u001b` escapes, and a list from an opponent must not be able to retitle, clear or recolour the
//! terminal: every string from a file or the command line is shown with its control characters
//! written out (`\u{1b}`), and the terminal writer lets through only the colour sequences the
//! program itself produces.

use std::borrow::Cow;

/// True for a character that a terminal would act on rather than show: C0 controls other than tab
/// and newline, DEL, and the C1 controls.
pub fn is_control(c: char) -> bool {
    c != '\n' && c != '\t' && (c.is_control())
}

/// `text` with every control character written as `\u{..}`. Borrowed when there is none (the
/// usual case), so calling it on every string costs one scan.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    Cow::Owned(out)
}

fn push_escaped(out: &mut String, c: char) {
    if is_control(c) {
        out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
    } else {
        out.push(c);
    }
}

/// The terminal writer's last line of defence: every control character is escaped except the
/// Select Graphic Rendition sequences (`ESC [ digits ; ... m`) that colour output, which the
/// program writes itself after escaping everything it was given.
pub fn escape_for_terminal(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '\u{1b}'
            && let Some(len) = sgr_len(rest)
        {
            out.push_str(&rest[..len]);
            rest = &rest[len..];
            continue;
        }
        push_escaped(&mut out, c);
        rest = &rest[c.len_utf8()..];
    }
    Cow::Owned(out)
}

/// Length of the colour sequence at the start of `text`, if it is one.
fn sgr_len(text: &str) -> Option<usize> {
    let body = text.strip_prefix("\u{1b}[")?;
    let params = body
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b';')
        .count();
    (body.as_bytes().get(params) == Some(&b'm')).then_some(2 + params + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_escape_bell_and_carriage_return() {
        assert_eq!(
            escape_controls("a\u{1b}]0;PWNED\u{7}b\rc\u{9b}d"),
            "a\\u{1b}]0;PWNED\\u{7}b\\u{d}c\\u{9b}d"
        );
    }

    #[test]
    fn keeps_newlines_tabs_and_plain_text_borrowed() {
        assert!(matches!(
            escape_controls("plain\ttext\nhere"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn the_terminal_writer_keeps_colour_and_escapes_the_rest() {
        assert_eq!(
            escape_for_terminal("\u{1b}[1;31merror\u{1b}[0m: \u{1b}]0;title\u{7}"),
            "\u{1b}[1;31merror\u{1b}[0m: \\u{1b}]0;title\\u{7}"
        );
        assert_eq!(escape_for_terminal("\u{1b}[2J"), "\\u{1b}[2J");
    }
}
