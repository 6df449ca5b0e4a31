//! A frame of the app: the views draw from its model, a [`crate::tui::Scene`], never from the
//! app itself. Here, beside the terminals that draw it, where the app and the views meet (the
//! app's folder imports no view).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::tui::app::App;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        crate::tui::view::frame::render(&self.scene(), self.screen.message.as_ref(), area, buf);
    }
}
