; NetHack dungeon.def highlighting.
;
; Only capture names that nvim-treesitter, Helix and Zed all style (exactly
; or through their dotted fallback): see grammars/README.md. No node is
; captured by two patterns.

(comment) @comment
(conditional) @keyword.directive
(control_option) @keyword.directive

(keyword) @keyword
(statement ":" @punctuation.delimiter)

(string) @string
(integer) @number
(word) @constant
(placement) @operator
(couple ["(" ")"] @punctuation.bracket)
(couple "," @punctuation.delimiter)
