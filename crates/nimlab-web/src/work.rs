//! Where a request's computation runs: two cost classes, the memory each may use,
//! and the end of the work.
//!
//! Nobody can tell a question's cost before computing it (misère Kayles `30 40` is
//! instant, misère `kayles + nim` of the same size is a second of search), so cost
//! classes are found by trying, as a multilevel feedback queue does:
//!
//! - **Quick lane.** Every request first runs on one of [`Limits::quick_workers`]
//!   threads with a short budget: [`Limits::quick_time`] of processor time (the
//!   thread's own, so that waiting for a processor on a busy machine does not count)
//!   and [`Limits::quick_memory`] of memory. Most questions are answered there in
//!   milliseconds.
//! - **Long lane.** A computation that meets the quick lane's time or memory bound is
//!   abandoned (its answer, which may be partial, is dropped) and runs again from the
//!   start on one of [`Limits::long_workers`] threads with the request's whole
//!   deadline and [`Limits::long_memory`]. At most [`Limits::long_queue`] requests wait
//!   for those threads; beyond, the answer is a JSON 503 at once. The long lane's
//!   threads run at the lowest CPU priority (nice 19 on Linux), so the quick lane's
//!   requests keep their share of the processors.
//! - **Classes remembered.** A request's class is remembered by a hash of its path
//!   and body: one found long goes straight to the long lane next time. While a
//!   request of unknown class is tried, identical requests wait for its verdict, so
//!   forty clients asking the same expensive question occupy the quick lane once,
//!   not forty times.
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
use std::collections::{HashMap, VecDeque};
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
    /// The processor time a computation may use in the quick lane before it is
    /// moved to the long lane.
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
            process_memory: 352 << 20,
            request_time: Duration::from_secs(nimlab_core::limits::WEB_REQUEST_TIME.value),
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
    /// Whether the stopwatch stopped it (its answer may then be partial).
    cut: bool,
    held: u64,
    over_memory: bool,
}

/// A job for the long lane's threads.
type Job = Box<dyn FnOnce() + Send>;

/// The two lanes, the memory in flight, and the requests known to be long.
pub(crate) struct Lanes {
    limits: Limits,
    quick: Semaphore,
    /// Places in the long lane: its threads and its queue.
    long_places: Arc<Semaphore>,
    /// The long lane's threads, one permit each.
    long_running: Arc<Semaphore>,
    long_jobs: Mutex<mpsc::Sender<Job>>,
    in_flight: Mutex<Vec<Reservation>>,
    freed: Notify,
    classes: Mutex<Recent>,
    /// Requests of unknown class being tried in the quick lane, by hash: identical
    /// requests wait for the first one's verdict instead of each trying.
    trials: Mutex<HashMap<u64, Arc<tokio::sync::Mutex<()>>>>,
    stopwatch: Arc<Stopwatch>,
}

/// Memory reserved for a computation in flight: its account, whose limit is the
/// reservation and whose use is already among the process's live bytes.
struct Reservation {
    id: u64,
    account: Account,
}

/// The most requests whose class is remembered.
const REMEMBERED: usize = 4096;

/// The cost class a request was found in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Answered within the quick lane's bounds.
    Quick,
    /// Moved to the long lane.
    Long,
}

/// The classes of recent requests, by hash, the oldest forgotten first.
#[derive(Default)]
struct Recent {
    classes: HashMap<u64, Class>,
    order: VecDeque<u64>,
}

impl Recent {
    fn get(&self, key: u64) -> Option<Class> {
        self.classes.get(&key).copied()
    }

