//! The `census` target: see `nimlab_fuzz::census`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::census(data));
