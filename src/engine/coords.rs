//! Board geometry: land hexes, intersections and paths, and how they touch.
//!
//! Hexes are pointy-top and laid out in rows (3, 4, 5, 4, 3 for the base island). Every part has
//! exactly one name, a small index, so derived `Eq`, `Ord` and `Hash` are correct:
//!
//! ```text
//!            N                 Corners of a hex, in this order: N, NE, SE, S, SW, NW.
//!       NW /   \ NE            Sides, in this order: NE, E, SE, SW, W, NW
//!         /     \              (side i joins corner i and corner i + 1).
//!      NW|       |NE
//!       W|  hex  |E            Intersections are numbered top to bottom, then left to right;
//!      SW|       |SE           paths by their midpoint in the same order; hexes row by row.
//!         \     /
//!       SW \   / SE
//!            S
//! ```
//!
//! Positions use "doubled" integer coordinates: a hex centre sits at `(x, y)` with `x` stepping
//! by 2 along a row and `y` by 3 from row to row; its corners are at `(x, y-2)`, `(x+1, y-1)`,
//! `(x+1, y+1)`, `(x, y+2)`, `(x-1, y+1)` and `(x-1, y-1)`. A front end can draw from these.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

/// The most hexes any supported island has (the 5-6 player island has 30).
pub const MAX_HEXES: usize = 30;

/// One land hex, numbered row by row from the top, left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Hex(pub u8);

/// One intersection (where settlements and cities stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Vertex(pub u8);

/// One path (where roads stand).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Edge(pub u8);

impl Hex {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl Vertex {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// This intersection as a one-bit set.
    pub fn bit(self) -> u128 {
        1u128 << self.0
    }
}
impl Edge {
    /// Index for arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// This path as a one-bit set.
    pub fn bit(self) -> u128 {
        1u128 << self.0
    }
}

/// A side of a hex, clockwise from the upper right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Side {
    NE,
    E,
    SE,
    SW,
    W,
    NW,
}

impl Side {
    /// All six sides in clockwise order from the upper right.
    pub const ALL: [Side; 6] = [Side::NE, Side::E, Side::SE, Side::SW, Side::W, Side::NW];
}

/// The shape of the island. Only the base island exists so far; the 5-6 player island
/// (R40) slots in here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// The 19-hex island of the base game.
    #[default]
    Standard,
}

impl Layout {
    /// The geometry of this island, computed once.
    pub fn topology(self) -> &'static Topology {
        static STANDARD: OnceLock<Topology> = OnceLock::new();
        match self {
            Layout::Standard => STANDARD.get_or_init(|| Topology::new(LayoutData::standard())),
        }
    }
}

/// A coastal spot where a harbor lies: a sea-facing side of one hex and its two intersections.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HarborSpot {
    /// The coastal hex.
    pub hex: Hex,
    /// Which of its sides faces the harbor.
    pub side: Side,
    /// The path along that side.
    pub edge: Edge,
    /// The two intersections that use the harbor.
    pub vertices: [Vertex; 2],
}

/// The data in `assets/boards/*.json` that describes one island.
#[derive(Deserialize)]
pub(crate) struct LayoutData {
    pub rows: Vec<usize>,
    pub terrain: BTreeMap<String, usize>,
    pub tokens: Vec<u8>,
    pub spiral_tokens: Vec<u8>,
    pub harbor_spots: Vec<SpotData>,
    pub harbors: Vec<String>,
    pub beginner: BeginnerData,
}

#[derive(Deserialize)]
pub(crate) struct SpotData {
    pub row: usize,
    pub hex: usize,
    pub side: Side,
}

#[derive(Deserialize)]
pub(crate) struct BeginnerData {
    pub hexes: Vec<(String, u8)>,
    pub harbors: Vec<String>,
}

impl LayoutData {
    pub(crate) fn standard() -> &'static LayoutData {
        static DATA: OnceLock<LayoutData> = OnceLock::new();
        DATA.get_or_init(|| {
            serde_json::from_str(include_str!("../../assets/boards/standard.json"))
                .expect("assets/boards/standard.json is valid")
        })
    }
}

