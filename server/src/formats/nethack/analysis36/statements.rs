//! (being written)

use crate::formats::nethack::syntax::Document;
use crate::formats::Diagnostic;

pub fn check(_text: &str, _doc: &Document, _out: &mut Vec<Diagnostic>) {}
