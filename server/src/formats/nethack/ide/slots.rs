//! Which slot each value of a 3.6 statement fills, read from its tokens as
//! lev_comp 3.6's grammar reads them ([`forms`]): the statement's arguments,
//! the elements of its tuples, the arguments of its selection functions,
//! its MONSTER or OBJECT infos and the values after their keys, the kinds
//! inside `random[…]`. Completion reads up to the cursor and asks what the
//! slot there takes ([`cursor`]); hover reads a whole statement and asks
//! which slot the hovered token fills ([`read`]). Half-typed text reads as
//! far as it goes; a value that fits nowhere is skipped to the next comma.

use super::completion::context::{Lexer, Tok, TokKind};
use crate::formats::nethack::names::scripting::forms::{
    self, First, Info, ScriptSlot, Takes, MAPCHAR_LIGHT, MONSTER_PAIR, OBJECT_PAIR, RECT, XY,
};
use crate::formats::nethack::names::scripting::DIRECTIONS;
use std::ops::Range;

/// Where a slot sits in what holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Argument `i` of the statement.
    Argument(usize),
    /// Element `i` of a tuple.
    Element(usize),
    /// Argument `i` of a selection function (or of `levregion`).
    Call(&'static str, usize),
    /// The value after an info's key (`fleeing: 3`, `m_feature "…"`).
    Key(&'static str),
    /// What one info is (a MONSTER's name, an OBJECT's position…).
    Info,
    /// Inside `random[…]`.
    Bracket,
    /// The value of a `$variable = …`, the bound of a FOR, the condition of
    /// IF, LOOP or SWITCH, the number of a CASE.
    Value,
    /// The index of `$array[i]` or `align[i]`.
    Index,
}

/// One slot of the path from a statement's argument to a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub slot: ScriptSlot,
    pub place: Place,
}

/// A span of the statement and the slot it fills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaf {
    pub span: Range<usize>,
    /// From the statement's argument to the innermost slot.
    pub path: Vec<Step>,
    /// The class letter of the `('c', "name")` it is in.
    pub class: Option<char>,
    /// One token, not a tuple, call or variable read whole.
    pub token: bool,
}

impl Leaf {
    pub fn slot(&self) -> Option<ScriptSlot> {
        self.path.last().map(|s| s.slot)
    }
}

/// A statement as read.
#[derive(Clone, Debug, Default)]
pub struct Reading {
    /// The keyword (`MONSTER`), `IF`, `FOR`…, or the `$name` of an assignment.
    pub keyword: Option<String>,
    pub leaves: Vec<Leaf>,
    /// The slot at the cursor, with an empty span there.
    pub expected: Option<Leaf>,
    /// The infos read, with their group (MONSTER and OBJECT).
    pub infos: Vec<(Range<usize>, u16)>,
}

impl Reading {
    /// The innermost leaf holding `offset`.
    pub fn leaf_at(&self, offset: usize) -> Option<&Leaf> {
        self.leaves
            .iter()
            .filter(|l| l.span.start <= offset && offset < l.span.end)
            .min_by_key(|l| (l.span.len(), !l.token))
    }

    /// The coordinate or region a number of `leaf` is an element of.
    pub fn coordinate_of(&self, leaf: &Leaf) -> Option<&Leaf> {
        let n = leaf.path.len().checked_sub(1)?;
        let parent = leaf.path.get(n.checked_sub(1)?)?;
        let coordinate = matches!(leaf.path[n].place, Place::Element(_))
            && parent.slot.takes.iter().any(|t| {
                matches!(
                    t,
                    Takes::Coord | Takes::Region | Takes::LevRegion | Takes::Selection
                )
            });
        if !coordinate {
            return None;
        }
        self.leaves.iter().find(|l| {
            !l.token
                && l.path[..] == leaf.path[..n]
                && l.span.start <= leaf.span.start
                && leaf.span.end <= l.span.end
        })
    }
}

/// The value slot of an assignment.
const VALUE: ScriptSlot = ScriptSlot {
    name: "value",
    takes: &[Takes::Value],
};
const CONDITION: ScriptSlot = ScriptSlot {
    name: "condition",
    takes: &[Takes::Integer, Takes::Percent],
};
const COUNT: ScriptSlot = ScriptSlot {
    name: "number of times",
    takes: &[Takes::Integer],
};
const BOUND: ScriptSlot = ScriptSlot {
    name: "bound of the random number",
    takes: &[Takes::Integer],
};
const FOR_BOUND: ScriptSlot = ScriptSlot {
    name: "bound of the loop",
    takes: &[Takes::Integer],
};
const CASE: ScriptSlot = ScriptSlot {
    name: "case number",
    takes: &[Takes::Int],
};
const INDEX: ScriptSlot = ScriptSlot {
    name: "index",
    takes: &[Takes::Integer],
};
const ALIGN_INDEX: ScriptSlot = ScriptSlot {
    name: "alignment register (0–2)",
    takes: &[Takes::Int],
};
const HUMIDITY: ScriptSlot = ScriptSlot {
    name: "kind of random spot",
    takes: &[Takes::Humidity],
};
const ROOM_CHANCE: ScriptSlot = ScriptSlot {
    name: "chance of the room type",
    takes: &[Takes::Percent],
};
const MONSTER_NAME: ScriptSlot = ScriptSlot {
    name: "monster's name",
    takes: &[Takes::Text],
};
const OBJECT_POSITION: ScriptSlot = ScriptSlot {
    name: "position",
    takes: &[Takes::Coord],
};
const SPE: ScriptSlot = ScriptSlot {
    name: "enchantment or charges",
    takes: &[Takes::Int],
};
const ALIGNMENT: ScriptSlot = ScriptSlot {
    name: "alignment",
    takes: &[Takes::Words(&["random"])],
};
const LIST_ITEM: ScriptSlot = ScriptSlot {
    name: "list element",
    takes: &[Takes::Value],
};

