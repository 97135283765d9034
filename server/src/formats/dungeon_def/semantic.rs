//! Semantic tokens: keywords, names, numbers and words as dgn_comp reads
//! them (a `#` that is no comment is not shown as one).

use super::compiler::{Reading, Role};
use crate::formats::SemanticKind;
use std::ops::Range;

pub fn tokens(text: &str, reading: &Reading) -> Vec<(Range<usize>, SemanticKind)> {
    let mut out: Vec<(Range<usize>, SemanticKind)> = reading
        .controls
        .iter()
        .map(|c| (c.range.clone(), SemanticKind::Macro))
        .collect();
    for s in &reading.statements {
        for part in &s.parts {
            let kind = match part.role {
                Role::Keyword => SemanticKind::Keyword,
                Role::Name | Role::Target | Role::ChainFrom | Role::Protofile => SemanticKind::Type,
                Role::Bones => SemanticKind::String,
                Role::Base | Role::Range | Role::Chance | Role::Variants | Role::Entry => {
                    SemanticKind::Number
                }
                Role::BranchType | Role::Direction | Role::Descriptor => SemanticKind::EnumMember,
                Role::Placement => SemanticKind::Operator,
                Role::Colon | Role::Open | Role::Comma | Role::Close => continue,
            };
            // Tokens stay within one line (a string may run over several).
            let range = part.range.clone();
            let end = text[range.clone()]
                .find('\n')
                .map_or(range.end, |i| range.start + i);
            out.push((range.start..end, kind));
        }
    }
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.starts_with('#') {
            out.push((
                offset..offset + line.trim_end_matches(['\n', '\r']).len(),
                SemanticKind::Comment,
            ));
        }
        offset += line.len();
    }
    out.sort_by_key(|(r, _)| r.start);
    out
}
