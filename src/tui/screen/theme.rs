//! Colours and glyphs. Everything the screen shows reads without colour too: players have a
//! letter, terrain a word, the cursor reverse video, 6 and 8 bold and underlined. `NO_COLOR`
//! drops the colours and keeps those modifiers; `--ascii` swaps every glyph for plain ASCII.

use ratatui::style::{Color, Modifier, Style};
use ratatui::symbols::border;

use crate::engine::{Resource, Seat, Terrain};

/// How the screen is drawn: with or without colour, box drawing or plain ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Use the 16 ANSI colours.
    pub color: bool,
    /// Plain ASCII glyphs only.
    pub ascii: bool,
}

/// Player colours: blue, yellow, magenta, white, then for a fifth and sixth player cyan and
/// red. No green, so no red and green pair: the common forms of colour blindness (red-green)
/// still tell them apart, by hue or by lightness (red turns dark, cyan and white stay light,
/// blue and magenta keep their blue). Not `Gray` for the sixth: it is ANSI white, which many
/// terminals draw nearly as bright white. Each player also has a letter, which is what tells
/// them apart without colour (`NO_COLOR`).
const PLAYER_COLORS: [Color; 6] =
    [Color::LightBlue, Color::LightYellow, Color::LightMagenta, Color::White, Color::LightCyan, Color::LightRed];

/// An ASCII border for `--ascii`.
const ASCII_BORDER: border::Set = border::Set {
    top_left: "+",
    top_right: "+",
    bottom_left: "+",
    bottom_right: "+",
    vertical_left: "|",
    vertical_right: "|",
    horizontal_top: "-",
    horizontal_bottom: "-",
};

impl Default for Theme {
    fn default() -> Theme {
        Theme { color: true, ascii: false }
    }
}

impl Theme {
    /// Colour unless `NO_COLOR` is set (to anything non-empty, per no-color.org).
    pub fn from_env(ascii: bool) -> Theme {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Theme { color: !no_color, ascii }
    }

    /// This theme as a joiner's terminal can show it, by its type (`TERM`, sent with the
    /// pty): no colour on a terminal without any (`dumb`, the VT100 and VT220 family, a
    /// `-mono` or `-m` type), plain ASCII where the glyphs may be missing (those, and the Linux
    /// console's font). An unknown or empty type keeps the host's theme.
    pub fn for_term(self, term: &str) -> Theme {
        let term = term.to_ascii_lowercase();
        let vt = term == "dumb" || term.starts_with("vt1") || term.starts_with("vt2");
        let mono = vt || term.ends_with("-mono") || term.ends_with("-m");
        let ascii = vt || term == "linux" || term.starts_with("linux-");
        Theme { color: self.color && !mono, ascii: self.ascii || ascii }
    }

    /// A style with a foreground colour, dropped without colour.
    pub fn fg(&self, c: Color) -> Style {
        if self.color { Style::new().fg(c) } else { Style::new() }
    }

    /// The colour of a player's pieces and name.
    pub fn player(&self, s: Seat) -> Style {
        self.fg(PLAYER_COLORS[s.index() % PLAYER_COLORS.len()]).add_modifier(Modifier::BOLD)
    }

    /// The colour of a terrain's word and pips.
    pub fn terrain(&self, t: Terrain) -> Style {
        self.fg(match t {
            Terrain::Hills => Color::Red,
            Terrain::Forest => Color::Green,
            Terrain::Pasture => Color::LightGreen,
            Terrain::Fields => Color::Yellow,
            Terrain::Mountains => Color::Gray,
            Terrain::Desert => Color::DarkGray,
            Terrain::Gold => Color::LightYellow,
        })
    }

    /// The colour of a resource (the terrain that yields it).
    pub fn resource(&self, r: Resource) -> Style {
        self.terrain(match r {
            Resource::Brick => Terrain::Hills,
            Resource::Lumber => Terrain::Forest,
            Resource::Wool => Terrain::Pasture,
            Resource::Grain => Terrain::Fields,
            Resource::Ore => Terrain::Mountains,
            Resource::Gold => Terrain::Gold,
        })
    }

    /// Lines of the island (hex sides not built on).
    pub fn grid(&self) -> Style {
        self.fg(Color::DarkGray)
    }
    /// Number tokens; 6 and 8 stand out (red, bold, underlined) since they roll most.
    pub fn token(&self, n: u8) -> Style {
        if matches!(n, 6 | 8) {
            self.fg(Color::LightRed).add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        }
    }
    /// Legal targets while choosing a place.
    pub fn target(&self) -> Style {
        self.fg(Color::LightGreen).add_modifier(Modifier::BOLD)
    }
    /// The cursor: reverse video, visible with or without colour.
    pub fn cursor(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    /// Harbor labels.
    pub fn harbor(&self) -> Style {
        self.fg(Color::Cyan)
    }
    /// The robber.
    pub fn robber(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }
    /// Titles and headings.
    pub fn title(&self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }
    /// Secondary text.
    pub fn dim(&self) -> Style {
        self.fg(Color::DarkGray)
    }
    /// Refusals and warnings; the text also starts with a mark.
    pub fn error(&self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }
    /// Keys in the footer and help.
    pub fn key(&self) -> Style {
        self.fg(Color::LightCyan).add_modifier(Modifier::BOLD)
    }
    /// The selected row of a dialog.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED)
    }
    /// Rows that can't be chosen now.
    pub fn disabled(&self) -> Style {
        self.fg(Color::DarkGray).add_modifier(Modifier::CROSSED_OUT)
    }

