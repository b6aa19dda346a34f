//! The memory a request really allocates, and the memory the process keeps.
//!
//! The core counts the memory of its tables and searches in *table entries*
//! ([`nimlab_core::Budget::hold`]), which is an estimate made where the tables grow.
//! Some allocations are not counted there (a graph sent with a request, the index
//! of a table, a parsed position, the report's text), so the server also measures
//! what each computation really allocates: [`Counting`] is a global allocator that
//! adds every allocation and deallocation made on a thread to that thread's
//! [`Account`], if it has entered one. When an account passes its limit it raises its
//! computation's cancel flag, so the core's next budget check stops the work (the
//! answer then names the memory limit). Nothing fails inside the allocator: an
//! allocation beyond a limit still succeeds, and the work stops within one budget
//! check of it.
//!
//! The allocator only counts when the binary installs it:
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: nimlab_web::memory::Counting = nimlab_web::memory::Counting::SYSTEM;
//! ```
//!
//! Without it accounts stay at zero and only the core's counts bound a request
//! ([`installed`] tells which).
//!
//! Freed memory is given back to the operating system by [`trim`] (glibc keeps freed
//! memory in its arenas, one per thread that allocated, until asked), so that the
//! resident memory follows what is live.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize, Ordering};

/// A global allocator over the system's that counts live bytes: the whole process's
/// ([`live_bytes`]) and each entered [`Account`]'s.
pub struct Counting {
    inner: System,
}

impl Counting {
    /// Counting over [`System`], the allocator Rust uses by default.
    pub const SYSTEM: Counting = Counting { inner: System };
}

/// Bytes allocated through [`Counting`] and not yet freed, in the whole process.
static LIVE: AtomicUsize = AtomicUsize::new(0);
/// Whether [`Counting`] has served an allocation (it is the global allocator).
static INSTALLED: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// The account this thread's allocations are counted to, if it entered one. A
    /// `const` thread-local without a destructor, so the allocator can read it at any
    /// time, thread exit included, without allocating.
    static CURRENT: Cell<*const AccountState> = const { Cell::new(std::ptr::null()) };
}

/// What an account counts. It lives in an `Arc` that the [`Entered`] guard keeps
/// alive for as long as the thread-local points at it.
struct AccountState {
    /// Bytes allocated minus bytes freed by the threads that entered the account.
    net: AtomicI64,
    /// The most `net` reached.
    peak: AtomicI64,
    limit: i64,
    over: AtomicBool,
    cancel: Arc<AtomicBool>,
}

impl AccountState {
    #[inline]
    fn add(&self, bytes: usize) {
        let net = self.net.fetch_add(bytes as i64, Ordering::Relaxed) + bytes as i64;
        if net > self.peak.load(Ordering::Relaxed) {
            self.peak.store(net, Ordering::Relaxed);
            if net > self.limit && !self.over.swap(true, Ordering::Relaxed) {
                self.cancel.store(true, Ordering::Relaxed);
            }
        }
    }

    #[inline]
    fn sub(&self, bytes: usize) {
        self.net.fetch_sub(bytes as i64, Ordering::Relaxed);
    }
}

#[inline]
fn on_alloc(bytes: usize) {
    LIVE.fetch_add(bytes, Ordering::Relaxed);
    let _ = CURRENT.try_with(|current| {
        let account = current.get();
        if !account.is_null() {
            // SAFETY: the pointer is set by `Account::enter` from an `Arc` that the
            // `Entered` guard keeps alive, and reset when the guard is dropped.
            unsafe { (*account).add(bytes) }
        }
    });
}

#[inline]
fn on_dealloc(bytes: usize) {
    LIVE.fetch_sub(bytes, Ordering::Relaxed);
    let _ = CURRENT.try_with(|current| {
        let account = current.get();
        if !account.is_null() {
            // SAFETY: as in `on_alloc`.
            unsafe { (*account).sub(bytes) }
        }
    });
}

// SAFETY: every call is forwarded to `System` unchanged; the counting around it
// neither allocates nor unwinds.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let pointer = unsafe { self.inner.alloc(layout) };
        if !pointer.is_null() {
            INSTALLED.store(true, Ordering::Relaxed);
            on_alloc(layout.size());
        }
        pointer
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: forwarded with the caller's layout.
        let pointer = unsafe { self.inner.alloc_zeroed(layout) };
        if !pointer.is_null() {
            INSTALLED.store(true, Ordering::Relaxed);
            on_alloc(layout.size());
        }
        pointer
    }

    unsafe fn dealloc(&self, pointer: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's pointer and layout.
        unsafe { self.inner.dealloc(pointer, layout) };
        on_dealloc(layout.size());
    }

    unsafe fn realloc(&self, pointer: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: forwarded with the caller's pointer, layout and size.
        let moved = unsafe { self.inner.realloc(pointer, layout, new_size) };
        if !moved.is_null() {
            on_dealloc(layout.size());
            on_alloc(new_size);
        }
        moved
    }
}

/// Whether [`Counting`] is the process's global allocator (it has served an
/// allocation). Without it [`live_bytes`] and every account stay at zero.
pub fn installed() -> bool {
    INSTALLED.load(Ordering::Relaxed)
}

