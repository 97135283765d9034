; NetHack folds (nvim-treesitter and Zed read `@fold`): a level from its
; MAZE / LEVEL line to the next one, a MAP … ENDMAP block, and a 3.6 `{ … }`
; block (rooms, IF / ELSE, LOOP, SWITCH, FOR, a monster's inventory).

[
  (level)
  (map_block)
  (block)
] @fold
