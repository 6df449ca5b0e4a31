//! Small helpers for words on screen: plurals and wrapping. A leaf: the dialogs' state and every
//! view use them.

/// "1 card", "2 cards".
pub fn plural(n: u32, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// A one-row text made to fit `width` characters: a long line of several results ("Bob
/// declines · Cy declines · ...") keeps its newest parts, after "… " (the log holds them all);
/// one part still too long ends at a word with "…". Never cut mid-word, never past the edge.
pub fn fit(text: &str, width: usize) -> String {
    let len = |s: &str| s.chars().count();
    if len(text) <= width {
        return text.to_string();
    }
    let parts: Vec<&str> = text.split(" · ").collect();
    for from in 1..parts.len() {
        let kept = format!("… {}", parts[from..].join(" · "));
        if len(&kept) <= width {
            return kept;
        }
    }
    let last = if parts.len() > 1 { format!("… {}", parts[parts.len() - 1]) } else { text.to_string() };
    let mut out = String::new();
    for word in last.split(' ') {
        if len(&out) + 1 + len(word) + 2 > width {
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        return last.chars().take(width.saturating_sub(1)).chain(['…']).collect();
    }
    out + " …"
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

#[cfg(test)]
mod tests {
    use crate::tui::screen::words::fit;

    /// Issue 33: a long status line is shortened sensibly, never cut at the window's edge.
    #[test]
    fn a_long_status_keeps_its_newest_parts_and_whole_words() {
        assert_eq!(fit("short", 10), "short");
        let many = "Ann offers 1 grain for 1 lumber · Bob declines · Cy declines · everyone declined";
        assert_eq!(fit(many, 40), "… Cy declines · everyone declined");
        let one = "Ann can't build now because the reasons are many and long";
        let cut = fit(one, 30);
        assert!(
            cut.chars().count() <= 30 && cut.ends_with(" …") && one.starts_with(cut.trim_end_matches(" …")),
            "{cut}"
        );
        assert!(fit("abcdefghijklmnop", 5).chars().count() <= 5);
    }
}
