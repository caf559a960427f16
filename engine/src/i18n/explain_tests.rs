//! Every error the interface shows says in English exactly what its `Display` says, word for
//! word, and something else in the other shipped languages.

use super::{Cause, Explain, Language, LocaleRules, Localizer};
use crate::chat::summary_control::SummaryRefusal;
use crate::chat::unavailable::Unavailable;
use crate::chat::workflow_refusal::WorkflowRefusal;
use crate::chat::ChatError;
use crate::domain::assistant::AssistantError;
use crate::domain::attachment::AttachmentError;
use crate::domain::message::Role;
use crate::domain::tree::TreeError;
use crate::knowledge::bases::BaseEditError;
use crate::knowledge::embedding_run::EmbeddingRunError;
use crate::knowledge::ingest::IngestError;
use crate::knowledge::memories::MemoryTextError;
use crate::knowledge::vectors::VectorError;
use crate::mcp::client::McpError;
use crate::mcp::jsonrpc::RpcError;
use crate::mcp::McpServerError;
use crate::persona::card::CardError;
use crate::persona::dictionary_file::DictionaryFileError;
use crate::persona::png_text::PngError;
use crate::persona::user_persona::PersonaError;
use crate::persona::world_info::WorldInfoError;
use crate::persona::Expected;
use crate::ports::transport::TransportError;
use crate::prompt::hooks::HookError;
use crate::prompt::regex_rules::RuleError;
use crate::prompt::template::TemplateError;
use crate::provider::request_problem::RequestProblem;
use crate::provider::settings::SettingsError;
use crate::provider::ProviderError;
use crate::provider::{HttpErrorKind, TimeoutKind};
use crate::store::import_error::{ImportError, Problem};
use crate::store::StoreError;
use crate::sync::SyncError;
use crate::tools::catalog::CatalogError;
use crate::usage::prices::PriceError;
use crate::workflow::moderator::ModeratorError;
use crate::workflow::run::RunError;
use crate::workflow::template::TemplateError as WorkflowTemplateError;
use crate::workflow::template_file::FileProblem;
use crate::workspace::files::WorkspaceError;
use crate::workspace::path::PathError;
use skein_wire::sse::SseError;
use std::fmt::Display;

/// English numbers as `Display` writes them (no grouping), so the words are what is compared.
struct Plain;

impl LocaleRules for Plain {
    fn plural(&self, n: f64) -> &'static str {
        super::EnglishRules.plural(n)
    }

    fn number(&self, n: f64) -> String {
        n.to_string()
    }
}

trait Shown: Explain + Display {}
impl<T: Explain + Display> Shown for T {}

fn invalid(problem: RequestProblem) -> ProviderError {
    ProviderError::Invalid {
        field: "messages[1]".into(),
        problem,
    }
}

