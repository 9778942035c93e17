//! `plane` and `origin` on a `[[shape]]`: the faces of a layout drawn in 3-D. Each is checked
//! as it is gathered (a known plane, both keys together), then, once the geometry is built,
//! placed ([`Geometry::with_faces`]); a face that does not fill a rectangle, shares cells with
//! another or overlaps another in the drawing is pointed at by its `origin`.

use super::definition::{Field, ShapeDef};
use super::source::{Diagnostic, Source};
use super::state::State;
use crate::geometry::{Face, Plane};
use crate::{Geometry, ShapeId};
use std::sync::Arc;
use toml::Spanned;

/// Records the face keys of the shape just added (the last of `state.shapes`), if it has any.
pub(super) fn gather(
    state: &mut State,
    src: &Arc<Source>,
    item: &Spanned<ShapeDef>,
    diags: &mut Vec<Diagnostic>,
) {
    let s = item.get_ref();
    let Some(shape) = state.shapes.last_mut() else {
        return;
    };
    let name = shape.name.clone();
    match (&s.plane, &s.origin) {
        (Field::Absent, Field::Absent) => {}
        (Field::Valid(p), origin) => {
            if Plane::from_name(p.get_ref()).is_none() {
                diags.push(
                    Diagnostic::new(
                        src,
                        Some(p.span()),
                        format!("shape `{name}`: unknown plane `{}`", p.get_ref()),
                    )
                    .help(
                        "write plane = \"top\", \"front\" (or \"left\") or \"side\" (or \"right\")",
                    ),
                );
                shape.face = Some((p.clone(), None));
                return;
            }
            shape.face = Some((p.clone(), origin.valid().cloned()));
            match origin {
                Field::Valid(_) | Field::Invalid => {}
                Field::Absent => diags.push(
                    Diagnostic::new(
                        src,
                        Some(p.span()),
                        format!("shape `{name}` has a `plane` but no `origin`"),
                    )
                    .help("add `origin = [x, y, z]`, where the corner of its first cell lies"),
                ),
            }
        }
        (Field::Absent, Field::Valid(o)) => diags.push(
            Diagnostic::new(
                src,
                Some(o.span()),
                format!("shape `{name}` has an `origin` but no `plane`"),
            )
            .help("add `plane = \"top\"`, `\"front\"` or `\"side\"`"),
        ),
        // A key of the wrong type has been reported.
        _ => {}
    }
}

/// Places the gathered faces on the built geometry; with no faces it is returned as it is.
pub(super) fn attach(state: &State, g: Geometry, diags: &mut Vec<Diagnostic>) -> Option<Geometry> {
    let mut faces = Vec::new();
    let mut written = Vec::new();
    for s in &state.shapes {
        let Some((plane, origin)) = &s.face else {
            continue;
        };
        // A face that could not be read has been reported; checking the others against an
        // incomplete set of faces would only report cells on no face.
        let (Some(p), Some(origin)) = (Plane::from_name(plane.get_ref()), origin) else {
            return Some(g);
        };
        // The explicit shape as built: same name, same cells.
        let mut cells: Vec<usize> = s.cells.iter().filter_map(|&q| g.cell_at(q)).collect();
        cells.sort_unstable();
        let found = g.shapes().iter().position(|sh| {
            let mut mine = sh.cells.clone();
            mine.sort_unstable();
            sh.name == s.name && mine == cells
        });
        let (Some(index), Some(top), Some(left)) = (
            found,
            s.cells.iter().map(|q| q.row).min(),
            s.cells.iter().map(|q| q.col).min(),
        ) else {
            continue;
        };
        let bottom = s.cells.iter().map(|q| q.row).max().unwrap_or(top);
        let right = s.cells.iter().map(|q| q.col).max().unwrap_or(left);
        let o = origin.get_ref();
        faces.push(Face {
            shape: ShapeId::new(index),
            plane: p,
            origin: [o[0], o[1], o[2]],
            top_left: crate::Pos::new(top, left),
            rows: bottom - top + 1,
            cols: right - left + 1,
        });
        written.push((s, origin.span()));
    }
    if faces.is_empty() {
        return Some(g);
    }
    match g.with_faces(faces) {
        Ok(g) => Some(g),
        Err((k, message)) => {
            let (s, span) = &written[k];
            diags.push(
                Diagnostic::new(&s.src, Some(span.clone()), format!("face `{}`: {message}", s.name))
                    .help("each face is a filled rectangle of cells, on one face only, and faces may not overlap in the drawing"),
            );
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::load::tests::{has, problems};

    /// Two 1x2 faces meeting at a fold: a top face and the front face below its front edge,
    /// with `second` the extra keys of the front face.
    fn two_faces(first_plane: &str, second: &str) -> String {
        format!(
            "symbols = \"12\"\ncells = \"r1-2c1-2\"\n[[shape]]\nname = \"top\"\ncells = \"r1c1-2\"\nplane = \"{first_plane}\"\norigin = [0, 1, 1]\n[[shape]]\nname = \"front\"\ncells = \"r2c1-2\"\n{second}\n"
        )
    }

    #[test]
    fn faces_that_meet_at_a_fold_load() {
        let text = two_faces("top", "plane = \"front\"\norigin = [0, 0, 1]");
        assert!(problems(&text).is_empty(), "{:?}", problems(&text));
        let l = crate::load::load_str("t", &text, None).unwrap();
        assert_eq!(l.geometry.faces().len(), 2);
    }

    #[test]
    fn an_unknown_plane_is_pointed_at() {
        let p = problems(&two_faces(
            "bottom",
            "plane = \"front\"\norigin = [0, 0, 1]",
        ));
        assert!(has(&p, 6, 9, "unknown plane `bottom`"), "{p:?}");
        assert_eq!(p.len(), 1, "no follow-on problems: {p:?}");
    }

    #[test]
    fn overlapping_faces_are_pointed_at_by_their_origin() {
        // The front face placed on top of the top face.
        let p = problems(&two_faces("top", "plane = \"top\"\norigin = [0, 1, 1]"));
        assert!(has(&p, 12, 10, "overlaps face `top`"), "{p:?}");
    }

    #[test]
    fn a_plane_needs_an_origin_and_every_cell_a_face() {
        let p = problems(&two_faces("top", "plane = \"front\""));
        assert!(has(&p, 11, 9, "no `origin`"), "{p:?}");
        assert_eq!(p.len(), 1, "no follow-on problems: {p:?}");
        let p = problems(&two_faces("top", ""));
        assert!(has(&p, 7, 10, "cell r2c1 lies on no face"), "{p:?}");
    }
}
