; DERF highlighting.
;
; Only capture names that nvim-treesitter, Helix and Zed all style (exactly
; or through their dotted fallback): see grammars/README.md. No node is
; captured by two patterns.

(declaration) @keyword.directive
(header version: (version) @constant.numeric)

(room_name) @label
(short_description) @string.special
(description_line) @string

(flags_keyword) @keyword
(containers_keyword) @keyword

(sign) @operator
(flag name: (flag_name) @constant)

(container_name) @type
(container_ref) @type
":" @punctuation.delimiter
(item) @string.special.symbol
