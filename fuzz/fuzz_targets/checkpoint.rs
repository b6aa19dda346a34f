//! The `checkpoint` target: see `nimlab_fuzz::checkpoint`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::checkpoint(data));