/// Bytes allocated and not yet freed in the whole process (0 unless [`installed`]).
pub fn live_bytes() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// What a computation really allocates: the allocations and deallocations made on
/// the threads that [`enter`](Account::enter) it, with a limit. Past the limit the
/// account raises its cancel flag (once) and remembers it.
///
/// A server makes one per computation, reads [`used`](Account::used) from any
/// thread while the computation runs on another, and enters it on the thread that
/// runs the computation.
#[derive(Clone)]
pub struct Account {
    state: Arc<AccountState>,
}

impl Account {
    /// An account of at most `limit` bytes live at once, which raises `cancel` past it.
    pub fn new(limit: usize, cancel: Arc<AtomicBool>) -> Account {
        Account {
            state: Arc::new(AccountState {
                net: AtomicI64::new(0),
                peak: AtomicI64::new(0),
                limit: i64::try_from(limit).unwrap_or(i64::MAX),
                over: AtomicBool::new(false),
                cancel,
            }),
        }
    }

    /// Count this thread's allocations to the account until the guard is dropped (on
    /// this thread). Entering replaces the thread's current account, which the guard
    /// restores.
    pub fn enter(&self) -> Entered<'_> {
        let previous = CURRENT.with(|current| current.replace(Arc::as_ptr(&self.state)));
        Entered {
            _account: self,
            previous,
        }
    }

    /// Bytes live on the account now: allocated by its threads, less what they freed
    /// (0 if they freed more than they allocated).
    pub fn used(&self) -> usize {
        self.state.net.load(Ordering::Relaxed).max(0) as usize
    }

    /// The account's limit, in bytes.
    pub fn limit(&self) -> usize {
        self.state.limit.max(0) as usize
    }

    /// The most bytes that were live on the account at once.
    pub fn peak(&self) -> usize {
        self.state.peak.load(Ordering::Relaxed).max(0) as usize
    }

    /// Whether the account passed its limit (and so raised its cancel flag).
    pub fn over(&self) -> bool {
        self.state.over.load(Ordering::Relaxed)
    }
}

/// A thread counting to an [`Account`]; dropping it stops the counting.
pub struct Entered<'a> {
    /// Keeps the account's state alive while the thread-local points at it.
    _account: &'a Account,
    previous: *const AccountState,
}

impl Drop for Entered<'_> {
    fn drop(&mut self) {
        CURRENT.with(|current| current.set(self.previous));
    }
}

/// Allocations of at least this many bytes get pages of their own from the system
/// (glibc's `M_MMAP_THRESHOLD`), which go back to it when freed.
pub const OWN_PAGES_FROM: usize = 256 << 10;

/// Set the allocator up for a server whose resident memory must follow what is
/// live: every allocation of [`OWN_PAGES_FROM`] bytes or more gets pages of its own.
///
/// glibc raises that threshold by itself, up to 32 MiB, each time such a block is
/// freed; the tables of later requests then come from its arenas (one per thread
/// that allocated), where a few small blocks left live keep whole stretches of freed
/// table resident, which [`trim`] cannot give back. Measured on 100 period
/// questions about large subtraction games: 178 MB resident for 66 MB live with
/// glibc's default (and still 178 MB after a `malloc_trim` by hand), 76 MB with the
/// threshold fixed here. mimalloc (0.1, its defaults) in place of glibc kept more:
/// 282 MB after the same questions, 272 MB after all of `load/memory.py`'s cases at
/// once (peak 368 MB) against 39 MB (peak 162 MB), since it keeps freed pages for
/// reuse; so the server keeps the system's allocator. Elsewhere than glibc this does
/// nothing.
///
/// It also keeps glibc to [`ARENAS`] arenas. glibc gives each thread that allocates
/// an arena of its own, up to eight per processor, and reserves 64 MiB of address
/// space for each: a server whose address space is capped (`prlimit --as`, a
/// container's limit) then failed a 32 MiB allocation with 290 MB resident, its
/// address space taken by arenas. Measured at start: 430 MB of address space with
/// seven threads before, 125 MB with two arenas.
pub fn tune() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets one of glibc's malloc parameters.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_PAGES_FROM as libc::c_int);
        libc::mallopt(libc::M_ARENA_MAX, ARENAS as libc::c_int);
    }
}

/// The most arenas glibc keeps (see [`tune`]): the computations' threads share them.
pub const ARENAS: usize = 2;

/// Give memory that is free in the allocator back to the operating system, so that
/// the resident memory falls to what is live. glibc's `malloc_trim(0)` releases the
/// free pages of every arena (each thread that allocated may have its own, and
/// glibc gives back only the top of an arena by itself); elsewhere this does
/// nothing. It takes a few milliseconds on a heap of hundreds of megabytes, so the
/// server calls it after work that allocated much, not after every request.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks glibc's own arenas under their locks.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The process's resident memory (VmRSS) and its peak (VmHWM), in bytes, where the
/// system tells them (Linux's /proc/self/status); `None` elsewhere.
pub fn resident() -> Option<(u64, u64)> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = status.lines().find(|line| line.starts_with(name))?;
        let kb: u64 = line[name.len()..]
            .trim()
            .trim_end_matches("kB")
            .trim()
            .parse()
            .ok()?;
        Some(kb * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}
