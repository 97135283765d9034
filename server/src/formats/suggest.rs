//! "Did you mean …?" suggestions by edit distance.

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let limit = match word.chars().count() {
        0..=3 => 1,
        4..=7 => 2,
        _ => 3,
    };
    let length = word.chars().count();
    candidates
        .into_iter()
        // The distance is at least the difference in length: skip the far ones
        // before paying for the quadratic distance (NetHack has 800 names).
        .filter(|c| c.chars().count().abs_diff(length) <= limit)
        .map(|c| (strsim::osa_distance(&word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn finds_typos_and_refuses_strangers() {
        let flags = ["boss", "monster_spawn", "trap", "magic"];
        assert_eq!(closest("monstr_spawn", flags), Some("monster_spawn"));
        assert_eq!(closest("bsos", flags), Some("boss"));
        assert_eq!(closest("dragon", flags), None);
    }
}
