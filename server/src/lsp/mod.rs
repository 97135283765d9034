//! The language server: knows LSP, knows no format. Every format-specific
//! answer comes from [`crate::formats::Format`].

mod documents;
mod handlers;
mod position;
mod server;
mod settings;

use std::process::ExitCode;

/// Serve LSP over stdin/stdout until the client says `exit`.
pub fn run_stdio() -> ExitCode {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("start the async runtime");
    runtime.block_on(async {
        let (service, socket) = tower_lsp_server::LspService::new(server::Backend::new);
        tower_lsp_server::Server::new(tokio::io::stdin(), tokio::io::stdout(), socket)
            .serve(service)
            .await;
    });
    ExitCode::SUCCESS
}
