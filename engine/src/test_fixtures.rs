//! Test fixtures for whole generations: a scripted transport (replays recorded provider bytes
//! and records every request), a manual clock, sequential IDs, and helpers to drive a
//! [`ChatService`] over the real [`MemoryStore`].

#![allow(dead_code, reason = "each test file uses a different subset")]

use crate::chat::EventLog;
use crate::chat::ToolDecision;
use crate::chat::TurnContext;
use crate::chat::{ChatError, ChatService};
use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode};
use crate::domain::message_part::{MessagePart, ToolCall};
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::{ByteStream, HttpRequest, HttpResponse, Transport, TransportError};
use crate::prompt::system_prompt::capability_block;
use crate::provider::settings::ProviderSettings;
use crate::provider::ToolDefinition;
use crate::store::in_memory::MemoryStore;
use crate::store::ChatStore;
use crate::tools::{
    ApprovalPolicy, EnabledTool, Tool, ToolContext, ToolError, ToolFuture, ToolOutput, ToolSource,
};
use futures_executor::block_on;
use serde_json::json;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

pub(crate) const STREAM_BASIC: &[u8] =
    include_bytes!("../../tests/fixtures/openai/stream_basic.sse");

/// What the scripted transport answers with.
#[derive(Clone)]
pub(crate) enum Script {
    Respond {
        status: u16,
        content_type: &'static str,
        chunks: Vec<Vec<u8>>,
    },
    Unreachable,
    /// The server never answers.
    Hang,
    /// `then`, with these response headers.
    WithHeaders {
        headers: Vec<(&'static str, &'static str)>,
        then: Box<Script>,
    },
}

/// Test fixture: replays a [`Script`] and records every request it was given.
pub(crate) struct ScriptedTransport {
    pub script: RefCell<Vec<Script>>,
    pub requests: RefCell<Vec<HttpRequest>>,
    /// Makes every body chunk wait one turn of the executor, so generations run side by side.
    pub yielding: Cell<bool>,
    /// What [`Transport::send_journaled`] kept, by `conversation/message` (see
    /// `chat/stream_journal.rs`); `None` stands for a transport that keeps nothing.
    pub journals: Option<Journals>,
}

/// Stream journals kept by the scripted transport, by `conversation/message`.
pub(crate) type Journals = Rc<RefCell<std::collections::BTreeMap<String, Vec<u8>>>>;

fn journal_key(conversation_id: &str, message_id: &str) -> String {
    format!("{conversation_id}/{message_id}")
}

impl ScriptedTransport {
    pub(crate) fn new(scripts: Vec<Script>) -> Self {
        Self {
            script: RefCell::new(scripts),
            requests: RefCell::default(),
            yielding: Cell::new(false),
            journals: Some(Journals::default()),
        }
    }
}

pub(crate) struct ScriptedBody {
    chunks: std::collections::VecDeque<Vec<u8>>,
    cancel: CancelToken,
    yielding: bool,
    /// Where each chunk is kept before it is handed on.
    journal: Option<(Journals, String)>,
}

/// A body chunk that never arrives: the stream stalls there.
pub(crate) const STALL: &[u8] = b"\0stall\0";

/// Lets the executor run other futures once.
pub(crate) async fn yield_now() {
    let mut yielded = false;
    std::future::poll_fn(|cx| {
        if yielded {
            std::task::Poll::Ready(())
        } else {
            yielded = true;
            cx.waker().wake_by_ref();
            std::task::Poll::Pending
        }
    })
    .await;
}

impl ByteStream for ScriptedBody {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, TransportError>> {
        if self.yielding {
            // A slow network: two turns of the executor per chunk.
            yield_now().await;
            yield_now().await;
        }
        if self.cancel.is_cancelled() {
            return Some(Err(TransportError::Aborted));
        }
        let chunk = self.chunks.pop_front()?;
        if chunk == STALL {
            // The connection stays open and sends nothing, ever.
            std::future::pending::<()>().await;
        }
        if let Some((journals, key)) = &self.journal {
            if let Some(kept) = journals.borrow_mut().get_mut(key) {
                kept.extend_from_slice(&chunk);
            }
        }
        Some(Ok(chunk))
    }
}

