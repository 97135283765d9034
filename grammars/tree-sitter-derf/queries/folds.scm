; DERF folds (nvim-treesitter and Zed read `@fold`): the long description,
; every line between the short description and the Flags: / Containers: line.

(long_description) @fold
