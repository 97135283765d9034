#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| levls_fuzz::exercise(&levls::formats::nethack::NetHack, data));
