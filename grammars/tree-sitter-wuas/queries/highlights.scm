; WUAS datafile highlighting.

(comment) @comment

(version) @number

(metadata key: (key) @property)
(metadata ":" @punctuation.delimiter)
(metadata value: (value) @string)

(floor_line "floor=" @keyword)
(floor_id) @number

(board_border) @punctuation.delimiter
(board_row "|" @punctuation.delimiter)
(cell) @string
(outside) @comment

(field) @variable

(node) @label
(graph_edge "--" @operator)
