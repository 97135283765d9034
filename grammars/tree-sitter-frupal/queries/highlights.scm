; Frupal map highlighting.
;
; Only capture names that nvim-treesitter, Helix and Zed all style (exactly
; or through their dotted fallback): see grammars/README.md. No node is
; captured by two patterns.

(comment) @comment

((element_name) @keyword.directive
  (#eq? @keyword.directive "Frupal_Kingdom:"))
((element_name) @keyword
  (#not-eq? @keyword "Frupal_Kingdom:"))

(number) @constant.numeric
(word) @string

(terrain_row) @string.special