impl Transport for ScriptedTransport {
    type Body = ScriptedBody;

    async fn send(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<ScriptedBody>, TransportError> {
        let url = request.url.clone();
        self.requests.borrow_mut().push(request);
        let mut script = self.script.borrow_mut().remove(0);
        let mut headers = Vec::new();
        while let Script::WithHeaders { headers: h, then } = script {
            headers.extend(h.into_iter().map(|(n, v)| (n.to_owned(), v.to_owned())));
            script = *then;
        }
        match script {
            Script::WithHeaders { .. } => unreachable!("unwrapped above"),
            Script::Hang => std::future::pending().await,
            Script::Unreachable => Err(TransportError::Network {
                url,
                detail: "Failed to fetch".into(),
                in_extension: false,
            }),
            Script::Respond {
                status,
                content_type,
                chunks,
            } => Ok(HttpResponse {
                status,
                content_type: Some(content_type.into()),
                headers,
                body: ScriptedBody {
                    chunks: chunks.into(),
                    cancel: cancel.clone(),
                    yielding: self.yielding.get(),
                    journal: None,
                },
            }),
        }
    }

    async fn send_journaled(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
        journal: Option<&crate::JournalTarget>,
    ) -> Result<HttpResponse<ScriptedBody>, TransportError> {
        let mut response = self.send(request, cancel).await?;
        if let (Some(journals), Some(target)) = (&self.journals, journal) {
            let key = journal_key(&target.conversation_id, &target.message_id);
            journals
                .borrow_mut()
                .insert(key.clone(), target.head.clone());
            response.body.journal = Some((journals.clone(), key));
        }
        Ok(response)
    }

    async fn read_journal(&self, conversation_id: &str, message_id: &str) -> Option<Vec<u8>> {
        let journals = self.journals.as_ref()?.borrow();
        journals
            .get(&journal_key(conversation_id, message_id))
            .cloned()
    }

    fn drop_journal(&self, conversation_id: &str, message_id: Option<&str>) {
        if let Some(journals) = &self.journals {
            let prefix = format!("{conversation_id}/");
            journals.borrow_mut().retain(|key, _| match message_id {
                Some(id) => *key != journal_key(conversation_id, id),
                None => !key.starts_with(&prefix),
            });
        }
    }
}

/// Advances by `step_ms` every time it is read. A clone shares the time, not the settings.
#[derive(Clone)]
pub(crate) struct ManualClock {
    pub now: Rc<Cell<f64>>,
    pub step_ms: Cell<f64>,
    /// Whether [`Clock::sleep`] fires (moving the clock forward by its duration, at once) or
    /// never.
    pub timers_fire: Cell<bool>,
    /// Every sleep asked for, in milliseconds.
    pub sleeps: RefCell<Vec<f64>>,
}

impl Clock for ManualClock {
    fn now_ms(&self) -> f64 {
        let now = self.now.get();
        self.now.set(now + self.step_ms.get());
        now
    }

    fn has_timers(&self) -> bool {
        self.timers_fire.get()
    }

