; NetHack special-level (.des) highlighting, both dialects (3.4.3 and 3.6).
;
; Only capture names that nvim-treesitter, Helix and Zed all style (exactly
; or through their dotted fallback): see grammars/README.md. No node is
; captured by two patterns, so the result does not depend on each editor's
; rule for overlapping captures (first pattern wins in some, last in others).

(comment) @comment
(stray_comment) @comment

; MAZE, LEVEL, every statement keyword, FOR, CASE, DEFAULT.
(keyword) @keyword
(for_statement "TO" @keyword)
(map_start) @keyword
(map_end) @keyword

(map_row) @string.special

(string) @string
(char) @constant.character

(chance) @constant.numeric
(integer) @constant.numeric
(dice) @constant.numeric
(percent) @constant.numeric

; 3.6 variables: `$place`, `$place[0]`.
(variable_name) @variable

; Names in front of something: `place[0]`, `levregion(…)`, `m_feature "…"`,
; `montype: 'C'`.
(register name: (word) @variable.builtin)
(call name: (word) @function.builtin)
(function_call name: (word) @function)
(tagged name: (word) @attribute)
(keyed key: (word) @attribute)

; Value words (`random`, `lit`, `closed`, `noteleport`…) wherever a value
; goes; the few that stand for "anything" or a truth value are builtins.
([
  (arguments (word) @constant.builtin)
  (tuple (word) @constant.builtin)
  (list (word) @constant.builtin)
  (condition (word) @constant.builtin)
  (binary_expression (word) @constant.builtin)
  (keyed value: (word) @constant.builtin)
  (assignment value: (word) @constant.builtin)
  (for_statement (word) @constant.builtin)
  (variable index: (word) @constant.builtin)
  (register index: (word) @constant.builtin)
  (register "," (word) @constant.builtin)
]
  (#any-of? @constant.builtin "random" "none" "true" "false"))

([
  (arguments (word) @constant)
  (tuple (word) @constant)
  (list (word) @constant)
  (condition (word) @constant)
  (binary_expression (word) @constant)
  (keyed value: (word) @constant)
  (assignment value: (word) @constant)
  (for_statement (word) @constant)
  (variable index: (word) @constant)
  (register index: (word) @constant)
  (register "," (word) @constant)
]
  (#not-any-of? @constant "random" "none" "true" "false"))

(binary_expression operator: _ @operator)
(assignment "=" @operator)
(for_statement "=" @operator)
(for_statement "." @operator)

["(" ")" "[" "]" "{" "}"] @punctuation.bracket
["," ":"] @punctuation.delimiter
