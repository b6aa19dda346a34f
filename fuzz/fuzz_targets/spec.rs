//! The `spec` target: see `nimlab_fuzz::spec`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::spec(data));
