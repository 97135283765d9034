; Frupal map highlighting.

(comment) @comment

(element name: (element_name) @keyword)
((element_name) @keyword.directive
  (#eq? @keyword.directive "Frupal_Kingdom:"))

(number) @number
(word) @string

(terrain_row) @string.special
