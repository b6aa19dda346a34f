//! The `record` target: see `nimlab_fuzz::record`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::record(data));
