//! "Did you mean …?" suggestions by edit distance.

/// The candidate closest to `word`, if it is close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    let length = word.chars().count();
    let limit = match length {
        0..=3 => 1,
        4..=7 => 2,
        _ => 3,
    };
    let mut rows = Rows::default();
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        // The distance is at least the difference in length: skip the far ones
        // before paying for the quadratic distance (NetHack has 800 names).
        if c.chars().count().abs_diff(length) > limit {
            continue;
        }
        // Past the best so far, a candidate cannot win: search only below it.
        let bound = best.map_or(limit, |(d, _)| d.saturating_sub(1));
        let distance = if word.is_ascii() && c.is_ascii() {
            rows.osa_within(word.as_bytes(), c.as_bytes(), bound)
        } else {
            Some(strsim::osa_distance(&word, c)).filter(|&d| d <= bound)
        };
        if let Some(d) = distance {
            best = Some((d, c));
            if d == 0 {
                break;
            }
        }
    }
    best.map(|(_, c)| c)
}

/// Three rows of the distance table, kept between candidates so that
/// checking 800 names allocates once.
#[derive(Default)]
struct Rows {
    before_last: Vec<usize>,
    last: Vec<usize>,
    this: Vec<usize>,
}

impl Rows {
    /// The optimal string alignment distance of `a` and `b` (what
    /// `strsim::osa_distance` computes), if it is at most `limit`. A row's
    /// smallest entry never decreases from one row to the next, so once it
    /// passes `limit` the answer is known: every unknown word in a file is
    /// compared with hundreds of names, and nearly all are far.
    fn osa_within(&mut self, a: &[u8], b: &[u8], limit: usize) -> Option<usize> {
        let width = b.len() + 1;
        for row in [&mut self.before_last, &mut self.last, &mut self.this] {
            row.clear();
            row.resize(width, 0);
        }
        self.last.iter_mut().enumerate().for_each(|(j, d)| *d = j);
        for i in 1..=a.len() {
            self.this[0] = i;
            let mut smallest = i;
            for j in 1..width {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut d = (self.last[j] + 1)
                    .min(self.this[j - 1] + 1)
                    .min(self.last[j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    d = d.min(self.before_last[j - 2] + 1);
                }
                self.this[j] = d;
                smallest = smallest.min(d);
            }
            if smallest > limit {
                return None;
            }
            std::mem::swap(&mut self.before_last, &mut self.last);
            std::mem::swap(&mut self.last, &mut self.this);
        }
        Some(self.last[b.len()]).filter(|&d| d <= limit)
    }
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

    #[test]
    fn the_bounded_distance_is_strsims_within_its_bound() {
        let words = [
            "",
            "a",
            "ab",
            "ba",
            "abc",
            "acb",
            "lich",
            "lihc",
            "hcil",
            "kobold",
            "kbolod",
            "monster_spawn",
            "monstr_spawn",
            "ca",
            "abc",
            "xyz",
            "aaaa",
            "aaab",
        ];
        let mut rows = super::Rows::default();
        for a in words {
            for b in words {
                let exact = strsim::osa_distance(a, b);
                for limit in 0..5 {
                    let expected = Some(exact).filter(|&d| d <= limit);
                    assert_eq!(
                        rows.osa_within(a.as_bytes(), b.as_bytes(), limit),
                        expected,
                        "{a:?} {b:?} within {limit}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_first_of_equally_close_candidates_wins() {
        // Both are one edit from "cat"; the order decides, as min_by_key did.
        assert_eq!(closest("cat", ["bat", "cut"]), Some("bat"));
        assert_eq!(closest("cat", ["cut", "bat", "cat"]), Some("cat"));
    }
}
