; WUAS datafile highlighting.
;
; Only capture names that nvim-treesitter, Helix and Zed all style (exactly
; or through their dotted fallback): see grammars/README.md. No node is
; captured by two patterns.

(comment) @comment

(version) @constant.numeric

(metadata key: (key) @attribute)
(metadata ":" @punctuation.delimiter)
(metadata value: (value) @string)

(floor_line "floor=" @keyword)
(floor_id) @constant.numeric

(board_border) @punctuation.delimiter
(board_row "|" @punctuation.delimiter)
(cell) @string
(outside) @comment

(field) @variable

(node) @label
(graph_edge "--" @operator)
