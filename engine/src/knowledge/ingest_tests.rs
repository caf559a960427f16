use super::*;

#[test]
fn html_becomes_text_with_its_headings_and_nothing_that_runs() {
    let html = r#"<html><head><title>T</title><style>p{}</style></head><body>
        <h1>Guide</h1><p>Fish &amp; chips&nbsp;are &lt;good&gt; &#233;t&#xE9;.</p>
        <script>alert("no")</script><h2>Next</h2><ul><li>one</li><li>two</li></ul>
        <img src="https://tracker.example/x.png" onerror="alert(1)">done</body></html>"#;
    let text = html_text(html);
    assert_eq!(
        text,
        "# Guide\n\nFish & chips are <good> été.\n\n## Next\n\none\n\ntwo\n\ndone"
    );
    assert!(!text.contains("alert") && !text.contains("tracker"));
    // Broken markup ends cleanly; an unknown entity stays as written.
    assert_eq!(html_text("a &bogus; b <p"), "a &bogus; b");
}

#[test]
fn files_are_read_by_their_kind_and_refused_with_a_reason() {
    assert_eq!(
        extract_text("notes.md", "", b"# A\r\n\r\ntext").unwrap(),
        "# A\n\ntext"
    );
    assert_eq!(extract_text("page.html", "", b"<p>Hi</p>").unwrap(), "Hi");
    let pdf = extract_text("paper.pdf", "application/pdf", b"%PDF").unwrap_err();
    assert_eq!(pdf, IngestError::Damaged("paper.pdf".into(), "PDF"));
    assert!(pdf.to_string().contains("\"paper.pdf\""), "{pdf}");
    let old_word = extract_text("memo.doc", "application/msword", b"\xD0\xCF").unwrap_err();
    assert_eq!(old_word, IngestError::Unsupported("memo.doc".into()));
    assert!(old_word.to_string().contains(".docx"), "{old_word}");
    assert_eq!(
        extract_text("a.txt", "", &[0xFF, 0xFE]),
        Err(IngestError::NotText("a.txt".into()))
    );
    assert_eq!(
        extract_text("a.txt", "", b" \n "),
        Err(IngestError::Empty("a.txt".into()))
    );
}

#[test]
fn a_prepared_document_has_ordered_chunks_that_point_back_to_it() {
    let base = KnowledgeBase {
        chunk_size: 200,
        chunk_overlap: 20,
        ..KnowledgeBase::new("kb", "Docs", 1.0)
    };
    let text = format!(
        "# Intro\n\n{}\n\n# Usage\n\nRun it.",
        "Some words here. ".repeat(30)
    );
    let mut n = 0;
    let (document, chunks) =
        prepare_document(&base, "guide.md", "text/markdown", &text, 5.0, &mut || {
            n += 1;
            format!("id{n}")
        });
    assert_eq!(document.id, "id1");
    assert_eq!(document.chunk_count as usize, chunks.len());
    assert_eq!(document.text_bytes as usize, text.len());
    assert!(chunks.len() > 2);
    for (at, chunk) in chunks.iter().enumerate() {
        assert_eq!(chunk.position as usize, at);
        assert_eq!(chunk.document_id, "id1");
        assert_eq!(chunk.knowledge_base_id, "kb");
        assert!(chunk.embedding.is_none());
    }
    assert_eq!(chunks.last().unwrap().heading_path, ["Usage"]);
    assert_eq!(chunks[0].heading_path, ["Intro"]);
}

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/documents/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap_or_default()
}

#[test]
fn pdf_and_word_files_give_their_text_or_say_why_not() {
    let pdf = extract_text(
        "report.pdf",
        "application/pdf",
        &fixture("standard-fonts.pdf"),
    );
    assert!(pdf.unwrap().contains("zebra budget"));
    let word = extract_text("guide.docx", "", &fixture("guide.docx")).unwrap();
    assert!(word.starts_with("# Field guide\n\n"), "{word}");
    // A page with only a picture: nothing to read, and the user is told what to do.
    let scan = b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n\
                 2 0 obj << /Type /Pages /Kids [3 0 R] >> endobj\n\
                 3 0 obj << /Type /Page /Contents 4 0 R >> endobj\n\
                 4 0 obj << /Length 26 >>\nstream\nq 500 0 0 700 0 0 cm /I Do Q\nendstream\nendobj\n";
    let none = extract_text("scan.pdf", "", scan).unwrap_err();
    assert_eq!(none, IngestError::NoTextLayer("scan.pdf".into()));
    assert!(none.to_string().contains("OCR"));
    // A renamed file is damaged, not a crash.
    assert_eq!(
        extract_text("fake.docx", "", b"hello"),
        Err(IngestError::Damaged("fake.docx".into(), "Word"))
    );
}
