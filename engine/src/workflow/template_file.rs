//! A workflow template as a JSON file: exported with a format marker, imported from that or
//! from a bare template (what a model drafts). A file Skein cannot run is refused whole, with
//! the reason; nothing of it is stored.

pub use super::file_problem::FileProblem;
use super::template::{TemplateError, WorkflowTemplate};
use serde_json::{json, Value};

/// The marker and version of an exported template.
pub const FORMAT: &str = "skein-workflow";
pub const VERSION: u64 = 1;
/// The largest template file read, in bytes.
pub const MAX_FILE_BYTES: usize = 1024 * 1024;
const KINDS: [&str; 2] = ["question", "dialogue"];

fn refuse(problem: FileProblem) -> TemplateError {
    TemplateError::File(problem)
}

/// The template as the file Skein exports: IDs kept, so an export imported again replaces
/// nothing (import gives new IDs).
pub fn write_template(template: &WorkflowTemplate) -> String {
    let body = json!({ "format": FORMAT, "version": VERSION, "template": template });
    serde_json::to_string_pretty(&body).unwrap_or_default()
}

/// Reads a template from `bytes`: an exported file or a bare template object, optionally
/// wrapped in a Markdown code fence (as models write it). Every step kind must be one Skein
/// runs, and the template must pass [`WorkflowTemplate::validate`]. IDs are cleared, so the
/// caller gives new ones.
pub fn read_template(bytes: &[u8]) -> Result<WorkflowTemplate, TemplateError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(refuse(FileProblem::TooLarge));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| refuse(FileProblem::NotText))?;
    let value: Value = serde_json::from_str(json_object(text))
        .map_err(|err| refuse(FileProblem::NotJson(err.to_string())))?;
    let template = match value.get("format").and_then(Value::as_str) {
        Some(FORMAT) => {
            let version = value.get("version").and_then(Value::as_u64).unwrap_or(0);
            if version > VERSION {
                return Err(refuse(FileProblem::Newer(version)));
            }
            value.get("template").cloned().unwrap_or(Value::Null)
        }
        Some(other) => return Err(refuse(FileProblem::OtherFormat(other.to_owned()))),
        None => value,
    };
    check_kinds(&template)?;
    let mut template: WorkflowTemplate = serde_json::from_value(template)
        .map_err(|err| refuse(FileProblem::Unreadable(err.to_string())))?;
    template.id.clear();
    for step in &mut template.steps {
        step.id.clear();
    }
    template.validate()?;
    Ok(template)
}

/// The JSON object in `text`: the text itself, or what a code fence or prose around it holds.
fn json_object(text: &str) -> &str {
    let trimmed = text.trim();
    if trimmed.starts_with('{') {
        return trimmed;
    }
    match (trimmed.find('{'), trimmed.rfind('}')) {
        (Some(start), Some(end)) if end > start => &trimmed[start..=end],
        _ => trimmed,
    }
}