fn provider_errors() -> Vec<ProviderError> {
    let http = |kind| ProviderError::Http {
        status: 429,
        kind,
        message: "slow down".into(),
        retry_after_ms: None,
    };
    let mut all: Vec<ProviderError> = [
        HttpErrorKind::Validation,
        HttpErrorKind::ContextOverflow,
        HttpErrorKind::Authentication,
        HttpErrorKind::Permission,
        HttpErrorKind::NotFound,
        HttpErrorKind::Conflict,
        HttpErrorKind::RateLimited,
        HttpErrorKind::Overloaded,
        HttpErrorKind::Timeout,
        HttpErrorKind::Server,
        HttpErrorKind::Other,
    ]
    .into_iter()
    .map(http)
    .collect();
    all.extend([
        ProviderError::Timeout(TimeoutKind::FirstToken),
        ProviderError::Timeout(TimeoutKind::Idle),
        ProviderError::Stream("boom".into()),
        ProviderError::Decode("bad json".into()),
        ProviderError::MalformedEvent("bad json".into()),
        ProviderError::Blocked("SAFETY".into()),
        ProviderError::Invalid {
            field: "tools".into(),
            problem: RequestProblem::TooManyTools(200),
        },
        invalid(RequestProblem::NothingToAnswer),
        invalid(RequestProblem::BadToolName("a b".into())),
        invalid(RequestProblem::ToolTwice("t".into())),
        invalid(RequestProblem::NotObjectSchema),
        invalid(RequestProblem::UnknownCall("c1".into())),
        invalid(RequestProblem::Unanswered("c1".into())),
        invalid(RequestProblem::NotAssistant),
        invalid(RequestProblem::BadCallId),
        invalid(RequestProblem::TooLarge(33.5)),
        ProviderError::Sse(SseError::LineTooLong { limit: 1024 }),
        ProviderError::Sse(SseError::EventTooLarge { limit: 2048 }),
        ProviderError::Settings(SettingsError::ApiKey),
        ProviderError::Transport(TransportError::Network {
            url: "http://x".into(),
            detail: "Failed to fetch".into(),
            in_extension: false,
        }),
        ProviderError::Transport(TransportError::Network {
            url: "http://x".into(),
            detail: "Failed to fetch".into(),
            in_extension: true,
        }),
        ProviderError::Transport(TransportError::Interrupted("reset".into())),
        ProviderError::Transport(TransportError::Aborted),
    ]);
    all
}

