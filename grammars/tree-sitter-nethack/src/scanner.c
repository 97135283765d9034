// External scanner for the NetHack `.des` grammar: the line-based parts of
// lev_comp's lexer that depend on the column (comments, MAP blocks).
#include "tree_sitter/parser.h"

#include <stdbool.h>
#include <string.h>

enum TokenType {
  COMMENT,
  MAP_START,
  MAP_ROW,
  BAD_MAP_ROW,
  MAP_END,
  LINE_START_BRACKET,
  ERROR_SENTINEL,
};

// Stateless: what the scanner needs to know (inside a MAP or not) is in valid_symbols.
void *tree_sitter_nethack_external_scanner_create(void) { return NULL; }
void tree_sitter_nethack_external_scanner_destroy(void *payload) { (void)payload; }
unsigned tree_sitter_nethack_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}
void tree_sitter_nethack_external_scanner_deserialize(void *payload, const char *buffer,
                                                      unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

// The characters of a MAP row: 3.4.3's (digits are deleted by lev_comp 3.4),
// and 3.6's `x` (keep the terrain under the map); levls tells the dialects apart.
static bool is_map_char(int32_t c) {
  if (c >= '0' && c <= '9') return true;
  return c != 0 && strchr(" #.-|+SHACB{\\K}PLWITFx", (int)c) != NULL;
}

// Consumes the rest of the line and its line break.
static void finish_line(TSLexer *lexer) {
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') lexer->advance(lexer, false);
  if (lexer->lookahead == '\n') lexer->advance(lexer, false);
}

static bool consume(TSLexer *lexer, const char *word) {
  for (const char *p = word; *p; p++) {
    if (lexer->lookahead != *p) return false;
    lexer->advance(lexer, false);
  }
  return true;
}

// Inside a MAP: a row, a comment, ENDMAP, or a line that is none of these.
static bool scan_map_line(TSLexer *lexer, const bool *valid) {
  if (lexer->eof(lexer)) return false;
  bool hash_first = lexer->lookahead == '#';
  bool all_map = true;
  bool only_blank = true;
  // Read the line; stop early at the first non-map character to look for ENDMAP.
  while (!lexer->eof(lexer) && lexer->lookahead != '\n') {
    int32_t c = lexer->lookahead;
    if (c == '\r') {
      lexer->advance(lexer, false);
      if (lexer->lookahead == '\n') break;
      all_map = false;
      continue;
    }
    if (c == '\t' && only_blank) {
      // Not a row, but an ENDMAP may follow the tab (lev_comp skips blanks before it).
      all_map = false;
      lexer->advance(lexer, false);
      continue;
    }
    if (!is_map_char(c)) {
      all_map = false;
      if (only_blank && c == 'E' && valid[MAP_END]) {
        if (consume(lexer, "ENDMAP")) {
          lexer->mark_end(lexer);
          lexer->result_symbol = MAP_END;
          return true;
        }
      }
      break;
    }
    if (c != ' ') only_blank = false;
    lexer->advance(lexer, false);
  }
  if (all_map && lexer->lookahead == '\n') {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    lexer->result_symbol = MAP_ROW;
    return true;
  }
  if (hash_first) {
    finish_line(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = COMMENT;
    return true;
  }
  finish_line(lexer);
  lexer->mark_end(lexer);
  lexer->result_symbol = BAD_MAP_ROW;
  return true;
}

bool tree_sitter_nethack_external_scanner_scan(void *payload, TSLexer *lexer, const bool *valid) {
  (void)payload;
  if (valid[ERROR_SENTINEL]) {
    // Error recovery: only comments, so recovery cannot start a MAP by accident.
    if (lexer->lookahead == '#' && lexer->get_column(lexer) == 0) {
      finish_line(lexer);
      lexer->mark_end(lexer);
      lexer->result_symbol = COMMENT;
      return true;
    }
    return false;
  }
  if (valid[MAP_ROW]) return scan_map_line(lexer, valid);

  // Outside maps, blanks are skipped here so that `#` and `MAP` can be
  // checked for column 1, and a `[` for being the first thing on its line.
  // The column is known from the blanks skipped: 0 right after a line break,
  // not 0 after any other blank. `get_column` re-reads the line from its
  // start, so it is asked only when the lookahead is one of the three
  // characters that care and the blanks do not tell: asking before every
  // token made a long line quadratic (40,000 commas: 6 s).
  uint32_t skipped = 0;        // blanks skipped since the last line break (or the start)
  bool saw_newline = false;    // a line break among the blanks
  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r' ||
         lexer->lookahead == '\n' || lexer->lookahead == '\f' || lexer->lookahead == '\v') {
    if (lexer->lookahead == '\n') {
      saw_newline = true;
      skipped = 0;
    } else {
      skipped++;
    }
    lexer->advance(lexer, true);
  }
  int32_t c = lexer->lookahead;
  if (c == '[' && valid[LINE_START_BRACKET]) {
    // First on its line: after a line break and blanks, or blanks (or
    // nothing) from column 1.
    bool line_start = saw_newline || lexer->get_column(lexer) == skipped;
    if (line_start) {
      // 3.6's `[50%]: MONSTER: …`; zero width, the `[` is lexed next.
      lexer->mark_end(lexer);
      lexer->result_symbol = LINE_START_BRACKET;
      return true;
    }
    return false;
  }
  if (!((c == '#' && valid[COMMENT]) || (c == 'M' && valid[MAP_START]))) return false;
  bool column_0 = saw_newline ? skipped == 0 : skipped == 0 && lexer->get_column(lexer) == 0;
  if (!column_0) return false;
  if (lexer->lookahead == '#' && valid[COMMENT]) {
    finish_line(lexer);
    lexer->mark_end(lexer);
    lexer->result_symbol = COMMENT;
    return true;
  }
  if (lexer->lookahead == 'M' && valid[MAP_START]) {
    if (!consume(lexer, "MAP")) return false;
    if (lexer->lookahead == '\r') lexer->advance(lexer, false);
    if (lexer->lookahead != '\n') return false;
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    lexer->result_symbol = MAP_START;
    return true;
  }
  return false;
}
