//! Which format a document is in: the client's languageId, then the
//! extension, then the first line / content.

use super::{registry, Format};
use std::path::Path;

/// The outcome of detection, and why (shown on hover / in logs).
#[derive(Clone, Copy)]
pub struct Detection {
    pub format: &'static dyn Format,
    pub by: &'static str,
}

pub fn detect(path: Option<&Path>, language_id: Option<&str>, text: &str) -> Option<Detection> {
    if let Some(id) = language_id {
        if let Some(f) = registry().iter().find(|f| f.language_ids().contains(&id)) {
            return Some(Detection {
                format: *f,
                by: "languageId",
            });
        }
    }
    let ext = path
        .and_then(|p| p.extension())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if let Some(ext) = ext {
        if let Some(f) = registry()
            .iter()
            .find(|f| f.extensions().contains(&ext.as_str()))
        {
            return Some(Detection {
                format: *f,
                by: "extension",
            });
        }
    }
    registry()
        .iter()
        .find(|f| f.sniff(text))
        .map(|f| Detection {
            format: *f,
            by: "content",
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(path: &str, id: Option<&str>, text: &str) -> Option<&'static str> {
        detect(Some(Path::new(path)), id, text).map(|d| d.format.name())
    }

    #[test]
    fn extension_is_case_insensitive() {
        assert_eq!(name("rooms/HALL.DERF", None, ""), Some("derf"));
        assert_eq!(name("rooms/hall.der", None, ""), Some("derf"));
    }

    #[test]
    fn first_line_detects_other_extensions() {
        assert_eq!(name("hall.txt", None, "DERF:0.1.0\nHall\n"), Some("derf"));
        assert_eq!(name("hall.txt", None, "Hall\nDERF:0.1.0\n"), None);
        assert_eq!(name("hall.txt", Some("plaintext"), "just text"), None);
    }

    #[test]
    fn language_id_wins() {
        assert_eq!(name("notes.txt", Some("derf"), "anything"), Some("derf"));
    }
}
