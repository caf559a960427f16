//! A file's place in a workspace, as the model or the user writes it: relative, `/`-separated,
//! without `.` or `..`, empty or hidden-control segments, so it can never leave its workspace
//! and is a valid name in the Origin Private File System and in IndexedDB alike.

use thiserror::Error;

/// The longest path, in characters.
const MAX_CHARS: usize = 512;
/// The longest name of one folder or file, in characters.
const MAX_SEGMENT_CHARS: usize = 128;
/// The deepest nesting of folders.
const MAX_DEPTH: usize = 8;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PathError {
    #[error("the path is empty")]
    Empty,
    #[error("the path is longer than {MAX_CHARS} characters")]
    TooLong,
    #[error("the path nests deeper than {MAX_DEPTH} folders")]
    TooDeep,
    #[error("“{0}” cannot be part of a path (no “.”, “..”, backslashes, control characters, or names over {MAX_SEGMENT_CHARS} characters)")]
    BadSegment(String),
}

impl crate::i18n::Explain for PathError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Empty => phrase("error-path-empty"),
            Self::TooLong => phrase("error-path-too-long").with("max", MAX_CHARS),
            Self::TooDeep => phrase("error-path-too-deep").with("max", MAX_DEPTH),
            Self::BadSegment(segment) => phrase("error-path-bad-segment")
                .with("segment", segment)
                .with("max", MAX_SEGMENT_CHARS),
        }
    }
}

/// A checked path, like `notes/plan.md`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WorkspacePath(String);

impl WorkspacePath {
    /// Checks `text`; a leading `/` or `./` is allowed and dropped (the workspace is the root).
    pub fn parse(text: &str) -> Result<Self, PathError> {
        let trimmed = text.trim();
        let relative = trimmed
            .trim_start_matches("./")
            .trim_start_matches('/')
            .trim_end_matches('/');
        if relative.is_empty() {
            return Err(PathError::Empty);
        }
        if relative.chars().count() > MAX_CHARS {
            return Err(PathError::TooLong);
        }
        let segments: Vec<&str> = relative.split('/').collect();
        if segments.len() > MAX_DEPTH + 1 {
            return Err(PathError::TooDeep);
        }
        for segment in &segments {
            let bad = segment.is_empty()
                || *segment == "."
                || *segment == ".."
                || segment.trim() != *segment
                || segment.chars().count() > MAX_SEGMENT_CHARS
                || segment.chars().any(|c| c.is_control() || c == '\\');
            if bad {
                return Err(PathError::BadSegment((*segment).to_owned()));
            }
        }
        Ok(Self(segments.join("/")))
    }

    /// A path written in Skein's own code (not checked: it must be valid).
    pub(crate) fn known(path: &'static str) -> Self {
        Self(path.to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The folders, then the file's name.
    pub fn segments(&self) -> impl Iterator<Item = &str> {
        self.0.split('/')
    }

    /// The file's own name.
    pub fn name(&self) -> &str {
        self.0.rsplit('/').next().unwrap_or(&self.0)
    }

    /// Whether the file is inside folder `folder` (at any depth).
    pub fn is_in(&self, folder: &str) -> bool {
        self.0
            .strip_prefix(folder.trim_matches('/'))
            .is_some_and(|rest| rest.starts_with('/'))
    }
}

impl std::fmt::Display for WorkspacePath {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_and_cannot_leave_the_workspace() {
        let path = WorkspacePath::parse(" /notes/plan.md ").unwrap();
        assert_eq!(path.as_str(), "notes/plan.md");
        assert_eq!(path.name(), "plan.md");
        assert!(path.is_in("notes") && path.is_in("/notes/") && !path.is_in("note"));
        assert_eq!(WorkspacePath::parse("./a.txt").unwrap().as_str(), "a.txt");
        assert_eq!(
            WorkspacePath::parse("été/日本.txt")
                .unwrap()
                .segments()
                .count(),
            2
        );
        for bad in [
            "../etc/passwd",
            "a/../../b",
            "a//b",
            "a/./b",
            "a\\b",
            "a\u{0}b",
            " a /b",
        ] {
            assert!(
                matches!(WorkspacePath::parse(bad), Err(PathError::BadSegment(_))),
                "{bad:?}"
            );
        }
        assert_eq!(WorkspacePath::parse("/"), Err(PathError::Empty));
        assert_eq!(
            WorkspacePath::parse(&"a/".repeat(12)),
            Err(PathError::TooDeep)
        );
        assert_eq!(
            WorkspacePath::parse(&"x".repeat(600)),
            Err(PathError::TooLong)
        );
        assert!(WorkspacePath::parse(&"x".repeat(200)).is_err());
    }
}
