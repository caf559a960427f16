//! Data in and out of the whole store: an import (a Skein export or backup, ChatGPT's
//! `conversations.json`), validated whole before anything is stored, and a full backup.

use super::service::ChatService;
use super::ChatError;
use crate::domain::message::Conversation;
use crate::knowledge::store::LibraryStore;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

/// Backup and restore read and write the library (assistants, memories) as well as the chats.
impl<T: Transport, S: ChatStore + LibraryStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Imports a Skein export or ChatGPT's `conversations.json`: validated completely first,
    /// then stored in one transaction (nothing is stored if anything is wrong). Returns the
    /// conversations added.
    ///
    /// A full backup also brings its images, and its provider settings when none are stored
    /// here (settings already made are never replaced by a file).
    pub async fn import_file(&self, bytes: &[u8]) -> Result<Vec<Conversation>, ChatError> {
        let imported = crate::store::import::parse_file(bytes, &mut || self.ids.new_id())?;
        for blob in &imported.blobs {
            self.store.save_blob(blob).await?;
        }
        self.store
            .import_conversations(&imported.conversations)
            .await?;
        if let Some(settings) = &imported.settings {
            if self.store.load_provider_settings().await?.is_none() {
                self.store.save_provider_settings(settings).await?;
            }
        }
        // Assistants and memories this browser does not have yet; its own stay as they are.
        let known: Vec<String> = self
            .store
            .list_assistants()
            .await?
            .into_iter()
            .map(|a| a.id)
            .collect();
        for assistant in imported
            .assistants
            .iter()
            .filter(|a| !known.contains(&a.id))
        {
            self.store.save_assistant(assistant).await?;
        }
        let known: Vec<String> = self
            .store
            .list_memories()
            .await?
            .into_iter()
            .map(|m| m.id)
            .collect();
        for memory in imported.memories.iter().filter(|m| !known.contains(&m.id)) {
            self.store.save_memory(memory).await?;
        }
        // Personas this browser does not have yet; its default stays when it has one.
        let mut personas = self.store.load_personas().await?;
        if !imported.personas.list.is_empty() {
            for persona in &imported.personas.list {
                if personas.get(&persona.id).is_none() {
                    personas.put(persona.clone());
                }
            }
            if personas.default_id.is_none() {
                personas
                    .default_id
                    .clone_from(&imported.personas.default_id);
            }
            self.store.save_personas(&personas).await?;
        }
        // World books this browser does not have yet (and their global switch).
        if !imported.world_books.items.is_empty() {
            let mut books = self.store.load_world_books().await?;
            books.merge_new(&imported.world_books);
            self.store.save_world_books(&books).await?;
        }
        if !imported.dictionaries.items.is_empty() {
            let mut dictionaries = self.store.load_dictionaries().await?;
            dictionaries.merge_new(&imported.dictionaries);
            self.store.save_dictionaries(&dictionaries).await?;
        }
        // Web search settings, when this browser has none set up.
        if let Some(search) = &imported.web_search {
            if !self.store.load_web_search().await?.is_set_up() {
                self.store.save_web_search(search).await?;
            }
        }
        // MCP servers this browser does not have yet (by id).
        if !imported.mcp_servers.servers.is_empty() {
            let mut servers = self.store.load_mcp_servers().await?;
            for server in &imported.mcp_servers.servers {
                if !servers.servers.iter().any(|s| s.id == server.id) {
                    servers.servers.push(server.clone());
                }
            }
            self.store.save_mcp_servers(&servers).await?;
        }
        // Workflows and runs this browser does not have yet (by id).
        if !imported.workflow_templates.items.is_empty() {
            let mut templates = self.store.load_workflow_templates().await?;
            for template in &imported.workflow_templates.items {
                if templates.get(&template.id).is_none() {
                    templates.put(template.clone());
                }
            }
            self.store.save_workflow_templates(&templates).await?;
        }
        if !imported.workflow_runs.is_empty() {
            let known: Vec<String> = self
                .store
                .list_workflow_runs()
                .await?
                .into_iter()
                .map(|run| run.id)
                .collect();
            for run in imported
                .workflow_runs
                .iter()
                .filter(|r| !known.contains(&r.id))
            {
                self.store.save_workflow_run(run).await?;
            }
        }
        Ok(imported.conversations.into_iter().map(|(c, _)| c).collect())
    }

    /// A full backup as JSON: every conversation (not the temporary chats: they are never
    /// saved), the images they show, the provider settings (keys only when `include_keys`), the
    /// assistants and the memories.
    pub async fn backup(&self, include_keys: bool) -> Result<String, ChatError> {
        let mut contents = crate::store::backup::BackupContents {
            settings: self.store.load_provider_settings().await?,
            assistants: self.store.list_assistants().await?,
            memories: self.store.list_memories().await?,
            personas: self.store.load_personas().await?,
            world_books: self.store.load_world_books().await?,
            dictionaries: self.store.load_dictionaries().await?,
            mcp_servers: self.store.load_mcp_servers().await?,
            web_search: self.store.load_web_search().await?,
            workflow_templates: self.store.load_workflow_templates().await?,
            workflow_runs: self.store.list_workflow_runs().await?,
            ..Default::default()
        };
        // The assistants' pictures (a character's card image).
        for id in contents.assistants.iter().filter_map(|a| a.avatar.clone()) {
            if let Some(blob) = self.store.load_blob(&id).await? {
                contents.blobs.push(blob);
            }
        }
        let conversations = self.store.list_conversations().await?;
        for conversation in conversations.into_iter().filter(|c| !c.temporary) {
            let messages = self.store.load_messages(&conversation.id).await?;
            for id in crate::store::backup::referenced_blobs(&messages) {
                if let Some(blob) = self.store.load_blob(&id).await? {
                    contents.blobs.push(blob);
                }
            }
            contents.conversations.push((conversation, messages));
        }
        Ok(crate::store::backup::backup_json(
            &contents,
            include_keys,
            self.clock().now_ms(),
        ))
    }
}
