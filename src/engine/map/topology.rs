//! The geometry of one map, built once from its validated file: which intersections and
//! paths exist, how hexes, intersections and paths touch, the sea hexes and how they touch
//! each other and the land, the islands (R51), where harbors lie, and the paths number tokens
//! are laid along. Read in the engine's innermost loops, so lookups are tables.

use super::super::cards::DevHand;
use super::super::coords::{Edge, HarborSpot, Hex, SeaHex, Side, Vertex};
use super::super::sets::{HexSet, IntersectionSet, PathSet, SeaSet};
use super::super::terrain::{HarborKind, Terrain};
use super::axial::Axial;
use super::error::MapError;
use super::spec::{Beginner, Paths, Shape};

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

/// Everything about an island that never changes during a game: its geometry and what a deal
/// draws from (terrain, tokens, harbors, the beginner layout, the bank and deck it comes with).
#[derive(Debug)]
pub struct Topology {
    name: String,
    title: String,
    players: (u8, u8),
    sea_pos: Vec<(i16, i16)>,
    sea_neighbors: Vec<SeaSet>,
    sea_land: Vec<HexSet>,
    sea_corners: Vec<IntersectionSet>,
    land_sea: Vec<SeaSet>,
    islands: Vec<HexSet>,
    hex_island: Vec<u8>,
    setup_islands: Vec<u8>,
    setup_vertices: IntersectionSet,
    colonist_islands: Vec<u8>,
    centre: Option<Hex>,
    pub(crate) terrain_pool: Vec<Terrain>,
    pub(crate) tokens: Vec<u8>,
    pub(crate) harbor_pool: Vec<HarborKind>,
    pub(crate) beginner: Option<Beginner>,
    bank: u8,
    deck: DevHand,
    rows: Vec<Vec<Hex>>,
    hex_pos: Vec<(i16, i16)>,
    hex_vertices: Vec<[Vertex; 6]>,
    hex_vertex_set: Table<IntersectionSet>,
    hex_edges: Vec<[Edge; 6]>,
    hex_neighbors: Vec<Vec<Hex>>,
    vertex_pos: Vec<(i16, i16)>,
    vertex_hexes: Vec<Vec<Hex>>,
    vertex_hex_set: Table<HexSet>,
    vertex_neighbors: Vec<Vec<Vertex>>,
    vertex_edges: Vec<Vec<Edge>>,
    vertex_neighbor_set: Table<IntersectionSet>,
    vertex_edge_set: Table<PathSet>,
    num_edges: usize,
    edge_vertices: Table<[u8; 2]>,
    edge_hexes: Vec<Vec<Hex>>,
    harbor_spots: Vec<HarborSpot>,
    vertex_harbor: Table<Option<u8>>,
    harbor_vertices: IntersectionSet,
    token_paths: Vec<Vec<Hex>>,
}

const CORNERS: [(i16, i16); 6] = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)];

