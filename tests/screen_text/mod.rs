//! Screens as text for snapshot tests: the cells row by row, then the runs of reversed cells
//! as `row: from-to` (the cursor and highlights are reverse video, which text alone loses).

use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

/// The screen as text, then the runs of reversed cells as `row: from-to`.
pub fn view(buf: &Buffer) -> String {
    let (w, h) = (buf.area.width, buf.area.height);
    let mut text = String::new();
    let mut reversed = Vec::new();
    for y in 0..h {
        let mut line = String::new();
        let mut run: Option<u16> = None;
        for x in 0..w {
            let cell = &buf[(x, y)];
            line.push_str(cell.symbol());
            let rev = cell.modifier.contains(Modifier::REVERSED);
            match (rev, run) {
                (true, None) => run = Some(x),
                (false, Some(s)) => {
                    reversed.push(format!("{y}: {s}-{}", x - 1));
                    run = None;
                }
                _ => {}
            }
        }
        if let Some(s) = run {
            reversed.push(format!("{y}: {s}-{}", w - 1));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str("reverse video: ");
    text.push_str(&reversed.join(", "));
    text.push('\n');
    text
}
