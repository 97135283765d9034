//! The language server: knows LSP, knows no format. Every format-specific
//! answer comes from [`crate::formats::Format`].

mod documents;
mod handlers;
mod index;
mod memory;
mod position;
mod server;
mod settings;
mod transport;

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Serve LSP over stdin/stdout until the client says `exit`: exit code 0
/// after a `shutdown` request, 1 without one (as the LSP spec asks).
pub fn run_stdio() -> ExitCode {
    memory::limit_arenas();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("start the async runtime");
    let shut_down = runtime.block_on(serve(tokio::io::stdin(), tokio::io::stdout()));
    // Tokio reads stdin on a blocking thread that a client keeping stdin open
    // would hold forever: do not wait for it.
    runtime.shutdown_background();
    if shut_down {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Serve LSP over any byte streams (the real stdio, or in-memory ones for
/// fuzzing) until the client says `exit` or the input ends. True when a
/// `shutdown` request came first. Needs a Tokio runtime with timers enabled.
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: tokio::io::AsyncRead + Unpin,
    O: tokio::io::AsyncWrite,
{
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    let builder = tower_lsp_server::LspService::build(move |client| {
        server::Backend::new(client, flag.clone())
    });
    let builder = builder
        .custom_method("levls/documentInfo", server::Backend::document_info)
        .custom_method("levls/stats", server::Backend::stats)
        .custom_method("levls/render", server::Backend::render)
        .custom_method("levls/renderCell", server::Backend::render_cell)
        .custom_method("levls/renderCellAt", server::Backend::render_cell_at);
    // A request that panics on purpose, for the end-to-end test of panic handling.
    let builder = if std::env::var_os("LEVLS_TEST_HOOKS").is_some() {
        builder.custom_method("levls/test/panic", server::Backend::test_panic)
    } else {
        builder
    };
    let (service, socket) = builder.finish();
    // Our transport in front: tower-lsp-server's own stops at the first
    // message it cannot decode.
    transport::serve(input, output, |input, output| {
        tower_lsp_server::Server::new(input, output, socket).serve(service)
    })
    .await;
    shut_down.load(Ordering::SeqCst)
}
