//! Faces of a 3-D object, for puzzles printed in an isometric view (Tredoku): a face is a
//! rectangular shape of the canvas that lies in one plane of space, and the renderer draws each
//! of its cells as the projection of its unit square.
//!
//! Space has x to the right, y away from the viewer and z up. A face's `origin` is the point of
//! space where the outer corner of its first canvas row and first column lies; moving along
//! the canvas then moves in space as the [`Plane`] says. The view is from front, right and
//! above: x runs right and down on the page, y right and up, z straight up.
//!
//! ```
//! use shapedoku::geometry::{Face, Plane};
//! use shapedoku::{Pos, ShapeId};
//! let top = Face { shape: ShapeId::new(0), plane: Plane::Top, origin: [0, 3, 3], top_left: Pos::new(1, 1), rows: 3, cols: 3 };
//! // The first row of a top face is the back row: its cells are further from the viewer.
//! assert_eq!(top.point(0.0, 0.0), [0.0, 3.0, 3.0]);
//! assert_eq!(top.point(3.0, 0.0), [0.0, 0.0, 3.0]);
//! ```

use crate::ShapeId;
use crate::pos::Pos;

/// The plane a face lies in, and so which way its canvas rows and columns run in space.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Plane {
    /// Horizontal, seen from above (drawn as rhombi): columns run right (+x), rows run towards
    /// the viewer (−y).
    Top,
    /// Upright, facing the viewer on the left (`front` or `left`): columns run right (+x), rows
    /// run down (−z).
    Front,
    /// Upright, facing right (`side` or `right`): columns run away from the viewer (+y), rows
    /// run down (−z).
    Side,
}

impl Plane {
    /// The names a file may use, with the plane each stands for.
    pub const NAMES: [(&'static str, Plane); 5] = [
        ("top", Plane::Top),
        ("front", Plane::Front),
        ("left", Plane::Front),
        ("side", Plane::Side),
        ("right", Plane::Side),
    ];

    /// The plane with this name (see [`Plane::NAMES`]).
    pub fn from_name(name: &str) -> Option<Plane> {
        Self::NAMES.iter().find(|(n, _)| *n == name).map(|p| p.1)
    }

    /// The steps in space of one canvas column and one canvas row.
    fn steps(self) -> ([f64; 3], [f64; 3]) {
        match self {
            Plane::Top => ([1.0, 0.0, 0.0], [0.0, -1.0, 0.0]),
            Plane::Front => ([1.0, 0.0, 0.0], [0.0, 0.0, -1.0]),
            Plane::Side => ([0.0, 1.0, 0.0], [0.0, 0.0, -1.0]),
        }
    }
}

/// One face: a shape whose cells fill the canvas rectangle at `top_left` of `rows` x `cols`,
/// placed in space.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Face {
    /// The shape whose cells the face holds.
    pub shape: ShapeId,
    /// The plane it lies in.
    pub plane: Plane,
    /// Where in space the outer corner of its first row and column lies.
    pub origin: [i64; 3],
    /// Its first canvas row and column.
    pub top_left: Pos,
    /// Its height on the canvas.
    pub rows: u32,
    /// Its width on the canvas.
    pub cols: u32,
}

impl Face {
    /// The point of space `down` canvas rows and `across` canvas columns from the face's
    /// origin (fractions allowed: (0.5, 0.5) is the middle of its first cell).
    pub fn point(&self, down: f64, across: f64) -> [f64; 3] {
        let (c, r) = self.plane.steps();
        let o = self.origin.map(|v| v as f64);
        [0, 1, 2].map(|k| o[k] + across * c[k] + down * r[k])
    }

    /// Whether the canvas position lies on the face.
    pub fn contains(&self, p: Pos) -> bool {
        p.row >= self.top_left.row
            && p.col >= self.top_left.col
            && p.row < self.top_left.row + self.rows
            && p.col < self.top_left.col + self.cols
    }

    /// The page position (in cell units, y down) of a point of the cell at canvas position
    /// `p`, `u` of the way across it and `v` of the way down (0..1 each).
    pub fn project_in_cell(&self, p: Pos, u: f64, v: f64) -> (f64, f64) {
        let down = (p.row - self.top_left.row) as f64 + v;
        let across = (p.col - self.top_left.col) as f64 + u;
        project(self.point(down, across))
    }

    /// The four page corners of the whole face, in order around it.
    pub fn outline(&self) -> [(f64, f64); 4] {
        let (h, w) = (self.rows as f64, self.cols as f64);
        [(0.0, 0.0), (0.0, w), (h, w), (h, 0.0)].map(|(d, a)| project(self.point(d, a)))
    }
}

/// The isometric page position of a point of space, in cell units with y down.
pub fn project(p: [f64; 3]) -> (f64, f64) {
    let (cos, sin) = (3f64.sqrt() / 2.0, 0.5);
    ((p[0] + p[1]) * cos, (p[0] - p[1]) * sin - p[2])
}

/// Whether two convex polygons on the page share interior area (touching along an edge or at a
/// corner does not count).
pub fn polygons_overlap(a: &[(f64, f64)], b: &[(f64, f64)]) -> bool {
    const EPS: f64 = 1e-6;
    // Separating axis test: convex polygons are disjoint exactly when some edge normal of one
    // of them separates their projections.
    for poly in [a, b] {
        for k in 0..poly.len() {
            let (p, q) = (poly[k], poly[(k + 1) % poly.len()]);
            let n = (q.1 - p.1, p.0 - q.0);
            let span = |s: &[(f64, f64)]| {
                s.iter()
                    .map(|v| v.0 * n.0 + v.1 * n.1)
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), x| {
                        (lo.min(x), hi.max(x))
                    })
            };
            let (alo, ahi) = span(a);
            let (blo, bhi) = span(b);
            let len = (n.0 * n.0 + n.1 * n.1).sqrt().max(EPS);
            if ahi <= blo + EPS * len || bhi <= alo + EPS * len {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    fn face(plane: Plane, origin: [i64; 3]) -> Face {
        Face {
            shape: ShapeId::new(0),
            plane,
            origin,
            top_left: Pos::new(1, 1),
            rows: 3,
            cols: 3,
        }
    }

    #[test]
    fn the_three_faces_of_a_cube_meet_without_overlapping() {
        let top = face(Plane::Top, [0, 3, 3]).outline();
        let front = face(Plane::Front, [0, 0, 3]).outline();
        let side = face(Plane::Side, [3, 0, 3]).outline();
        assert!(!polygons_overlap(&top, &front));
        assert!(!polygons_overlap(&top, &side));
        assert!(!polygons_overlap(&front, &side));
        // A face moved half-way onto another does overlap.
        let moved = face(Plane::Front, [1, 0, 4]).outline();
        assert!(polygons_overlap(&front, &moved));
        assert!(polygons_overlap(&front, &front));
    }

    #[test]
    fn names_cover_both_spellings() {
        assert_eq!(Plane::from_name("left"), Some(Plane::Front));
        assert_eq!(Plane::from_name("right"), Some(Plane::Side));
        assert_eq!(Plane::from_name("bottom"), None);
    }
}
