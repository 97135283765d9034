//! The load test, short and without waiting between keys (the bench's
//! figure 10 is the timed one): ten real documents of every format, a few
//! hundred keys typed in bursts with an editor's requests and cancellations
//! between them. Every request is answered, with a result or as cancelled
//! (-32800), and every document ends as a fresh server sees its final text.

use crate::support::load::{self, Plan, Sources, FLAT_OUT};
use crate::{repo_root, shared, LEVLS};

#[test]
fn typing_in_ten_documents_with_requests_and_cancellations_ends_as_a_fresh_server_sees_it() {
    let sources = Sources {
        shared: shared(),
        repo: repo_root(),
        python: crate::support::python_tools(),
    };
    let plan = Plan {
        documents: 10,
        bursts: 60,
        seed: 7,
        pace: FLAT_OUT,
    };
    let outcome = load::run(LEVLS, &sources, &plan);
    assert_eq!(
        outcome.kinds.len(),
        7,
        "every kind of document: {:?}",
        outcome.kinds
    );
    assert!(outcome.keys >= 200, "{} keys", outcome.keys);
    assert_eq!(outcome.errors, Vec::<String>::new());
    assert_eq!(outcome.unanswered, Vec::<String>::new());
    let cancelled: usize = outcome.cancels_sent.values().sum();
    assert!(cancelled > 0, "no request was cancelled");
    assert_eq!(outcome.mismatches, Vec::<String>::new());
    // The views compared follow the edits: the comparison can tell texts apart.
    assert!(outcome.changed > 0, "no document's view changed");
}
