/**
 * Tree-sitter grammar for WUAS (Wish Upon A Star) datafiles (`.dat`).
 *
 * What a line means depends on where the reference loader is in its state
 * machine (header, version, metadata, floors, token / attribute / graph
 * tables), which a grammar cannot follow: levls replays that state machine
 * on the raw text in its analysis. This grammar is only a line classifier
 * for highlighting and structure. Every non-blank line becomes exactly one
 * node, and no input produces an ERROR (except a NUL byte, which no
 * tree-sitter lexer matches):
 *
 *   comment        `#` in column 0, to the end of the line
 *   floor_line     `floor=` in column 0, then the `floor_id` (rest of line)
 *   board_border   a `+` followed only by `+` and `-`        (`+----+---+`)
 *   version        only digits                                (`5`)
 *   board_row      has a `|`: `|` delimiters with a `cell` between each
 *                  pair (blank cells included; `||` has no cell); the text
 *                  before the first `|` and after the last one is an
 *                  `outside` node (the loader ignores it)
 *   metadata       `key` `:` `value`  (key and value may be missing)
 *   graph_edge     `node` `--` `node` (either node may be missing)
 *   fields         anything else: whitespace-separated `field` nodes
 *                  (token lines have 5, attribute lines 2)
 *
 * A line is otherwise classified by the first `:`, `|` or `--` in it: the
 * line `k: a|b` is metadata (value `a|b`), `x--y|z|` a graph edge (to the
 * node `y|z|`), `A--B--C` a graph edge from `A` to `B--C` and `a---b` one
 * from `a` to `-b` (the loader splits at the first `--` too), except that
 * `floor=`, `#` and border lines come first. `node`, `key`,
 * `value`, `floor_id`, `cell` and `outside` have no children; a `key` or a
 * `from` node may contain inner blanks (`my key: v`), as for the loader.
 * The anonymous `:`, `--` and first `|` take the blanks before them, so
 * that the text before them ends at its last non-blank character.
 *
 * Lines end at `\n`, `\r\n` or a lone `\r` (the loader's universal
 * newlines); the last line may have no line break. There are no extras:
 * spaces and tabs at the end of a line belong to the line break, so lines
 * of only blanks produce no node, and a `#` or `floor=` after indentation
 * is not a comment or floor line (as for the loader).
 */

/* eslint-disable no-undef */

// A run of non-blank text outside the decisive `:`, `|` and `--`.
const part = $ => choice($._digits, $._border, $._word, $._dash);

module.exports = grammar({
  name: 'wuas',

  extras: _ => [],

  // `5` and `+--+` followed by blanks are a version / border if the line
  // ends there (last line, no line break), else the first of some fields.
  conflicts: $ => [[$.version, $._run], [$.board_border, $._run]],

  rules: {
    source_file: $ => seq(
      repeat(seq(optional($._line), $._newline)),
      optional($._line),
    ),

    _line: $ => choice(
      $.comment,
      $.floor_line,
      seq($._ws, optional($._content)),
      $._content,
    ),

    _content: $ => choice(
      $.version,
      $.board_border,
      $.fields,
      $.metadata,
      $.graph_edge,
      $.board_row,
    ),

    // Above the runs: `floor=0` is not a `_word`.
    comment: _ => token(prec(2, /#[^\r\n]*/)),

    floor_line: $ => seq(
      token(prec(2, 'floor=')),
      optional($._ws),
      optional(seq(field('id', $.floor_id), optional($._ws))),
    ),
    floor_id: $ => $._rest,

    // Trailing blanks (`optional($._ws)` at the end of a line) only occur
    // on a last line without a line break; elsewhere the line break takes
    // them.
    version: $ => prec.dynamic(1, seq($._digits, optional($._ws))),
    board_border: $ => prec.dynamic(1, seq($._border, optional($._ws))),

    fields: $ => $._fields,
    _fields: $ => seq(
      alias($._run, $.field),
      optional(seq($._ws, optional($._fields))),
    ),

    metadata: $ => seq(
      optional(field('key', alias($._text, $.key))),
      alias(/[ \t]*:/, ':'),
      optional($._ws),
      optional(seq(field('value', alias($._rest, $.value)), optional($._ws))),
    ),

    graph_edge: $ => seq(
      optional(field('from', alias($._text, $.node))),
      alias(/[ \t]*--/, '--'),
      optional($._ws),
      optional(seq(field('to', alias($._rest, $.node)), optional($._ws))),
    ),

    board_row: $ => seq(
      optional(alias($._text, $.outside)),
      alias(/[ \t]*\|/, '|'),
      repeat(seq(optional($.cell), '|')),
      optional($.outside),
    ),
    cell: $ => $._cell,
    outside: $ => $._cell,

    // Text before a `:`, `--` or first `|`. `_text` and `_fields` share
    // `_run` (a blank-free run: one `field`) and are right-recursive, so
    // nothing is reduced differently before the line shows what it is.
    _text: $ => seq($._run, optional(seq($._ws, $._text))),
    _run: $ => seq(part($), optional($._run)),

    // Declared before `_word`, so that text matching both, like `5` or
    // `+`, is one of these.
    _digits: _ => /[0-9]+/,
    _border: _ => /\+[+-]*/,
    // Non-blank text without `|`, `:` or `--`, not ending in `-`; a `-`
    // that is not part of a `--` or a `_word` is a `_dash`.
    _word: _ => /(-?[^ \t\r\n|:-])+/,
    _dash: _ => /-/,
    _cell: _ => /[^|\r\n]+/,
    _rest: _ => /[^ \t\r\n]([^\r\n]*[^ \t\r\n])?/,

    _ws: _ => /[ \t]+/,
    _newline: _ => /[ \t]*(\r?\n|\r)/,
  },
});