    /// A fired timer lets the executor run other futures once (a read that is merely slow
    /// wins), then moves the clock forward by `ms`.
    fn sleep(&self, ms: f64) -> std::pin::Pin<Box<dyn std::future::Future<Output = ()>>> {
        self.sleeps.borrow_mut().push(ms);
        if !self.timers_fire.get() {
            return Box::pin(std::future::pending());
        }
        let now = self.now.clone();
        Box::pin(async move {
            yield_now().await;
            now.set(now.get() + ms);
        })
    }
}

/// `id1`, `id2`, …; clones share the sequence.
#[derive(Default, Clone)]
pub(crate) struct SequentialIds(Rc<Cell<u32>>);

impl IdGenerator for SequentialIds {
    fn new_id(&self) -> String {
        self.0.set(self.0.get() + 1);
        format!("id{}", self.0.get())
    }
}

pub(crate) type Service = ChatService<ScriptedTransport, MemoryStore, ManualClock, SequentialIds>;

pub(crate) fn service(scripts: Vec<Script>) -> Service {
    service_over(scripts, MemoryStore::new())
}

/// A service over `store`, with the fixtures' transport, clock and IDs.
pub(crate) fn service_over<S: ChatStore>(
    scripts: Vec<Script>,
    store: S,
) -> ChatService<ScriptedTransport, S, ManualClock, SequentialIds> {
    ChatService::new(
        ScriptedTransport::new(scripts),
        store,
        ManualClock {
            now: Rc::new(Cell::new(1_000.0)),
            step_ms: Cell::new(10.0),
            timers_fire: Cell::new(false),
            sleeps: RefCell::default(),
        },
        SequentialIds::default(),
    )
}

pub(crate) fn settings() -> ProviderSettings {
    ProviderSettings {
        base_url: "http://127.0.0.1:9/v1".into(),
        api_key: "sk-test".into(),
        model: "mock-model".into(),
        ..ProviderSettings::default()
    }
}

/// The system message of a request by the default assistant without tools, on Skein's page:
/// seed 004's layers (the name preamble, the base rules, the Markdown hint) and the capability
/// ground truth.
pub(crate) fn no_tools_note() -> serde_json::Value {
    serde_json::json!({"role": "system", "content": format!(
        "You are Skein.\n\n{}\n\n{}\n\n{}",
        crate::prompt::system_prompt::BASE_RULES,
        crate::prompt::OutputChannel::Markdown.hint(),
        capability_block(&[])
    )})
}

/// `text` as the last user message of a request by an assistant with the date block (on by
/// default), at the fixtures' clock (the epoch, UTC).
pub(crate) fn dated(text: &str) -> String {
    format!(
        "<context>\nThe user's current date and time: Thursday, 1970-01-01 00:00 (UTC, \
         UTC+00:00)\n</context>\n\n{text}"
    )
}

pub(crate) fn sse(status: u16, body: &[u8], chunk_size: usize) -> Script {
    Script::Respond {
        status,
        content_type: "text/event-stream",
        chunks: body.chunks(chunk_size).map(<[u8]>::to_vec).collect(),
    }
}

pub(crate) fn content_chunks(words: &[&str], done: bool) -> Vec<u8> {
    let mut body = String::new();
    for word in words {
        let chunk = serde_json::json!({"choices": [{"index": 0, "delta": {"content": word}}]});
        body.push_str(&format!("data: {chunk}\n\n"));
    }
    if done {
        body.push_str("data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n");
        body.push_str("data: [DONE]\n\n");
    }
    body.into_bytes()
}

/// The warnings a generation reported, and why it waited.
pub(crate) fn warnings(log: &crate::chat::EventLog) -> Vec<String> {
    log.0
        .borrow()
        .iter()
        .filter_map(|e| match e {
            crate::chat::GenerationEvent::Warning(w) => Some(w.to_string()),
            crate::chat::GenerationEvent::Waiting(Some(w)) => Some(w.to_string()),
            _ => None,
        })
        .collect()
}

/// Sends `text` in a new conversation while storage has room for the question and the empty
/// answer only: the answer's final save fails, and the engine hands the answer back
/// ([`crate::chat::GenerationEvent::Unsaved`]); events go to `log`.
pub(crate) fn send_into_full_storage(
    service: &Service,
    text: &str,
    log: &EventLog,
) -> (Conversation, MessageNode) {
    service.store().fill_up_after(2);
    let result = block_on(service.send_message(
        None,
        text,
        &TurnContext::new(&settings(), &Assistant::default(), &CancelToken::new(), log),
    ));
    assert!(
        matches!(
            result,
            Err(ChatError::Store(crate::store::StoreError::QuotaExceeded(_)))
        ),
        "{result:?}"
    );
    let unsaved = log.0.borrow().iter().find_map(|event| match event {
        crate::chat::GenerationEvent::Unsaved {
            conversation,
            message,
        } => Some(((**conversation).clone(), message.clone())),
        _ => None,
    });
    unsaved.expect("the answer was not saved")
}

/// Sends `text` in a new conversation with the default assistant, events going to `sink`.
pub(crate) fn send_observed(
    service: &Service,
    text: &str,
    sink: &dyn crate::chat::GenerationSink,
) -> MessageNode {
    block_on(service.send_message(
        None,
        text,
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            sink,
        ),
    ))
    .unwrap()
}

