/**
 * Tree-sitter grammar for Kingdom of Frupal map files (`.fmap`).
 *
 * A map is a list of lines: `#` comments, elements (`name: value value …`)
 * and terrain rows (lines that start with a terrain character `. = " ~`).
 * Which lines really are the H rows of the terrain grid depends on the
 * numbers on the `terrain:` line, which a grammar cannot count: levls
 * decides that in its analysis, and reads a row from the line's text.
 *
 * Values are split at spaces and tabs; a value that is all digits (with an
 * optional sign) is a `number`, anything else a `word`. Descriptions are
 * the words that follow an element's fixed parameters.
 */

/* eslint-disable no-undef */
module.exports = grammar({
  name: 'frupal',

  extras: _ => [/[ \t]/],

  rules: {
    source_file: $ => seq(
      repeat(seq(optional($._line), $._newline)),
      optional($._line),
    ),

    _line: $ => choice($.comment, $.element, $.terrain_row),

    comment: _ => token(seq('#', /[^\r\n]*/)),

    element: $ => seq(
      field('name', $.element_name),
      repeat(field('value', choice($.number, $.word))),
    ),
    element_name: _ => /[^\s#.="~][^\s]*/,

    // Declared before `word`, so that a token matching both is a number.
    number: _ => /[+-]?[0-9]+/,
    word: _ => /[^\s]+/,

    terrain_row: _ => /[.="~][^\r\n]*/,

    _newline: _ => /\r?\n/,
  },
});