/// Reading stopped: the cursor, or a token that fits no slot.
struct Halt;

type R = Result<(), Halt>;

struct Reader<'t> {
    text: &'t str,
    toks: &'t [Tok],
    i: usize,
    /// The cursor's token: reading stops there (completion).
    stop: Option<usize>,
    path: Vec<Step>,
    class: Option<char>,
    out: Reading,
}

fn punct(t: &Tok, c: char) -> bool {
    t.kind == TokKind::Punct(c)
}

impl<'t> Reader<'t> {
    fn at_stop(&self) -> bool {
        self.stop.is_some_and(|s| self.i >= s)
    }

    /// The next token, unless the cursor or the end comes first.
    fn peek(&self) -> Option<&'t Tok> {
        if self.at_stop() {
            return None;
        }
        self.toks.get(self.i)
    }

    fn peek_at(&self, ahead: usize) -> Option<&'t Tok> {
        let i = self.i + ahead;
        if self.stop.is_some_and(|s| i >= s) {
            return None;
        }
        self.toks.get(i)
    }

    fn src(&self, t: &Tok) -> &'t str {
        self.text.get(t.span.clone()).unwrap_or("")
    }

    fn word(&self) -> Option<&'t str> {
        self.peek()
            .filter(|t| t.kind == TokKind::Word)
            .map(|t| self.src(t))
    }

    fn next_is(&self, c: char) -> bool {
        self.peek().is_some_and(|t| punct(t, c))
    }

    /// A value is wanted here: at the cursor, say which slot; at the end, stop.
    fn want(&mut self) -> R {
        if self.at_stop() {
            if self.out.expected.is_none() {
                let at = self
                    .toks
                    .get(self.i)
                    .map_or(self.text.len(), |t| t.span.start);
                self.out.expected = Some(Leaf {
                    span: at..at,
                    path: self.path.clone(),
                    class: self.class,
                    token: true,
                });
            }
            return Err(Halt);
        }
        if self.peek().is_none() {
            return Err(Halt);
        }
        Ok(())
    }

    fn eat(&mut self, c: char) -> R {
        if self.next_is(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(Halt)
        }
    }

    /// A leaf of the current path.
    fn push(&mut self, span: Range<usize>, token: bool) {
        self.out.leaves.push(Leaf {
            span,
            path: self.path.clone(),
            class: self.class,
            token,
        });
    }

    /// The current token as a leaf of the current path.
    fn leaf(&mut self) {
        if let Some(t) = self.peek() {
            self.push(t.span.clone(), true);
            self.i += 1;
        }
    }

    /// The tokens from `from` to here as one leaf (a tuple, a call).
    fn whole(&mut self, from: usize) {
        let (Some(first), Some(last)) =
            (self.toks.get(from), self.toks.get(self.i.wrapping_sub(1)))
        else {
            return;
        };
        if from < self.i {
            self.push(first.span.start..last.span.end, false);
        }
    }

    fn with<T>(&mut self, step: Step, f: impl FnOnce(&mut Self) -> T) -> T {
        self.path.push(step);
        let r = f(self);
        self.path.pop();
        r
    }

    /// A value of `slot`, placed at `place`.
    fn slot(&mut self, slot: ScriptSlot, place: Place) -> R {
        self.with(Step { slot, place }, |r| r.value(slot.takes))
    }

    /// A value of one of `takes`, chosen by its first token.
    fn value(&mut self, takes: &'static [Takes]) -> R {
        self.want()?;
        let Some(t) = self.peek() else {
            return Err(Halt);
        };
        let has = |x: Takes| takes.contains(&x);
        let direction = t.kind == TokKind::Word && DIRECTIONS.contains(&self.src(t));
        if has(Takes::Selection) && self.starts_selection(t, takes) && !direction {
            return self.selection();
        }
        match t.kind {
            TokKind::Punct('$') => self.variable(),
            TokKind::Str { .. } => {
                if has(Takes::Text) {
                    self.text_expr()
                } else if has(Takes::TrapMask) {
                    self.separated('|', |r| {
                        r.leaf();
                        Ok(())
                    })
                } else {
                    self.leaf();
                    if has(Takes::RoomType)
                        && self.peek().is_some_and(|t| t.kind == TokKind::Chance)
                    {
                        self.with(
                            Step {
                                slot: ROOM_CHANCE,
                                place: Place::Value,
                            },
                            Self::leaf,
                        );
                    }
                    Ok(())
                }
            }
            TokKind::Char { .. } | TokKind::Chance => {
                self.leaf();
                Ok(())
            }
            TokKind::Int => {
                if has(Takes::Percent) && self.peek_at(1).is_some_and(|t| punct(t, '%')) {
                    let from = self.i;
                    self.i += 2;
                    self.push(
                        self.toks[from].span.start..self.toks[from + 1].span.end,
                        true,
                    );
                    Ok(())
                } else if has(Takes::Integer) {
                    self.integer()
                } else {
                    self.number();
                    Ok(())
                }
            }
            TokKind::Punct('(') => self.parenthesised(takes),
            TokKind::Punct('{') if has(Takes::Value) => self.list(),
            TokKind::Word => {
                let w = self.src(t);
                if has(Takes::Value) {
                    return self.assigned(w);
                }
                if has(Takes::Directions) && DIRECTIONS.contains(&w) {
                    return self.separated('|', |r| {
                        r.leaf();
                        Ok(())
                    });
                }
                if w == "random" && self.peek_at(1).is_some_and(|t| punct(t, '[')) {
                    return self.random_bracket();
                }
                if w == "align" && has(Takes::AlignRegister) {
                    return self.align();
                }
                if w == "levregion" && has(Takes::LevRegion) {
                    return self.levregion();
                }
                if let Some(f) =
                    forms::selection_fn(w).filter(|f| f.name == "rndcoord" && coordinate(takes))
                {
                    return self.selection_call(f);
                }
                self.leaf();
                Ok(())
            }
            _ => Err(Halt),
        }
    }

    /// Does `t` start a selection here (not a percentage, a map character
    /// or a string of a slot that takes those too)?
    fn starts_selection(&self, t: &Tok, takes: &[Takes]) -> bool {
        match t.kind {
            TokKind::Word | TokKind::Punct('$') => true,
            TokKind::Punct('(') => {
                !self
                    .peek_at(1)
                    .is_some_and(|n| matches!(n.kind, TokKind::Char { .. }))
                    || !takes.contains(&Takes::MapChar)
            }
            _ => false,
        }
    }

    /// `item {sep item}`.
    fn separated(&mut self, sep: char, mut item: impl FnMut(&mut Self) -> R) -> R {
        item(self)?;
        while self.next_is(sep) {
            self.i += 1;
            self.want()?;
            item(self)?;
        }
        Ok(())
    }

    /// A number as written (with its dice: `2d6`).
    fn number(&mut self) {
        let from = self.i;
        self.i += 1;
        if let (Some(n), Some(d)) = (self.toks.get(from), self.peek()) {
            let dice = d.kind == TokKind::Word
                && d.span.start == n.span.end
                && self
                    .src(d)
                    .strip_prefix('d')
                    .is_some_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()));
            if dice {
                self.i += 1;
            }
        }
        self.push(
            self.toks[from].span.start..self.toks[self.i - 1].span.end,
            true,
        );
    }

    /// `$name` or `$name[i]`, read whole.
    fn variable(&mut self) -> R {
        let from = self.i;
        self.i += 1;
        match self.peek() {
            Some(t) if t.kind == TokKind::Word => self.i += 1,
            _ => return Err(Halt),
        }
        if self.next_is('[') {
            self.i += 1;
            self.slot(INDEX, Place::Index)?;
            self.eat(']')?;
        }
        self.whole(from);
        Ok(())
    }

    /// An integer expression: numbers, dice, variables, `( … )`, `+ - * / %`.
    fn integer(&mut self) -> R {
        self.operand()?;
        loop {
            let Some(t) = self.peek() else {
                return Ok(());
            };
            match t.kind {
                TokKind::Punct('+' | '-' | '*' | '/' | '%') => {
                    self.i += 1;
                    self.want()?;
                    self.operand()?;
                }
                // `$a -1`: the sign is read with the number.
                TokKind::Int if self.src(t).starts_with(['-', '+']) => self.operand()?,
                _ => return Ok(()),
            }
        }
    }

    fn operand(&mut self) -> R {
        self.want()?;
        match self.peek().map(|t| t.kind) {
            Some(TokKind::Int) => {
                self.number();
                Ok(())
            }
            Some(TokKind::Punct('$')) => self.variable(),
            Some(TokKind::Punct('(')) => {
                self.i += 1;
                self.integer()?;
                self.eat(')')
            }
            _ => Err(Halt),
        }
    }

    /// A string expression: strings and variables joined by `.`.
    fn text_expr(&mut self) -> R {
        self.separated('.', |r| match r.peek().map(|t| t.kind) {
            Some(TokKind::Str { .. }) => {
                r.leaf();
                Ok(())
            }
            Some(TokKind::Punct('$')) => r.variable(),
            _ => Err(Halt),
        })
    }

    /// `(`: a tuple of the slot, a parenthesised selection or expression.
    fn parenthesised(&mut self, takes: &'static [Takes]) -> R {
        let next = self.peek_at(1);
        let tuple = self.tuple_for(takes, next);
        if let Some(elements) = tuple {
            return self.tuple(elements);
        }
        let from = self.i;
        self.i += 1;
        if takes.contains(&Takes::Selection) {
            self.selection()?;
        } else if takes.contains(&Takes::Integer) {
            self.integer()?;
        } else {
            return Err(Halt);
        }
        self.eat(')')?;
        self.whole(from);
        Ok(())
    }

    /// The tuple `(` opens, given the token after it.
    fn tuple_for(
        &self,
        takes: &'static [Takes],
        next: Option<&Tok>,
    ) -> Option<&'static [ScriptSlot]> {
        let mut candidates: Vec<&'static [ScriptSlot]> = Vec::new();
        for t in takes {
            match t {
                Takes::Tuple(slots) => candidates.push(slots),
                Takes::Coord | Takes::Selection => candidates.push(XY),
                Takes::Region | Takes::LevRegion => candidates.push(RECT),
                Takes::MapChar => candidates.push(MAPCHAR_LIGHT),
                Takes::Monster => candidates.push(MONSTER_PAIR),
                Takes::Object => candidates.push(OBJECT_PAIR),
                Takes::Value => candidates.extend([XY, RECT]),
                _ => {}
            }
        }
        let first_takes = |slots: &[ScriptSlot], f: &dyn Fn(&Takes) -> bool| {
            slots.first().is_some_and(|s| s.takes.iter().any(f))
        };
        let Some(next) = next else {
            // The cursor right after `(`: the slot's own tuple first.
            return candidates.first().copied();
        };
        match next.kind {
            TokKind::Punct(',') => candidates.first().copied(),
            TokKind::Char { .. } => candidates.into_iter().find(|c| {
                first_takes(c, &|t| {
                    matches!(t, Takes::Char | Takes::MonsterClass | Takes::ObjectClass)
                })
            }),
            TokKind::Int => {
                let numeric: Vec<_> = candidates
                    .into_iter()
                    .filter(|c| first_takes(c, &|t| *t == Takes::Int))
                    .collect();
                let count = self.elements_ahead();
                numeric
                    .iter()
                    .find(|c| Some(c.len()) == count)
                    .or_else(|| numeric.iter().find(|c| count.is_none_or(|n| n <= c.len())))
                    .copied()
                    .filter(|_| count != Some(1) || !takes.contains(&Takes::Integer))
            }
            TokKind::Word => {
                let w = self.src(next);
                candidates
                    .into_iter()
                    .find(|c| c.first().is_some_and(|s| s.takes_word(w)))
            }
            _ => None,
        }
    }

    /// How many elements the tuple at the cursor has, when it closes
    /// before the cursor or the end.
    fn elements_ahead(&self) -> Option<usize> {
        let mut depth = 0usize;
        let mut count = 1;
        for k in self.i.. {
            if self.stop.is_some_and(|s| k >= s) {
                return None;
            }
            let t = self.toks.get(k)?;
            match t.kind {
                TokKind::Punct('(') => depth += 1,
                TokKind::Punct(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(count);
                    }
                }
                TokKind::Punct(',') if depth == 1 => count += 1,
                _ => {}
            }
        }
        None
    }

    /// `( a, b, … )`, one slot per element.
    fn tuple(&mut self, elements: &'static [ScriptSlot]) -> R {
        let from = self.i;
        self.i += 1;
        let outer = self.class;
        let pair = elements == MONSTER_PAIR || elements == OBJECT_PAIR;
        let mut result = Ok(());
        for (e, slot) in elements.iter().enumerate() {
            if e > 0 {
                if self.next_is(')') {
                    break;
                }
                if let Err(h) = self.eat(',') {
                    result = Err(h);
                    break;
                }
            }
            if pair && e == 0 {
                self.class = self
                    .peek()
                    .filter(|t| matches!(t.kind, TokKind::Char { closed: true }))
                    .and_then(|t| char_of(self.src(t)));
            }
            if let Err(h) = self.slot(*slot, Place::Element(e)) {
                // An element not written yet (`(, "fire")`): read on.
                let empty = !self.at_stop() && (self.next_is(',') || self.next_is(')'));
                if !empty {
                    result = Err(h);
                    break;
                }
            }
        }
        if result.is_ok() {
            result = self.eat(')');
        }
        self.class = outer;
        self.whole(from);
        result
    }

    /// `levregion(x1,y1,x2,y2)`.
    fn levregion(&mut self) -> R {
        let from = self.i;
        self.leaf();
        if !self.next_is('(') {
            return Err(Halt);
        }
        let r = self.tuple(RECT);
        self.whole(from);
        r
    }

    /// `random[dry, wet]`.
    fn random_bracket(&mut self) -> R {
        let from = self.i;
        self.i += 2;
        let r = self.with(
            Step {
                slot: HUMIDITY,
                place: Place::Bracket,
            },
            |r| {
                r.want()?;
                r.separated(',', |r| {
                    r.want()?;
                    r.leaf();
                    Ok(())
                })
            },
        );
        r?;
        self.eat(']')?;
        self.whole(from);
        Ok(())
    }

    /// A selection: its parts joined by `&`.
    fn selection(&mut self) -> R {
        self.separated('&', Self::selection_part)
    }

    fn selection_part(&mut self) -> R {
        self.want()?;
        let Some(t) = self.peek() else {
            return Err(Halt);
        };
        match t.kind {
            TokKind::Word => match forms::selection_fn(self.src(t)) {
                Some(f) => self.selection_call(f),
                None => {
                    if self.src(t) == "random" && self.peek_at(1).is_some_and(|t| punct(t, '[')) {
                        return self.random_bracket();
                    }
                    self.leaf();
                    Ok(())
                }
            },
            TokKind::Punct('$') => self.variable(),
            TokKind::Punct('(') => {
                if self.peek_at(1).is_none_or(|n| n.kind == TokKind::Int) {
                    return self.tuple(XY);
                }
                let from = self.i;
                self.i += 1;
                self.selection()?;
                self.eat(')')?;
                self.whole(from);
                Ok(())
            }
            _ => Err(Halt),
        }
    }

    /// A selection function and its arguments.
    fn selection_call(&mut self, f: &'static forms::SelectionFn) -> R {
        let from = self.i;
        self.leaf();
        let r = self.call_args(f);
        self.whole(from);
        r
    }

    fn call_args(&mut self, f: &'static forms::SelectionFn) -> R {
        if f.parens {
            self.want_punct('(')?;
        }
        let mut index = 0;
        let mut arg = 0;
        while arg < f.args.len() {
            let slot = f.args[arg];
            // `grow(sel)`: the directions may be left out.
            if slot.takes(Takes::Directions)
                && !self.word().is_some_and(|w| DIRECTIONS.contains(&w))
                && !self.at_stop()
            {
                arg += 1;
                continue;
            }
            if index > 0 {
                if f.parens && self.next_is(')') {
                    break;
                }
                self.eat(',')?;
            }
            let place = Place::Call(f.name, index);
            if f.name == "complement" {
                self.with(Step { slot, place }, Self::selection_part)?;
            } else {
                self.slot(slot, place)?;
            }
            index += 1;
            arg += 1;
        }
        if f.parens {
            self.eat(')')?;
        }
        Ok(())
    }

    /// A MONSTER's or OBJECT's info: a word (and the value after its key),
    /// or a MONSTER's name, an OBJECT's enchantment or position.
    fn info(&mut self, monster: bool) -> R {
        let from = self.i;
        let Some(t) = self.peek() else {
            return Err(Halt);
        };
        let word = (t.kind == TokKind::Word).then(|| self.src(t));
        let (group, r) = match (word.and_then(|w| forms::info_of(monster, w)), t.kind) {
            (Some(info), _) if info.word == "align" => (info.group, self.align()),
            (Some(info), _) => (info.group, self.keyed(info)),
            (None, TokKind::Str { .. } | TokKind::Punct('$')) if monster => (
                forms::MONSTER_NAME_GROUP,
                self.slot(MONSTER_NAME, Place::Info),
            ),
            (None, TokKind::Int) if !monster => {
                (forms::OBJECT_SPE_GROUP, self.slot(SPE, Place::Info))
            }
            (None, _) if !monster => (
                forms::OBJECT_COORD_GROUP,
                self.slot(OBJECT_POSITION, Place::Info),
            ),
            (None, _) => {
                self.leaf();
                (0, Ok(()))
            }
        };
        self.infos_read(from, group);
        r
    }

    fn infos_read(&mut self, from: usize, group: u16) {
        if let (Some(a), Some(b)) = (self.toks.get(from), self.toks.get(self.i.wrapping_sub(1))) {
            if from < self.i && group != 0 {
                self.out.infos.push((a.span.start..b.span.end, group));
            }
        }
    }

    /// An info word and the value after its key.
    fn keyed(&mut self, info: &'static Info) -> R {
        self.leaf();
        let Some(value) = info.value else {
            return Ok(());
        };
        if info.colon {
            self.want_punct(':')?;
        }
        self.slot(value, Place::Key(info.word))
    }

    /// Punctuation the grammar needs here: at the cursor nothing is offered.
    fn want_punct(&mut self, c: char) -> R {
        if self.at_stop() {
            return Err(Halt);
        }
        self.eat(c)
    }

    /// `align[i]` or `align: random`.
    fn align(&mut self) -> R {
        let from = self.i;
        self.leaf();
        if self.next_is(':') {
            self.i += 1;
            self.slot(ALIGNMENT, Place::Key("align"))?;
        } else {
            self.want_punct('[')?;
            self.slot(ALIGN_INDEX, Place::Index)?;
            self.eat(']')?;
        }
        self.whole(from);
        Ok(())
    }

    /// The value of a `$variable = …`.
    fn assigned(&mut self, w: &str) -> R {
        let key = forms::VALUE_KEYS.iter().find(|(k, _, _)| {
            *k == w || k.eq_ignore_ascii_case(w) || (w == "obj" && *k == "object")
        });
        let Some((_, _, takes)) = key.filter(|_| self.peek_at(1).is_some_and(|t| punct(t, ':')))
        else {
            return self.value(&[Takes::Coord, Takes::Selection]);
        };
        self.leaf();
        self.i += 1;
        let slot = ScriptSlot {
            name: key.map_or("value", |(_, what, _)| what),
            takes: match takes {
                Takes::Selection => &[Takes::Selection],
                Takes::MapChar => &[Takes::MapChar],
                Takes::Monster => &[Takes::Monster],
                _ => &[Takes::Object],
            },
        };
        self.with(
            Step {
                slot,
                place: Place::Value,
            },
            |r| {
                if r.next_is('{') {
                    r.list_of(slot)
                } else if slot.takes(Takes::Selection) {
                    r.want()?;
                    r.selection()
                } else {
                    r.value(slot.takes)
                }
            },
        )
    }

    /// `{ a, b, … }` of an assignment.
    fn list(&mut self) -> R {
        self.list_of(LIST_ITEM)
    }

    fn list_of(&mut self, slot: ScriptSlot) -> R {
        let from = self.i;
        self.i += 1;
        let item = if slot.takes(Takes::Value) {
            ScriptSlot {
                name: "list element",
                takes: &[Takes::Coord, Takes::Region, Takes::Integer, Takes::Text],
            }
        } else {
            slot
        };
        let mut e = 0;
        loop {
            self.slot(item, Place::Element(e))?;
            e += 1;
            if !self.next_is(',') {
                break;
            }
            self.i += 1;
        }
        self.eat('}')?;
        self.whole(from);
        Ok(())
    }

    /// Skips to the next comma of the statement (a value that fit nowhere).
    fn skip_to_comma(&mut self) {
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            match t.kind {
                TokKind::Punct('(' | '[') => depth += 1,
                TokKind::Punct(')' | ']') => depth -= 1,
                TokKind::Punct(',') if depth <= 0 => return,
                TokKind::Punct('{') if depth <= 0 => return,
                _ => {}
            }
            self.i += 1;
        }
    }

    /// The arguments of a keyword statement, after its colon.
    fn arguments(&mut self, keyword: &str) {
        let Some(unread) = forms::form(keyword, First::Unread) else {
            return;
        };
        let mut form = unread;
        let mut index = 0;
        loop {
            let Some(slot) = form.slot(index) else {
                return;
            };
            let start = self.i;
            let leaves = self.out.leaves.len();
            let info = slot
                .takes
                .iter()
                .any(|t| matches!(t, Takes::MonsterInfo | Takes::ObjectInfo));
            let read = if info {
                let monster = slot.takes(Takes::MonsterInfo);
                self.with(
                    Step {
                        slot,
                        place: Place::Argument(index),
                    },
                    |r| {
                        r.want()?;
                        r.info(monster)
                    },
                )
            } else {
                self.slot(slot, Place::Argument(index))
            };
            if read.is_err() {
                if self.at_stop() || self.peek().is_none() {
                    return;
                }
                self.skip_to_comma();
            }
            if index == 0 {
                let first = self.first(start);
                if let Some(f) = forms::form(keyword, first) {
                    form = f;
                }
                // The first argument decided the form: its slot is that form's.
                if let Some(decided) = form.slot(0) {
                    for leaf in &mut self.out.leaves[leaves..] {
                        if let Some(step) = leaf.path.first_mut() {
                            step.slot = decided;
                        }
                    }
                }
            }
            if !self.next_is(',') {
                return;
            }
            self.i += 1;
            index += 1;
        }
    }

    /// What the first argument was.
    fn first(&self, start: usize) -> First<'t> {
        let toks = &self.toks[start..self.i.min(self.toks.len())];
        let src = |t: &Tok| self.text.get(t.span.clone()).unwrap_or("");
        match toks {
            [] => First::Unread,
            [w] if w.kind == TokKind::Word => First::Word(src(w)),
            [w, open, ..] if w.kind == TokKind::Word && punct(open, '(') => First::Call(src(w)),
            [open, ..] if punct(open, '(') => {
                let mut depth = 0;
                let mut count = 1;
                for t in toks {
                    match t.kind {
                        TokKind::Punct('(') => depth += 1,
                        TokKind::Punct(')') => depth -= 1,
                        TokKind::Punct(',') if depth == 1 => count += 1,
                        _ => {}
                    }
                }
                First::Tuple(count)
            }
            _ => First::Other,
        }
    }

    /// One statement from its first token.
    fn statement(&mut self) {
        // `[50%]:` before it.
        if self.peek().is_some_and(|t| t.kind == TokKind::Chance)
            && self.peek_at(1).is_some_and(|t| punct(t, ':'))
        {
            self.i += 2;
        }
        let Some(t) = self.peek() else {
            return;
        };
        if punct(t, '$') {
            self.assignment();
            return;
        }
        if t.kind != TokKind::Word {
            return;
        }
        let keyword = self.src(t);
        self.out.keyword = Some(keyword.to_string());
        self.i += 1;
        match keyword {
            "IF" => self.condition(CONDITION),
            "LOOP" => self.condition(COUNT),
            "SWITCH" => self.condition(BOUND),
            "CASE" => {
                let _ = self.slot(CASE, Place::Value);
            }
            "FOR" => self.for_loop(),
            _ => {
                if self.next_is(':') {
                    self.i += 1;
                    self.arguments(keyword);
                }
            }
        }
    }

    /// `[cond]` of IF, LOOP, SWITCH.
    fn condition(&mut self, slot: ScriptSlot) {
        let _ = self.with(
            Step {
                slot,
                place: Place::Value,
            },
            |r| {
                if r.peek().is_some_and(|t| t.kind == TokKind::Chance) {
                    r.leaf();
                    return Ok(());
                }
                r.want_punct('[')?;
                r.integer_or_want()?;
                if r.peek()
                    .is_some_and(|t| matches!(t.kind, TokKind::Punct('<' | '>' | '=' | '!')))
                {
                    while r
                        .peek()
                        .is_some_and(|t| matches!(t.kind, TokKind::Punct('<' | '>' | '=' | '!')))
                    {
                        r.i += 1;
                    }
                    r.integer_or_want()?;
                }
                r.eat(']')
            },
        );
    }

    fn integer_or_want(&mut self) -> R {
        self.want()?;
        self.integer()
    }

    /// `FOR $i = a TO b`.
    fn for_loop(&mut self) {
        let _ = (|| -> R {
            self.want_punct('$')?;
            self.i -= 1;
            self.variable()?;
            self.want_punct('=')?;
            self.slot(FOR_BOUND, Place::Value)?;
            if self.word() == Some("TO") {
                self.i += 1;
            } else {
                self.want_punct('.')?;
                self.eat('.')?;
            }
            self.slot(FOR_BOUND, Place::Value)
        })();
    }

    /// `$name [ [i] ] = value`.
    fn assignment(&mut self) {
        let from = self.i;
        let _ = (|| -> R {
            self.variable()?;
            self.out.keyword = self
                .toks
                .get(from..self.i.min(from + 2))
                .map(|ts| ts.iter().map(|t| self.src(t)).collect());
            self.want_punct('=')?;
            self.slot(VALUE, Place::Value)
        })();
    }
}

