/**
 * Tree-sitter grammar for NetHack special-level files (`.des`, the input of
 * `lev_comp`), 3.4.3 dialect (`shared/specs/nethack-des-dialects.md`, part A).
 *
 * The grammar reads the shape of the language, not its per-statement rules:
 * every statement is `KEYWORD [n%] [: value, value, …]`, and levls checks
 * each keyword's arguments (count, kinds, value words) in its analysis. That
 * keeps an unknown or misspelt keyword or value a located, explained
 * diagnostic with a fix instead of an ERROR, and keeps error recovery local
 * to one statement.
 *
 *   source_file   statements before the first level (an error for levls),
 *                 then levels
 *   level         `MAZE: …` or `LEVEL: …`, then its statements and MAP blocks
 *   statement     keyword, optional `[n%]` chance, optional `:` and arguments
 *   map_block     `MAP` alone on its line in column 1, rows, `ENDMAP`
 *
 * Lexing follows lev_comp: a comment is a line whose first character is `#`
 * (external scanner, column 1 only); a `#` anywhere else is a `stray_comment`
 * (lev_comp: syntax error). Inside a MAP a line made only of map characters
 * is a row even when it starts with `#`; other `#` lines are comments; any
 * other line is a `bad_map_row`. Rows and `MAP` include their line break.
 *
 * The 3.6 dialect reuses the same shapes and adds: `{ … }` blocks after a
 * statement (`ROOM: … { … }`, `IF [50%] { … }`, `ELSE { … }`, `LOOP [n]`,
 * `SWITCH [n] { CASE 1: … DEFAULT: … }`), `[cond]` conditions, `FOR $i = a TO b`,
 * `$variables` (also indexed, `$place[0]`) and `$v = value` assignments,
 * `[n%]: statement` (the chance before a statement: a `[` that starts its
 * line, told apart by the scanner from `MONSTER [n%]:` of 3.4.3), `{ a, b }`
 * lists, `key: value` pairs (`montype: 'C'`, `selection: rect (…)`), operators,
 * `2d6` dice, `10%` percentages and `x` in map rows. UnNetHack's grammar
 * adds `FUNCTION name(…) { … }` and `name(…)` calls, subtraction and dotted
 * core values (`level.depth`). Which dialect a file is in, and what each
 * allows, is levls' business.
 */

/* eslint-disable no-undef */

/**
 * `rule`, then more after commas. The first UNROLLED more are children of
 * the list itself, with no repeat: every item of a repeat costs the tree a
 * hidden node of its own, and argument lists are most of a level file's
 * nodes (a third of the tree of a megabyte of real levels). A longer list
 * goes on with a repeat. More unrolled saves little more (few lists are
 * longer) and changes how some broken lines recover.
 */
const UNROLLED = 3;
const commaSep1 = rule => {
  let rest = optional(seq(',', rule, repeat(seq(',', rule))));
  for (let i = 0; i < UNROLLED; i++) {
    rest = optional(seq(',', rule, rest));
  }
  return seq(rule, rest);
};

