//! Small helpers for words on screen: plurals and wrapping. A leaf: the dialogs' state and every
//! view use them.

/// "1 card", "2 cards".
pub fn plural(n: u32, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// Splits a text into lines of at most `width` characters, at spaces where it can.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let len = line.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
            line.push_str("  ");
        } else if len > 0 {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push(line);
    out
}
