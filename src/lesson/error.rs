//! Lesson errors, always located as `file:line: message`.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{path}:{line}: {message}")]
pub struct LessonError {
    pub path: String,
    pub line: usize,
    pub message: String,
}

impl LessonError {
    pub fn at(path: &str, line: usize, message: impl Into<String>) -> LessonError {
        LessonError {
            path: path.to_string(),
            line,
            message: message.into(),
        }
    }
}