impl Topology {
    /// Builds the geometry of a validated map.
    pub(crate) fn new(shape: Shape) -> Result<Topology, MapError> {
        // Doubled coordinates (see `coords.rs`), shifted so the leftmost land hex centre sits at
        // x = 0 and the top row at y = 0.
        let doubled = |(q, r): Axial| (2 * q + r, 3 * r);
        let min_x = shape.land.iter().map(|&h| doubled(h).0).min().unwrap_or(0);
        let min_y = shape.land.iter().map(|&h| doubled(h).1).min().unwrap_or(0);
        let place = |h: Axial| (doubled(h).0 - min_x, doubled(h).1 - min_y);
        let hex_pos: Vec<(i16, i16)> = shape.land.iter().map(|&h| place(h)).collect();
        let mut rows: Vec<Vec<Hex>> = Vec::new();
        for (i, &(_, y)) in hex_pos.iter().enumerate() {
            match rows.last_mut() {
                Some(row) if hex_pos[row[0].index()].1 == y => row.push(Hex(i as u8)),
                _ => rows.push(vec![Hex(i as u8)]),
            }
        }
        let corner = |h: usize, c: usize| (hex_pos[h].0 + CORNERS[c].0, hex_pos[h].1 + CORNERS[c].1);

        let mut points: Vec<(i16, i16)> =
            (0..hex_pos.len()).flat_map(|h| (0..6).map(move |c| (h, c))).map(|(h, c)| corner(h, c)).collect();
        points.sort_by_key(|&(x, y)| (y, x));
        points.dedup();
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
        if points.len() > 128 || segs.len() > 128 {
            return Err(MapError::TooManyParts(points.len(), segs.len()));
        }
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
        let vertex_neighbor_set = Table::new(vertex_neighbors.iter().map(|vs| vs.iter().copied().collect()));
        let vertex_edge_set = Table::new(vertex_edges.iter().map(|es| es.iter().copied().collect()));
        let vertex_hex_set = Table::new(vertex_hexes.iter().map(|hs| hs.iter().copied().collect()));
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
        for (i, &(h, side, sea)) in shape.harbor_spots.iter().enumerate() {
            let hex = Hex(h as u8);
            let k = Side::ALL.iter().position(|&x| x == side).expect("a side");
            let vertices = [hex_vertices[h][k], hex_vertices[h][(k + 1) % 6]];
            for v in vertices {
                if let Some(j) = vertex_harbor[v.index()] {
                    return Err(MapError::HarborsTouch(j as usize, i));
                }
                vertex_harbor[v.index()] = Some(i as u8);
            }
            let edge = hex_edges[h][k];
            harbor_spots.push(HarborSpot { hex, sea: SeaHex(sea as u8), side, edge, vertices });
        }

        // The sea (R51): each hex's neighbours by kind, in doubled coordinates.
        let sea_pos: Vec<(i16, i16)> = shape.waters.sea.iter().map(|&h| place(h)).collect();
        let touching = |a: (i16, i16), b: (i16, i16)| {
            let (dx, dy) = (a.0 - b.0, a.1 - b.1);
            (dy == 0 && dx.abs() == 2) || (dy.abs() == 3 && dx.abs() == 1)
        };
        let sea_near = |p: (i16, i16)| -> SeaSet {
            (0..sea_pos.len()).filter(|&s| touching(p, sea_pos[s])).map(|s| SeaHex(s as u8)).collect()
        };
        let land_near = |p: (i16, i16)| -> HexSet {
            (0..hex_pos.len()).filter(|&h| touching(p, hex_pos[h])).map(|h| Hex(h as u8)).collect()
        };
        let hex_island = shape.waters.island;
        let mut islands = vec![HexSet::EMPTY; hex_island.iter().map(|&i| i as usize + 1).max().unwrap_or(0)];
        for (h, &i) in hex_island.iter().enumerate() {
            islands[i as usize].insert(Hex(h as u8));
        }
        let setup_vertices = shape
            .waters
            .setup
            .iter()
            .flat_map(|&i| islands[i as usize])
            .flat_map(|h| hex_vertices[h.index()])
            .collect();

        // The island's intersections at a sea hex's corners (its coastal corners, R53).
        let sea_corners = sea_pos
            .iter()
            .map(|&(x, y)| {
                let corner = |&(dx, dy): &(i16, i16)| points.iter().position(|&p| p == (x + dx, y + dy));
                CORNERS.iter().filter_map(corner).map(|v| Vertex(v as u8)).collect()
            })
            .collect();
        let mut topo = Topology {
            name: shape.name,
            title: shape.title,
            players: shape.players,
            sea_neighbors: sea_pos.iter().map(|&p| sea_near(p)).collect(),
            sea_land: sea_pos.iter().map(|&p| land_near(p)).collect(),
            sea_corners,
            land_sea: hex_pos.iter().map(|&p| sea_near(p)).collect(),
            sea_pos,
            islands,
            hex_island,
            setup_islands: shape.waters.setup,
            setup_vertices,
            colonist_islands: shape.waters.colonist,
            centre: shape.centre.map(|c| Hex(c as u8)),
            terrain_pool: shape.terrain,
            tokens: shape.tokens,
            harbor_pool: shape.harbors,
            beginner: shape.beginner,
            bank: shape.bank,
            deck: shape.deck,
            rows,
            hex_pos,
            hex_vertex_set: Table::new(hex_vertices.iter().map(|vs| vs.iter().copied().collect())),
            hex_vertices,
            hex_edges,
            hex_neighbors,
            vertex_pos: points,
            vertex_hexes,
            vertex_hex_set,
            vertex_neighbors,
            vertex_edges,
            vertex_neighbor_set,
            vertex_edge_set,
            num_edges: edge_vertices.len(),
            edge_vertices: Table::new(edge_vertices.iter().map(|&[a, b]| [a.0, b.0])),
            edge_hexes,
            harbor_spots,
            harbor_vertices: vertex_harbor
                .iter()
                .enumerate()
                .filter(|(_, h)| h.is_some())
                .map(|(v, _)| Vertex(v as u8))
                .collect(),
            vertex_harbor: Table::new(vertex_harbor),
            token_paths: Vec::new(),
        };
        topo.token_paths = match shape.paths {
            Paths::Spiral(corners) => corners.iter().map(|&c| topo.spiral(c as usize)).collect(),
            Paths::Listed(paths) => paths.into_iter().map(|p| p.into_iter().map(|h| Hex(h as u8)).collect()).collect(),
        };
        Ok(topo)
    }

