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
                    .help("write plane = \"top\", \"front\" (or \"left\") or \"side\" (or \"right\")"),
                );
                return;
            }
            match origin {
                Field::Valid(o) => shape.face = Some((p.clone(), Some(o.clone()))),
                Field::Invalid => {}
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
pub(super) fn attach(
    state: &State,
    g: Geometry,
    diags: &mut Vec<Diagnostic>,
) -> Option<Geometry> {
    let mut faces = Vec::new();
    let mut written = Vec::new();
    for s in &state.shapes {
        let Some((plane, Some(origin))) = &s.face else {
            continue;
        };
        let Some(p) = Plane::from_name(plane.get_ref()) else {
            continue;
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
