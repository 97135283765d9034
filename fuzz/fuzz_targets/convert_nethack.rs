#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| levls_fuzz::convert_nethack(data));