    fn insert(&mut self, key: u64, class: Class) {
        if self.classes.insert(key, class).is_none() {
            self.order.push_back(key);
            if self.order.len() > REMEMBERED {
                let oldest = self.order.pop_front().expect("not empty");
                self.classes.remove(&oldest);
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
            stopwatch: Stopwatch::start(),
            quick: Semaphore::new(limits.quick_workers),
            long_places: Arc::new(Semaphore::new(limits.long_workers + limits.long_queue)),
            long_running: Arc::new(Semaphore::new(limits.long_workers)),
            long_jobs: Mutex::new(sender),
            in_flight: Mutex::new(Vec::new()),
            freed: Notify::new(),
            classes: Mutex::new(Recent::default()),
            trials: Mutex::new(HashMap::new()),
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
        // A request of unknown class is tried once at a time: identical requests
        // wait for the trial's verdict (so that forty identical expensive questions
        // do not fill the quick lane at once), then follow it.
        let mut trial = None;
        if self.class(key).is_none() {
            let gate = self
                .trials
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .entry(key)
                .or_default()
                .clone();
            let Ok(held) =
                tokio::time::timeout_at(deadline.into(), gate.clone().lock_owned()).await
            else {
                return busy("an identical request was being tried until this one's deadline");
            };
            let tried = Trial {
                lanes: self,
                key,
                gate,
                _held: held,
            };
            // Another request may have been tried meanwhile: then its verdict holds.
            if self.class(key).is_none() {
                trial = Some(tried);
            }
        }
        if self.class(key) != Some(Class::Long) {
            let Ok(Ok(_turn)) =
                tokio::time::timeout_at(deadline.into(), self.quick.acquire()).await
            else {
                return busy("no worker was free before this request's deadline");
            };
            let outcome = match self
                .start(&work, self.limits.quick_memory, deadline, &stop)
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
            let cut_short =
                outcome.cut || outcome.held > quick_words || out_of_memory || outcome.over_memory;
            self.classify(key, if cut_short { Class::Long } else { Class::Quick });
            drop(trial.take());
            if !cut_short {
                stop.answered = true;
                return finish(outcome, self.limits.quick_memory);
            }
        }
        drop(trial.take());
        // The long lane: a place in its queue, or a refusal at once.
        let Ok(place) = self.long_places.clone().try_acquire_owned() else {
            return busy("too many long computations are waiting; this request would take long");
        };
        let answer = self.run_long(work, deadline, place, &stop).await;
        stop.answered = true;
        answer
    }

    /// The class `key` was found in, if it is remembered.
    fn class(&self, key: u64) -> Option<Class> {
        self.classes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(key)
    }

    /// Remember that `key` was found in `class`.
    fn classify(&self, key: u64, class: Class) {
        self.classes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(key, class);
    }

    /// Run `work` on a long-lane thread, within `deadline` and the long lane's memory:
    /// wait for a thread (holding `place` in the queue), then for the memory, then
    /// run. A request whose deadline passes or whose client goes away while it waits
    /// is not run.
    async fn run_long(
        &self,
        work: Work,
        deadline: Instant,
        place: OwnedSemaphorePermit,
        stop: &StopOnDrop,
    ) -> Answer {
        let Ok(Ok(thread)) =
            tokio::time::timeout_at(deadline.into(), self.long_running.clone().acquire_owned())
                .await
        else {
            return Answer::Failed(Error::OutOfTime(
                "this request waited for a thread for long computations until its deadline"
                    .to_string(),
            ));
        };
        let bound = self.limits.long_memory;
        let Some((id, flag, account)) = self.reserve(bound, deadline).await else {
            return short_of_memory();
        };
        *stop.current.lock().unwrap_or_else(|p| p.into_inner()) = Some(flag.clone());
        let (sender, receiver) = oneshot::channel();
        // The job holds its thread's permit: at most `long_workers` jobs are sent, so
        // a thread takes it at once.
        let job: Job = Box::new(move || {
            let _held = (place, thread);
            let outcome = run_once(&work, deadline, bound, flag, &account, None);
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

    /// Run `work` on a blocking thread of the quick lane: within the quick lane's
    /// processor time and `bound` bytes, and the request's `deadline`.
    async fn start(
        &self,
        work: &Work,
        bound: usize,
        deadline: Instant,
        stop: &StopOnDrop,
    ) -> Result<Outcome, Answer> {
        let Some((id, flag, account)) = self.reserve(bound, deadline).await else {
            return Err(short_of_memory());
        };
        *stop.current.lock().unwrap_or_else(|p| p.into_inner()) = Some(flag.clone());
        let work = work.clone();
        let stopwatch = (self.stopwatch.clone(), self.limits.quick_time);
        let run = tokio::task::spawn_blocking(move || {
            run_once(&work, deadline, bound, flag, &account, Some(stopwatch))
        });
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

/// A request trying its class, holding the gate that identical requests wait at.
/// When it ends, the gate is forgotten if no one else holds it.
struct Trial<'a> {
    lanes: &'a Lanes,
    key: u64,
    gate: Arc<tokio::sync::Mutex<()>>,
    _held: tokio::sync::OwnedMutexGuard<()>,
}

impl Drop for Trial<'_> {
    fn drop(&mut self) {
        let mut trials = self.lanes.trials.lock().unwrap_or_else(|p| p.into_inner());
        // Two references: the map's and this trial's (the guard holds a third while
        // it lives, and waiters one each).
        if let Some(gate) = trials.get(&self.key)
            && Arc::ptr_eq(gate, &self.gate)
            && Arc::strong_count(&self.gate) <= 3
        {
            trials.remove(&self.key);
        }
    }
}

/// Run `work` on this thread once, within `deadline` and `bound` bytes (of the core's
/// count and of `account`), stopping when `flag` is raised, and if `timed` is given
/// within that much processor time of this thread (measured by the stopwatch); then
/// bring the cache back within its bound and trim the allocator if the work
/// allocated much.
fn run_once(
    work: &Work,
    deadline: Instant,
    bound: usize,
    flag: Arc<AtomicBool>,
    account: &Account,
    timed: Option<(Arc<Stopwatch>, Duration)>,
) -> Outcome {
    let budget = Budget::unlimited()
        .with_memory((bound / 8) as u64)
        .with_deadline(deadline)
        .with_cancel(flag.clone());
    let cut = Arc::new(AtomicBool::new(false));
    let timing = timed.map(|(stopwatch, limit)| {
        let id = stopwatch.time(limit, flag, cut.clone());
        (stopwatch, id)
    });
    let entered = account.enter();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| work(&budget))).map_err(|_| ());
    drop(entered);
    if let Some((stopwatch, id)) = timing {
        stopwatch.stop(id);
    }
    // Tables that grew inside the cache of built games count against its bound
    // from now on.
    nimlab_core::registry::trim_cache();
    if account.peak() >= TRIM_AFTER {
        memory::trim();
    }
    Outcome {
        result,
        cut: cut.load(Ordering::Relaxed),
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

/// Times the quick lane's computations by the processor time of their threads: a
/// thread waiting for a processor (the machine is busy) is not charged, so a cheap
/// question is never taken for an expensive one because of load.
///
/// One thread looks at the computations being timed every [`TICK`] (and sleeps
/// while there are none), and raises the flags of those past their time.
struct Stopwatch {
    timed: Mutex<Vec<Timed>>,
    started: std::sync::Condvar,
}

/// One computation being timed.
struct Timed {
    id: u64,
    clock: CpuClock,
    limit: Duration,
    flag: Arc<AtomicBool>,
    cut: Arc<AtomicBool>,
}

/// How often the stopwatch looks.
const TICK: Duration = Duration::from_millis(5);

impl Stopwatch {
    /// A stopwatch and its thread, which ends once the stopwatch is dropped.
    fn start() -> Arc<Stopwatch> {
        let stopwatch = Arc::new(Stopwatch {
            timed: Mutex::new(Vec::new()),
            started: std::sync::Condvar::new(),
        });
        let weak = Arc::downgrade(&stopwatch);
        std::thread::Builder::new()
            .name("nimlab-stopwatch".to_string())
            .spawn(move || {
                while let Some(stopwatch) = weak.upgrade() {
                    let timed = stopwatch.timed.lock().unwrap_or_else(|p| p.into_inner());
                    if timed.is_empty() {
                        // Sleep until a computation is timed (or a while, to notice
                        // that the stopwatch was dropped).
                        let _ = stopwatch
                            .started
                            .wait_timeout(timed, Duration::from_secs(1));
                        continue;
                    }
                    for one in timed.iter() {
                        if one.clock.elapsed() >= one.limit {
                            one.cut.store(true, Ordering::Relaxed);
                            one.flag.store(true, Ordering::Relaxed);
                        }
                    }
                    drop(timed);
                    drop(stopwatch);
                    std::thread::sleep(TICK);
                }
            })
            .expect("a thread for the stopwatch");
        stopwatch
    }

    /// Time the calling thread's processor time from now: past `limit`, raise `flag`
    /// and `cut`. Its id, to [`stop`](Stopwatch::stop) it on the same thread.
    fn time(&self, limit: Duration, flag: Arc<AtomicBool>, cut: Arc<AtomicBool>) -> u64 {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let id = NEXT.fetch_add(1, Ordering::Relaxed);
        if limit.is_zero() {
            cut.store(true, Ordering::Relaxed);
            flag.store(true, Ordering::Relaxed);
        }
        let mut timed = self.timed.lock().unwrap_or_else(|p| p.into_inner());
        timed.push(Timed {
            id,
            clock: CpuClock::of_this_thread(),
            limit,
            flag,
            cut,
        });
        self.started.notify_one();
        id
    }

    /// Stop timing `id` (before its thread moves on: the clock is the thread's).
    fn stop(&self, id: u64) {
        self.timed
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|one| one.id != id);
    }
}

/// The processor time a thread has used since the clock was made, readable from
/// other threads while that thread lives (Linux's per-thread CPU clocks); elsewhere
/// the time passed.
struct CpuClock {
    #[cfg(target_os = "linux")]
    clock: libc::clockid_t,
    #[cfg(target_os = "linux")]
    start: Duration,
    #[cfg(not(target_os = "linux"))]
    start: Instant,
}

impl CpuClock {
    fn of_this_thread() -> CpuClock {
        #[cfg(target_os = "linux")]
        {
            let mut clock: libc::clockid_t = libc::CLOCK_THREAD_CPUTIME_ID;
            // SAFETY: pthread_getcpuclockid writes the calling thread's clock id.
            unsafe {
                libc::pthread_getcpuclockid(libc::pthread_self(), &mut clock);
            }
            CpuClock {
                clock,
                start: read_clock(clock),
            }
        }
        #[cfg(not(target_os = "linux"))]
        CpuClock {
            start: Instant::now(),
        }
    }

    fn elapsed(&self) -> Duration {
        #[cfg(target_os = "linux")]
        return read_clock(self.clock).saturating_sub(self.start);
        #[cfg(not(target_os = "linux"))]
        return self.start.elapsed();
    }
}

#[cfg(target_os = "linux")]
fn read_clock(clock: libc::clockid_t) -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes `now`; the clock is a live thread's (see `stop`).
    unsafe {
        libc::clock_gettime(clock, &mut now);
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Lower the calling thread's CPU priority to the lowest (nice 19), so that the long
/// lane yields the processors to the quick lane: it still runs whenever the quick
/// lane leaves a processor free. Where Linux groups processes by session
/// (autogroup, the default on desktops) the nice value only weighs against the
/// process's own threads; without it, other busy programs on the machine also slow
/// the long lane, whose questions then meet their deadline sooner (a JSON 503),
/// while cheap questions go on being answered.
///
/// Measured (`load/mix.py --polite`: 156 clients of cheap questions and 40 of
/// expensive ones for 20 s, on this 2-core machine shared with other builds, so
/// figures vary from run to run): cheap p99 13 and 15 ms at nice 19, 20 and 21 ms at
/// nice 0 with two threads, 13 and 14 ms at nice 0 with one thread; in an earlier
/// pair of runs 118 ms at nice 19 against 226 ms at nice 10. Expensive answers per
/// run were alike (138 to 221). Linux keeps a nice value per thread; elsewhere
/// this does nothing.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority and gettid only read their arguments.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t, 19);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// With the server's panic hook, a computation that panics is answered as a bug
    /// and the lanes go on answering: the process is not ended (the command line's
    /// own hook, which `serve` replaces, would end it).
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panic_is_one_answer_and_the_lanes_go_on() {
        crate::log_panics();
        let lanes = Lanes::new(Limits::default());
        let panicking: Work = Arc::new(|_: &Budget| panic!("a bug in one request"));
        let answer = lanes.run(1, Instant::now(), panicking).await;
        assert!(matches!(answer, Answer::Panicked));
        let fine: Work = Arc::new(|_: &Budget| Ok(b"{}".to_vec()));
        match lanes.run(2, Instant::now(), fine).await {
            Answer::Json(json) => assert_eq!(json, b"{}"),
            _ => panic!("no answer after a panic"),
        }
    }

    /// Identical requests of unknown class are tried in the quick lane once: the
    /// others wait for the verdict and follow it to the long lane.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn identical_expensive_requests_are_tried_once() {
        let lanes = Arc::new(Lanes::new(Limits {
            quick_workers: 4,
            quick_time: Duration::from_millis(20),
            long_workers: 1,
            long_queue: 1,
            request_time: Duration::from_millis(500),
            ..Limits::default()
        }));
        let runs = Arc::new(AtomicUsize::new(0));
        // Work that never ends by itself: it spends until its budget stops it.
        let work: Work = {
            let runs = runs.clone();
            Arc::new(move |budget: &Budget| {
                runs.fetch_add(1, Ordering::Relaxed);
                loop {
                    budget
                        .spend(1)
                        .map_err(|stop| Error::from_budget(stop, "the test's work"))?;
                }
            })
        };
        let arrival = Instant::now();
        let requests: Vec<_> = (0..8)
            .map(|_| {
                let lanes = lanes.clone();
                let work = work.clone();
                tokio::spawn(async move { lanes.run(7, arrival, work).await })
            })
            .collect();
        for request in requests {
            match request.await.unwrap() {
                Answer::Failed(Error::OutOfTime(_)) | Answer::Busy(..) => {}
                Answer::Failed(error) => panic!("{error}"),
                Answer::Json(_) => panic!("an answer from endless work"),
                Answer::Panicked => panic!("a panic"),
            }
        }
        // One trial, and the long lane's thread and queue place: not eight trials.
        let runs = runs.load(Ordering::Relaxed);
        assert!(runs <= 3, "the work ran {runs} times");
        assert_eq!(lanes.class(7), Some(Class::Long));
    }
}
