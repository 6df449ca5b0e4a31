//! Axial hex coordinates `[q, r]` as a map file writes them, for pointy-top hexes: `r` counts
//! rows downward, `q` steps east along a row, and the row below starts half a hex to the left
//! (so a hex's six neighbours are `q±1` on its row, `q` and `q+1` above, `q-1` and `q` below).

/// An axial hex coordinate `[q, r]` as written in a map file.
pub(crate) type Axial = (i16, i16);

/// The step to the neighbour across each side, in [`Side::ALL`](super::super::Side::ALL) order.
pub(crate) const STEPS: [Axial; 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

/// The neighbour of `(q, r)` across side number `side`.
pub(crate) fn neighbour((q, r): Axial, side: usize) -> Axial {
    (q + STEPS[side].0, r + STEPS[side].1)
}

/// The six neighbours of a hex.
pub(crate) fn neighbours(h: Axial) -> impl Iterator<Item = Axial> {
    (0..6).map(move |side| neighbour(h, side))
}

/// Row by row from the top, left to right: the order hexes are numbered in.
pub(crate) fn canonical(hexes: &mut [Axial]) {
    hexes.sort_by_key(|&(q, r)| (r, 2 * q + r));
}
