//! Where a request's computation runs: two cost classes, the memory each may use,
//! and the end of the work.
//!
//! Nobody can tell a question's cost before computing it (misère Kayles `30 40` is
//! instant, misère `kayles + nim` of the same size is a second of search), so cost
//! classes are found by trying, as a multilevel feedback queue does:
//!
//! - **Quick lane.** Every request first runs on one of [`Lanes::quick_workers`]
//!   threads with a short budget: [`Limits::quick_time`] of time and
//!   [`Limits::quick_memory`] of memory. Most questions are answered there in
//!   milliseconds.
//! - **Long lane.** A computation that meets the quick lane's time or memory bound is
//!   abandoned (its answer, which may be partial, is dropped) and runs again from the
//!   start on one of [`Limits::long_workers`] threads with the request's whole
//!   deadline and [`Limits::long_memory`]. At most [`Limits::long_queue`] requests wait
//!   for those threads; beyond, the answer is a JSON 503 at once. The long lane's
//!   threads run at a lower CPU priority (nice 10 on Linux), so the quick lane's
//!   requests keep their share of the processors. A request demoted once is
//!   remembered (by a hash of its path and body) and goes straight to the long lane
//!   next time, so repeated expensive questions do not occupy the quick lane.
//!
//! Expensive requests thus wait for each other, never in front of cheap ones.
//!
//! **Memory.** Each computation runs with a memory budget (the core's table entries)
//! and an [`Account`] of what its thread really allocates, both set to its lane's
//! bound; an account past its bound raises the computation's cancel flag. Before a
//! computation starts, its bound is reserved from the process's: it starts only if
//! the bytes live in the process ([`memory::live_bytes`]) plus what the computations
//! in flight may still add plus its own bound fit [`Limits::process_memory`];
//! otherwise it waits for memory until its deadline, then is refused with a JSON 503.
//! After a computation that allocated much, the allocator is trimmed
//! ([`memory::trim`]) and the cache of built games is brought back within its bound.
//!
//! **The end of the work.** Every budget stops at the request's deadline (counted
//! from its arrival, so waiting spends it too), and at its cancel flag, which is also
//! raised when the request is dropped (the client went away): work never outlives
//! its request by more than one budget check.

use crate::memory::{self, Account};
use nimlab_core::error::MEMORY_BUDGET;
use nimlab_core::{Budget, Error};
use std::collections::{HashSet, VecDeque};
use std::hash::{Hash, Hasher};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore, oneshot};

/// The bounds of the two lanes and of the process's memory.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Computations in the quick lane at once.
    pub quick_workers: usize,
    /// How long a computation may run in the quick lane before it is moved to the
    /// long lane.
    pub quick_time: Duration,
    /// Bytes one computation may allocate in the quick lane.
    pub quick_memory: usize,
    /// Computations in the long lane at once.
    pub long_workers: usize,
    /// Requests that may wait for a long-lane thread; more are refused.
    pub long_queue: usize,
    /// Bytes one computation may allocate in the long lane.
    pub long_memory: usize,
    /// Bytes live in the whole process beyond which no computation starts.
    pub process_memory: usize,
    /// The deadline of a request's work, from its arrival.
    pub request_time: Duration,
}

impl Default for Limits {
    /// The server's limits: see the crate's documentation for the memory they add
    /// up to.
    fn default() -> Self {
        Limits {
            quick_workers: crate::WORKERS,
            quick_time: Duration::from_millis(100),
            quick_memory: 16 << 20,
            long_workers: 2,
            long_queue: 6,
            long_memory: 96 << 20,
            process_memory: 400 << 20,
            request_time: Duration::from_secs(crate::REQUEST_SECONDS),
        }
    }
}

/// A computation: the JSON answer, or the core's error. It may be run twice (first
/// in the quick lane, then in the long lane), so it is `Fn`.
pub(crate) type Work = Arc<dyn Fn(&Budget) -> Result<Vec<u8>, Error> + Send + Sync>;