    /// The hexes in token order for a spiral that starts at corner `c` of the outer ring and
    /// turns counterclockwise toward the centre (R6). Works for hexagonal islands.
    fn spiral(&self, c: usize) -> Vec<Hex> {
        let centre = self.centre.expect("a spiral island has a centre (checked by the map)");
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
    /// The six corners of a hex as a set.
    pub fn hex_vertex_set(&self, h: Hex) -> IntersectionSet {
        self.hex_vertex_set.get(h.0)
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
    /// The land hexes around an intersection, as a set.
    pub fn vertex_hex_set(&self, v: Vertex) -> HexSet {
        self.vertex_hex_set.get(v.0)
    }
    /// Intersections one path away.
    pub fn vertex_neighbors(&self, v: Vertex) -> &[Vertex] {
        &self.vertex_neighbors[v.index()]
    }
    /// Paths that end at an intersection.
    pub fn vertex_edges(&self, v: Vertex) -> &[Edge] {
        &self.vertex_edges[v.index()]
    }
    /// Intersections one path away, as a set.
    pub fn vertex_neighbor_set(&self, v: Vertex) -> IntersectionSet {
        self.vertex_neighbor_set.get(v.0)
    }
    /// Paths that end at an intersection, as a set.
    pub fn vertex_edge_set(&self, v: Vertex) -> PathSet {
        self.vertex_edge_set.get(v.0)
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
    /// Every intersection that uses a harbor.
    pub fn harbor_vertices(&self) -> IntersectionSet {
        self.harbor_vertices
    }
    /// The paths number tokens may be laid along (R6), one chosen per deal.
    pub(crate) fn token_paths(&self) -> &[Vec<Hex>] {
        &self.token_paths
    }
    /// The map's one name (`standard`, `five-six`).
    pub fn name(&self) -> &str {
        &self.name
    }
    /// What people call the map.
    pub fn title(&self) -> &str {
        &self.title
    }
    /// The fewest and most players the map is made for.
    pub fn players(&self) -> (u8, u8) {
        self.players
    }
    /// The land hex "desert in the centre" (R8) uses, if the island has one.
    pub fn centre(&self) -> Option<Hex> {
        self.centre
    }
    /// Centres of the sea hexes, in doubled coordinates, by sea hex number.
    pub fn sea_positions(&self) -> &[(i16, i16)] {
        &self.sea_pos
    }
    /// Number of sea hexes (R51).
    pub fn num_sea_hexes(&self) -> usize {
        self.sea_pos.len()
    }
    /// All sea hexes.
    pub fn sea_hexes(&self) -> impl Iterator<Item = SeaHex> + '_ {
        (0..self.num_sea_hexes()).map(|s| SeaHex(s as u8))
    }
    /// Centre of a sea hex in doubled coordinates.
    pub fn sea_pos(&self, s: SeaHex) -> (i16, i16) {
        self.sea_pos[s.index()]
    }
    /// Sea hexes sharing a side with sea hex `s`.
    pub fn sea_neighbors(&self, s: SeaHex) -> SeaSet {
        self.sea_neighbors[s.index()]
    }
    /// Land hexes sharing a side with sea hex `s` (its coast).
    pub fn sea_coast(&self, s: SeaHex) -> HexSet {
        self.sea_land[s.index()]
    }
    /// The island's intersections at the corners of sea hex `s`: its coastal corners.
    pub fn sea_corners(&self, s: SeaHex) -> IntersectionSet {
        self.sea_corners[s.index()]
    }
    /// Sea hexes sharing a side with land hex `h` (none inland).
    pub fn hex_sea(&self, h: Hex) -> SeaSet {
        self.land_sea[h.index()]
    }
    /// The islands (R51): sets of land hexes joined by land, numbered by their first hex.
    pub fn islands(&self) -> &[HexSet] {
        &self.islands
    }
    /// The island of land hex `h`, as an index into [`Topology::islands`].
    pub fn island_of(&self, h: Hex) -> usize {
        self.hex_island[h.index()] as usize
    }
    /// The islands set-up may place on (R51; on the archipelago the main island only).
    pub fn setup_islands(&self) -> &[u8] {
        &self.setup_islands
    }
    /// The intersections of the islands set-up may place on.
    pub fn setup_vertices(&self) -> IntersectionSet {
        self.setup_vertices
    }
    /// The islands that count for R55 (`colonist`).
    pub fn colonist_islands(&self) -> &[u8] {
        &self.colonist_islands
    }
    /// True when some island counts for R55 apart from the set-up islands (whose players'
    /// set-up buildings rule them out): a map of one island has none, and `colonist` there
    /// would earn nothing.
    pub fn has_colonist_island(&self) -> bool {
        self.colonist_islands.iter().any(|i| !self.setup_islands().contains(i))
    }
    /// Cards of each resource the bank starts with on this map (R4, R40).
    pub fn bank(&self) -> u8 {
        self.bank
    }
    /// The development deck that comes with this map (R28, R40).
    pub fn deck(&self) -> DevHand {
        self.deck
    }
    /// True when the map has a fixed beginner layout (R7).
    pub fn has_beginner_layout(&self) -> bool {
        self.beginner.is_some()
    }
    /// The path joining two intersections, if they are neighbours.
    pub fn edge_between(&self, a: Vertex, b: Vertex) -> Option<Edge> {
        self.vertex_edges(a).iter().copied().find(|&e| self.edge_vertices(e).contains(&b))
    }
}
