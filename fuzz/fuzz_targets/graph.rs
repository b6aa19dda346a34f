//! The `graph` target: see `nimlab_fuzz::graph`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::graph(data));
