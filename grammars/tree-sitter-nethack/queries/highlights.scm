; NetHack special-level (.des) highlighting.

(comment) @comment
(stray_comment) @comment

(level_header keyword: (keyword) @keyword)
(statement keyword: (keyword) @keyword)
(chance) @number

(string) @string
(char) @character
(integer) @number

((word) @constant.builtin
  (#match? @constant.builtin "^(random|none|true|false)$"))
(word) @constant
(register name: (word) @variable.builtin)
(call name: (word) @function.builtin)
(tagged name: (word) @attribute)

(map_start) @keyword
(map_end) @keyword
(map_row) @string.special
(bad_map_row) @error

["(" ")" "[" "]"] @punctuation.bracket
["," ":"] @punctuation.delimiter
