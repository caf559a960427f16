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
    assert!(pdf.to_string().contains("\"paper.pdf\""), "{pdf}");
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
