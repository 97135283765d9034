/**
 * NetHack's dungeon description (`dungeon.def`, the input of dgn_comp).
 *
 * Generic on purpose: a line is `KEYWORD: values`, a comment, or a
 * `makedefs -e` control line (3.4.3's `%NAME` prefix, 3.6's `^?`, `^!`,
 * `^:`, `^.` conditionals). Which keywords exist and what each value must be
 * is for levls to say, so a misspelt keyword or a wrong value is one located
 * diagnostic instead of an ERROR cascade. The checks that agree with dgn_comp
 * read the text as its scanner does (strings across lines, `#` only in column
 * one); this tree is the structure the editor answers come from.
 */
module.exports = grammar({
  name: 'dungeon_def',

  extras: ($) => [/[ \t\r\f\v]/],

  rules: {
    source_file: ($) =>
      seq(repeat(seq(optional($._line), $._newline)), optional($._line)),

    // A comment after a statement is dgn_comp's syntax error (`#` starts a
    // comment only in column one): levls says so; the tree stays whole.
    _line: ($) =>
      choice(
        seq($.statement, optional($.comment)),
        $.comment,
        $.control_line,
        $.conditional,
      ),

    _newline: (_) => /\n/,

    comment: (_) => token(prec(1, /#[^\n]*/)),

    // 3.4.3's makedefs: `%REINCARNATION LEVEL: ...` keeps the rest of the
    // line when the option is compiled in.
    control_line: ($) =>
      seq(field('option', $.control_option), optional($.statement)),
    control_option: (_) => /%[A-Za-z_0-9]*/,

    // 3.6's makedefs: one control per line, the rest of the line its operand.
    conditional: (_) => token(prec(1, /\^[^\n]*/)),

    statement: ($) =>
      seq(
        field('keyword', $.keyword),
        optional(':'),
        repeat(field('value', $._value)),
      ),

    keyword: (_) => /[A-Z_][A-Za-z_0-9]*/,

    _value: ($) =>
      choice(
        $.string,
        $.integer,
        $.couple,
        $.word,
        $.placement,
        $.stray,
      ),

    string: (_) => /"[^"\n]*"/,
    integer: (_) => /[-0-9]+/,
    // `@ (base, range)` places a level in its dungeon, `+ (base, range)`
    // relative to the level it chains from.
    placement: (_) => choice('@', '+'),
    couple: ($) =>
      seq(
        '(',
        optional(field('base', $.integer)),
        optional(seq(',', optional(field('range', $.integer)))),
        ')',
      ),
    word: (_) => /[a-z_][A-Za-z_0-9]*/,
    stray: (_) => /[^\sA-Za-z_0-9"()@+,:#\n-]+/,
  },
});
