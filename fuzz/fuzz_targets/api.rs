//! The `api` target: see `nimlab_fuzz::api`.
#![no_main]

// The server counts each request's memory with this allocator, as `nimlab serve` does.
#[global_allocator]
static ALLOCATOR: nimlab_web::memory::Counting = nimlab_web::memory::Counting::SYSTEM;

libfuzzer_sys::fuzz_target!(|data: &[u8]| nimlab_fuzz::api(data));
