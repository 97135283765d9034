use super::{atoi, Keyword, Scanner, Token, Word};

fn tokens(text: &str) -> Vec<(Token, usize)> {
    let mut scanner = Scanner::new(text.as_bytes());
    let mut out = Vec::new();
    loop {
        let lexeme = scanner.next_lexeme();
        out.push((lexeme.token, lexeme.line));
        if lexeme.token == Token::End {
            return out;
        }
    }
}

#[test]
fn the_longest_literal_wins_and_the_rest_are_single_bytes() {
    assert_eq!(
        tokens("DUNGEONS upx"),
        vec![
            (Token::Keyword(Keyword::Dungeon), 1),
            (Token::Char(b'S'), 1),
            (Token::Word(Word::Up), 1),
            (Token::Char(b'x'), 1),
            (Token::End, 1)
        ]
    );
    assert_eq!(tokens("LEVELDESC")[0].0, Token::Keyword(Keyword::LevelDesc));
}

#[test]
fn strings_span_lines_uncounted_and_comments_start_lines_only() {
    assert_eq!(
        tokens("# c\n\"a\nb\" x #y\n"),
        vec![
            (Token::String, 2),
            (Token::Char(b'x'), 2),
            (Token::Char(b'#'), 2),
            (Token::Char(b'y'), 2),
            (Token::End, 3)
        ]
    );
    assert_eq!(tokens("\"open\n")[0].0, Token::Char(b'"'));
    assert_eq!(tokens("a\r\nb\rc")[1], (Token::Char(b'b'), 2));
    assert_eq!(tokens("#last")[0].0, Token::Char(b'#'));
}

#[test]
fn numbers_are_read_as_atoi_reads_them() {
    assert_eq!(atoi(b"-5"), -5);
    assert_eq!(atoi(b"1-2"), 1);
    assert_eq!(atoi(b"-"), 0);
    assert_eq!(atoi(b"--3"), 0);
    assert_eq!(atoi(b"4294967297"), 1);
    assert_eq!(atoi(b"99999999999999999999"), -1);
}
