use crate::formats::nethack::names::with_profile;
use crate::formats::nethack::tests::diagnostics_of;

fn unnethack(text: &str) -> String {
    let profile = crate::formats::nethack::names::profiles::by_name("unnethack").unwrap();
    with_profile(Some(profile), || diagnostics_of(text))
}