/// `'c'` → `c`, `'\c'` → `c`.
fn char_of(lit: &str) -> Option<char> {
    let inner = lit.strip_prefix('\'')?.strip_suffix('\'')?;
    let inner = inner
        .strip_prefix('\\')
        .filter(|r| !r.is_empty())
        .unwrap_or(inner);
    let mut chars = inner.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

fn coordinate(takes: &[Takes]) -> bool {
    takes
        .iter()
        .any(|t| matches!(t, Takes::Coord | Takes::ObjectInfo))
}

/// The whole statement whose tokens are `from..to` of the text.
pub fn read(text: &str, from: usize, to: usize) -> Reading {
    let toks: Vec<Tok> = Lexer::new(text, from)
        .take_while(|t| t.span.start < to)
        .collect();
    let mut reader = Reader {
        text,
        toks: &toks,
        i: 0,
        stop: None,
        path: Vec::new(),
        class: None,
        out: Reading::default(),
    };
    reader.statement();
    reader.out
}

/// What the cursor is on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spot {
    /// Where a statement may start: the keyword typed so far.
    Keyword(Range<usize>),
    /// A value, possibly partly typed (an empty span between tokens).
    Value(Range<usize>),
    /// Inside a string: from after its quote to its closing quote or the cursor.
    Str(Range<usize>),
    /// A char literal: the whole literal, or from its quote to the cursor.
    Char(Range<usize>),
    /// `$name` being typed, its `$` included.
    Variable(Range<usize>),
    /// Nowhere to complete (after a value, inside a comment…).
    Nothing,
}