fn chat_errors() -> Vec<ChatError> {
    let store = StoreError::Other("disk".into());
    let template = TemplateError::Unclosed {
        at: 3,
        opener: "{{",
    };
    let mut all = vec![
        ChatError::EmptyMessage,
        ChatError::NoConversation,
        ChatError::EmptyTitle,
        ChatError::UnknownConversation("c1".into()),
        ChatError::DefaultAssistant,
        ChatError::NoSuchAnswer("a1".into()),
        ChatError::NotAwaitingDecision,
        ChatError::TemporaryBusy,
        ChatError::TemporaryNotKept(store.clone()),
    ];
    all.extend(
        [
            SettingsError::BaseUrl("ftp://x".into()),
            SettingsError::MissingModel,
            SettingsError::ApiKey,
            SettingsError::NoEmbeddings,
            SettingsError::CustomHeader("X Y".into()),
            SettingsError::CustomBody("not an object".into()),
        ]
        .map(ChatError::Settings),
    );
    all.extend(
        [
            StoreError::QuotaExceeded("QuotaExceededError".into()),
            StoreError::Unavailable("blocked".into()),
            StoreError::Corrupt("conversation c1".into()),
            store,
        ]
        .map(ChatError::Store),
    );
    all.extend(
        [
            TreeError::UnknownId("m1".into()),
            TreeError::DuplicateId("m1".into()),
            TreeError::Orphan {
                id: "m1".into(),
                parent: "p".into(),
            },
            TreeError::Cycle("m1".into()),
            TreeError::WrongConversation {
                id: "m1".into(),
                expected: "c1".into(),
                found: "c2".into(),
            },
            TreeError::Moved("m1".into()),
            TreeError::WrongRole {
                id: "m1".into(),
                expected: Role::Assistant,
                found: Role::User,
            },
        ]
        .map(ChatError::Tree),
    );
    all.extend(
        [
            AssistantError::Rule(RuleError::InvalidPattern {
                name: "r".into(),
                message: "unclosed group".into(),
            }),
            AssistantError::Template(template.clone()),
            AssistantError::Template(TemplateError::UnknownVariable {
                at: 5,
                name: "x".into(),
            }),
            AssistantError::Template(TemplateError::UnknownDirective {
                at: 5,
                directive: "for".into(),
            }),
            AssistantError::Template(TemplateError::Unmatched {
                at: 5,
                directive: "endif",
            }),
            AssistantError::Template(TemplateError::MissingEndif { at: 5 }),
        ]
        .map(ChatError::Assistant),
    );
    let import = |problem| ImportError {
        at: "conversations[0]".into(),
        problem,
    };
    all.extend(
        [
            Problem::FileTooLarge {
                size: 300,
                max: 256,
            },
            Problem::NotJson("EOF while parsing".into()),
            Problem::UnknownFormat,
            Problem::TooManyMessages(100_000),
            Problem::TextTooLarge { size: 9, max: 8 },
            Problem::Version {
                version: 9,
                supported: 2,
            },
            Problem::NotAList,
            Problem::NotText,
            Problem::NotAnObject,
            Problem::OtherConversation,
            Problem::Cycle,
            Problem::MissingParent("p".into()),
            Problem::Tree(TreeError::Cycle("m".into())),
            Problem::Invalid("missing field `id`".into()),
        ]
        .map(|p| ChatError::Import(import(p))),
    );
    all.extend(
        [
            AttachmentError::Unsupported {
                name: "a.exe".into(),
            },
            AttachmentError::TooLarge {
                name: "a.png".into(),
                size: "21.5".into(),
                limit: 20,
            },
            AttachmentError::TooMany,
        ]
        .map(ChatError::Attachment),
    );
    all.extend(
        [
            PersonaError::NoName,
            PersonaError::NameTooLong,
            PersonaError::DescriptionTooLong,
        ]
        .map(ChatError::Persona),
    );
    all.extend(
        [
            Unavailable::request(&ProviderError::Settings(SettingsError::MissingModel)),
            Unavailable::WorldBookGone,
            Unavailable::DictionaryGone,
            Unavailable::FollowUpGone,
            Unavailable::NoWorkspace,
            Unavailable::BadPath {
                text: "../x".into(),
                err: PathError::BadSegment("..".into()),
            },
            Unavailable::Files(WorkspaceError::Full),
            Unavailable::NoFile("a.md".into()),
            Unavailable::NotStored {
                path: "a.md".into(),
                err: WorkspaceError::TooLarge,
            },
        ]
        .map(ChatError::Unavailable),
    );
    all.extend(
        [
            DictionaryFileError::TooLarge,
            DictionaryFileError::NotText,
            DictionaryFileError::Json("EOF".into()),
            DictionaryFileError::Shape,
            DictionaryFileError::TooMany,
            DictionaryFileError::Field {
                entry: 2,
                field: "case_sensitive",
                expected: Expected::Bool,
            },
            DictionaryFileError::Pattern {
                entry: 2,
                message: "unclosed".into(),
            },
        ]
        .map(ChatError::Dictionary),
    );
    all.extend(
        [
            McpServerError::NoName,
            McpServerError::NameTaken("files".into()),
            McpServerError::BadUrl,
            McpServerError::BadHeader("Host".into()),
            McpServerError::BadSecret,
        ]
        .map(ChatError::Mcp),
    );
    all.extend(
        [
            WorldInfoError::TooLarge,
            WorldInfoError::NotText,
            WorldInfoError::Json("EOF".into()),
            WorldInfoError::NoEntries,
            WorldInfoError::TooMany,
            WorldInfoError::Field {
                entry: "3".into(),
                field: "key",
                expected: Expected::TextList,
            },
            WorldInfoError::Field {
                entry: "3".into(),
                field: "depth",
                expected: Expected::Number,
            },
            WorldInfoError::Pattern {
                entry: "3".into(),
                message: "unclosed".into(),
            },
        ]
        .map(ChatError::WorldInfo),
    );
    all.extend(
        [
            SummaryRefusal::Covered,
            SummaryRefusal::NothingYet,
            SummaryRefusal::Failed(crate::i18n::Cause::of(&ProviderError::Timeout(
                TimeoutKind::Idle,
            ))),
            SummaryRefusal::Empty,
            SummaryRefusal::TooLong(200),
            SummaryRefusal::NoSummary,
        ]
        .map(ChatError::Summary),
    );
    all.extend(
        [
            CardError::TooLarge,
            CardError::Png(PngError::NotPng),
            CardError::Png(PngError::Truncated(3)),
            CardError::Png(PngError::BadChecksum(3)),
            CardError::Png(PngError::NoEnd),
            CardError::Png(PngError::BadKeyword),
            CardError::NoCardInPng,
            CardError::BadBase64,
            CardError::NotText,
            CardError::Json("EOF".into()),
            CardError::NotACard,
            CardError::UnknownSpec("v9".into()),
            CardError::Field {
                field: "data",
                expected: Expected::Object,
            },
            CardError::TooMany("tags"),
            CardError::NoName,
            CardError::NotACharacter,
        ]
        .map(ChatError::Card),
    );
    all.extend([MemoryTextError::Empty, MemoryTextError::TooLong(2001)].map(ChatError::Memory));
    all.extend(
        [
            WorkflowRefusal::NoGoal,
            WorkflowRefusal::NoDraft(crate::i18n::Cause::of(&ProviderError::Stream("x".into()))),
            WorkflowRefusal::BadDraft(WorkflowTemplateError::NoSteps),
            WorkflowRefusal::RunGone,
            WorkflowRefusal::FinishFirst,
            WorkflowRefusal::TemplateGone,
            WorkflowRefusal::Template(WorkflowTemplateError::NoName),
            WorkflowRefusal::Template(WorkflowTemplateError::TooManySteps),
            WorkflowRefusal::Template(WorkflowTemplateError::EmptyQuestion(1)),
            WorkflowRefusal::Template(WorkflowTemplateError::EmptyPrompt(1)),
            WorkflowRefusal::Template(WorkflowTemplateError::Rounds(1, 99)),
            WorkflowRefusal::Template(WorkflowTemplateError::TooLong(1)),
            WorkflowRefusal::Template(FileProblem::TooLarge.into()),
            WorkflowRefusal::Template(FileProblem::NotText.into()),
            WorkflowRefusal::Template(FileProblem::NotJson("EOF".into()).into()),
            WorkflowRefusal::Template(FileProblem::Newer(9).into()),
            WorkflowRefusal::Template(FileProblem::OtherFormat("skein-backup".into()).into()),
            WorkflowRefusal::Template(FileProblem::Unreadable("missing field".into()).into()),
            WorkflowRefusal::Template(FileProblem::NoSteps.into()),
            WorkflowRefusal::Template(
                FileProblem::UnknownKind {
                    step: 2,
                    kind: None,
                }
                .into(),
            ),
            WorkflowRefusal::Template(
                FileProblem::UnknownKind {
                    step: 2,
                    kind: Some("poll".into()),
                }
                .into(),
            ),
            WorkflowRefusal::Run(RunError::Finished),
            WorkflowRefusal::Run(RunError::EmptyAnswer),
            WorkflowRefusal::Run(RunError::OutOfTurn("an answer")),
            WorkflowRefusal::Run(RunError::Damaged("no step")),
        ]
        .map(ChatError::Workflow),
    );
    all
}

