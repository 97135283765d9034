use crate::formats::nethack::NetHack;
use crate::formats::Format;

#[test]
fn claims_lev_comp_files_and_leaves_crawl_vaults_alone() {
    let f = NetHack;
    assert!(f.claims(""));
    assert!(f.claims("# only a comment\n"));
    assert!(f.claims("# c\nMAZE: \"x\", ' '\n"));
    assert!(f.claims("maze: \"x\", ' '\n"));
    assert!(f.claims("FLAGS: noteleport\nMAZE: \"x\", ' '\n"));
    let crawl = "# Crawl vault\nNAME:   my_vault\nTAGS:   no_monster_gen\nMAP\n..x..\nENDMAP\n";
    assert!(!f.claims(crawl));
    assert!(!f.claims("default-depth: D:2-9\n\nNAME: foo\n"));
    // A NetHack level whose header was deleted is still NetHack's.
    assert!(f.claims("# c\nFLAGS: noteleport\nGEOMETRY:center,center\nMAP\n.\nENDMAP\n"));
    assert!(f.sniff("# x\nLEVEL: \"oracle\"\n"));
    assert!(!f.sniff("LEVELS: 3\n"));
}