pub(crate) fn send(
    service: &Service,
    conversation: Option<Conversation>,
    text: &str,
) -> MessageNode {
    block_on(service.send_message(
        conversation,
        text,
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap()
}

/// Sends with a particular assistant; the result is returned as is.
pub(crate) fn send_as(
    service: &Service,
    conversation: Option<Conversation>,
    text: &str,
    assistant: &Assistant,
) -> Result<MessageNode, ChatError> {
    block_on(service.send_message(
        conversation,
        text,
        &TurnContext::new(
            &settings(),
            assistant,
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
}

/// The JSON body of the `index`-th request the transport received.
pub(crate) fn request_body(service: &Service, index: usize) -> serde_json::Value {
    serde_json::from_str(
        service.client().transport().requests.borrow()[index]
            .body
            .as_deref()
            .unwrap(),
    )
    .unwrap()
}

pub(crate) fn stored(service: &Service) -> (Conversation, Vec<MessageNode>) {
    let conversations = block_on(service.store().list_conversations()).unwrap();
    assert_eq!(conversations.len(), 1);
    let messages = block_on(service.store().load_messages(&conversations[0].id)).unwrap();
    (conversations[0].clone(), messages)
}

/// A JSON response of `status` with `body` (an error body, a models list, embeddings).
pub(crate) fn json_response(status: u16, body: &str) -> Script {
    Script::Respond {
        status,
        content_type: "application/json",
        chunks: vec![body.as_bytes().to_vec()],
    }
}

/// A non-streaming completion answering `text`.
pub(crate) fn json_completion(text: &str) -> Script {
    let body =
        serde_json::json!({"choices": [{"message": {"content": text}, "finish_reason": "stop"}]});
    Script::Respond {
        status: 200,
        content_type: "application/json",
        chunks: vec![body.to_string().into_bytes()],
    }
}

/// Three long exchanges, then a fourth question that pushes the branch past a 2,000-token
/// threshold: the oldest turn must be summarised before the answer is requested.
pub(crate) fn long_conversation(summary: Script) -> (Service, Assistant) {
    let long_reply = "answer ".repeat(1_400);
    let mut scripts: Vec<Script> = (0..3)
        .map(|_| sse(200, &content_chunks(&[long_reply.as_str()], true), 4096))
        .collect();
    scripts.push(summary);
    scripts.push(sse(200, &content_chunks(&["Fourth answer."], true), 64));
    let service = service(scripts);
    let assistant = Assistant {
        context_threshold_tokens: Some(4_000),
        ..Assistant::default()
    };
    let ask = |conversation: Option<Conversation>, text: &str| {
        send_as(&service, conversation, text, &assistant).unwrap();
    };
    let question = "question ".repeat(1_400);
    ask(None, &format!("Q1 {question}"));
    for n in 2..=4 {
        ask(Some(stored(&service).0), &format!("Q{n} {question}"));
    }
    (service, assistant)
}

pub(crate) type Behaviour = Box<dyn Fn(&str, &CancelToken) -> Result<ToolOutput, ToolError>>;

/// Test fixture: a tool that records every call it runs.
pub(crate) struct RecordingTool {
    name: &'static str,
    policy: ApprovalPolicy,
    runs: RefCell<Vec<String>>,
    behaviour: Behaviour,
}

impl RecordingTool {
    pub(crate) fn new(name: &'static str, policy: ApprovalPolicy) -> Rc<Self> {
        Self::with(name, policy, |args, _| {
            Ok(ToolOutput::text(format!("ran with {args}")))
        })
    }

    pub(crate) fn with(
        name: &'static str,
        policy: ApprovalPolicy,
        behaviour: impl Fn(&str, &CancelToken) -> Result<ToolOutput, ToolError> + 'static,
    ) -> Rc<Self> {
        Rc::new(Self {
            name,
            policy,
            runs: RefCell::default(),
            behaviour: Box::new(behaviour),
        })
    }

    pub(crate) fn runs(&self) -> Vec<String> {
        self.runs.borrow().clone()
    }
}

impl Tool for RecordingTool {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: self.name.into(),
            description: format!("The {} tool.", self.name),
            parameters: json!({"type": "object"}),
        }
    }

    fn default_policy(&self) -> ApprovalPolicy {
        self.policy
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            self.runs.borrow_mut().push(arguments.to_owned());
            (self.behaviour)(arguments, context.cancel)
        })
    }
}

/// An SSE answer that calls tools: `(id, name, arguments)`, arguments streamed in two pieces.
pub(crate) fn tool_calls(calls: &[(&str, &str, &str)]) -> Script {
    let mut body = String::new();
    for (index, (id, name, args)) in calls.iter().enumerate() {
        let (head, tail) = args.split_at(args.len() / 2);
        let first = json!({"choices": [{"delta": {"tool_calls": [{"index": index, "id": id,
            "type": "function", "function": {"name": name, "arguments": head}}]}}]});
        let second = json!({"choices": [{"delta": {"tool_calls": [{"index": index,
            "function": {"arguments": tail}}]}}]});
        body.push_str(&format!("data: {first}\n\ndata: {second}\n\n"));
    }
    body.push_str("data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
    body.push_str("data: [DONE]\n\n");
    sse(200, body.as_bytes(), 64)
}

pub(crate) fn answer(text: &str) -> Script {
    sse(200, &content_chunks(&[text], true), 16)
}

pub(crate) fn with_tools(scripts: Vec<Script>, tools: &[Rc<RecordingTool>]) -> Service {
    let service = service(scripts);
    for tool in tools {
        service
            .add_tool(ToolSource::Local, tool.clone() as Rc<dyn Tool>)
            .unwrap();
    }
    service
}

pub(crate) fn assistant_with(tools: &[&str]) -> Assistant {
    Assistant {
        enabled_tools: tools
            .iter()
            .map(|name| EnabledTool {
                name: (*name).into(),
                approval: None,
            })
            .collect(),
        ..Assistant::default()
    }
}

pub(crate) fn ask(service: &Service, text: &str, assistant: &Assistant) -> MessageNode {
    send_as(service, None, text, assistant).unwrap()
}

pub(crate) fn calls_of(node: &MessageNode) -> Vec<ToolCall> {
    node.parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::ToolCall(call) => Some(call.clone()),
            _ => None,
        })
        .collect()
}

pub(crate) fn decide(
    service: &Service,
    message: &MessageNode,
    call_id: &str,
    decision: ToolDecision,
    assistant: &Assistant,
) -> Result<MessageNode, ChatError> {
    let conversation = stored(service).0;
    block_on(service.decide_tool_call(
        conversation,
        &message.id,
        call_id,
        decision,
        &TurnContext::new(
            &settings(),
            assistant,
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
}

pub(crate) fn request_count(service: &Service) -> usize {
    service.client().transport().requests.borrow().len()
}

fn no_progress(_: &str) {}

/// What a tool call runs with in a test: `scope`, conversation `c` with its own workspace, no
/// one listening for progress. Change a field with struct update syntax.
pub(crate) fn tool_context<'a>(
    scope: &'a crate::prompt::hooks::RetrievalScope,
    cancel: &'a CancelToken,
) -> ToolContext<'a> {
    ToolContext {
        scope,
        conversation_id: "c",
        workspace: "chat-c",
        cancel,
        progress: &no_progress,
    }
}