fn others() -> Vec<Box<dyn Shown>> {
    vec![
        Box::new(PathError::Empty),
        Box::new(PathError::TooLong),
        Box::new(PathError::TooDeep),
        Box::new(WorkspaceError::Unavailable("no OPFS".into())),
        Box::new(WorkspaceError::TooLarge),
        Box::new(IngestError::Unsupported("a.exe".into())),
        Box::new(IngestError::Protected("a.pdf".into())),
        Box::new(IngestError::Damaged("a.pdf".into(), "PDF")),
        Box::new(IngestError::NoTextLayer("a.pdf".into())),
        Box::new(IngestError::NotText("a.txt".into())),
        Box::new(IngestError::Empty("a.txt".into())),
        Box::new(IngestError::TooLarge {
            name: "a.txt".into(),
            megabytes: 12,
        }),
        Box::new(IngestError::FileTooLarge("a.pdf".into())),
        Box::new(BaseEditError::NoSuchBase),
        Box::new(EmbeddingRunError::Embeddings {
            base: "Notes".into(),
            error: "HTTP 500".into(),
        }),
        Box::new(VectorError::Dimension {
            expected: 768,
            got: 3,
        }),
        Box::new(VectorError::NotFinite),
        Box::new(McpError::Unreachable {
            url: "http://x".into(),
            detail: "Failed to fetch".into(),
        }),
        Box::new(McpError::Auth(401)),
        Box::new(McpError::Http {
            status: 500,
            detail: "oops".into(),
        }),
        Box::new(McpError::Protocol("no result".into())),
        Box::new(McpError::Rpc(RpcError {
            code: -32601,
            message: "no such method".into(),
        })),
        Box::new(McpError::TooLarge),
        Box::new(McpError::UnsupportedVersion("1999-01-01".into())),
        Box::new(McpError::Cancelled),
        Box::new(McpError::SessionExpired),
        Box::new(McpError::SessionHidden {
            detail: "No valid session ID provided".into(),
        }),
        Box::new(CatalogError::Duplicate("calc".into())),
        Box::new(CatalogError::Reserved("calc".into())),
        Box::new(CatalogError::EmptyName),
        Box::new(PriceError::NotANumber { field: "input" }),
        Box::new(PriceError::OutOfRange { field: "output" }),
        Box::new(PriceError::NoModel),
        Box::new(SyncError::Unreachable("Failed to fetch".into())),
        Box::new(SyncError::Unauthorized(401)),
        Box::new(SyncError::Http {
            status: 500,
            what: "_bulk_docs".into(),
            detail: "oops".into(),
        }),
        Box::new(SyncError::BadAnswer("_changes: no results".into())),
        Box::new(SyncError::WrongPassphrase),
        Box::new(SyncError::EmptyPassphrase),
        Box::new(SyncError::UnknownFormat("format 9".into())),
        Box::new(SyncError::Crypto("OperationError".into())),
        Box::new(SyncError::Store(StoreError::Other("disk".into()))),
    ]
}