/// A lookup table indexed by a `u8` id (a hex, an intersection or a path). It has an entry for
/// every possible id, so a read can never be out of bounds and needs no check: these tables are
/// read in the engine's innermost loops. Ids past the island read `T::default()`.
#[derive(Clone, Debug)]
struct Table<T>([T; 256]);

impl<T: Copy + Default> Table<T> {
    fn new(items: impl IntoIterator<Item = T>) -> Table<T> {
        let mut table = [T::default(); 256];
        for (slot, item) in table.iter_mut().zip(items) {
            *slot = item;
        }
        Table(table)
    }
    #[inline(always)]
    fn get(&self, id: u8) -> T {
        self.0[id as usize]
    }
}

/// Everything about the shape of an island that never changes during a game.
#[derive(Debug)]
pub struct Topology {
    rows: Vec<Vec<Hex>>,
    hex_pos: Vec<(i16, i16)>,
    hex_vertices: Vec<[Vertex; 6]>,
    hex_vertex_mask: Table<u128>,
    hex_edges: Vec<[Edge; 6]>,
    hex_neighbors: Vec<Vec<Hex>>,
    vertex_pos: Vec<(i16, i16)>,
    vertex_hexes: Vec<Vec<Hex>>,
    vertex_hex_mask: Table<u32>,
    vertex_neighbors: Vec<Vec<Vertex>>,
    vertex_edges: Vec<Vec<Edge>>,
    vertex_neighbor_mask: Table<u128>,
    vertex_edge_mask: Table<u128>,
    num_edges: usize,
    edge_vertices: Table<[u8; 2]>,
    edge_hexes: Vec<Vec<Hex>>,
    harbor_spots: Vec<HarborSpot>,
    vertex_harbor: Table<Option<u8>>,
    harbor_vertex_mask: u128,
    spirals: Vec<Vec<Hex>>,
}

