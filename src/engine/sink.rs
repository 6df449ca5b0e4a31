//! Where [`Game::apply_unchecked`](super::Game::apply_unchecked) reports what happened: a
//! `Vec<Event>` for a front end's log, or [`NoEvents`] for bots and simulations, which then pay
//! nothing for events (the compiler drops them).

use super::action::Event;

/// Receives the events of an action, in order.
pub trait EventSink {
    /// Records one event.
    fn push(&mut self, event: Event);
}

impl EventSink for Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        Vec::push(self, event);
    }
}

/// An event sink that forgets everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl EventSink for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}