/// The warnings and notices a generation writes, each with a sample cause.
fn warnings() -> Vec<Box<dyn Shown>> {
    use crate::chat::warnings as w;
    use crate::prompt::notices as n;
    use crate::provider::warnings as p;
    use crate::workflow::notices as f;
    use crate::workflow::template::ContextRef;
    let chat = ContextRef::Conversation {
        id: "c".into(),
        title: "Trip".into(),
    };
    let base = ContextRef::KnowledgeBase {
        id: "k".into(),
        name: "Notes".into(),
    };
    let store = StoreError::Other("disk".into());
    let provider = ProviderError::Timeout(TimeoutKind::Idle);
    let said = Cause::of(&provider);
    let list = vec![
        p::provider_skipped("api.example.org"),
        p::trying_fallback(&said, "backup.example.org"),
        p::rate_wait(12.0),
        p::retrying(&provider, 1.25, 2, 3),
        w::answer_not_saved(w::SaveMoment::Final, &store),
        w::answer_not_saved(w::SaveMoment::Streaming, &store),
        w::image_kept_in_text(&store),
        w::promise_not_kept(&ChatError::EmptyTitle),
        w::summary_not_saved(&store),
        w::summarising_failed(&provider),
        w::title_empty(),
        w::no_title(&provider),
        w::no_suggestions(&provider),
        w::tool_output_kept(&said),
        w::tool_image_not_shown("mcp__shots__take", "not base64"),
        w::usage_not_recorded(&store),
        w::restarting(None, 0.5),
        w::restarting(Some((&said.to_string(), &said.phrase())), 2.0),
        n::workspace_unreadable(&HookError("gone".into())),
        n::knowledge_failed(&HookError("gone".into())),
        n::memory_failed(&HookError("gone".into())),
        n::image_text_unreadable(&HookError("gone".into())),
        n::image_unreadable(&store),
        n::images_missing(2),
        n::images_left_out("mock-model", 2),
        n::knowledge_by_words("HTTP 500"),
        n::knowledge_not_embedded(),
        n::knowledge_embedding_mismatch(&VectorError::NotFinite),
        n::memories_by_words(&HookError("HTTP 500".into())),
        f::context_gone(&chat),
        f::knowledge_not_set_up(&base),
        f::not_searched(&base, &HookError("gone".into())),
        f::not_phrased::<ProviderError>(f::PhrasingFailure::Empty),
        f::not_phrased(f::PhrasingFailure::Call(&provider)),
        f::round_limit(3),
        f::partner_empty(),
        f::partner_failed(&provider),
        f::moderator_unusable(&ModeratorError::NotJson("EOF".into())),
        f::moderator_unusable(&ModeratorError::UnknownAction("pause".into())),
        f::moderator_unusable(&ModeratorError::NoNextPrompt),
        f::moderator_failed(&provider),
        Cause::joined(vec![f::partner_empty(), f::round_limit(2)]).unwrap(),
    ];
    list.into_iter()
        .map(|cause| Box::new(cause) as Box<dyn Shown>)
        .collect()
}

