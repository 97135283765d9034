use super::{data, property};

#[test]
fn messages_and_properties_are_escaped_as_github_reads_them() {
    assert_eq!(
        data("100% sure\r\nnext: a, b"),
        "100%25 sure%0D%0Anext: a, b"
    );
    assert_eq!(property("rooms/a:b, 50%\n"), "rooms/a%3Ab%2C 50%25%0A");
}
