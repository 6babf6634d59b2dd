//! A workflow file that cannot be used.

/// A workflow file that cannot be used: which file, where in it, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: at {path}: {reason}")]
pub struct WorkflowError {
    pub file: String,
    pub path: String,
    pub reason: String,
}

impl WorkflowError {
    pub(crate) fn new(file: &str, path: impl Into<String>, reason: impl Into<String>) -> Self {
        Self { file: file.to_string(), path: path.into(), reason: reason.into() }
    }
}
