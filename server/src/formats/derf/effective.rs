//! The room's effective flags: what the author wrote, plus what those flags
//! imply, transitively (D18). A flag the author wrote always wins over an
//! implied one (D15); among implications, the nearer one wins (breadth
//! first), and between two equally near ones an unset beats a set.

use super::syntax::{Room, Sign};
use super::vocabulary::{flag, FLAGS, FLAG_ALIASES};
use std::collections::VecDeque;

/// Why a flag is on or off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Written by the author, at this byte offset.
    Written(usize),
    /// Implied by a chain of flags, nearest first (`["boss", "dungeon_exit"]`).
    Implied(Vec<&'static str>),
    /// Nobody said anything: flags are off by default (D23).
    Default,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlagState {
    pub name: &'static str,
    pub on: bool,
    pub reason: Reason,
}

/// The canonical name of a written flag: known flags and their aliases.
pub fn canonical(name: &str) -> Option<&'static str> {
    flag(name).map(|f| f.name).or_else(|| {
        FLAG_ALIASES
            .iter()
            .find(|(alias, _, _)| *alias == name)
            .and_then(|(_, c, _)| flag(c))
            .map(|f| f.name)
    })
}

/// The state of every known flag, in spec order.
pub fn effective_flags(text: &str, room: &Room) -> Vec<FlagState> {
    let mut states: Vec<FlagState> = FLAGS
        .iter()
        .map(|f| FlagState {
            name: f.name,
            on: false,
            reason: Reason::Default,
        })
        .collect();
    let index = |name: &str| FLAGS.iter().position(|f| f.name == name);

    // What the author wrote; the last mention of a flag wins (D19).
    let mut written: Vec<usize> = Vec::new();
    for line in room.flags_lines() {
        for token in &line.flags {
            let (Some((sign, _)), Some(name)) = (&token.sign, &token.name) else {
                continue;
            };
            // Read `+North_Exit` as `north_exit`: its case error is reported
            // once, without knock-on warnings about missing exits.
            let written_name = &text[name.clone()];
            let name =
                canonical(written_name).or_else(|| canonical(&written_name.to_ascii_lowercase()));
            let Some(i) = name.and_then(index) else {
                continue;
            };
            states[i] = FlagState {
                name: states[i].name,
                on: *sign == Sign::Plus,
                reason: Reason::Written(token.span.start),
            };
            written.retain(|&w| w != i);
            written.push(i);
        }
    }
    written.sort_by_key(|&i| match states[i].reason {
        Reason::Written(at) => at,
        _ => usize::MAX,
    });

    // Implications, one layer at a time: the flags written on, then what they
    // imply, and so on. Within a layer, an unset beats a set (a safe room stays
    // safe), so the result does not depend on the order flags were written.
    let mut layer: Vec<(usize, Vec<&'static str>)> = written
        .iter()
        .filter(|&&i| states[i].on)
        .map(|&i| (i, vec![states[i].name]))
        .collect();
    while !layer.is_empty() {
        let mut proposals: Vec<(usize, bool, Vec<&'static str>)> = Vec::new();
        for (i, chain) in &layer {
            let info = &FLAGS[*i];
            let targets = info
                .sets
                .iter()
                .map(|t| (t, true))
                .chain(info.unsets.iter().map(|t| (t, false)));
            for (target, on) in targets {
                let Some(j) = index(target) else { continue };
                if states[j].reason != Reason::Default {
                    continue;
                }
                match proposals.iter_mut().find(|p| p.0 == j) {
                    Some(existing) if existing.1 && !on => *existing = (j, on, chain.clone()),
                    Some(_) => {}
                    None => proposals.push((j, on, chain.clone())),
                }
            }
        }
        let mut next = Vec::new();
        for (j, on, chain) in proposals {
            states[j] = FlagState {
                name: states[j].name,
                on,
                reason: Reason::Implied(chain.clone()),
            };
            if on {
                let mut longer = vec![states[j].name];
                longer.extend(chain);
                next.push((j, longer));
            }
        }
        layer = next;
    }
    states
}

/// Everything one flag sets and unsets on its own, transitively, as
/// (flag, on, chain) — what hover shows for a flag.
pub fn implications_of(name: &'static str) -> Vec<(&'static str, bool, Vec<&'static str>)> {
    let mut seen: Vec<&'static str> = vec![name];
    let mut out = Vec::new();
    let mut queue: VecDeque<(&'static str, Vec<&'static str>)> =
        VecDeque::from([(name, vec![name])]);
    while let Some((current, chain)) = queue.pop_front() {
        let Some(info) = flag(current) else { continue };
        let targets = info
            .sets
            .iter()
            .map(|t| (*t, true))
            .chain(info.unsets.iter().map(|t| (*t, false)));
        for (target, on) in targets {
            if seen.contains(&target) {
                continue;
            }
            seen.push(target);
            out.push((target, on, chain.clone()));
            if on {
                let mut next = vec![target];
                next.extend(chain.iter().copied());
                queue.push_back((target, next));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