/// The statement around a cursor: read up to it, and whole.
#[derive(Clone, Debug)]
pub struct Cursor {
    pub spot: Spot,
    /// Read up to the cursor: `expected` is the slot there.
    pub reading: Reading,
    /// Read to the end of the cursor's line (what else is written).
    pub whole: Reading,
}

/// Where the statement holding `offset` may start reading: the start of the
/// line, or of the lines before it that end with a comma.
fn anchor(text: &str, offset: usize) -> usize {
    let mut start = text[..offset].rfind('\n').map_or(0, |n| n + 1);
    while start > 0 {
        let prev_start = text[..start - 1].rfind('\n').map_or(0, |n| n + 1);
        let prev = text[prev_start..start - 1].trim_end();
        if prev.ends_with(',') && !prev.trim_start().starts_with('#') {
            start = prev_start;
        } else {
            break;
        }
    }
    start
}

/// Does a statement start at token `k`, given the tokens before it?
fn starts_statement(text: &str, toks: &[Tok], k: usize, at: usize) -> bool {
    let Some(prev) = k.checked_sub(1).and_then(|p| toks.get(p)) else {
        return true;
    };
    let before = k.checked_sub(2).and_then(|p| toks.get(p));
    let src = |t: &Tok| text.get(t.span.clone()).unwrap_or("");
    match prev.kind {
        // A block's `{`, not a list's (`= {`, `: {`).
        TokKind::Punct('{') => !before.is_some_and(|b| punct(b, '=') || punct(b, ':')),
        TokKind::Punct('}') => true,
        // `[50%]:`, `CASE 1:`, `DEFAULT:`.
        TokKind::Punct(':') => before.is_some_and(|b| {
            b.kind == TokKind::Chance
                || (b.kind == TokKind::Word && src(b) == "DEFAULT")
                || (b.kind == TokKind::Int
                    && k >= 3
                    && toks
                        .get(k - 3)
                        .is_some_and(|c| c.kind == TokKind::Word && src(c) == "CASE"))
        }),
        TokKind::Punct(
            ',' | '(' | '[' | '|' | '&' | '.' | '=' | '+' | '-' | '*' | '/' | '%' | '$',
        ) => false,
        _ => {
            let line_start = text[..at].rfind('\n').map_or(0, |n| n + 1);
            prev.span.end <= line_start && text[line_start..at].trim().is_empty()
        }
    }
}

