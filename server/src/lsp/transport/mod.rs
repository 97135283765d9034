//! Our own framing in front of tower-lsp-server, whose decoder stops reading
//! after one message it cannot decode. Here every frame is read and checked
//! first: a JSON-RPC message is passed on, framed anew, through an in-memory
//! pipe; anything else is answered per JSON-RPC 2.0 (or, for a notification
//! or a broken response, only logged) and dropped, and the session goes on.
//! All output, ours and tower-lsp-server's, goes out through one writer,
//! whole frames at a time, so the two never interleave inside a frame.

mod frames;
mod id_scan;
mod message;

use frames::{Deframer, Event};
use message::Refusal;
use std::future::Future;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, DuplexStream};
use tokio::sync::mpsc;

/// How much is read from the client at a time, and the size of the pipes to
/// and from tower-lsp-server.
const CHUNK_BYTES: usize = 64 * 1024;
/// Whole frames waiting for the writer.
const OUTPUT_QUEUE: usize = 64;

/// Serve the client on `input`/`output` with `inner`, which is given the
/// checked input and the output pipe to write to; ends when `inner` does
/// (after `exit`, or once the input has ended).
pub async fn serve<I, O, F>(
    input: I,
    output: O,
    inner: impl FnOnce(DuplexStream, DuplexStream) -> F,
) where
    I: AsyncRead + Unpin,
    O: AsyncWrite,
    F: Future<Output = ()>,
{
    let (to_inner, inner_input) = tokio::io::duplex(CHUNK_BYTES);
    let (inner_output, from_inner) = tokio::io::duplex(CHUNK_BYTES);
    let (frames, queued) = mpsc::channel(OUTPUT_QUEUE);
    let relayed = frames.clone();
    let serving = async {
        let inner_done = async {
            // The inner output pipe closes when `inner` returns, ending the relay.
            tokio::join!(inner(inner_input, inner_output), relay(from_inner, relayed));
        };
        tokio::pin!(inner_done);
        tokio::select! {
            // `exit` ends the inner server while the client may keep its end open.
            () = &mut inner_done => {}
            () = read(input, to_inner, frames) => inner_done.await,
        }
    };
    tokio::join!(serving, write(output, queued));
}

/// Read frames from the client: checked messages go to the inner server,
/// our answers to the output queue. Returns at the end of the input (which
/// closes the inner server's input).
async fn read<I: AsyncRead + Unpin>(
    mut input: I,
    mut to_inner: DuplexStream,
    frames: mpsc::Sender<Vec<u8>>,
) {
    let mut deframer = Deframer::default();
    let mut chunk = vec![0; CHUNK_BYTES];
    loop {
        let n = match input.read(&mut chunk).await {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                eprintln!("levls: reading the client's messages failed: {e}");
                break;
            }
        };
        deframer.feed(&chunk[..n]);
        while let Some(event) = deframer.next_event() {
            let refused = match event {
                Event::Body(body) => match message::check(&body) {
                    Ok(checked) => {
                        if to_inner.write_all(&frame(&checked)).await.is_err() {
                            return; // the inner server has stopped
                        }
                        continue;
                    }
                    Err(refusal) => {
                        deframer.refused_last();
                        refusal
                    }
                },
                Event::Dropped(refusal) => refusal,
            };
            refuse(&refused, &frames).await;
        }
    }
    if let Some(why) = deframer.unfinished() {
        eprintln!("levls: {why}");
    }
}

/// Answer (when JSON-RPC asks for an answer) and log a dropped message: on
/// stderr, and to the editor's log (`window/logMessage`, allowed at any time).
async fn refuse(refused: &Refusal, frames: &mpsc::Sender<Vec<u8>>) {
    let line = format!("dropped a message ({}): {}", refused.code, refused.why);
    eprintln!("levls: {line}");
    if refused.answer {
        let _ = frames.send(refused.reply()).await;
    }
    let log = serde_json::json!({
        "jsonrpc": "2.0",
        "method": "window/logMessage",
        "params": { "type": 2, "message": format!("levls: {line}") },
    });
    let _ = frames
        .send(frame(&serde_json::to_vec(&log).expect("JSON serialises")))
        .await;
}

/// Pass the inner server's frames on whole. It writes `Content-Length: N`,
/// a blank line and the body, always.
async fn relay(mut from_inner: DuplexStream, frames: mpsc::Sender<Vec<u8>>) {
    let mut deframer = Deframer::unlimited();
    let mut chunk = vec![0; CHUNK_BYTES];
    while let Ok(n @ 1..) = from_inner.read(&mut chunk).await {
        deframer.feed(&chunk[..n]);
        while let Some(event) = deframer.next_event() {
            match event {
                Event::Body(body) => {
                    if frames.send(frame(&body)).await.is_err() {
                        return;
                    }
                }
                Event::Dropped(refusal) => {
                    eprintln!(
                        "levls: internal error: the server wrote a broken frame: {}",
                        refusal.why
                    )
                }
            }
        }
    }
}

/// Write the queued frames until every sender is gone.
async fn write<O: AsyncWrite>(output: O, mut queued: mpsc::Receiver<Vec<u8>>) {
    tokio::pin!(output);
    while let Some(frame) = queued.recv().await {
        let written = async {
            output.write_all(&frame).await?;
            // Flush only when nothing else is waiting: one system call for a burst.
            if queued.is_empty() {
                output.flush().await?;
            }
            std::io::Result::Ok(())
        };
        if let Err(e) = written.await {
            eprintln!("levls: writing to the client failed: {e}");
            return;
        }
    }
    let _ = output.flush().await;
}

/// `body` with its `Content-Length` header.
fn frame(body: &[u8]) -> Vec<u8> {
    let mut framed = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    framed.extend_from_slice(body);
    framed
}