    /// Border glyphs for panels and dialogs.
    pub fn border(&self) -> border::Set<'static> {
        if self.ascii { ASCII_BORDER } else { border::ROUNDED }
    }
    /// An empty intersection.
    pub fn dot(&self) -> &'static str {
        // Not "." in ASCII: the slanted sides use dots already.
        if self.ascii { "+" } else { "·" }
    }
    /// One probability pip.
    pub fn pip(&self) -> &'static str {
        if self.ascii { "*" } else { "•" }
    }
    /// A bar of a chart.
    pub fn bar(&self) -> &'static str {
        if self.ascii { "#" } else { "█" }
    }
    /// The marker of the player to act.
    pub fn pointer(&self) -> &'static str {
        if self.ascii { ">" } else { "▶" }
    }
    /// Marks a refusal, so it reads without colour.
    pub fn cross(&self) -> &'static str {
        if self.ascii { "x" } else { "✗" }
    }
    /// A legal empty intersection.
    pub fn target_dot(&self) -> &'static str {
        if self.ascii { "@" } else { "○" }
    }
    /// The mark on a legal empty path.
    pub fn target_path(&self) -> &'static str {
        if self.ascii { "#" } else { "+" }
    }
    /// An empty corner a harbor serves: its own glyph, so the harbor reads without colour.
    pub fn harbor_dot(&self) -> &'static str {
        if self.ascii { "$" } else { "◇" }
    }
    /// A legal empty corner a harbor serves.
    pub fn target_harbor_dot(&self) -> &'static str {
        if self.ascii { "&" } else { "◈" }
    }
    /// A castle (R44) of the player with `letter`: walls round the letter, wider than a
    /// city's brackets so it reads without colour.
    pub fn castle(&self, letter: &str) -> String {
        if self.ascii { format!("{{{letter}}}") } else { format!("▐{letter}▌") }
    }
    /// The water of a harbor: its unbuilt side, and the link from its label to that side.
    pub fn harbor_wave(&self) -> &'static str {
        "~"
    }

    /// Plain ASCII for a symbol drawn by a widget or a text from elsewhere (the engine's log
    /// uses dashes, the keymap arrows); `None` when it is ASCII already.
    pub fn ascii_of(symbol: &str) -> Option<&'static str> {
        if symbol.is_ascii() {
            return None;
        }
        Some(match symbol {
            "·" | "•" => ".",
            "○" => "o",
            "◇" => "$",
            "◈" => "&",
            "—" | "─" | "–" => "-",
            "│" | "‖" => "|",
            "╭" | "╮" | "╰" | "╯" | "┌" | "┐" | "└" | "┘" | "┼" | "├" | "┤" | "┬" | "┴" => {
                "+"
            }
            "▶" | "→" => ">",
            "←" => "<",
            "↑" => "^",
            "↓" => "v",
            "✗" => "x",
            "█" => "#",
            _ => "?",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_players_have_six_colours_none_of_them_green() {
        let theme = Theme::default();
        let styles: Vec<Style> = (0..6).map(|i| theme.player(Seat(i))).collect();
        for (i, a) in styles.iter().enumerate() {
            assert!(styles[i + 1..].iter().all(|b| b.fg != a.fg), "seat {i} shares its colour");
            assert!(!matches!(a.fg, Some(Color::Green | Color::LightGreen | Color::Gray)), "seat {i}: {a:?}");
        }
        // Without colour, every player looks alike but for the letter (bold, no colour).
        let plain = Theme { color: false, ascii: false };
        assert!((0..6).all(|i| plain.player(Seat(i)).fg.is_none()));
    }

    /// Issue 40: a joiner's screen is drawn as their terminal can show it.
    #[test]
    fn a_joiners_terminal_type_drops_what_it_cannot_show() {
        let host = Theme { color: true, ascii: false };
        assert_eq!(host.for_term("xterm-256color"), host);
        assert_eq!(host.for_term(""), host, "an unknown type keeps the host's theme");
        assert_eq!(host.for_term("vt100"), Theme { color: false, ascii: true });
        assert_eq!(host.for_term("dumb"), Theme { color: false, ascii: true });
        assert_eq!(host.for_term("xterm-mono"), Theme { color: false, ascii: false });
        assert_eq!(host.for_term("linux"), Theme { color: true, ascii: true });
        // The host's own choices stay: NO_COLOR or --ascii on the host hold for every joiner.
        let plain = Theme { color: false, ascii: true };
        assert_eq!(plain.for_term("xterm-256color"), plain);
    }
}