/// Refuses a step whose kind Skein does not run, naming it, before the types are read (whose
/// error would be less clear).
fn check_kinds(template: &Value) -> Result<(), TemplateError> {
    let Some(steps) = template.get("steps").and_then(Value::as_array) else {
        return Err(refuse(FileProblem::NoSteps));
    };
    for (i, step) in steps.iter().enumerate() {
        let kind = step.get("kind").and_then(Value::as_str);
        if !kind.is_some_and(|k| KINDS.contains(&k)) {
            return Err(refuse(FileProblem::UnknownKind {
                step: i + 1,
                kind: kind.map(str::to_owned),
            }));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::template::{QuestionMode, StepKind, WorkflowStep};

    fn template() -> WorkflowTemplate {
        WorkflowTemplate {
            id: "t1".into(),
            name: "Interview practice".into(),
            description: "Three steps".into(),
            steps: vec![
                WorkflowStep::question("Role", "Which role?", QuestionMode::Stock),
                WorkflowStep::question("Why", "Why this role?", QuestionMode::ModelPhrased),
                WorkflowStep::dialogue("Mock interview", "Tell me about yourself.", 4),
            ],
            updated_at_ms: 5.0,
        }
    }

    #[test]
    fn an_export_reads_back_as_the_same_template_without_ids() {
        let mut original = template();
        original.steps[0].id = "s1".into();
        let read = read_template(write_template(&original).as_bytes()).unwrap();
        assert!(read.id.is_empty() && read.steps.iter().all(|s| s.id.is_empty()));
        assert_eq!(read.steps.len(), 3);
        assert_eq!(read.name, "Interview practice");
        assert!(matches!(
            read.steps[1].kind,
            StepKind::Question {
                mode: QuestionMode::ModelPhrased,
                ..
            }
        ));
        assert!(matches!(
            read.steps[2].kind,
            StepKind::Dialogue { max_rounds: 4, .. }
        ));
    }

    #[test]
    fn a_bare_template_in_a_code_fence_is_read_with_defaults() {
        let text = "Here it is:\n```json\n{\"name\":\"Plan\",\"steps\":[{\"kind\":\"question\",\
                    \"question\":\"Goal?\"},{\"kind\":\"dialogue\",\"prompt\":\"Defend it.\"}]}\n```";
        let read = read_template(text.as_bytes()).unwrap();
        assert!(matches!(
            read.steps[0].kind,
            StepKind::Question {
                mode: QuestionMode::Stock,
                ..
            }
        ));
        assert!(matches!(
            read.steps[1].kind,
            StepKind::Dialogue { max_rounds: 5, .. }
        ));
    }

    #[test]
    fn an_unknown_step_kind_is_refused_naming_the_step() {
        let text = r#"{"format":"skein-workflow","version":1,"template":{"name":"X","steps":[
            {"kind":"question","question":"A?"},{"kind":"poll","options":["a"]}]}}"#;
        let err = read_template(text.as_bytes()).unwrap_err().to_string();
        assert!(err.contains("Step 2") && err.contains("“poll”"), "{err}");
        let missing = r#"{"name":"X","steps":[{"question":"A?"}]}"#;
        let err = read_template(missing.as_bytes()).unwrap_err().to_string();
        assert!(err.contains("Step 1") && err.contains("(none)"), "{err}");
    }

    #[test]
    fn files_that_are_not_runnable_templates_are_refused() {
        for (bytes, expected) in [
            (&b"\xff\xfe"[..], "not text"),
            (b"[1,2]", "no list of steps"),
            (b"{\"format\":\"skein-backup\"}", "not a workflow template"),
            (
                b"{\"format\":\"skein-workflow\",\"version\":9,\"template\":{}}",
                "newer Skein",
            ),
            (b"{\"name\":\"\",\"steps\":[]}", "needs a name"),
            (
                b"{\"name\":\"A\",\"steps\":[{\"kind\":\"dialogue\",\"prompt\":\"p\",\"max_rounds\":0}]}",
                "1 to 20",
            ),
            (
                b"{\"name\":\"A\",\"steps\":[{\"kind\":\"question\",\"question\":\"q\",\"mode\":\"loud\"}]}",
                "cannot be read",
            ),
        ] {
            let err = read_template(bytes).unwrap_err().to_string();
            assert!(err.contains(expected), "{expected}: {err}");
        }
        let huge = vec![b' '; MAX_FILE_BYTES + 1];
        assert!(read_template(&huge).is_err());
    }

    #[test]
    fn validation_names_the_first_bad_step() {
        let mut t = template();
        t.steps[1] = WorkflowStep::question("", "  ", QuestionMode::Stock);
        assert_eq!(t.validate(), Err(TemplateError::EmptyQuestion(2)));
        let mut t = template();
        t.steps[2] = WorkflowStep::dialogue("", "Go", 21);
        assert_eq!(t.validate(), Err(TemplateError::Rounds(3, 21)));
        let mut t = template();
        t.steps[0] = WorkflowStep::question("", &"x".repeat(9_000), QuestionMode::Stock);
        assert_eq!(t.validate(), Err(TemplateError::TooLong(1)));
        assert_eq!(template().validate(), Ok(()));
    }

    #[test]
    fn a_duplicate_has_new_ids_and_a_new_name() {
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("id{n}")
        };
        let mut original = template();
        original.assign_ids(&mut ids);
        let copy = original.duplicate(&mut ids);
        assert_eq!(copy.name, "Interview practice (copy)");
        assert_ne!(copy.id, original.id);
        assert!(copy
            .steps
            .iter()
            .zip(&original.steps)
            .all(|(a, b)| a.id != b.id));
    }
}
