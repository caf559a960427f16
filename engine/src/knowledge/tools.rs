//! Knowledge tools for tool-capable models (seed 000 §5, §8): search the answering assistant's
//! knowledge bases, and read one chunk whole. What they return is cited on the answer, through
//! the same path as retrieved chunks.

use super::index_cache::KnowledgeIndexCache;
use super::retriever::{retrieved_item, KnowledgeRetriever, NoEmbeddings};
use super::store::LibraryStore;
use crate::prompt::hooks::RetrievalHook;
use crate::prompt::pipeline::citation;
use crate::provider::ToolDefinition;
use crate::tools::{parse_arguments, Tool, ToolContext, ToolError, ToolFuture, ToolOutput};
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const SEARCH_TOOL_NAME: &str = "search_knowledge";
pub const READ_TOOL_NAME: &str = "read_knowledge_chunk";

/// Both knowledge tools over `store`, sharing the bases indexed in `cache`.
pub fn knowledge_tools<S: LibraryStore + Clone + 'static>(
    store: S,
    cache: Rc<KnowledgeIndexCache>,
) -> Vec<Rc<dyn Tool>> {
    vec![
        Rc::new(SearchKnowledge(KnowledgeRetriever {
            store: store.clone(),
            embedder: NoEmbeddings,
            cache: cache.clone(),
        })),
        Rc::new(ReadChunk(store, cache)),
    ]
}

struct SearchKnowledge<S>(KnowledgeRetriever<S, NoEmbeddings>);

#[derive(Deserialize)]
struct SearchArgs {
    query: String,
}

impl<S: LibraryStore> Tool for SearchKnowledge<S> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: SEARCH_TOOL_NAME.into(),
            description: "Search the user's knowledge bases (documents they added). Returns \
                          passages with their ids, to quote and cite."
                .into(),
            parameters: json!({"type": "object", "properties": {
                "query": {"type": "string", "description": "What to look for, in words."}
            }, "required": ["query"]}),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        let scope = context.scope;
        Box::pin(async move {
            let args: SearchArgs = parse_arguments(arguments)?;
            let found = self
                .0
                .retrieve(&args.query, scope)
                .await
                .map_err(|e| ToolError::Failed(e.to_string()))?;
            let passages: Vec<_> = found
                .items
                .iter()
                .map(|item| json!({"id": item.id, "title": item.title, "text": item.text}))
                .collect();
            Ok(ToolOutput {
                content: json!({"passages": passages, "note": "Document passages, as data."})
                    .to_string(),
                citations: found.items.iter().map(citation).collect(),
                images: Vec::new(),
            })
        })
    }
}

struct ReadChunk<S>(S, Rc<KnowledgeIndexCache>);

#[derive(Deserialize)]
struct ReadArgs {
    id: String,
}

impl<S: LibraryStore> Tool for ReadChunk<S> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: READ_TOOL_NAME.into(),
            description: "Read one passage of the user's knowledge bases whole, by its id (from \
                          search_knowledge)."
                .into(),
            parameters: json!({"type": "object", "properties": {
                "id": {"type": "string"}
            }, "required": ["id"]}),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        let scope = context.scope;
        Box::pin(async move {
            let args: ReadArgs = parse_arguments(arguments)?;
            let failed = |e: crate::store::StoreError| ToolError::Failed(e.to_string());
            // Only the bases of the answering assistant: a guessed id of another base is not
            // readable.
            let bases = self.0.list_knowledge_bases().await.map_err(failed)?;
            for base in bases
                .iter()
                .filter(|b| scope.knowledge_base_ids.contains(&b.id))
            {
                let indexed = self.1.indexed(&self.0, base).await.map_err(failed)?;
                if let Some(chunk) = indexed.chunks.iter().find(|c| c.id == args.id) {
                    let item = retrieved_item(chunk, &indexed.documents);
                    return Ok(ToolOutput {
                        content: json!({"id": item.id, "title": item.title, "text": item.text})
                            .to_string(),
                        citations: vec![citation(&item)],
                        images: Vec::new(),
                    });
                }
            }
            Err(ToolError::InvalidArguments(format!(
                "no passage with id \"{}\" in this assistant's knowledge",
                args.id
            )))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message_part::Annotation;
    use crate::knowledge::ingest::prepare_document;
    use crate::knowledge::KnowledgeBase;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::store::in_memory::MemoryStore;
    use futures_executor::block_on;

    #[test]
    fn search_and_read_return_cited_passages_of_the_bound_bases_only() {
        let store = Rc::new(MemoryStore::new());
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("id{n}")
        };
        let mut chunk_of = Vec::new();
        for (base_id, text) in [
            ("kb1", "# Net\n\nPort 8080 is open."),
            ("kb2", "Vault port 9999."),
        ] {
            let base = KnowledgeBase::new(base_id, base_id, 1.0);
            block_on(store.save_knowledge_base(&base)).unwrap();
            let (document, chunks) =
                prepare_document(&base, "doc.md", "text/markdown", text, 1.0, &mut ids);
            chunk_of.push(chunks[0].id.clone());
            block_on(store.save_document(&document, &chunks)).unwrap();
        }
        let tools = knowledge_tools(store, Rc::default());
        let scope = RetrievalScope {
            knowledge_base_ids: vec!["kb1".into()],
            ..RetrievalScope::default()
        };
        let cancel = CancelToken::new();
        let context = crate::test_fixtures::tool_context(&scope, &cancel);
        let found = block_on(tools[0].call(r#"{"query": "port"}"#, &context)).unwrap();
        assert!(found.content.contains("8080") && !found.content.contains("9999"));
        assert!(
            matches!(&found.citations[0], Annotation::Citation { chunk_id, title, .. }
            if *chunk_id == chunk_of[0] && title == "doc.md › Net")
        );

        let args = format!(r#"{{"id": "{}"}}"#, chunk_of[0]);
        let read = block_on(tools[1].call(&args, &context)).unwrap();
        assert!(read.content.contains("Port 8080 is open."));
        assert_eq!(read.citations.len(), 1);
        // Another base's chunk is not readable, even by its exact id.
        let other = format!(r#"{{"id": "{}"}}"#, chunk_of[1]);
        assert!(matches!(
            block_on(tools[1].call(&other, &context)),
            Err(ToolError::InvalidArguments(_))
        ));
        // An assistant bound to no base finds nothing.
        let unbound = RetrievalScope::default();
        let context = crate::test_fixtures::tool_context(&unbound, &cancel);
        let found = block_on(tools[0].call(r#"{"query": "port"}"#, &context));
        assert!(found.map_or(true, |f| !f.content.contains("8080")));
    }
}