/// How a request ended, for the handler to answer.
pub(crate) enum Answer {
    /// The JSON answer.
    Json(Vec<u8>),
    /// The core's error.
    Failed(Error),
    /// The server refused or gave up: the status's reason and a message (503).
    Busy(&'static str, String),
    /// The work panicked (a bug).
    Panicked,
}

/// What one run of a computation gave.
struct Outcome {
    result: Result<Result<Vec<u8>, Error>, ()>,
    finished: Instant,
    held: u64,
    over_memory: bool,
}

/// A job for the long lane's threads.
type Job = Box<dyn FnOnce() + Send>;

/// The two lanes, the memory in flight, and the requests known to be long.
pub(crate) struct Lanes {
    limits: Limits,
    quick: Semaphore,
    long_places: Arc<Semaphore>,
    long_jobs: Mutex<mpsc::Sender<Job>>,
    in_flight: Mutex<Vec<Reservation>>,
    freed: Notify,
    known_long: Mutex<Recent>,
}

/// Memory reserved for a computation in flight: its account, whose limit is the
/// reservation and whose use is already among the process's live bytes.
struct Reservation {
    id: u64,
    account: Account,
}

/// The most requests remembered as long.
const REMEMBERED: usize = 4096;

/// A bounded set of request hashes, oldest forgotten first.
#[derive(Default)]
struct Recent {
    set: HashSet<u64>,
    order: VecDeque<u64>,
}

impl Recent {
    fn insert(&mut self, key: u64) {
        if self.set.insert(key) {
            self.order.push_back(key);
            if self.order.len() > REMEMBERED {
                let oldest = self.order.pop_front().expect("not empty");
                self.set.remove(&oldest);
            }
        }
    }
}

/// The key a request is remembered by: its path and body.
pub(crate) fn request_key(path: &str, body: &[u8]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    path.hash(&mut hasher);
    body.hash(&mut hasher);
    hasher.finish()
}

/// Raises the flag of the run in progress when the request is dropped before its
/// answer (the client went away), so its work stops.
struct StopOnDrop {
    current: Arc<Mutex<Option<Arc<AtomicBool>>>>,
    answered: bool,
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if !self.answered
            && let Some(flag) = self
                .current
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .as_ref()
        {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Lanes {
    /// Lanes with these limits; the long lane's threads start now and end when the
    /// lanes are dropped.
    pub(crate) fn new(limits: Limits) -> Lanes {
        let (sender, receiver) = mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..limits.long_workers {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("nimlab-long-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = receiver.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })
                .expect("a thread for the long lane");
        }
        Lanes {
            quick: Semaphore::new(limits.quick_workers),
            long_places: Arc::new(Semaphore::new(limits.long_workers + limits.long_queue)),
            long_jobs: Mutex::new(sender),
            in_flight: Mutex::new(Vec::new()),
            freed: Notify::new(),
            known_long: Mutex::new(Recent::default()),
            limits,
        }
    }

    /// Run `work` for a request that arrived at `arrival` and is known by `key` (see
    /// [`request_key`]): in the quick lane, then if need be in the long lane.
    pub(crate) async fn run(&self, key: u64, arrival: Instant, work: Work) -> Answer {
        let deadline = arrival + self.limits.request_time;
        let mut stop = StopOnDrop {
            current: Arc::new(Mutex::new(None)),
            answered: false,
        };
        let known_long = self
            .known_long
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .set
            .contains(&key);
        if !known_long {
            let Ok(Ok(_turn)) =
                tokio::time::timeout_at(deadline.into(), self.quick.acquire()).await
            else {
                return busy("no worker was free before this request's deadline");
            };
            let probe_end = (Instant::now() + self.limits.quick_time).min(deadline);
            let outcome = match self
                .start(&work, probe_end, self.limits.quick_memory, deadline, &stop)
                .await
            {
                Ok(outcome) => outcome,
                Err(answer) => return answer,
            };
            let quick_words = (self.limits.quick_memory / 8) as u64;
            let out_of_memory = matches!(
                &outcome.result,
                Ok(Err(Error::TooLarge(too_large))) if too_large.limit == MEMORY_BUDGET
            );
            let cut_short = (outcome.finished >= probe_end && probe_end < deadline)
                || outcome.held > quick_words
                || out_of_memory
                || outcome.over_memory;
            if !cut_short {
                stop.answered = true;
                return finish(outcome, self.limits.quick_memory);
            }
            self.known_long
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(key);
        }
        // The long lane: a place in its queue, or a refusal at once.
        let Ok(place) = self.long_places.clone().try_acquire_owned() else {
            return busy("too many long computations are waiting; this request would take long");
        };
        let answer = self.run_long(work, deadline, place, &stop).await;
        stop.answered = true;
        answer
    }

    /// Run `work` on a long-lane thread, within `deadline` and the long lane's memory.
    async fn run_long(
        &self,
        work: Work,
        deadline: Instant,
        place: OwnedSemaphorePermit,
        stop: &StopOnDrop,
    ) -> Answer {
        let bound = self.limits.long_memory;
        let Some((id, flag, account)) = self.reserve(bound, deadline).await else {
            return short_of_memory();
        };
        *stop.current.lock().unwrap_or_else(|p| p.into_inner()) = Some(flag.clone());
        let (sender, receiver) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _place = place;
            let outcome = run_once(&work, deadline, bound, flag, &account);
            let _ = sender.send(outcome);
        });
        if self
            .long_jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(job)
            .is_err()
        {
            self.release(id);
            return Answer::Panicked;
        }
        let late = deadline + Duration::from_secs(crate::LATE_SECONDS);
        let outcome = tokio::time::timeout_at(late.into(), receiver).await;
        self.release(id);
        match outcome {
            Ok(Ok(outcome)) => finish(outcome, bound),
            Ok(Err(_)) => Answer::Panicked,
            Err(_) => busy_late(),
        }
    }

    /// Run `work` on a blocking thread of the quick lane: within `probe_end` and
    /// `bound` bytes, with `deadline` as the request's.
    async fn start(
        &self,
        work: &Work,
        probe_end: Instant,
        bound: usize,
        deadline: Instant,
        stop: &StopOnDrop,
    ) -> Result<Outcome, Answer> {
        let Some((id, flag, account)) = self.reserve(bound, deadline).await else {
            return Err(short_of_memory());
        };
        *stop.current.lock().unwrap_or_else(|p| p.into_inner()) = Some(flag.clone());
        let work = work.clone();
        let run =
            tokio::task::spawn_blocking(move || run_once(&work, probe_end, bound, flag, &account));
        let late = deadline + Duration::from_secs(crate::LATE_SECONDS);
        let outcome = tokio::time::timeout_at(late.into(), run).await;
        self.release(id);
        match outcome {
            Ok(Ok(outcome)) => Ok(outcome),
            Ok(Err(_)) => Err(Answer::Panicked),
            Err(_) => Err(busy_late()),
        }
    }

    /// Reserve `bound` bytes for a computation, waiting until `deadline` for memory
    /// to be freed: its id, cancel flag and account, or `None` if the memory never
    /// came.
    ///
    /// The bytes live in the process already include what the computations in
    /// flight use, so each of them counts only for what it may still add.
    async fn reserve(
        &self,
        bound: usize,
        deadline: Instant,
    ) -> Option<(u64, Arc<AtomicBool>, Account)> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        let mut trimmed = false;
        loop {
            let freed = self.freed.notified();
            {
                let mut in_flight = self.in_flight.lock().unwrap_or_else(|p| p.into_inner());
                let still_to_come: usize = in_flight
                    .iter()
                    .map(|r| r.account.limit().saturating_sub(r.account.used()))
                    .sum();
                if memory::live_bytes() + still_to_come + bound <= self.limits.process_memory {
                    let flag = Arc::new(AtomicBool::new(false));
                    let account = Account::new(bound, flag.clone());
                    in_flight.push(Reservation {
                        id,
                        account: account.clone(),
                    });
                    return Some((id, flag, account));
                }
            }
            if !trimmed {
                // Memory kept by the cache of built games or by the allocator may be
                // what stands in the way.
                nimlab_core::registry::trim_cache();
                memory::trim();
                trimmed = true;
                continue;
            }
            let wait = tokio::time::timeout_at(deadline.into(), freed);
            if wait.await.is_err() {
                return None;
            }
        }
    }