const CORNERS: [(i16, i16); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

impl Topology {
    fn new(data: &LayoutData) -> Topology {
        let widest = *data.rows.iter().max().expect("rows") as i16;
        let mut rows = Vec::new();
        let mut hex_pos = Vec::new();
        for (r, &len) in data.rows.iter().enumerate() {
            let mut row = Vec::new();
            for j in 0..len {
                row.push(Hex(hex_pos.len() as u8));
                hex_pos.push((widest - len as i16 + 2 * j as i16, 3 * r as i16));
            }
            rows.push(row);
        }
        let corner = |h: usize, c: usize| (hex_pos[h].0 + CORNERS[c].0, hex_pos[h].1 + CORNERS[c].1);

        let mut points: Vec<(i16, i16)> =
            (0..hex_pos.len()).flat_map(|h| (0..6).map(move |c| (h, c))).map(|(h, c)| corner(h, c)).collect();
        points.sort_by_key(|&(x, y)| (y, x));
        points.dedup();
        assert!(points.len() <= 128, "intersections must fit a 128-bit set");
        let vid = |p: (i16, i16)| Vertex(points.binary_search_by_key(&(p.1, p.0), |&(x, y)| (y, x)).unwrap() as u8);

        let mut segs: Vec<((i16, i16), (i16, i16))> = Vec::new();
        for h in 0..hex_pos.len() {
            for c in 0..6 {
                let (a, b) = (corner(h, c), corner(h, (c + 1) % 6));
                segs.push(if (a.1, a.0) < (b.1, b.0) { (a, b) } else { (b, a) });
            }
        }
        let mid = |s: &((i16, i16), (i16, i16))| (s.0.1 + s.1.1, s.0.0 + s.1.0);
        segs.sort_by_key(mid);
        segs.dedup();
        assert!(segs.len() <= 128, "paths must fit a 128-bit set");
        let eid = |a: (i16, i16), b: (i16, i16)| {
            let s = if (a.1, a.0) < (b.1, b.0) { (a, b) } else { (b, a) };
            Edge(segs.binary_search_by_key(&mid(&s), mid).unwrap() as u8)
        };

        let nv = points.len();
        let ne = segs.len();
        let mut hex_vertices = Vec::new();
        let mut hex_edges = Vec::new();
        let mut vertex_hexes = vec![Vec::new(); nv];
        let mut edge_hexes = vec![Vec::new(); ne];
        for h in 0..hex_pos.len() {
            let vs: [Vertex; 6] = std::array::from_fn(|c| vid(corner(h, c)));
            let es: [Edge; 6] = std::array::from_fn(|c| eid(corner(h, c), corner(h, (c + 1) % 6)));
            for v in vs {
                vertex_hexes[v.index()].push(Hex(h as u8));
            }
            for e in es {
                edge_hexes[e.index()].push(Hex(h as u8));
            }
            hex_vertices.push(vs);
            hex_edges.push(es);
        }
        let edge_vertices: Vec<[Vertex; 2]> = segs.iter().map(|&(a, b)| [vid(a), vid(b)]).collect();
        let mut vertex_neighbors = vec![Vec::new(); nv];
        let mut vertex_edges = vec![Vec::new(); nv];
        for (e, &[a, b]) in edge_vertices.iter().enumerate() {
            vertex_neighbors[a.index()].push(b);
            vertex_neighbors[b.index()].push(a);
            vertex_edges[a.index()].push(Edge(e as u8));
            vertex_edges[b.index()].push(Edge(e as u8));
        }
        let mask_v = |vs: &Vec<Vertex>| vs.iter().fold(0u128, |m, v| m | v.bit());
        let mask_e = |es: &Vec<Edge>| es.iter().fold(0u128, |m, e| m | e.bit());
        let vertex_neighbor_mask = Table::new(vertex_neighbors.iter().map(mask_v));
        let vertex_edge_mask = Table::new(vertex_edges.iter().map(mask_e));
        let vertex_hex_mask = Table::new(vertex_hexes.iter().map(|hs| hs.iter().fold(0u32, |m, h| m | 1 << h.0)));
        let hex_neighbors = (0..hex_pos.len())
            .map(|h| {
                (0..hex_pos.len())
                    .filter(|&o| {
                        let (dx, dy) = (hex_pos[o].0 - hex_pos[h].0, hex_pos[o].1 - hex_pos[h].1);
                        (dy == 0 && dx.abs() == 2) || (dy.abs() == 3 && dx.abs() == 1)
                    })
                    .map(|o| Hex(o as u8))
                    .collect()
            })
            .collect();

        let mut harbor_spots = Vec::new();
        let mut vertex_harbor = vec![None; nv];
        for (i, s) in data.harbor_spots.iter().enumerate() {
            let hex = rows[s.row][s.hex];
            let k = Side::ALL.iter().position(|&x| x == s.side).unwrap();
            let vertices = [hex_vertices[hex.index()][k], hex_vertices[hex.index()][(k + 1) % 6]];
            for v in vertices {
                vertex_harbor[v.index()] = Some(i as u8);
            }
            let edge = hex_edges[hex.index()][k];
            assert_eq!(edge_hexes[edge.index()].len(), 1, "a harbor lies on the coast");
            harbor_spots.push(HarborSpot { hex, side: s.side, edge, vertices });
        }

        let mut topo = Topology {
            rows,
            hex_pos,
            hex_vertex_mask: Table::new(hex_vertices.iter().map(|vs| vs.iter().fold(0, |m, v| m | v.bit()))),
            hex_vertices,
            hex_edges,
            hex_neighbors,
            vertex_pos: points,
            vertex_hexes,
            vertex_hex_mask,
            vertex_neighbors,
            vertex_edges,
            vertex_neighbor_mask,
            vertex_edge_mask,
            num_edges: edge_vertices.len(),
            edge_vertices: Table::new(edge_vertices.iter().map(|&[a, b]| [a.0, b.0])),
            edge_hexes,
            harbor_spots,
            harbor_vertex_mask: vertex_harbor
                .iter()
                .enumerate()
                .filter(|(_, h)| h.is_some())
                .fold(0, |m, (v, _)| m | 1u128 << v),
            vertex_harbor: Table::new(vertex_harbor),
            spirals: Vec::new(),
        };
        topo.spirals = (0..6).map(|c| topo.spiral(c)).collect();
        topo
    }

    /// The hexes in token order for a spiral that starts at corner `c` of the outer ring and
    /// turns counterclockwise toward the centre (R6). Works for hexagonal islands.
    fn spiral(&self, c: usize) -> Vec<Hex> {
        let centre = Hex((self.num_hexes() / 2) as u8);
        let (cx, cy) = self.hex_pos[centre.index()];
        let angle = |h: Hex| {
            let (x, y) = self.hex_pos[h.index()];
            let a = (-(y - cy) as f64 * 0.5).atan2((x - cx) as f64 * 0.866_025_403_784_438_6);
            if a < 0.0 { a + std::f64::consts::TAU } else { a }
        };
        let radius = (0..self.num_hexes()).map(|h| self.distance(centre, Hex(h as u8))).max().unwrap();
        let start = c as f64 * std::f64::consts::FRAC_PI_3;
        let mut out = Vec::new();
        for ring in (1..=radius).rev() {
            let mut hexes: Vec<Hex> =
                (0..self.num_hexes()).map(|h| Hex(h as u8)).filter(|&h| self.distance(centre, h) == ring).collect();
            let rel = |h: Hex| (angle(h) - start + std::f64::consts::TAU + 1e-9) % std::f64::consts::TAU;
            hexes.sort_by(|&a, &b| rel(a).total_cmp(&rel(b)));
            out.extend(hexes);
        }
        out.push(centre);
        out
    }

    fn distance(&self, a: Hex, b: Hex) -> i16 {
        let axial = |h: Hex| {
            let (x, y) = self.hex_pos[h.index()];
            let r = y / 3;
            ((x - r) / 2, r)
        };
        let ((aq, ar), (bq, br)) = (axial(a), axial(b));
        let (dq, dr) = (aq - bq, ar - br);
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// Number of land hexes.
    pub fn num_hexes(&self) -> usize {
        self.hex_pos.len()
    }
    /// Number of intersections.
    pub fn num_vertices(&self) -> usize {
        self.vertex_pos.len()
    }
    /// Number of paths.
    pub fn num_edges(&self) -> usize {
        self.num_edges
    }
    /// All hexes.
    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (0..self.num_hexes()).map(|h| Hex(h as u8))
    }
    /// All intersections.
    pub fn vertices(&self) -> impl Iterator<Item = Vertex> + '_ {
        (0..self.num_vertices()).map(|v| Vertex(v as u8))
    }
    /// All paths.
    pub fn edges(&self) -> impl Iterator<Item = Edge> + '_ {
        (0..self.num_edges()).map(|e| Edge(e as u8))
    }
    /// The hexes of each row, top to bottom.
    pub fn rows(&self) -> &[Vec<Hex>] {
        &self.rows
    }
    /// Centre of a hex in doubled coordinates (see the module docs).
    pub fn hex_pos(&self, h: Hex) -> (i16, i16) {
        self.hex_pos[h.index()]
    }
    /// Position of an intersection in doubled coordinates.
    pub fn vertex_pos(&self, v: Vertex) -> (i16, i16) {
        self.vertex_pos[v.index()]
    }
    /// The six corners of a hex: N, NE, SE, S, SW, NW.
    pub fn hex_vertices(&self, h: Hex) -> [Vertex; 6] {
        self.hex_vertices[h.index()]
    }
    /// The six corners of a hex as a bit set.
    pub fn hex_vertex_mask(&self, h: Hex) -> u128 {
        self.hex_vertex_mask.get(h.0)
    }
    /// The six sides of a hex: NE, E, SE, SW, W, NW.
    pub fn hex_edges(&self, h: Hex) -> [Edge; 6] {
        self.hex_edges[h.index()]
    }
    /// Land hexes sharing a side with `h`.
    pub fn hex_neighbors(&self, h: Hex) -> &[Hex] {
        &self.hex_neighbors[h.index()]
    }
    /// The one to three land hexes around an intersection.
    pub fn vertex_hexes(&self, v: Vertex) -> &[Hex] {
        &self.vertex_hexes[v.index()]
    }
    /// The land hexes around an intersection, as a bit set over hexes.
    pub fn vertex_hex_mask(&self, v: Vertex) -> u32 {
        self.vertex_hex_mask.get(v.0)
    }
    /// Intersections one path away.
    pub fn vertex_neighbors(&self, v: Vertex) -> &[Vertex] {
        &self.vertex_neighbors[v.index()]
    }
    /// Paths that end at an intersection.
    pub fn vertex_edges(&self, v: Vertex) -> &[Edge] {
        &self.vertex_edges[v.index()]
    }
    /// Intersections one path away, as a bit set.
    pub fn vertex_neighbor_mask(&self, v: Vertex) -> u128 {
        self.vertex_neighbor_mask.get(v.0)
    }
    /// Paths that end at an intersection, as a bit set.
    pub fn vertex_edge_mask(&self, v: Vertex) -> u128 {
        self.vertex_edge_mask.get(v.0)
    }
    /// The two ends of a path.
    pub fn edge_vertices(&self, e: Edge) -> [Vertex; 2] {
        self.edge_vertices.get(e.0).map(Vertex)
    }
    /// The one or two land hexes beside a path (one on the coast).
    pub fn edge_hexes(&self, e: Edge) -> &[Hex] {
        &self.edge_hexes[e.index()]
    }
    /// The fixed harbor spots, in the R3 order.
    pub fn harbor_spots(&self) -> &[HarborSpot] {
        &self.harbor_spots
    }
    /// Which harbor spot (if any) an intersection uses.
    pub fn vertex_harbor(&self, v: Vertex) -> Option<usize> {
        self.vertex_harbor.get(v.0).map(usize::from)
    }
    /// Every intersection that uses a harbor, as a bit set.
    pub fn harbor_vertex_mask(&self) -> u128 {
        self.harbor_vertex_mask
    }
    /// Token order of the spiral starting at outer corner `c` (0..6).
    pub(crate) fn spiral_from(&self, c: usize) -> &[Hex] {
        &self.spirals[c % self.spirals.len()]
    }
    /// The path joining two intersections, if they are neighbours.
    pub fn edge_between(&self, a: Vertex, b: Vertex) -> Option<Edge> {
        self.vertex_edges(a).iter().copied().find(|&e| self.edge_vertices(e).contains(&b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r2_counts_of_intersections_and_paths() {
        let t = Layout::Standard.topology();
        assert_eq!(t.num_hexes(), 19);
        assert_eq!(t.num_vertices(), 54);
        assert_eq!(t.num_edges(), 72);
        let by_hexes = |n| t.vertices().filter(|&v| t.vertex_hexes(v).len() == n).count();
        assert_eq!((by_hexes(3), by_hexes(2), by_hexes(1)), (24, 12, 18));
        assert_eq!(t.edges().filter(|&e| t.edge_hexes(e).len() == 1).count(), 30);
    }

    #[test]
    fn r3_nine_harbor_spots_on_distinct_coastal_intersections() {
        let t = Layout::Standard.topology();
        assert_eq!(t.harbor_spots().len(), 9);
        assert_eq!(t.vertices().filter(|&v| t.vertex_harbor(v).is_some()).count(), 18);
    }

    #[test]
    fn neighbours_are_symmetric_and_corners_shared() {
        let t = Layout::Standard.topology();
        for v in t.vertices() {
            for &n in t.vertex_neighbors(v) {
                assert!(t.vertex_neighbors(n).contains(&v));
                assert!(t.edge_between(v, n).is_some());
            }
            assert!((2..=3).contains(&t.vertex_neighbors(v).len()));
        }
        let centre = Hex(9);
        assert_eq!(t.hex_neighbors(centre).len(), 6);
    }

    #[test]
    fn r6_spiral_visits_every_hex_once_walking_between_neighbours() {
        let t = Layout::Standard.topology();
        for c in 0..6 {
            let s = t.spiral_from(c);
            let mut sorted = s.to_vec();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), 19);
            for w in s.windows(2) {
                assert!(t.hex_neighbors(w[0]).contains(&w[1]), "spiral {c} jumps from {:?} to {:?}", w[0], w[1]);
            }
        }
    }
}
