use super::*;

/// `ab\ncd` written as `"ab\\ncd{x}"`: a verbatim run, a two-byte escape, a
/// verbatim run, a placeholder.
fn sample() -> Embedded {
    let mut e = Embedded::default();
    e.push("ab", 1..3, Origin::Verbatim);
    e.push("\n", 3..5, Origin::Escape);
    e.push("cd", 5..7, Origin::Verbatim);
    e.push("0", 7..10, Origin::Placeholder);
    e
}

#[test]
fn offsets_map_through_escapes_not_by_a_shift() {
    let e = sample();
    assert_eq!(e.text, "ab\ncd0");
    let hosts: Vec<usize> = (0..=e.text.len()).map(|o| e.host_offset(o)).collect();
    assert_eq!(hosts, [1, 2, 3, 5, 6, 7, 10]);
    assert_eq!(e.host_range(&(3..5)), 5..7);
    // A range over the escape covers its whole spelling.
    assert_eq!(e.host_range(&(1..3)), 2..5);
    assert_eq!(e.host_range(&(2..3)), 3..5);
    assert_eq!(e.host_range(&(4..4)), 6..6);
}

#[test]
fn placeholders_are_touched_and_only_verbatim_text_is_editable() {
    let e = sample();
    assert!(e.touches(&(5..6), Origin::Placeholder));
    assert!(e.touches(&(6..6), Origin::Placeholder));
    assert!(!e.touches(&(0..4), Origin::Placeholder));
    assert_eq!(e.verbatim_range(&(3..5)), Some(5..7));
    assert_eq!(e.verbatim_range(&(0..1)), Some(1..2));
    assert_eq!(e.verbatim_range(&(1..4)), None);
    assert_eq!(e.verbatim_range(&(5..6)), None);
}

#[test]
fn adjacent_verbatim_runs_merge_and_empty_ones_are_dropped() {
    let mut e = Embedded::default();
    e.push("ab", 0..2, Origin::Verbatim);
    e.push("", 2..4, Origin::Escape);
    e.push("cd", 4..6, Origin::Verbatim);
    e.push("ef", 6..8, Origin::Verbatim);
    assert_eq!(e.text, "abcdef");
    assert_eq!(e.host_offset(2), 4);
    assert_eq!(e.host_range(&(1..5)), 1..7);
    assert_eq!(e.pieces.len(), 2);
}

#[test]
fn a_host_cursor_maps_into_the_text_only_where_the_host_wrote_it() {
    let e = sample();
    let levels: Vec<Option<usize>> = (0..=11).map(|o| e.level_offset(o)).collect();
    // The opening quote and past the end are outside; inside `\n` is before
    // it; inside `{x}` is Python's.
    assert_eq!(
        levels,
        [
            None,
            Some(0),
            Some(1),
            Some(2),
            Some(2),
            Some(3),
            Some(4),
            Some(5),
            None,
            None,
            Some(6),
            None
        ]
    );
    for o in 0..=e.text.len() {
        assert_eq!(e.level_offset(e.host_offset(o)), Some(o), "{o}");
    }
}

#[test]
fn an_insertion_maps_anywhere_in_the_text() {
    let e = sample();
    assert_eq!(e.verbatim_range(&(3..3)), Some(5..5));
    assert_eq!(e.verbatim_range(&(6..6)), Some(10..10));
    assert_eq!(e.host_edit(&(2..2), "x"), Some(3..3));
}
