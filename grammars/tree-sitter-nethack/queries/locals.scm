; NetHack 3.6 variables (`$name`) are global to the file in lev_comp: one
; scope, the whole file. A variable is defined by an assignment or a FOR
; loop, and every `$name` is a reference to it. 3.4.3 files have none.
;
; Capture names: `@local.scope`, `@local.definition`, `@local.reference`,
; as nvim-treesitter, Helix and the tree-sitter CLI read them.

(source_file) @local.scope

(assignment
  variable: (variable
    name: (variable_name) @local.definition))

(for_statement
  variable: (variable
    name: (variable_name) @local.definition))

(variable_name) @local.reference
