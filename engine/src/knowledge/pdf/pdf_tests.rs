use super::document::PdfDocument;
use super::lexer::{Lexer, Object};
use super::*;
use proptest::prelude::*;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/tests/fixtures/documents/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A one-page PDF around `content`, with `fonts` as the page's font resources (no
/// cross-reference table: the reader does not need one).
fn one_page(content: &str, fonts: &str, extra_objects: &str) -> Vec<u8> {
    format!(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n\
         2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << {fonts} >> >> >> endobj\n\
         3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n\
         4 0 obj << /Length {} >>\nstream\n{content}\nendstream\nendobj\n{extra_objects}\
         trailer << /Root 1 0 R >>\n%%EOF\n",
        content.len()
    )
    .into_bytes()
}

#[test]
fn text_comes_out_of_pdfs_made_by_common_tools() {
    // reportlab, standard fonts, ASCII85 + Flate streams, two pages.
    assert_eq!(
        pdf_text(&fixture("standard-fonts.pdf")).unwrap(),
        "Quarterly report\n\nRevenue grew (by 12%) in the northern region.\n\
         The second line of the first page.\n\nPage two mentions the zebra budget."
    );
    // reportlab, an embedded TrueType subset read through its ToUnicode map.
    assert_eq!(
        pdf_text(&fixture("embedded-font.pdf")).unwrap(),
        "Żółw café — naïve résumé ✓\nΕλληνικά και русский текст."
    );
    // Chromium's "print to PDF": composite fonts, glyph runs placed one by one (word gaps
    // from the widths), a ligature given as ActualText; the last characters had no font.
    assert_eq!(
        pdf_text(&fixture("browser-printed.pdf")).unwrap(),
        "Printed from a browser\n\nSkein reads the text layer of PDF files. The answer is \
         forty-two.\n\nSecond section\n\nUnicode survives: naïve café, Grüße, 本語."
    );
}

#[test]
fn text_operators_give_lines_words_and_escapes() {
    let content = "BT /F1 10 Tf 72 700 Td (Hello,) Tj [-250 (W) 20 (orld) -300 (again)] TJ \
                   0 -12 Td (next \\(line\\) caf\\351) Tj (after) ' 0 -40 Td <4869> Tj ET";
    let pdf = one_page(
        content,
        "/F1 5 0 R",
        "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n",
    );
    assert_eq!(
        pdf_text(&pdf).unwrap(),
        "Hello, World again\nnext (line) café\nafter\n\nHi"
    );
}

#[test]
fn a_composite_font_without_a_map_gives_no_text_rather_than_noise() {
    let content = "BT /F1 10 Tf 72 700 Td <00410042> Tj ET";
    let font =
        "5 0 obj << /Type /Font /Subtype /Type0 /BaseFont /X /Encoding /Identity-H >> endobj\n";
    assert_eq!(pdf_text(&one_page(content, "/F1 5 0 R", font)).unwrap(), "");
}

#[test]
fn bfrange_maps_both_forms() {
    let cmap = "/CIDInit /ProcSet findresource begin 12 dict begin begincmap \
                1 begincodespacerange <0000> <FFFF> endcodespacerange \
                2 beginbfrange <0001> <0003> <0061> <0010> <0011> [<0058> <D83DDE00>] endbfrange \
                1 beginbfchar <0020> <0020> endbfchar endcmap";
    let content = "BT /F1 10 Tf 72 700 Td <000100020003002000100011> Tj ET";
    let objects = format!(
        "5 0 obj << /Type /Font /Subtype /Type0 /ToUnicode 6 0 R >> endobj\n\
         6 0 obj << /Length {} >>\nstream\n{cmap}\nendstream\nendobj\n",
        cmap.len()
    );
    assert_eq!(
        pdf_text(&one_page(content, "/F1 5 0 R", &objects)).unwrap(),
        "abc X😀"
    );
}