module.exports = grammar({
  name: 'nethack',

  externals: $ => [
    $.comment,
    $.map_start,
    $.map_row,
    $.bad_map_row,
    $.map_end,
    $._line_start_bracket,
    $._error_sentinel,
  ],

  extras: $ => [/\s/, $.comment, $.stray_comment],

  rules: {
    // One repeat of both, not items then levels: after a level the parser is
    // then in the state it is in after a statement, so on a reparse a level's
    // first token is lexed in the same mode as when the level was first read,
    // and tree-sitter reuses the whole level instead of each statement in it
    // (a 1.2 MB file: 14 ms → 0.6 ms a key). A statement after a level still
    // belongs to it (`level` is right-associative): the trees are the same.
    source_file: $ => repeat(choice($._item, $.level)),

    level: $ => prec.right(seq(
      field('header', $.level_header),
      repeat($._item),
    )),

    level_header: $ => seq(
      field('keyword', alias(choice('MAZE', 'LEVEL'), $.keyword)),
      optional($.chance),
      optional(seq(':', field('arguments', $.arguments))),
    ),

    _item: $ => choice(
      $.statement,
      alias($.function_definition, $.statement),
      $.function_call,
      $.map_block,
      $.assignment,
      $.for_statement,
      $.chance_statement,
      $.switch_label,
    ),

    statement: $ => prec.right(seq(
      field('keyword', alias($.word, $.keyword)),
      optional(choice($.chance, field('condition', $.condition))),
      optional(seq(':', field('arguments', $.arguments))),
      optional(field('body', $.block)),
    )),

    arguments: $ => commaSep1($._value),

    // 3.6: the statements of a room, a loop, a branch, a monster's inventory…
    block: $ => seq('{', repeat($._item), '}'),
    // 3.6: `[$x > 3]`, `[3 + 2d3]` (a `[50%]` is a `chance`).
    condition: $ => seq('[', $._value, ']'),
    // 3.6: `[50%]: MONSTER: …` — the `[` starts its line.
    chance_statement: $ => seq(
      $._line_start_bracket,
      choice($.chance, $.condition),
      ':',
      field('statement', $._item),
    ),
    // 3.6: `$name = value`.
    assignment: $ => seq(
      field('variable', $.variable),
      '=',
      field('value', $._value),
      // `$s = selection: line (1,1),(5,5)`: a selection's line ends after
      // its first coordinate; the model joins these to it.
      repeat(seq(',', field('rest', $._value))),
    ),
    // 3.6: `FOR $i = 1 TO 5 { … }`.
    for_statement: $ => seq(
      field('keyword', alias('FOR', $.keyword)),
      field('variable', $.variable),
      '=',
      field('from', $._value),
      choice('TO', seq('.', '.')),
      field('to', $._value),
      field('body', $.block),
    ),
    // `FUNCTION name($a: int, $b: str) { … }` (UnNetHack; vanilla 3.6's
    // lexer makes no function name): a statement whose one argument is the
    // name and parameters, read as a call.
    function_definition: $ => seq(
      field('keyword', alias('FUNCTION', $.keyword)),
      field('arguments', alias($.function_head, $.arguments)),
      field('body', $.block),
    ),
    function_head: $ => alias($._signature, $.call),
    _signature: $ => seq(
      field('name', $.word),
      field('arguments', alias($.parameters, $.tuple)),
    ),
    parameters: $ => seq('(', optional(commaSep1(choice(
      $.variable,
      alias($.parameter, $.keyed),
    ))), ')'),
    parameter: $ => seq(field('key', $.variable), ':', field('value', $.word)),
    // `name(1, "two")`: a call of a FUNCTION.
    function_call: $ => seq(
      field('name', $.word),
      field('arguments', $.tuple),
    ),
    // 3.6: `CASE 2:` and `DEFAULT:` inside a SWITCH block.
    switch_label: $ => choice(
      seq(field('keyword', alias('CASE', $.keyword)), field('value', choice($.integer, $.variable, $.string, $.char)), ':'),
      seq(field('keyword', alias('DEFAULT', $.keyword)), ':'),
    ),

    _value: $ => choice(
      $.string,
      $.char,
      $.integer,
      $.word,
      $.tuple,
      $.register,
      $.call,
      $.tagged,
      $.variable,
      $.list,
      $.keyed,
      $.binary_expression,
      $.weighted,
      $.dice,
      $.percent,
    ),

    // 3.6: `$place`, `$place[0]`.
    variable: $ => seq(
      field('name', $.variable_name),
      optional(seq('[', field('index', $._value), ']')),
    ),
    variable_name: _ => /\$[A-Za-z_][A-Za-z0-9_]*/,
    // 3.6: `{ 'L', '}', 'T' }`.
    list: $ => seq('{', optional(seq(commaSep1($._value), optional(','))), '}'),
    // 3.6: `montype: 'C'`, `selection: floodfill(1,1)`, `TERRAIN: { … }`.
    keyed: $ => prec.right(seq(field('key', $.word), ':', field('value', $._value))),
    // 3.6: `ROOM: "zoo"[40%], …`.
    weighted: $ => seq(field('value', $.string), $.chance),
    binary_expression: $ => choice(
      ...[
        [1, choice('==', '!=', '<>', '<', '<=', '>', '>=')],
        [2, choice('|', '&')],
        // `-`: UnNetHack subtracts (`room.width - 3`, `randline (1,1)-(9,9)`);
        // vanilla's lexer reads a lone `-` as an unknown word, and levls says so.
        [3, choice('+', '-', '.')],
        [4, choice('*', '/', '%')],
      ].map(([level, operator]) => prec.left(level, seq(
        field('left', $._value),
        field('operator', operator),
        field('right', $._value),
      ))),
    ),
    dice: _ => /[0-9]+d[0-9]+/,
    percent: _ => /[0-9]+%/,

    // `(x,y)`, `(x1,y1,x2,y2)`, `(room,dir,doorpos)`.
    tuple: $ => seq('(', optional(commaSep1($._value)), ')'),
    // `place[0]`, `monster[3]`, `align[1]`.
    // 3.6 also: `random[dry,wet]`, `random[dry|wet]` (a coordinate of that terrain).
    register: $ => seq(
      field('name', $.word),
      '[',
      field('index', $._value),
      repeat(seq(',', $._value)),
      ']',
    ),
    // `levregion(1,0,79,20)`; 3.6 selections also take a variable bare:
    // `fillrect $region`, `line $from, $to`, `floodfill $here`.
    call: $ => choice(
      seq(field('name', $.word), field('arguments', $.tuple)),
      prec(1, seq(
        field('name', alias(choice('rect', 'fillrect', 'line', 'randline', 'floodfill'), $.word)),
        // A coordinate may be `rndcoord($sel)`: `randline rndcoord($a), …`.
        field('arguments', choice($.tuple, $.variable, $.call)),
      )),
      // `complement floodfill (1,1)`, `complement $sel`.
      prec(1, seq(
        field('name', alias('complement', $.word)),
        field('arguments', choice($.tuple, $.variable, $.call)),
      )),
    ),
    // `m_feature "fountain"`.
    tagged: $ => seq(field('name', $.word), field('text', $.string)),

    map_block: $ => seq(
      field('start', $.map_start),
      repeat(choice($.map_row, $.bad_map_row)),
      field('end', $.map_end),
    ),

    // The chance prefix `[50%]`, spaces allowed inside the brackets only
    // around the number and its `%` (lev_comp's PERCENT token).
    chance: _ => token(/\[[ \t]*[+-]?[0-9]+%[ \t]*\]/),

    // UnNetHack's core values are dotted words (`level.depth`, `time.night`).
    word: _ => /[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_]+)*/,
    // Strings have no escapes and may span lines.
    string: _ => /"[^"]*"/,
    // `'x'`, and 3.4's `'\x'` escape.
    char: _ => token(choice(/'[^\n]'/, /'\\[^\n]'/)),
    integer: _ => /[+-]?[0-9]+/,
    // A `#` that is not in column 1: lev_comp rejects it; levls says why.
    stray_comment: _ => token(prec(-1, /#[^\n]*/)),
  },
});