fn every_error() -> Vec<Box<dyn Shown>> {
    let mut all: Vec<Box<dyn Shown>> = Vec::new();
    for err in chat_errors() {
        all.push(Box::new(err));
    }
    for err in provider_errors() {
        all.push(Box::new(err));
    }
    all.extend(others());
    all.extend(warnings());
    all
}

#[test]
fn english_says_exactly_what_display_says() {
    let english = Localizer::english();
    let mut differ = Vec::new();
    for err in every_error() {
        let said = err.words(&english, &Plain);
        if said != err.to_string() {
            differ.push(format!(
                "{}\n  catalogue: {said}\n  Display:   {err}",
                err.phrase().id
            ));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn chinese_and_arabic_say_every_error_in_their_own_words() {
    for (language, source) in [
        (
            Language::SimplifiedChinese,
            include_str!("../../../public/locales/zh-CN.ftl"),
        ),
        (
            Language::Arabic,
            include_str!("../../../public/locales/ar.ftl"),
        ),
    ] {
        let words = Localizer::new(language, source).unwrap();
        for err in every_error() {
            let said = err.words(&words, &Plain);
            let phrase = err.phrase();
            assert!(
                (phrase.id.is_empty() || !said.contains(&phrase.id))
                    && !said.contains(&err.to_string()),
                "{language:?} {}: {said}",
                phrase.id
            );
        }
    }
}

#[test]
fn a_phrase_survives_being_stored() {
    let phrase = ProviderError::Http {
        status: 401,
        kind: HttpErrorKind::Authentication,
        message: "bad key".into(),
        retry_after_ms: None,
    }
    .phrase();
    let stored = serde_json::to_string(&phrase).unwrap();
    assert_eq!(
        serde_json::from_str::<super::Phrase>(&stored).unwrap(),
        phrase
    );
    let english = Localizer::english();
    assert_eq!(
        phrase.words(&english, &Plain),
        "The provider refused the API key: check it in the settings. (HTTP 401) bad key"
    );
}

#[test]
fn a_stored_cause_reads_back_and_an_older_plain_sentence_stays_as_written() {
    let cause = crate::workflow::notices::round_limit(3);
    let stored = serde_json::to_string(&cause).unwrap();
    assert_eq!(serde_json::from_str::<Cause>(&stored).unwrap(), cause);
    let older: Cause = serde_json::from_str("\"The moderator wanted more.\"").unwrap();
    let chinese = Localizer::new(
        Language::SimplifiedChinese,
        include_str!("../../../public/locales/zh-CN.ftl"),
    )
    .unwrap();
    assert_eq!(older.words(&chinese, &Plain), "The moderator wanted more.");
    assert_eq!(
        cause.words(&chinese, &Plain),
        "主持人还想再进行一轮，但此步骤最多 3 轮；已在此结束。"
    );
}