    /// Give back the memory reserved for computation `id`.
    fn release(&self, id: u64) {
        self.in_flight
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|r| r.id != id);
        self.freed.notify_waiters();
    }
}

/// Run `work` on this thread once, within `end` and `bound` bytes (of the core's
/// count and of `account`), stopping when `flag` is raised; then bring the cache
/// back within its bound and trim the allocator if the work allocated much.
fn run_once(
    work: &Work,
    end: Instant,
    bound: usize,
    flag: Arc<AtomicBool>,
    account: &Account,
) -> Outcome {
    let budget = Budget::unlimited()
        .with_memory((bound / 8) as u64)
        .with_deadline(end)
        .with_cancel(flag);
    let entered = account.enter();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(&budget))).map_err(|_| ());
    let finished = Instant::now();
    drop(entered);
    // Tables that grew inside the cache of built games count against its bound
    // from now on.
    nimlab_core::registry::trim_cache();
    if account.peak() >= TRIM_AFTER {
        memory::trim();
    }
    Outcome {
        result,
        finished,
        held: budget.held(),
        over_memory: account.over(),
    }
}

/// Computations that allocated at least this much at once are followed by a trim of
/// the allocator.
const TRIM_AFTER: usize = 4 << 20;

/// The answer for an outcome of a computation whose memory bound was `bound` bytes.
fn finish(outcome: Outcome, bound: usize) -> Answer {
    match outcome.result {
        Err(()) => Answer::Panicked,
        Ok(_) if outcome.over_memory => {
            Answer::Failed(Error::TooLarge(nimlab_core::error::TooLarge {
                limit: "memory of one web request",
                max: bound as u64,
                needed: None,
                message: format!(
                    "this question needs more than the {} MiB of memory the server gives one request \
                 (the command line has no such bound)",
                    bound >> 20
                ),
            }))
        }
        Ok(Ok(json)) => Answer::Json(json),
        Ok(Err(error)) => Answer::Failed(error),
    }
}

fn busy(why: &str) -> Answer {
    Answer::Busy("busy", format!("the server is busy: {why}; try again"))
}

fn short_of_memory() -> Answer {
    Answer::Busy(
        "busy",
        "the server is busy: not enough memory was free before this request's deadline; try again"
            .to_string(),
    )
}

fn busy_late() -> Answer {
    Answer::Busy(
        "out-of-time",
        "the work for this request did not stop at its deadline (a bug; please report it)"
            .to_string(),
    )
}

/// Lower the calling thread's CPU priority (nice 10), so that the long lane yields
/// the processors to the quick lane. Linux keeps a nice value per thread; elsewhere
/// this does nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority and gettid only read their arguments.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 10);
    }
}
