/**
 * Tree-sitter grammar for DERF, the Dungeon Engine Room File.
 *
 * A DERF file is positional: line 1 is the header, line 2 the room name,
 * line 3 the short description, then long-description lines until the first
 * line that starts with `Flags:` or `Containers:`. After that come the
 * flags line, the containers line and `container:item` lines.
 *
 * The grammar accepts more than the spec (flags after containers, several
 * flags lines, container lines without a containers line) so that the
 * analysis in levls can report those with a precise message instead of an
 * ERROR node. Newlines are significant; spaces and tabs (and a UTF-8 BOM)
 * are extras.
 */

/**
 * The rest of a line, from its first non-blank character. Leading blanks are
 * extras: a line of blanks is then never a text token, so a fresh parse and
 * an incremental reparse cannot disagree about it.
 */
const TEXT = /[^\s][^\r\n]*/;

/* eslint-disable no-undef */
module.exports = grammar({
  name: 'derf',

  extras: _ => [/[ \t\uFEFF]/],

  rules: {
    source_file: $ => seq(
      optional($.header),
      optional(seq(
        $._newline,
        optional($.room_name),
        optional(seq(
          $._newline,
          optional($.short_description),
          optional(seq($._newline, optional($._tail))),
        )),
      )),
    ),

    // Line 1: `DERF:0.1.0`. The declaration is a single word ending in a
    // colon (possibly empty: `:0.1.0`); the version is the rest of the line.
    // A line without a colon-word is read whole as the version, so that a
    // forgotten header (`The Great Hall`) still parses and can be explained.
    header: $ => choice(
      seq(field('declaration', $.declaration), optional(field('version', $.version))),
      field('version', $.version),
    ),
    declaration: _ => token(prec(2, /[^\s:]*:/)),
    version: _ => TEXT,

    room_name: _ => TEXT,
    short_description: _ => TEXT,

    _tail: $ => choice(
      seq($.long_description, optional($._body)),
      $._body,
    ),

    // Every line up to the first `Flags:` / `Containers:` line.
    long_description: $ => choice(
      seq(
        repeat1(seq(optional($.description_line), $._newline)),
        optional($.description_line),
      ),
      $.description_line,
    ),
    description_line: _ => TEXT,

    _body: $ => seq(
      choice($.flags_line, $.containers_line),
      repeat(seq($._newline, optional($._body_line))),
    ),
    _body_line: $ => choice(
      $.flags_line,
      $.containers_line,
      $.container_line,
      $.flag_continuation,
    ),

    flags_line: $ => seq(field('keyword', $.flags_keyword), repeat($.flag)),
    flags_keyword: _ => token(prec(1, 'Flags:')),

    // A line after `Flags:` that starts with `+` or `-`: the author broke the
    // flags across lines, which the spec forbids. Parsed so it can be fixed.
    flag_continuation: $ => seq(alias($._signed_flag, $.flag), repeat($.flag)),

    flag: $ => choice($._signed_flag, field('name', $.flag_name)),
    _signed_flag: $ => prec.right(seq(field('sign', $.sign), optional(field('name', $.flag_name)))),
    sign: _ => choice('+', '-'),
    flag_name: _ => /[^\s+\-][^\s]*/,

    containers_line: $ => seq(
      field('keyword', $.containers_keyword),
      repeat($.container_name),
    ),
    containers_keyword: _ => token(prec(1, 'Containers:')),
    container_name: _ => /[^\s]+/,

    container_line: $ => seq(
      field('container', $.container_ref),
      ':',
      optional(field('item', $.item)),
    ),
    container_ref: _ => /[^\s:+\-][^\s:]*/,
    item: _ => TEXT,

    _newline: _ => /\r?\n/,
  },
});
