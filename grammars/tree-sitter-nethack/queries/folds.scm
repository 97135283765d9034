(level) @fold
(map_block) @fold