#[test]
fn encrypted_and_non_pdf_files_are_refused() {
    let mut pdf = one_page("BT (x) Tj ET", "", "");
    let at = pdf.windows(7).position(|w| w == b"trailer").unwrap();
    pdf.splice(
        at..,
        b"trailer << /Root 1 0 R /Encrypt 9 0 R >>\n%%EOF"
            .iter()
            .copied(),
    );
    assert_eq!(pdf_text(&pdf), Err(PdfProblem::Encrypted));
    assert_eq!(pdf_text(b"PK\x03\x04 not a pdf"), Err(PdfProblem::NotPdf));
}

#[test]
fn a_stream_that_inflates_past_the_budget_is_refused() {
    let zeros = vec![0u8; 4 * 1024 * 1024];
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(&zeros, 9);
    let mut pdf = b"%PDF-1.7\n1 0 obj << /Filter /FlateDecode >>\nstream\n".to_vec();
    pdf.extend_from_slice(&packed);
    pdf.extend_from_slice(b"\nendstream\nendobj\n");
    let document = PdfDocument::parse_with_budget(&pdf, 1024 * 1024).unwrap();
    let stream = document.stream(&Object::Ref(1, 0)).unwrap();
    assert_eq!(
        document.decode(stream).unwrap_err(),
        document::PdfError::TooLarge
    );
    let roomy = PdfDocument::parse_with_budget(&pdf, 8 * 1024 * 1024).unwrap();
    let stream = roomy.stream(&Object::Ref(1, 0)).unwrap();
    assert_eq!(roomy.decode(stream).unwrap().unwrap().len(), zeros.len());
}

#[test]
fn the_lexer_reads_pdf_syntax() {
    let mut lexer = Lexer::new(
        b"12 0 R 3.5 -2 /Na#20me (a(b)c\\\nd\\101) <48 69 7> [1 2 R] << /K /V /E >> true % note\nTj",
        0,
    );
    let all: Vec<Object> = std::iter::from_fn(|| lexer.next()).collect();
    assert_eq!(
        all,
        [
            Object::Ref(12, 0),
            Object::Number(3.5),
            Object::Number(-2.0),
            Object::Name("Na me".into()),
            Object::String(b"a(b)cdA".to_vec()),
            Object::String(b"Hip".to_vec()),
            Object::Array(vec![Object::Ref(1, 2)]),
            Object::Dict(lexer::Dict(vec![
                ("K".into(), Object::Name("V".into())),
                ("E".into(), Object::Null)
            ])),
            Object::Bool(true),
            Object::Keyword("Tj".into()),
        ]
    );
}

#[test]
fn object_streams_are_unpacked() {
    // The catalog and page tree live in a compressed object stream, as in PDF 1.5+ files.
    let packed_objects = "1 0 2 50 ";
    let body = format!(
        "{packed_objects}<< /Type /Catalog /Pages 2 0 R >>{}<< /Type /Pages /Kids [3 0 R] >>",
        " ".repeat(50 - "<< /Type /Catalog /Pages 2 0 R >>".len())
    );
    let packed = miniz_oxide::deflate::compress_to_vec_zlib(body.as_bytes(), 6);
    let mut pdf = format!(
        "%PDF-1.5\n7 0 obj << /Type /ObjStm /N 2 /First {} /Filter /FlateDecode /Length {} >>\nstream\n",
        packed_objects.len(),
        packed.len()
    )
    .into_bytes();
    pdf.extend_from_slice(&packed);
    pdf.extend_from_slice(
        b"\nendstream\nendobj\n3 0 obj << /Type /Page /Contents 4 0 R >> endobj\n\
          4 0 obj << /Length 22 >>\nstream\nBT (packed away) Tj ET\nendstream\nendobj\n",
    );
    assert_eq!(pdf_text(&pdf).unwrap(), "packed away");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A damaged file (bytes changed, cut short) gives some text or an error, never a panic
    /// or a hang.
    #[test]
    fn damaged_files_never_crash_the_reader(
        flips in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..20),
        cut in any::<prop::sample::Index>(),
        which in 0usize..3,
    ) {
        let name = ["standard-fonts.pdf", "embedded-font.pdf", "browser-printed.pdf"][which];
        let mut data = fixture(name);
        for (at, byte) in flips {
            let at = at.index(data.len());
            data[at] = byte;
        }
        data.truncate(cut.index(data.len()) + 1);
        let _ = pdf_text(&data);
    }
}