/// The statement around `offset`, read up to it, and the spot there.
pub fn cursor(text: &str, offset: usize) -> Cursor {
    let from = anchor(text, offset);
    let line_end = text[offset..].find('\n').map_or(text.len(), |n| offset + n);
    let toks: Vec<Tok> = Lexer::new(text, from)
        .take_while(|t| t.span.start < line_end)
        .collect();
    // The token the cursor is in or before.
    let mut stop = toks.len();
    let mut spot = Spot::Value(offset..offset);
    for (k, t) in toks.iter().enumerate() {
        if t.span.start >= offset {
            stop = k;
            break;
        }
        let inside = match t.kind {
            TokKind::Str { closed } => offset < t.span.end || (!closed && offset <= t.span.end),
            TokKind::Char { closed } => offset < t.span.end || (!closed && offset <= t.span.end),
            TokKind::Word | TokKind::Int => offset <= t.span.end,
            TokKind::Chance | TokKind::Map => offset < t.span.end,
            TokKind::Punct(_) => false,
        };
        if inside {
            stop = k;
            spot = match t.kind {
                // A string closed on a later line is one being typed.
                TokKind::Str { closed } if closed && t.span.end <= line_end => {
                    Spot::Str(t.span.start + 1..t.span.end - 1)
                }
                TokKind::Str { .. } => Spot::Str(t.span.start + 1..offset),
                TokKind::Char { closed } => {
                    Spot::Char(t.span.start..if closed { t.span.end } else { offset })
                }
                TokKind::Word | TokKind::Int => Spot::Value(t.span.start..t.span.end),
                _ => Spot::Nothing,
            };
            break;
        }
    }
    // `$` or `$na` being typed: the variable from its `$`.
    let dollar = |k: usize| {
        toks.get(k)
            .is_some_and(|t| punct(t, '$'))
            .then(|| toks[k].span.start)
    };
    if let Some(start) = match &spot {
        Spot::Value(r) if r.start < offset => stop
            .checked_sub(1)
            .and_then(dollar)
            .filter(|s| s + 1 == r.start),
        Spot::Value(_) => stop
            .checked_sub(1)
            .and_then(dollar)
            .filter(|s| s + 1 == offset),
        _ => None,
    } {
        let end = match &spot {
            Spot::Value(r) if r.start < offset => r.end,
            _ => offset,
        };
        spot = Spot::Variable(start..end);
        stop -= 1;
    }
    // The statement the cursor is in starts at the last start before it.
    let begin = (0..=stop)
        .rev()
        .find(|&k| {
            let at = toks.get(k).map_or(offset, |t| t.span.start.min(offset));
            starts_statement(text, &toks, k, at)
        })
        .unwrap_or(0);
    if begin == stop && matches!(spot, Spot::Value(_)) {
        let typed = match &spot {
            Spot::Value(r) => r.clone(),
            _ => offset..offset,
        };
        if toks
            .get(stop)
            .is_none_or(|t| t.kind == TokKind::Word && t.span.start < offset)
            || typed.is_empty()
        {
            return Cursor {
                spot: Spot::Keyword(typed),
                reading: Reading::default(),
                whole: Reading::default(),
            };
        }
    }
    let statement = &toks[begin..];
    let end = statement
        .iter()
        .enumerate()
        .skip(stop - begin + 1)
        .find(|(k, _)| starts_statement(text, statement, *k, statement[*k].span.start))
        .map_or(statement.len(), |(k, _)| k);
    let statement = &statement[..end];
    let run = |stop: Option<usize>| {
        let mut reader = Reader {
            text,
            toks: statement,
            i: 0,
            stop,
            path: Vec::new(),
            class: None,
            out: Reading::default(),
        };
        reader.statement();
        reader.out
    };
    let reading = run(Some(stop - begin));
    let whole = run(None);
    Cursor {
        spot,
        reading,
        whole,
    }
}

#[cfg(test)]
mod tests;
