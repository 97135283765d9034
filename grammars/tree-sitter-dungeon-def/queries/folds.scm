; dungeon.def folds (nvim-treesitter and Zed read `@fold`): runs of comment
; lines. A dungeon's statements are folded by levls itself (from one
; `DUNGEON:` line to the next), which a query cannot express.

(comment) @fold
