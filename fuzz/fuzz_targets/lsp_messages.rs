#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| levls_fuzz::serve_bytes(levls_fuzz::lsp_stream(data)));
