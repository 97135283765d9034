//! Every family of checks names its file and a dialect.

use super::FAMILIES;

#[test]
fn every_family_names_its_file_and_a_dialect() {
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/formats/nethack/check");
    for family in FAMILIES {
        assert!(
            !family.dialects.is_empty(),
            "{} runs in no dialect",
            family.name
        );
        let file = here.join(format!("{}.rs", family.name));
        assert!(
            file.exists(),
            "{} has no file {}",
            family.name,
            file.display()
        );
    }
}
