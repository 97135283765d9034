use super::relative;
use std::path::Path;

#[test]
fn paths_are_relative_to_the_current_directory() {
    let cwd = Some(Path::new("/repo/work"));
    let cases = [
        ("./rooms/hall.der", "rooms/hall.der"),
        ("rooms/../rooms/./hall.der", "rooms/hall.der"),
        ("/repo/work/maps/a.fmap", "maps/a.fmap"),
        ("/repo/other/a.des", "../other/a.des"),
        ("../x.dat", "../x.dat"),
        ("/elsewhere/b.des", "../../elsewhere/b.des"),
    ];
    for (path, expected) in cases {
        assert_eq!(relative(cwd, Path::new(path)), expected, "{path}");
    }
    assert_eq!(relative(None, Path::new("./a/b.der")), "a/b.der");
    assert_eq!(relative(None, Path::new("/a/b.der")), "/a/b.der");
}
