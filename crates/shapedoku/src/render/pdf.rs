//! PDF from SVG pages (the `pdf` feature): each page converted by svg2pdf into a form that
//! the page draws at its full size, so lines and text stay vector. Text is drawn as outlines
//! of the system font's glyphs, not as embedded fonts: svg2pdf writes embedded fonts in the
//! order of a randomly seeded hash map, so two runs would differ, and outlines need no font in
//! the reader. The output has no dates or random ids: the same pages give the same bytes.

use std::collections::HashMap;

/// Why a PDF could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot make a PDF: {0}")]
pub struct PdfError(pub String);

/// A PDF of `pages`, one page per SVG document, each page the document's size (SVG units as
/// PostScript points, as [`super::paper`] writes them). `title` becomes the document's title.
/// Text is set in the system's fonts (DejaVu Sans, Helvetica or Arial, else any sans-serif)
/// and drawn as outlines.
///
/// Fails on a page that is not SVG, and when the system has no font at all (the digits would
/// be missing from the page).
pub fn pdf(pages: &[String], title: Option<&str>) -> Result<Vec<u8>, PdfError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_system_fonts();
    if options.fontdb.is_empty() {
        return Err(PdfError(
            "no fonts found on this system, so the digits could not be drawn; install one \
             (Debian and Ubuntu: apt install fonts-dejavu-core)"
                .into(),
        ));
    }
    let mut next = Ref::new(1);
    let catalog = next.bump();
    let tree_ref = next.bump();
    let info = next.bump();
    let page_refs: Vec<Ref> = pages.iter().map(|_| next.bump()).collect();
    let mut doc = Pdf::new();
    doc.catalog(catalog).pages(tree_ref);
    doc.pages(tree_ref)
        .kids(page_refs.iter().copied())
        .count(page_refs.len() as i32);
    let name = Name(b"S1");
    let conversion = svg2pdf::ConversionOptions {
        embed_text: false,
        ..svg2pdf::ConversionOptions::default()
    };
    for (k, svg) in pages.iter().enumerate() {
        let tree = usvg::Tree::from_str(svg, &options)
            .map_err(|e| PdfError(format!("page {}: {e}", k + 1)))?;
        let (chunk, form) = svg2pdf::to_chunk(&tree, conversion)
            .map_err(|e| PdfError(format!("page {}: {e}", k + 1)))?;
        // Object numbers of the page's own chunk, moved after everything written so far.
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| next.bump()));
        let form = map[&form];
        let content_ref = next.bump();
        let (w, h) = (tree.size().width(), tree.size().height());
        let mut page = doc.page(page_refs[k]);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_ref);
        page.contents(content_ref);
        page.resources().x_objects().pair(name, form);
        page.finish();
        let mut content = Content::new();
        // The form is one point square: scale it to the page.
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]).x_object(name);
        doc.stream(content_ref, &content.finish());
        doc.extend(&chunk);
    }
    let mut meta = doc.document_info(info);
    meta.producer(TextStr("shapedoku"));
    if let Some(t) = title {
        meta.title(TextStr(t));
    }
    meta.finish();
    Ok(doc.finish())
}
