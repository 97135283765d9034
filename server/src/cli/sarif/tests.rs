use super::{directory_uri, uri};
use std::path::Path;

#[test]
fn paths_become_uri_references() {
    assert_eq!(uri("rooms/big hall#2.der"), "rooms/big%20hall%232.der");
    assert_eq!(uri("../cartes/île.fmap"), "../cartes/%C3%AEle.fmap");
    assert_eq!(
        directory_uri(Path::new("/work/my repo")),
        "file:///work/my%20repo/"
    );
    assert_eq!(directory_uri(Path::new("/")), "file:///");
}
