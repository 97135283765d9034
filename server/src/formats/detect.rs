//! Which format a document is in: the client's languageId, then the
//! extension, then the first line / content.

use super::{embedded, registry, Format};
use std::path::Path;

/// The outcome of detection, and why (shown on hover / in logs).
#[derive(Clone, Copy)]
pub struct Detection {
    pub format: &'static dyn Format,
    pub by: &'static str,
}

/// Every format a document may be in: the level formats, then the
/// documents that hold levels in another language (Python), which are never
/// recognised by content.
fn candidates() -> impl Iterator<Item = &'static dyn Format> {
    registry()
        .iter()
        .chain(embedded::document_formats())
        .copied()
}

pub fn detect(path: Option<&Path>, language_id: Option<&str>, text: &str) -> Option<Detection> {
    if let Some(id) = language_id {
        // An editor maps every `.des` to NetHack; a Crawl vault it sends that way
        // is still refused on its content.
        if let Some(f) = candidates().find(|f| f.language_ids().contains(&id) && f.claims(text)) {
            return Some(Detection {
                format: f,
                by: "languageId",
            });
        }
    }
    // The file name's end, so a double suffix (`x.dungeoneer.json`) can select a format
    // without claiming every `.json`; the longest matching suffix wins.
    let file_name = path
        .and_then(|p| p.file_name())
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    if let Some(name) = file_name {
        let by_suffix = candidates()
            .flat_map(|f| f.extensions().iter().map(move |e| (f, e)))
            .filter(|(_, e)| name.len() > e.len() + 1 && name.ends_with(&format!(".{e}")))
            .filter(|(f, _)| f.claims(text))
            .max_by_key(|(_, e)| e.len());
        if let Some((f, _)) = by_suffix {
            return Some(Detection {
                format: f,
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
    fn double_suffixes_select_dungeon_mystery_and_plain_json_needs_the_content() {
        let settings = "{\n  \"floor_props\": {},\n  \"dungeon_data\": {}\n}\n";
        assert_eq!(
            name("b1f.dungeoneer.json", None, "{}"),
            Some("dungeon-mystery")
        );
        assert_eq!(name("B1F.DM.JSON", None, ""), Some("dungeon-mystery"));
        assert_eq!(name("dm.json", None, "{}"), None);
        assert_eq!(name("package.json", None, "{\"name\": \"x\"}"), None);
        assert_eq!(
            name("settings.json", None, settings),
            Some("dungeon-mystery")
        );
        // Nested keys are not top-level keys.
        let nested = "{\"a\": {\"floor_props\": {}, \"dungeon_data\": {}}}";
        assert_eq!(name("other.json", None, nested), None);
        assert_eq!(
            name(
                "other.json",
                None,
                "[{\"floor_props\": 1, \"dungeon_data\": 2}]"
            ),
            None
        );
    }

    #[test]
    fn python_is_read_for_its_levels_by_language_id_or_extension_never_by_content() {
        let level = "MAZE:\"tower\",' '\n";
        assert_eq!(name("env.py", None, "import minihack\n"), Some("python"));
        assert_eq!(name("ENV.PYW", None, ""), Some("python"));
        assert_eq!(name("cell", Some("python"), level), Some("python"));
        assert_eq!(name("notes.txt", None, "import minihack\n"), None);
        assert_eq!(name("level.txt", None, level), Some("nethack"));
    }

    #[test]
    fn language_id_wins() {
        assert_eq!(name("notes.txt", Some("derf"), "anything"), Some("derf"));
    }

    #[test]
    fn a_crawl_vault_sent_as_nethack_is_still_left_alone() {
        let vault = "NAME: crawl_vault\nTAGS: transparent\nMAP\n...\nENDMAP\n";
        assert_eq!(name("vault.des", Some("nethack-des"), vault), None);
        assert_eq!(
            name("tower.des", Some("nethack-des"), "MAZE:\"tower\",' '\n"),
            Some("nethack")
        );
    }
}
