; DERF highlighting.

(declaration) @keyword.directive
(header version: (version) @number)

(room_name) @markup.heading
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
