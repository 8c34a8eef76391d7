//! Reading text data (scenario RON files, saves) with errors that name the file, the place and
//! the problem. Nothing here panics on bad input.

use serde::de::DeserializeOwned;
use std::fmt;
use std::path::Path;

/// Files larger than this are refused before parsing (a hostile or wrong file).
pub const MAX_DATA_FILE_BYTES: u64 = 32 * 1024 * 1024;

/// A problem with a data file: which file, where (line and column when known) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub problem: String,
}

impl DataError {
    pub fn invalid(file: &str, problem: String) -> Self {
        DataError {
            file: file.to_string(),
            line: None,
            column: None,
            problem,
        }
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => {
                write!(f, "{}, line {l}, column {c}: {}", self.file, self.problem)
            }
            (Some(l), None) => write!(f, "{}, line {l}: {}", self.file, self.problem),
            _ => write!(f, "{}: {}", self.file, self.problem),
        }
    }
}

impl std::error::Error for DataError {}

/// Parses RON text into `T`; on failure the error carries the line and column.
pub fn parse_ron<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    ron::Options::default()
        .with_recursion_limit(64)
        .from_str::<T>(text)
        .map_err(|e| DataError {
            file: file.to_string(),
            line: Some(e.span.start.line),
            column: Some(e.span.start.col),
            problem: e.code.to_string(),
        })
}

/// Reads a UTF-8 text file, refusing huge or binary files with a clear message.
pub fn read_text_file(path: &Path) -> Result<String, DataError> {
    let name = path.display().to_string();
    let meta = std::fs::metadata(path)
        .map_err(|e| DataError::invalid(&name, format!("cannot open the file: {e}")))?;
    if !meta.is_file() {
        return Err(DataError::invalid(&name, "not a regular file".into()));
    }
    if meta.len() > MAX_DATA_FILE_BYTES {
        return Err(DataError::invalid(
            &name,
            format!(
                "the file is {} bytes; more than {} is not a file eastfront wrote",
                meta.len(),
                MAX_DATA_FILE_BYTES
            ),
        ));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| DataError::invalid(&name, format!("cannot read the file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|b| **b == b'\n').count() + 1;
        DataError {
            file: name.clone(),
            line: Some(line),
            column: None,
            problem: "the file is not UTF-8 text (damaged or not an eastfront file)".into(),
        }
    })
}
