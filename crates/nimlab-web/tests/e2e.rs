//! End-to-end: the page driven in headless Chromium through WebDriver (Debian's
//! `chromium` and `chromium-driver`). With `CI` set these tests fail when Chromium is
//! missing; without it they are skipped then, saying so. Screenshots of each scene go
//! to the target directory (`e2e-*.png`) to be looked at.

use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The first of `names` found on PATH or in /usr/bin.
fn program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .collect();
    names
        .iter()
        .flat_map(|name| dirs.iter().map(move |dir| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// A browser on a fresh server; the driver is stopped when it is dropped.
struct Session {
    client: Client,
    base: String,
    driver: Child,
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

async fn session() -> Option<Session> {
    session_with(&[]).await
}

/// A browser started with `flags` as well (`--force-dark-mode` for the dark theme).
async fn session_with(flags: &[&str]) -> Option<Session> {
    let driver = program(&["chromedriver"]);
    let browser = program(&["chromium", "chromium-browser", "google-chrome"]);
    let (Some(driver), Some(browser)) = (driver, browser) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, but chromium or chromedriver is missing: install Debian's chromium \
             and chromium-driver (.ci/run does)"
        );
        eprintln!("skipped: no Chromium or chromedriver found (set CI to make this a failure)");
        return None;
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}/", listener.local_addr().unwrap());
    tokio::spawn(nimlab_web::serve(listener));
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let driver = Command::new(driver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut args = vec![
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1100,1000",
    ];
    args.extend(flags);
    let mut capabilities = Capabilities::new();
    capabilities.insert(
        "goog:chromeOptions".to_string(),
        json!({ "binary": browser, "args": args }),
    );
    let started = Instant::now();
    loop {
        let connected = ClientBuilder::rustls()
            .unwrap()
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await;
        match connected {
            Ok(client) => {
                return Some(Session {
                    client,
                    base,
                    driver,
                });
            }
            Err(e) if started.elapsed() > Duration::from_secs(30) => {
                panic!("chromedriver did not start a browser: {e}")
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
        }
    }
}

impl Session {
    async fn script(&self, js: &str) -> Value {
        self.client.execute(js, vec![]).await.unwrap()
    }

    /// Wait until the script returns something other than null or false.
    async fn until(&self, what: &str, js: &str) -> Value {
        let started = Instant::now();
        loop {
            let value = self.script(js).await;
            if !value.is_null() && value != Value::Bool(false) {
                return value;
            }
            if started.elapsed() > Duration::from_secs(30) {
                self.screenshot("timeout").await;
                let page = self
                    .script(
                        "return document.getElementById('status').textContent + ' | ' \
                         + document.getElementById('error').textContent",
                    )
                    .await;
                panic!("waited too long for {what}; the page says: {page}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    async fn set(&self, id: &str, value: &str) {
        let field = self.client.find(Locator::Id(id)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(value).await.unwrap();
    }

    /// Put `value` into the field `id` at once, as a paste does (typing a text of
    /// 100,000 characters key by key takes WebDriver minutes).
    async fn paste(&self, id: &str, value: &str) {
        self.client
            .execute(
                "const field = document.getElementById(arguments[0]); \
                 field.value = arguments[1]; \
                 field.dispatchEvent(new Event('input', {bubbles: true})); \
                 field.dispatchEvent(new Event('change', {bubbles: true}));",
                vec![json!(id), json!(value)],
            )
            .await
            .unwrap();
    }

    async fn choose(&self, id: &str, value: &str) {
        let menu = self.client.find(Locator::Id(id)).await.unwrap();
        menu.select_by_value(value).await.unwrap();
    }

    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("e2e-{name}.png"));
        std::fs::write(&path, png).unwrap();
        eprintln!("screenshot: {}", path.display());
    }

    /// Screenshots of the page at a desktop's size (1366×900) and a phone's
    /// (390×844), `e2e-NAME-desktop.png` and `e2e-NAME-phone.png`; the page is
    /// left at the desktop's size. At each size the page must fit its window's width
    /// (no scrolling sideways).
    async fn screenshots(&self, name: &str) {
        for (size, width, height) in [("phone", 390, 844), ("desktop", 1366, 900)] {
            self.viewport(width, height).await;
            self.screenshot(&format!("{name}-{size}")).await;
            let widths = self
                .script(
                    "const page = document.documentElement; return [page.scrollWidth, page.clientWidth]",
                )
                .await;
            assert_eq!(
                widths[0], widths[1],
                "{name} at {width} px: the page is wider than its window"
            );
        }
    }

    /// Size the window so that the page itself (the viewport) is `width`×`height`.
    async fn viewport(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.unwrap();
        // The window's frame takes from its height only (headless Chromium reports
        // the outer width of a narrow window wrongly).
        let frame = self.script("return outerHeight - innerHeight").await;
        let frame = frame.as_u64().unwrap() as u32;
        self.client
            .set_window_size(width, height + frame)
            .await
            .unwrap();
        tokio::time::sleep(Duration::from_millis(150)).await;
    }

    /// Make the page's next request to a path starting with `path` fail as
    /// `failure` says: `{"status": 503, "retry_after": 1, "body": {...}}`, or status
    /// 0 for no answer at all (the server gone). Only the test does this: it wraps
    /// the page's `fetch` from outside, through WebDriver, until the page is loaded
    /// again.
    async fn fail_next(&self, path: &str, failure: Value) {
        let script = format!(
            "if (!window.testFetch) {{ \
               window.testFetch = window.fetch; window.testFailures = []; \
               window.fetch = async (resource, options) => {{ \
                 const i = window.testFailures.findIndex(f => String(resource).startsWith(f.path)); \
                 if (i < 0) return window.testFetch(resource, options); \
                 const f = window.testFailures.splice(i, 1)[0]; \
                 if (f.status === 0) throw new TypeError('Failed to fetch'); \
                 const headers = {{'content-type': f.body === undefined ? 'text/html' : 'application/json'}}; \
                 if (f.retry_after) headers['retry-after'] = String(f.retry_after); \
                 const body = f.body === undefined ? '<html>' + f.status + '</html>' : JSON.stringify(f.body); \
                 return new Response(body, {{status: f.status, headers}}); \
               }}; \
             }} \
             window.testFailures.push(Object.assign({{path: '{path}'}}, {failure}));"
        );
        self.script(&script).await;
    }

    /// The fragment of the page's address, decoded into its pairs.
    async fn fragment(&self) -> Vec<(String, String)> {
        let pairs = self
            .script("return [...new URLSearchParams(location.hash.slice(1))]")
            .await;
        serde_json::from_value(pairs).unwrap()
    }

    /// Open the page and wait until its menu of games is loaded.
    async fn open(&self) {
        self.client.goto(&self.base).await.unwrap();
        self.until(
            "the menu of games",
            "return document.querySelector('#game-menu option[value=\"take:3\"]') !== null",
        )
        .await;
    }

    /// Open the page and start `game` from `position`, `first` moving first.
    async fn start(&self, game: &str, position: &str, first: &str) {
        self.open().await;
        self.set("game-spec", game).await;
        self.set("start-position", position).await;
        self.choose("first-player", first).await;
        self.click("#start").await;
    }

    /// The text of the element `id` once it has some (waiting for it, as `until`).
    async fn text_once_set(&self, what: &str, id: &str) -> Value {
        self.until(
            what,
            &format!(
                "const t = document.getElementById('{id}').textContent; return t.length > 0 && t"
            ),
        )
        .await
    }

    /// Whether the element `id` is hidden.
    async fn hidden(&self, id: &str) -> Value {
        self.script(&format!("return document.getElementById('{id}').hidden"))
            .await
    }

    async fn status(&self) -> String {
        self.until(
            "a status",
            "const s = document.getElementById('status').textContent; \
             return (s.startsWith('Your move') || s.startsWith('Game over') || s.startsWith('The computer chose')) && s",
        )
        .await
        .as_str()
        .unwrap()
        .to_string()
    }
}

/// The 12-token game, played to the end by clicking tokens: the computer moves first
/// from 12, a lost position, and the person wins by leaving multiples of 4.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_twelve_token_game_is_played_to_the_end_by_clicking() {
    let Some(session) = session().await else {
        return;
    };
    session.start("take:3", "12", "computer").await;
    let mut turns = 0;
    let status = loop {
        let status = session.status().await;
        if status.starts_with("Game over") {
            break status;
        }
        let tokens = session
            .script("return document.querySelectorAll('#board .token').length")
            .await;
        let tokens = tokens.as_u64().unwrap();
        // Leave a multiple of 4: click the token just above it.
        let take = if tokens % 4 == 0 { 1 } else { tokens % 4 };
        let leave = tokens - take;
        if turns == 0 {
            session.screenshot("take3-start").await;
        }
        session
            .click(&format!("#board [data-spots=\"token 1 {}\"]", leave + 1))
            .await;
        session
            .until(
                "the computer's reply",
                &format!("return document.querySelectorAll('#board .token').length !== {tokens}"),
            )
            .await;
        turns += 1;
        assert!(turns < 12, "the game did not end");
    };
    session.screenshot("take3-end").await;
    assert_eq!(status, "Game over: you won.");
    session.client.clone().close().await.unwrap();
}

/// With the analysis shown, the winning move is highlighted on the board and in the
/// list of moves; Kayles' pins too, and at phone width.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_winning_move_is_highlighted() {
    let Some(session) = session().await else {
        return;
    };
    session.start("take:3", "13", "person").await;
    session.status().await;
    session.click("#show-analysis").await;
    let highlighted = session
        .until(
            "a highlighted token",
            "const t = document.querySelector('#board .token.win'); return t && t.dataset.spots",
        )
        .await;
    assert_eq!(highlighted, "token 1 13", "taking 1 of 13 leaves 12");
    let listed = session
        .until(
            "a winning move in the list",
            "const b = document.querySelector('#move-list button.win'); return b && b.textContent",
        )
        .await;
    assert!(
        listed.as_str().unwrap().starts_with("✓ 1: take 1 token"),
        "{listed}"
    );
    session.screenshot("take3-analysis").await;

    session.start("kayles", "1 9", "person").await;
    session.status().await;
    session.click("#show-analysis").await;
    let pins = session
        .until(
            "highlighted pins",
            "const n = document.querySelectorAll('#board .pin.win').length; return n > 0 && n",
        )
        .await;
    assert!(pins.as_u64().unwrap() >= 1);
    let reason = session
        .script("return document.getElementById('reason').textContent")
        .await;
    assert!(
        reason.as_str().unwrap().contains("The player to move wins"),
        "{reason}"
    );
    session.client.set_window_size(390, 844).await.unwrap();
    session.screenshot("kayles-phone").await;
    session.client.clone().close().await.unwrap();
}

/// The explore tab plots Kayles' nim-sequence with its period marked, and Wythoff's
/// P-positions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_nim_sequence_plot_is_loaded() {
    let Some(session) = session().await else {
        return;
    };
    session.client.goto(&session.base).await.unwrap();
    session.click("#tab-explore").await;
    session.set("sequence-game", "kayles").await;
    session.set("sequence-upto", "200").await;
    session.click("#plot-sequence").await;
    let caption = session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    assert!(
        caption.as_str().unwrap().contains("period 12 from n = 71"),
        "{caption}"
    );
    let dots = session
        .script("return document.querySelectorAll('#sequence-plot circle').length")
        .await;
    assert_eq!(dots, 201);
    let band = session
        .script("return document.querySelectorAll('#sequence-plot rect.period').length")
        .await;
    assert_eq!(band, 1);
    // Axes with numbered ticks (0 to 200 along n, 0 to 8 up g(n)) and a legend.
    let ticks = session
        .script("return [...document.querySelectorAll('#sequence-plot text.tick')].map(t => t.textContent)")
        .await;
    let ticks: Vec<&str> = ticks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert!(ticks.contains(&"200") && ticks.contains(&"8"), "{ticks:?}");
    let legend = text_of(&session, "sequence-legend").await;
    assert!(legend.contains("one period"), "{legend}");
    let pairs = session
        .until(
            "Wythoff's P-positions",
            "const n = document.querySelectorAll('#wythoff-plot circle').length; return n > 0 && n",
        )
        .await;
    assert!(pairs.as_u64().unwrap() >= 10);
    session.screenshot("explore").await;
    // Plotted only to 50, the period that starts at 71 is still marked, at the edge.
    session.set("sequence-upto", "50").await;
    session.click("#plot-sequence").await;
    let beyond = session
        .until(
            "the mark of a period beyond the plot",
            "const t = document.getElementById('sequence-legend').textContent; \
             return t.includes('beyond') && t",
        )
        .await;
    assert!(
        beyond
            .as_str()
            .unwrap()
            .contains("the period starts at n = 71, beyond this plot"),
        "{beyond}"
    );
    assert_eq!(nothing_covered(&session, "sequence-plot").await, json!([]));
    let band = session
        .script("return document.querySelectorAll('#sequence-plot rect.period').length")
        .await;
    assert_eq!(band, 1);
    session.client.clone().close().await.unwrap();
}

/// A million values, the most the server gives, are plotted: no call-stack overflow,
/// the plot draws each distinct value once per pixel column, not a million dots, and
/// the band of one period stays visible.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_million_values_are_plotted() {
    let Some(session) = session().await else {
        return;
    };
    session.client.goto(&session.base).await.unwrap();
    session.click("#tab-explore").await;
    session.set("sequence-game", "kayles").await;
    session.set("sequence-upto", "1000000").await;
    session.click("#plot-sequence").await;
    let outcome = session
        .until(
            "the plot's caption or an error",
            "const c = document.getElementById('sequence-caption').textContent; \
             const e = document.getElementById('explore-error').textContent; \
             return (c.includes('1000000') || e.length > 0) && [c, e]",
        )
        .await;
    let (caption, error) = (outcome[0].as_str().unwrap(), outcome[1].as_str().unwrap());
    assert_eq!(error, "", "{caption}");
    assert!(caption.contains("period 12 from n = 71"), "{caption}");
    let dots = session
        .script("return document.querySelectorAll('#sequence-plot circle').length")
        .await
        .as_u64()
        .unwrap();
    // Kayles' values are at most 8: a column of pixels holds at most 9 distinct values.
    assert!((500..=700 * 9).contains(&dots), "{dots}");
    // One period of 12 among a million values is still a band to see.
    let band = session
        .script("return document.querySelector('#sequence-plot rect.period').getBoundingClientRect().width")
        .await;
    assert!(band.as_f64().unwrap() >= 5.0, "a band {band} px wide");
    assert_eq!(outside(&session, "sequence-plot").await, json!([]));
    session.screenshots("million").await;
    session.client.clone().close().await.unwrap();
}

/// The text of the element `id`.
async fn text_of(session: &Session, id: &str) -> String {
    session
        .script(&format!(
            "return document.getElementById('{id}').textContent"
        ))
        .await
        .as_str()
        .unwrap()
        .to_string()
}

/// A start that fails leaves the game before as it was, and says so: the error
/// names the bad token, the form's choice is pending, and the old game goes on. The
/// first start failing leaves no board at all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_start_keeps_the_game_before() {
    let Some(session) = session().await else {
        return;
    };
    session.start("nim", "3 4 5", "person").await;
    session.status().await;
    session.set("game-spec", "take:3").await;
    session.set("start-position", "twelve").await;
    session.click("#start").await;
    let error = session.text_once_set("the start's error", "error").await;
    let error = error.as_str().unwrap();
    assert!(
        error.starts_with("The game did not start: invalid") && error.contains("twelve"),
        "{error}"
    );
    assert!(error.ends_with("The game before goes on."), "{error}");
    assert_eq!(session.hidden("game-area").await, Value::Bool(false));
    assert!(
        text_of(&session, "pending")
            .await
            .starts_with("Not started yet: take:3."),
        "the form's game is pending"
    );
    session.click_spot("token 1 3").await; // Nim goes on: 3 4 5 → 2 4 5
    session.moves_played(2).await;
    assert_eq!(session.position_now().await.len(), 5);

    session.start("take:3", "twelve", "person").await;
    let error = session.text_once_set("the start's error", "error").await;
    assert!(!error.as_str().unwrap().contains("goes on"), "{error}");
    assert_eq!(session.hidden("game-area").await, Value::Bool(true));
    session.client.clone().close().await.unwrap();
}

/// Take back after a win returns to the person's last turn: pot of 5, take 1, the
/// computer takes 1, take 3 and win; take back shows 3 tokens and "Your move.", and a
/// second take back goes back to the start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_back_after_a_win_returns_to_your_last_turn() {
    let Some(session) = session().await else {
        return;
    };
    session.start("take:3", "5", "person").await;
    session.status().await;
    let tokens = "document.querySelectorAll('#board .token').length";
    session.click("#board [data-spots=\"token 1 5\"]").await; // take 1: leave 4
    session
        .until(
            "the computer's reply",
            "return document.getElementById('status').textContent.startsWith('The computer chose')",
        )
        .await;
    let left = session
        .script(&format!("return {tokens}"))
        .await
        .as_u64()
        .unwrap();
    assert!(left < 4, "{left}");
    session
        .click("#board [data-spots=\"token 1 1\"]") // take them all
        .await;
    let end = session
        .until(
            "the end of the game",
            "const s = document.getElementById('status').textContent; return s.startsWith('Game over') && s",
        )
        .await;
    assert_eq!(end, "Game over: you won.");
    session.click("#undo").await;
    let back = session
        .until(
            "the position before the winning move",
            &format!(
                "return document.getElementById('status').textContent === 'Your move.' && {tokens}"
            ),
        )
        .await;
    assert_eq!(back.as_u64().unwrap(), left);
    session.click("#undo").await;
    let start = session
        .until(
            "the start",
            &format!("const n = {tokens}; return n === 5 && n"),
        )
        .await;
    assert_eq!(start, 5);
    assert_eq!(text_of(&session, "status").await, "Your move.");
    session.client.clone().close().await.unwrap();
}

/// Typed moves ignore extra spaces; with the analysis hidden the list is in reading
/// order; games without Grundy values do not say "null"; a start with no move says
/// so instead of naming a winner.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_moves_lists_and_texts_say_what_they_mean() {
    let Some(session) = session().await else {
        return;
    };
    session.start("nim", "3 4 5", "person").await;
    session.status().await;
    let first = session
        .script("return document.querySelector('#move-list button').textContent")
        .await;
    assert!(first.as_str().unwrap().starts_with("1 1:"), "{first}");
    session.set("move-text", "1  2").await;
    session.click("#typed-move button").await;
    session
        .until(
            "the computer's reply",
            "return document.getElementById('status').textContent.startsWith('The computer chose')",
        )
        .await;
    assert_eq!(text_of(&session, "error").await, "");

    session.start("wythoff", "3,7", "person").await;
    session.status().await;
    session.click("#show-analysis").await;
    let reason = text_of(&session, "reason").await;
    assert!(!reason.contains("null"), "{reason}");

    session.start("nim", "0 0 0", "person").await;
    let status = session.text_once_set("the status", "status").await;
    assert!(
        status.as_str().unwrap().starts_with("No move is possible"),
        "{status}"
    );
    session.client.clone().close().await.unwrap();
}

/// The page's state lives in its address: a link (an old one, with the game in the
/// query) starts the game it names, in the convention it names, with the analysis
/// shown; after a move the fragment holds the start and the moves; an explore link
/// plots what it names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_reproduce_the_page() {
    let Some(session) = session().await else {
        return;
    };
    let link = format!(
        "{}?game=nim&position=1%201%201&misere=1&analysis=1",
        session.base.trim_end_matches('/').to_string() + "/"
    );
    session.client.goto(&link).await.unwrap();
    assert_eq!(session.status().await, "Your move.");
    let misere = session
        .script("return document.getElementById('misere').checked")
        .await;
    assert_eq!(misere, Value::Bool(true));
    // Misère Nim 1 1 1: the player to move loses, and the chart says so in red.
    let reason = text_of(&session, "reason").await;
    assert!(reason.contains("The player to move loses"), "{reason}");
    let point = session
        .script("return document.querySelector('#value-chart .point').getAttribute('class')")
        .await;
    assert_eq!(point, "point loses now");
    let shape = session
        .script("return document.querySelector('#value-chart .point rect') !== null")
        .await;
    assert_eq!(shape, Value::Bool(true), "a lost position is a square");
    session.click("#move-list button").await;
    let fragment = session
        .until(
            "the address after the computer's reply",
            "return document.getElementById('status').textContent.startsWith('The computer chose') && location.hash",
        )
        .await;
    let fragment = fragment.as_str().unwrap();
    assert!(
        fragment.contains("misere=1") && fragment.contains("analysis=1"),
        "{fragment}"
    );
    assert!(fragment.contains("start=1+1+1&"), "{fragment}");
    assert_eq!(fragment.matches("&move=").count(), 2, "{fragment}");

    let explore = format!(
        "{}?tab=explore&game=kayles&upto=100",
        session.base.trim_end_matches('/').to_string() + "/"
    );
    session.client.goto(&explore).await.unwrap();
    let caption = session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    assert!(
        caption.as_str().unwrap().contains("period 12 from n = 71"),
        "{caption}"
    );
    session.client.clone().close().await.unwrap();
}

/// Two starts in a row: the page shows the second game only, its position and moves
/// together, whatever order the answers come in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_later_start_wins_the_race() {
    let Some(session) = session().await else {
        return;
    };
    session.start("fibonacci", "1000", "person").await;
    session.set("game-spec", "nim").await;
    session.set("start-position", "3 4 5").await;
    session.click("#start").await;
    session.status().await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let fragment = session.script("return location.hash").await;
    assert!(
        fragment.as_str().unwrap().contains("game=nim&"),
        "{fragment}"
    );
    let moves = session
        .script("return document.querySelectorAll('#move-list button').length")
        .await;
    assert_eq!(moves, 12, "Nim 3 4 5 has 3 + 4 + 5 moves");
    session.client.clone().close().await.unwrap();
}

/// A graph of your own: typed into the page, played on, and its errors named; it
/// travels in the link too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_own_graph_is_played() {
    let Some(session) = session().await else {
        return;
    };
    session.open().await;
    session.set("game-spec", "dag").await;
    session.click("#misere").await; // a change event elsewhere: the spec's field is done
    session.click("#misere").await;
    // The server says that the game is played on a graph: the field appears.
    session
        .until(
            "the graph's field",
            "return !document.getElementById('graph-field').hidden",
        )
        .await;
    // A path 2 → 1 → 0: from 2, one move.
    session.set("graph", "3 2 2 1 1 0").await;
    session.set("start-position", "2").await;
    session.click("#start").await;
    session.status().await;
    let moves = session
        .script("return document.querySelectorAll('#move-list button').length")
        .await;
    assert_eq!(moves, 1);
    let fragment = session.script("return location.hash").await;
    assert!(
        fragment.as_str().unwrap().contains("graph=3+2+2+1+1+0"),
        "{fragment}"
    );
    session.set("graph", "3 2 2 1 1 5").await;
    session.click("#start").await;
    let error = session.text_once_set("the graph's error", "error").await;
    assert!(error.as_str().unwrap().contains('5'), "{error}");
    session.client.clone().close().await.unwrap();
}

/// A game that refuses misère play (its rules already say who wins at the end) has no
/// misère box, whether chosen from the menu, typed, or in a sum; the others have one,
/// and a game played without the box is played in normal play.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_misere_box_for_a_game_that_refuses_misere() {
    let Some(session) = session().await else {
        return;
    };
    session.open().await;
    let box_after = |choice: &'static str| {
        let session = &session;
        async move {
            session
                .until(
                    "the misère box shown or hidden",
                    &format!(
                        "const spec = document.getElementById('game-spec').value.trim() \
                           || document.getElementById('game-menu').value; \
                         const guide = document.getElementById('guide-title'); \
                         return spec === '{choice}' && guide && guide.textContent.includes('{choice}') \
                           && (document.getElementById('misere-field').hidden ? 'hidden' : 'shown')"
                    ),
                )
                .await
        }
    };
    session.choose("game-menu", "wythoff-flipflop").await;
    assert_eq!(box_after("wythoff-flipflop").await, "hidden");
    session.screenshot("no-misere-box").await;
    session.choose("game-menu", "nim").await;
    assert_eq!(box_after("nim").await, "shown");
    session.click("#misere").await;
    session.set("game-spec", "nim + wythoff-attrition").await;
    session.click("#start-position").await; // the spec's field is done
    assert_eq!(box_after("nim + wythoff-attrition").await, "hidden");
    // The box was ticked for Nim: the sum is played in normal play all the same.
    session.set("start-position", "1 + 0,1").await;
    session.click("#start").await;
    session.status().await;
    let title = session.script("return document.title").await;
    assert!(!title.as_str().unwrap().contains("misère"), "{title}");
    session.client.clone().close().await.unwrap();
}

/// Every misère box the page offers is answered: each game of the menu whose box is
/// shown, started from its example in misère play against the computer, is analyzed
/// (the computer can play it), staircase Nim's included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_misere_box_offered_starts_a_game_the_computer_plays() {
    let Some(session) = session().await else {
        return;
    };
    session.open().await;
    let games = session
        .script("return [...document.querySelectorAll('#game-menu option')].map(o => o.value)")
        .await;
    let mut offered = Vec::new();
    for game in games.as_array().unwrap() {
        let game = game.as_str().unwrap();
        session.choose("game-menu", game).await;
        let shown = session
            .until(
                "the misère box shown or hidden",
                // What a game of the menu accepts is known at once: its fields follow
                // the menu's change before the next key.
                &format!(
                    "return document.getElementById('game-menu').value === {} \
                       && (document.getElementById('misere-field').hidden ? 'hidden' : 'shown')",
                    json!(game)
                ),
            )
            .await;
        if shown == "hidden" {
            continue;
        }
        offered.push(game.to_string());
        session
            .script("const box = document.getElementById('misere'); if (!box.checked) box.click();")
            .await;
        session.click("#start").await;
        let status = session.moves_played(0).await;
        assert!(
            !status.contains("cannot play"),
            "{game} in misère play: {status}"
        );
        let title = session.script("return document.title").await;
        assert!(
            title.as_str().unwrap().contains("misère"),
            "{game}: {title}"
        );
    }
    assert!(offered.iter().any(|g| g == "staircase"), "{offered:?}");
    session.client.clone().close().await.unwrap();
}

/// A request that takes a while shows "Working…" with a Cancel button, and Cancel
/// ends the wait with a word saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_show_progress_and_can_be_cancelled() {
    let Some(session) = session().await else {
        return;
    };
    session.client.goto(&session.base).await.unwrap();
    session.click("#tab-explore").await;
    // Values of 0.fff cost O(n²) each: 5000 of them take longer than the server allows.
    session.set("sequence-game", "hex:0.fff").await;
    session.set("sequence-upto", "5000").await;
    session.click("#plot-sequence").await;
    session
        .until(
            "the progress line",
            "return !document.getElementById('working').hidden",
        )
        .await;
    session.click("#cancel").await;
    let error = session
        .text_once_set("the cancelled request's word", "explore-error")
        .await;
    assert_eq!(error, "No plot: cancelled.");
    let working = session.hidden("working").await;
    assert_eq!(working, Value::Bool(true));
    session.client.clone().close().await.unwrap();
}

/// Turning Turtles by clicking: a head clicked twice is turned alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_coin_clicked_twice_is_turned_alone() {
    let Some(session) = session().await else {
        return;
    };
    session.start("turtles", "THHTH", "person").await;
    session.status().await;
    let coin = "#board button.coin[aria-label^=\"coin 3,\"]";
    session.click(coin).await;
    session.click(coin).await;
    let search = session
        .until(
            "the computer's reply",
            "const s = document.getElementById('status').textContent; \
             return (s.startsWith('The computer chose') || s.startsWith('Game over')) && location.search",
        )
        .await;
    assert!(!search.as_str().unwrap().contains("THHTH"), "{search}");
    session.client.clone().close().await.unwrap();
}

impl Session {
    /// Open the page and start `game` from `position` with `mode`'s players
    /// ("computer", "people" or "watch"), waiting for the board.
    async fn start_mode(&self, game: &str, position: &str, mode: &str) {
        self.start_playing(game, position, mode).await;
        self.moves_played(0).await;
    }

    /// Open the page and start `game` from `position` with `mode`'s players.
    async fn start_playing(&self, game: &str, position: &str, mode: &str) {
        self.open().await;
        self.set("game-spec", game).await;
        self.choose("mode", mode).await;
        self.set("start-position", position).await;
        if mode == "watch" {
            self.choose("pace", "150").await;
        }
        self.click("#start").await;
    }

    /// Wait until the history shows `count` moves played; the page's status then.
    async fn moves_played(&self, count: usize) -> String {
        self.until(
            &format!("{count} moves played"),
            &format!(
                "const a = document.getElementById('game-area'); \
                 const n = document.querySelectorAll('#history li').length; \
                 const s = document.getElementById('status').textContent; \
                 return !a.hidden && n === {} && !s.includes('thinking') && s",
                count + 1
            ),
        )
        .await
        .as_str()
        .unwrap()
        .to_string()
    }

    /// The position now, as the history shows it.
    async fn position_now(&self) -> String {
        let last = self
            .script("const h = document.querySelectorAll('#history li'); return h[h.length - 1].textContent")
            .await;
        let last = last.as_str().unwrap();
        last.split_once(": ").unwrap().1.to_string()
    }

    /// Click the place on the board that stands for the spot named `spot`.
    async fn click_spot(&self, spot: &str) {
        let clicked = self
            .script(&format!(
                "const e = [...document.querySelectorAll('#board [data-spots]')] \
                   .find(e => e.dataset.spots.split('|').includes('{spot}')); \
                 if (!e) return false; \
                 e.dispatchEvent(new MouseEvent('click', {{bubbles: true}})); return true"
            ))
            .await;
        assert_eq!(
            clicked,
            Value::Bool(true),
            "no place on the board for {spot}"
        );
    }

    /// How many places on the board may be clicked now.
    async fn targets(&self) -> u64 {
        self.script("return document.querySelectorAll('#board .target').length")
            .await
            .as_u64()
            .unwrap()
    }
}

/// Every game in the menu is played by clicking its board: from its example, the
/// first place highlighted, then (for moves of several clicks) the next ones, until
/// a move is made. Wythoff-flipflop draws all 1581 squares of its example, with the
/// token's moves clickable.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_family_is_played_by_clicking_its_board() {
    let Some(session) = session().await else {
        return;
    };
    session.client.goto(&session.base).await.unwrap();
    let games = session
        .until(
            "the menu of games",
            "const o = [...document.querySelectorAll('#game-menu option')].map(o => o.value); \
             return o.length > 10 && o",
        )
        .await;
    let games: Vec<String> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap().to_string())
        .collect();
    assert!(games.len() >= 20, "{games:?}");
    for game in &games {
        session.open().await;
        session.choose("game-menu", game).await;
        session.choose("mode", "people").await;
        session.click("#start").await;
        session.moves_played(0).await;
        let before = session.position_now().await;
        assert!(session.targets().await > 0, "{game}: nothing to click");
        session
            .screenshot(&format!("family-{}", game.replace([':', '.'], "-")))
            .await;
        if game == "wythoff-flipflop" {
            let cells = session
                .script("return document.querySelectorAll('#board .cell').length")
                .await;
            assert_eq!(cells, 31 * 51, "{game}");
        }
        // Click highlighted places until the move is made.
        for _ in 0..4 {
            let clicked = session
                .script(
                    "const t = document.querySelector('#board .target:not(.chosen)'); \
                     if (!t) return false; \
                     t.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true",
                )
                .await;
            assert_eq!(clicked, Value::Bool(true), "{game}: no place to click");
            let played = session
                .until(
                    "a move, or a place to click next",
                    "const n = document.querySelectorAll('#history li').length; \
                     const s = document.getElementById('status').textContent; \
                     return n > 1 ? 'moved' : s.startsWith('Click a highlighted place') && 'more'",
                )
                .await;
            if played == "moved" {
                break;
            }
        }
        let status = session.moves_played(1).await;
        assert!(status.starts_with("Player 1 chose to"), "{game}: {status}");
        assert_ne!(session.position_now().await, before, "{game}");
        assert_eq!(text_of(&session, "error").await, "", "{game}");
    }
    session.client.clone().close().await.unwrap();
}

/// Moves that need the board's geometry: Grundy's game split at a gap, Dawson's
/// Kayles from the middle of a row, a staircase step, a Fibonacci pile by its slider,
/// one part of a sum, and Wythoff-flipflop's square.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_made_where_they_happen_on_the_board() {
    let Some(session) = session().await else {
        return;
    };
    // Grundy's game: the gap after token 3 of 7 splits it into 3 and 4.
    session.start_mode("grundy-game", "7", "people").await;
    assert_eq!(
        session
            .script("return document.querySelectorAll('#board .token.target').length")
            .await,
        0,
        "Grundy's game is played at the gaps"
    );
    session.click_spot("gap 1 3").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "3 4");
    session.screenshot("grundy-split").await;

    // Dawson's Kayles: tokens 4 and 5 of 8, from the middle, leave 3 and 3.
    session.start_mode("dawsons-kayles", "8", "people").await;
    session.click_spot("token 1 4").await;
    let hint = text_of(&session, "status").await;
    assert!(hint.starts_with("Click a highlighted place"), "{hint}");
    let next = session
        .script("return [...document.querySelectorAll('#board .target:not(.chosen)')].map(t => t.dataset.spots).sort()")
        .await;
    assert_eq!(next, json!(["token 1 3", "token 1 5"]));
    session.click_spot("token 1 5").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "3 3");

    // Staircase: the 4th coin of step 2 slides down with the 5th.
    session.start_mode("staircase", "1 5 0 2", "people").await;
    session.click_spot("token 2 4").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "3 3 0 2");

    // Fibonacci Nim: the slider chooses 3 of 20 chips.
    session.start_mode("fibonacci", "20", "people").await;
    session
        .script(
            "const s = document.querySelector('#board input[type=range]'); \
             s.value = 2; s.dispatchEvent(new Event('input'))",
        )
        .await;
    let label = session
        .script("return document.querySelector('#board .take-slider label').textContent")
        .await;
    assert_eq!(label, "Take 3 chips");
    session.click("#board .take-button").await;
    session.moves_played(1).await;
    assert!(session.position_now().await.starts_with("17"));

    // A sum: each game drawn apart, a move in the second.
    session
        .start_mode("kayles + nim", "3 + 2 1", "people")
        .await;
    let legends = session
        .script("return [...document.querySelectorAll('#board legend')].map(l => l.textContent)")
        .await;
    assert_eq!(legends, json!(["Game 1: kayles", "Game 2: nim"]));
    session.click_spot("part 2 token 1 1").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "3 + 0 1");

    // Wythoff-flipflop: the square (0, 50), left along the row.
    session
        .start_mode("wythoff-flipflop", "30,50,normal,yes", "people")
        .await;
    session.click_spot("point 0 50").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "0,50,normal,yes");
    session.client.clone().close().await.unwrap();
}

/// A graph of the person's own with a cycle: the token goes round, the analysis says
/// every move draws, and the third time the same position comes round the game ends
/// in a draw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_a_graph_with_a_cycle_ends_in_a_draw() {
    let Some(session) = session().await else {
        return;
    };
    session.open().await;
    // Chosen from the menu, the family brings its example graph, which has a cycle.
    session.choose("game-menu", "graph:loop.txt").await;
    let graph = session
        .script("return document.getElementById('graph').value")
        .await;
    assert_eq!(graph, nimlab_core::registry::EXAMPLE_LOOPY_GRAPH);
    // A graph loaded from a file fills the field.
    let file = std::env::temp_dir().join(format!("nimlab-e2e-graph-{}.txt", std::process::id()));
    std::fs::write(&file, "3 3\n0 1\n1 0\n2 1\n").unwrap();
    let input = session
        .client
        .find(Locator::Id("graph-file"))
        .await
        .unwrap();
    input.send_keys(file.to_str().unwrap()).await.unwrap();
    session
        .until(
            "the file's graph in the field",
            "return document.getElementById('graph').value === '3 3\\n0 1\\n1 0\\n2 1'",
        )
        .await;
    std::fs::remove_file(&file).unwrap();
    session.set("game-spec", "graph").await;
    session.choose("mode", "people").await;
    session.set("start-position", "0").await;
    session.click("#start").await;
    session.moves_played(0).await;
    session.click("#show-analysis").await;
    let result = session
        .until(
            "the move's result",
            "const b = document.querySelector('#move-list button'); return b && b.className",
        )
        .await;
    assert_eq!(result, "draw");
    let vertices = session
        .script("return document.querySelectorAll('#board svg .vertex').length")
        .await;
    assert_eq!(vertices, 3, "the graph is drawn from its own edges");
    let arrows = session
        .script("return document.querySelectorAll('#board svg line').length")
        .await;
    assert_eq!(arrows, 3);
    let reason = text_of(&session, "reason").await;
    assert!(reason.contains("draw"), "{reason}");
    for (played, vertex) in ["1", "0", "1", "0"].into_iter().enumerate() {
        session.click_spot(&format!("vertex {vertex}")).await;
        session.moves_played(played + 1).await;
    }
    let status = text_of(&session, "status").await;
    let rule = nimlab_core::protocol::policy::repetition_rule();
    assert!(
        status.ends_with(&format!("Game over: a draw, since {rule}.")),
        "{status}"
    );
    assert_eq!(session.targets().await, 0, "nothing to click after the end");
    let buttons = session
        .script("return [...document.querySelectorAll('#move-list button')].filter(b => b.offsetParent !== null).length")
        .await;
    assert_eq!(buttons, 0, "no move button is left after the draw");
    session.screenshot("graph-draw").await;
    session.client.clone().close().await.unwrap();
}

/// Two people take turns; the computer plays itself to the end; moves are taken back
/// and made again, against the computer up to the person's own turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modes_take_turns_and_moves_are_undone_and_redone() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "1 2", "people").await;
    assert_eq!(text_of(&session, "status").await, "Player 1 to move.");
    session.click_spot("token 2 2").await; // take 1 from heap 2: 1 1
    let status = session.moves_played(1).await;
    assert_eq!(
        status,
        "Player 1 chose to take 1 token from heap 2 (2 → 1). Player 2 to move."
    );
    session.click("#undo").await;
    assert_eq!(session.moves_played(0).await, "Player 1 to move.");
    assert_eq!(session.position_now().await, "1 2");
    session.click("#redo").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "1 1");
    session.click_spot("token 1 1").await;
    session.moves_played(2).await;
    session.click_spot("token 2 1").await;
    let end = session.moves_played(3).await;
    assert!(end.ends_with("Game over: player 1 won."), "{end}");

    // Against the computer: take back returns to the person's turn; redo makes the
    // person's move and the computer's reply again.
    session.start_mode("take:3", "10", "computer").await;
    session.click_spot("token 1 8").await; // take 3, leaving 7
    let after = session.moves_played(2).await;
    assert!(after.ends_with("Your move."), "{after}");
    let reply = session.position_now().await;
    session.click("#undo").await;
    assert_eq!(session.moves_played(0).await, "Your move.");
    assert_eq!(session.position_now().await, "10");
    session.click("#redo").await;
    session.moves_played(2).await;
    assert_eq!(session.position_now().await, reply);

    // The computer against itself, fast: from 7 the first computer wins.
    session.start_playing("take:3", "7", "watch").await;
    let end = session
        .until(
            "the end of the game",
            "const s = document.getElementById('status').textContent; return s.includes('Game over') && s",
        )
        .await;
    assert!(
        end.as_str()
            .unwrap()
            .ends_with("Game over: the first computer won."),
        "{end}"
    );
    session.client.clone().close().await.unwrap();
}

/// A phone's width: the page fits without scrolling sideways, every place to tap on
/// the board is at least 44 px, and Wythoff's grid scrolls to the token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phone_fits_the_board_and_its_targets() {
    let Some(session) = session().await else {
        return;
    };
    session.client.set_window_size(390, 844).await.unwrap();
    let fits = "return document.documentElement.scrollWidth <= window.innerWidth";
    let smallest = "const r = [...document.querySelectorAll('#board .target, #game-area button, #setup button, #setup select, #setup input:not([type=checkbox]), label.check')] \
                    .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect()); \
                    return Math.min(...r.map(b => Math.min(b.width, b.height)))";
    for (game, position) in [
        ("kayles", "1 9"),
        ("grundy-game", "8 5"),
        ("turtles", "THHTHTTH"),
        ("wythoff", "29,51"),
    ] {
        session.start_mode(game, position, "computer").await;
        assert_eq!(session.script(fits).await, Value::Bool(true), "{game}");
        let least = session.script(smallest).await.as_f64().unwrap();
        assert!(least >= 44.0, "{game}: a target of {least} px");
        session.screenshot(&format!("phone-{game}")).await;
    }
    // The token's square is in view inside the scrolled grid.
    let seen = session
        .until(
            "the token in view",
            "const g = document.querySelector('.grid-scroller').getBoundingClientRect(); \
             const t = document.querySelector('.cell.token-here').getBoundingClientRect(); \
             return t.left >= g.left && t.right <= g.right && t.top >= g.top && t.bottom <= g.bottom",
        )
        .await;
    assert_eq!(seen, Value::Bool(true));
    session.client.clone().close().await.unwrap();
}

/// The keyboard alone plays: Tab reaches the board, Enter moves, and after the
/// computer's reply the focus is on the board again, ready for the next move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_keyboard_alone_plays_and_keeps_its_focus() {
    let Some(session) = session().await else {
        return;
    };
    let link = format!("{}?game=take:3&position=10", session.base);
    session.client.goto(&link).await.unwrap();
    session.moves_played(0).await;
    let on_board = "const e = document.activeElement; \
                    return document.getElementById('board').contains(e) && e.dataset.spots";
    let mut presses = 0;
    while session.script(on_board).await == Value::Bool(false) {
        let active = session.client.active_element().await.unwrap();
        active.send_keys("\u{E004}").await.unwrap(); // Tab
        presses += 1;
        assert!(presses < 40, "Tab never reached the board");
    }
    let focused = session.script(on_board).await;
    assert_eq!(focused, "token 1 8", "the first place to play: take 3");
    let active = session.client.active_element().await.unwrap();
    active.send_keys("\u{E007}").await.unwrap(); // Enter
    session.moves_played(2).await;
    let focused = session.until("the focus back on the board", on_board).await;
    assert!(
        focused.as_str().unwrap().starts_with("token 1 "),
        "{focus}",
        focus = focused
    );
    let active = session.client.active_element().await.unwrap();
    active.send_keys("\u{E007}").await.unwrap();
    let status = session
        .until(
            "the second move",
            "const n = document.querySelectorAll('#history li').length; \
             const s = document.getElementById('status').textContent; \
             return n >= 4 || s.startsWith('Game over') ? s : false",
        )
        .await;
    assert!(!status.as_str().unwrap().is_empty());
    session.client.clone().close().await.unwrap();
}

/// axe-core's rules, color-contrast among them, run on the page's scenes (a game with
/// its analysis and chart, a move half made, a sum, a graph, a failure said, the
/// move builder, a pending choice, a review, a start beyond analysis, the explore tab,
/// a phone's width) in the light theme and the dark one (the system's, which the page
/// follows), and find no serious or critical violation. axe-core comes from the npm
/// registry into `tests/axe` (`npm ci` there; `.ci/run` does it) and is used by this
/// test only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_has_no_serious_accessibility_violations() {
    let axe = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/axe/node_modules/axe-core/axe.min.js");
    let Ok(axe) = std::fs::read_to_string(&axe) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, but {} is missing: run npm ci in crates/nimlab-web/tests/axe (.ci/run does)",
            axe.display()
        );
        eprintln!("skipped: no axe-core (npm ci in crates/nimlab-web/tests/axe installs it)");
        return;
    };
    for theme in ["light", "dark"] {
        let flags: &[&str] = if theme == "dark" {
            &["--force-dark-mode"]
        } else {
            &[]
        };
        let Some(session) = session_with(flags).await else {
            return;
        };
        accessible_in_every_scene(&session, &axe, theme).await;
        session.client.clone().close().await.unwrap();
    }
}

async fn accessible_in_every_scene(session: &Session, axe: &str, theme: &str) {
    let check = |scene: &'static str| async move {
        session.script(axe).await;
        let found = session
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1]; \
                 axe.run(document).then(r => done(r.violations \
                   .filter(v => v.impact === 'serious' || v.impact === 'critical') \
                   .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3) \
                     .map(n => n.target.join(' ')).join(', '))), \
                   e => done(['axe failed: ' + e]))",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(found, json!([]), "{scene}, {theme} theme");
    };
    session.client.set_window_size(1366, 900).await.unwrap();
    session.start_mode("take:3", "13", "computer").await;
    let dark = session
        .script("return matchMedia('(prefers-color-scheme: dark)').matches")
        .await;
    assert_eq!(dark, Value::Bool(theme == "dark"));
    session.click("#show-analysis").await;
    session
        .until(
            "the analysis",
            "return !document.getElementById('analysis').hidden",
        )
        .await;
    session.fail_next("/api/position", busy()).await;
    session.click_winning().await;
    session.says("play-error", "not made").await;
    check("take:3 with its analysis and a failure said").await;
    session.screenshots(&format!("analysis-{theme}")).await;
    session.start_mode("kayles", "1 9", "people").await;
    session.click("#show-analysis").await;
    session.click_spot("token 2 4").await;
    check("kayles, a pin chosen").await;
    session.screenshots(&format!("kayles-{theme}")).await;
    session
        .start_mode("kayles + wythoff", "5 + 3,6", "computer")
        .await;
    check("a sum").await;
    session.start_mode("dag", "3", "computer").await;
    session.click("#show-analysis").await;
    check("a graph").await;
    session.open().await;
    session.choose("game-menu", "graph:loop.txt").await;
    session.choose("mode", "people").await;
    // From 3 of the example graph, 3 → 4 draws (4 → 3 → 4 …) and 3 → 1 loses.
    session.set("start-position", "3").await;
    session.click("#start").await;
    session.moves_played(0).await;
    session.click("#show-analysis").await;
    session
        .until(
            "moves that draw",
            "return document.querySelector('#move-list button.draw') !== null",
        )
        .await;
    check("moves that draw").await;
    session.start_mode("nim", "1000 2000", "people").await;
    session.click("#misere").await;
    session.says("pending", "Not started yet").await;
    check("the move builder and a pending choice").await;
    session.screenshots(&format!("builder-{theme}")).await;
    session.start_mode("nim", "3 4 5", "people").await;
    session.click_spot("token 3 2").await;
    session.moves_played(1).await;
    session.click("#review").await;
    session.says("review-summary", "Review:").await;
    check("a review").await;
    session
        .start_playing("grundy-game", "3000000", "computer")
        .await;
    session.says("status", "cannot play").await;
    check("a start beyond analysis").await;
    session.click("#tab-explore").await;
    session.click("#plot-sequence").await;
    session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    check("the explore tab").await;
    session.screenshots(&format!("explore-{theme}")).await;
    session.client.set_window_size(390, 844).await.unwrap();
    session.start_mode("wythoff", "29,51", "computer").await;
    check("wythoff at a phone's width").await;
}

/// Figures of loading the page, not a test (run with `--ignored --nocapture`;
/// nothing is asserted about time). Measured in the page, by Chromium's clock, on a
/// fresh server and browser (the first load is the one a person starting
/// `nimlab serve` waits for):
///
/// - **Ready:** from navigation to the page ready to use (`nimlab-ready`), 5 loads;
///   with when the page's HTML came, when its modules ran, when the list of games was
///   asked for and came, and the slowest of the page's other requests.
/// - **A restored link of 500 moves:** from navigation to the game shown with its 500
///   moves (`nimlab-shown`), 5 loads; with the page's ready and the replay request's
///   time within it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn figures_of_the_page_loads() {
    let Some(session) = session().await else {
        return;
    };
    let (mut loads, mut load_parts) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        session.reopen(&session.base).await;
        let ready = session
            .until(
                "the page ready",
                "const m = performance.getEntriesByName('nimlab-ready'); \
                 const n = performance.getEntriesByType('navigation')[0]; \
                 const r = performance.getEntriesByType('resource'); \
                 const g = r.filter(e => e.name.endsWith('/api/games')); \
                 const others = r.filter(e => !e.name.endsWith('/api/games')) \
                   .sort((a, b) => b.responseEnd - a.responseEnd); \
                 return m.length > 0 && [m[0].startTime, n.responseEnd, n.domContentLoadedEventStart, \
                   g.length > 0 ? g[0].startTime : null, g.length > 0 ? g[0].responseEnd : null, g.length, \
                   others.length > 0 ? others[0].name.replace(location.origin, '') + ' ' \
                     + Math.round(others[0].startTime) + '-' + Math.round(others[0].responseEnd) : '']",
            )
            .await;
        loads.push(ready[0].as_f64().unwrap());
        assert!(
            ready[5].as_u64().unwrap() <= 1,
            "the list of games is asked for at most once"
        );
        load_parts.push(format!(
            "html {}, modules run {}, /api/games {}, slowest other request {}",
            ready[1].as_f64().unwrap().round(),
            ready[2].as_f64().unwrap().round(),
            match (ready[3].as_f64(), ready[4].as_f64()) {
                (Some(asked), Some(came)) => format!("{}-{}", asked.round(), came.round()),
                _ => "not asked".to_string(),
            },
            ready[6].as_str().unwrap()
        ));
    }
    eprintln!("page ready (ms after navigation start), 5 loads: {loads:?}");
    for parts in &load_parts {
        eprintln!("  {parts}");
    }
    // A link of 500 moves: Nim 300 300, each player taking one token in turn.
    let moves: Vec<&str> = (0..500)
        .map(|i| if i % 2 == 0 { "1+1" } else { "2+1" })
        .collect();
    let link = format!(
        "{}#game=nim&start=300+300&mode=people&move={}",
        session.base,
        moves.join("&move=")
    );
    let (mut restored, mut parts) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        session.reopen(&link).await;
        let shown = session
            .until(
                "the game of 500 moves",
                "const m = performance.getEntriesByName('nimlab-shown'); \
                 const r = performance.getEntriesByType('resource').find(e => e.name.endsWith('/api/replay')); \
                 const ready = performance.getEntriesByName('nimlab-ready')[0]; \
                 return m.length > 0 && document.querySelectorAll('#history li').length === 501 \
                   && [m[0].startTime, ready.startTime, r.responseEnd - r.startTime]",
            )
            .await;
        restored.push(shown[0].as_f64().unwrap());
        parts.push((shown[1].as_f64().unwrap(), shown[2].as_f64().unwrap()));
    }
    eprintln!("a link of 500 moves shown (ms after navigation start), 5 loads: {restored:?}");
    eprintln!("  of which (page ready, /api/replay's request and answer): {parts:?}");

    session.client.clone().close().await.unwrap();
}

/// Figures of playing, not a test (run with `--ignored --nocapture`; nothing is
/// asserted about time). Measured in the page, by Chromium's clock:
///
/// - **Click to board:** from the click that makes a move to the board showing the
///   position it leaves, for up to six moves of two people from the example and from a
///   random start of every game in the menu, normal and misère; its p50, p95 and
///   largest, by game and over all.
/// - **Moves on huge boards:** a move built on Nim with 20,000 heaps and on a row of
///   120,000 Turning Turtles coins, from the click to the board, 5 each.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn figures_of_the_moves() {
    let Some(session) = session().await else {
        return;
    };
    let quantile = |times: &mut Vec<f64>, q: f64| {
        times.sort_by(|a, b| a.partial_cmp(b).unwrap());
        times[((times.len() as f64 - 1.0) * q).round() as usize]
    };
    session.open().await;
    let games = session
        .script("return [...document.querySelectorAll('#game-menu option')].map(o => o.value)")
        .await;
    let mut all = Vec::new();
    let mut rows = Vec::new();
    for game in games.as_array().unwrap() {
        let game = game.as_str().unwrap();
        let mut times = Vec::new();
        let mut refused = Vec::new();
        for misere in [false, true] {
            for random in [false, true] {
                session.open().await;
                session.choose("game-menu", game).await;
                session.choose("mode", "people").await;
                if misere {
                    if session.hidden("misere-field").await == Value::Bool(true) {
                        refused.push("misère: no misère box".to_string());
                        break;
                    }
                    session.click("#misere").await;
                }
                session
                    .click(if random { "#random-start" } else { "#start" })
                    .await;
                let state = session
                    .until(
                        "the board or an error",
                        "const a = document.getElementById('game-area'); \
                         const s = document.getElementById('status').textContent; \
                         const e = document.getElementById('error').textContent; \
                         return e ? 'error: ' + e : !a.hidden && s.length > 0 && s",
                    )
                    .await;
                let state = state.as_str().unwrap().to_string();
                if state.starts_with("error") {
                    refused.push(format!("{}{state}", if misere { "misère " } else { "" }));
                    continue;
                }
                'moves: for _ in 0..6 {
                    // A move of several clicks: the last one's time counts.
                    for _ in 0..4 {
                        let moved = session
                            .client
                            .execute_async(CLICK_TO_BOARD, vec![])
                            .await
                            .unwrap();
                        match moved[0].as_str() {
                            Some("moved") => {
                                times.push(moved[1].as_f64().unwrap());
                                continue 'moves;
                            }
                            Some("more") => {}
                            _ => break 'moves,
                        }
                    }
                    break;
                }
            }
        }
        if !times.is_empty() {
            let count = times.len();
            let (p50, p95) = (quantile(&mut times, 0.5), quantile(&mut times, 0.95));
            rows.push(format!(
                "{game:24} {count:3} moves  p50 {p50:6.1} ms  p95 {p95:6.1} ms  max {:6.1} ms{}",
                times[count - 1],
                if refused.is_empty() {
                    String::new()
                } else {
                    format!("  refused: {refused:?}")
                }
            ));
        }
        all.extend(times);
    }
    for row in &rows {
        eprintln!("{row}");
    }
    let count = all.len();
    eprintln!(
        "click to board, every game: {count} moves, p50 {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        quantile(&mut all, 0.5),
        quantile(&mut all, 0.95),
        all[count - 1]
    );

    // Moves on huge boards, built.
    for (name, link, part, amount) in [
        (
            "Nim, 20,000 heaps",
            format!(
                "{}#game=nim&start={}&mode=people",
                session.base,
                vec!["7"; 20_000].join("+")
            ),
            "20000",
            "1",
        ),
        (
            "Turning Turtles, 120,000 coins",
            format!(
                "{}#game=turtles&start={}HHHHH&mode=people",
                session.base,
                "T".repeat(119_995)
            ),
            "120000",
            "",
        ),
    ] {
        session.reopen(&link).await;
        session.moves_played(0).await;
        let mut times = Vec::new();
        for played in 0..5 {
            session
                .set(
                    "builder-part",
                    &(part.parse::<usize>().unwrap() - played).to_string(),
                )
                .await;
            session.set("builder-amount", amount).await;
            let moved = session
                .client
                .execute_async(
                    &CLICK_TO_BOARD.replace(
                        "document.querySelector('#board .target:not(.chosen)') || document.querySelector('#move-list button')",
                        "document.querySelector('#builder button[type=submit]')",
                    ),
                    vec![],
                )
                .await
                .unwrap();
            assert_eq!(moved[0], "moved", "{name}: {moved}");
            times.push(moved[1].as_f64().unwrap());
        }
        eprintln!("{name}: a move built, click to board (ms): {times:?}");
    }
    session.client.clone().close().await.unwrap();
}

/// An async script for WebDriver: click the first place to click (or the first move
/// listed) and answer `["moved", ms]` when the history shows one more move, from the
/// click to the board drawn; `["more", ms]` when the move needs another click,
/// `["none", 0]` when there is nothing to click and `["error", text]` on an error.
const CLICK_TO_BOARD: &str = "
    const done = arguments[arguments.length - 1];
    const target = document.querySelector('#board .target:not(.chosen)') || document.querySelector('#move-list button');
    const status = document.getElementById('status');
    if (!target || status.textContent.includes('Game over')) { done(['none', 0]); return; }
    const count = () => document.querySelectorAll('#history li').length;
    const before = count();
    const start = performance.now();
    const area = document.getElementById('game-area');
    const check = () => {
      const error = document.getElementById('play-error').textContent || document.getElementById('typed-error').textContent;
      if (error) return ['error', error];
      if (count() > before) return ['moved', performance.now() - start];
      if (status.textContent.startsWith('Click a highlighted')) return ['more', performance.now() - start];
      return null;
    };
    const observer = new MutationObserver(() => {
      const found = check();
      if (found) { observer.disconnect(); done(found); }
    });
    observer.observe(area, { childList: true, subtree: true, characterData: true });
    target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
";

impl Session {
    /// Wait until the element `id`'s text contains `words`; its text then.
    async fn says(&self, id: &str, words: &str) -> String {
        let js = format!(
            "const t = document.getElementById('{id}').textContent; return t.includes({}) && t",
            json!(words)
        );
        self.until(&format!("'{words}' in #{id}"), &js)
            .await
            .as_str()
            .unwrap()
            .to_string()
    }

    /// Click the first place on the board marked as winning.
    async fn click_winning(&self) {
        let clicked = self
            .until(
                "a winning place to click",
                "const t = document.querySelector('#board .target.win'); \
                 if (!t) return false; \
                 t.dispatchEvent(new MouseEvent('click', {bubbles: true})); return true",
            )
            .await;
        assert_eq!(clicked, Value::Bool(true));
    }

    /// Play the winning move, with the computer replying, until the game is won;
    /// `played` moves are in the history now.
    async fn win_to_the_end(&self, mut played: usize) {
        loop {
            let status = text_of(self, "status").await;
            if status.contains("Game over") {
                assert!(status.ends_with("Game over: you won."), "{status}");
                return;
            }
            self.click_winning().await;
            played += 2;
            let status = self
                .until(
                    "the reply or the end",
                    &format!(
                        "const n = document.querySelectorAll('#history li').length; \
                         const s = document.getElementById('status').textContent; \
                         return (n >= {} || s.includes('Game over')) && !s.includes('thinking') && s",
                        played + 1
                    ),
                )
                .await;
            assert!(played < 30, "the game did not end: {status}");
        }
    }

    /// The size in pixels of the smallest text of the plot `id`, as shown.
    async fn smallest_text(&self, id: &str) -> f64 {
        self.script(&format!(
            "const svg = document.getElementById('{id}'); \
             const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width; \
             return Math.min(...[...svg.querySelectorAll('text')].map(t => \
               parseFloat(getComputedStyle(t).fontSize) * scale))"
        ))
        .await
        .as_f64()
        .unwrap()
    }

    /// Open `address` afresh (not as a jump within the page shown).
    async fn reopen(&self, address: &str) {
        self.client.goto("about:blank").await.unwrap();
        self.client.goto(address).await.unwrap();
    }

    /// The texts of the elements matching `css`.
    async fn texts(&self, css: &str) -> Vec<String> {
        let texts = self
            .script(&format!(
                "return [...document.querySelectorAll({})].map(e => e.textContent)",
                json!(css)
            ))
            .await;
        serde_json::from_value(texts).unwrap()
    }
}

/// An answer of the server's when it is busy and asks to be asked again in a second.
fn busy() -> Value {
    json!({"status": 503, "retry_after": 1,
           "body": {"error": "busy", "message": "the server is busy: every worker is taken; try again"}})
}

/// No dead ends: a request that fails at each step (the start, the person's move, the
/// computer's move, the review, the explore tab), as busy (503 with Retry-After), out
/// of time (503), slow (408), beyond HTTP's limits (a raw 431 page) or with no server
/// at all, leaves the last good state on screen with one sentence saying what
/// happened, a way on (Try again, or the computer trying again by itself when the
/// server asked it to wait), and the game is then played to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_request_at_any_step_leaves_a_game_that_goes_on() {
    let Some(session) = session().await else {
        return;
    };
    session.open().await;
    session.set("game-spec", "nim").await;
    session.set("start-position", "3 4 5").await;
    // The start: the server out of time.
    session
        .fail_next(
            "/api/position",
            json!({"status": 503, "body": {"error": "out-of-time", "message": "the work for this request did not stop at its deadline"}}),
        )
        .await;
    session.click("#start").await;
    let error = session.says("error", "did not start").await;
    assert_eq!(
        error,
        "The game did not start: the server ran out of time on this."
    );
    assert_eq!(session.hidden("game-area").await, Value::Bool(true));
    session.click("#start").await;
    assert_eq!(session.moves_played(0).await, "Your move.");
    assert_eq!(text_of(&session, "error").await, "");
    session.click("#show-analysis").await;

    // The person's move: busy, then no server at all, then too large to send; the
    // board stays as it was and can be played.
    session.fail_next("/api/position", busy()).await;
    session.click_winning().await;
    let said = session.says("play-error", "not made").await;
    assert_eq!(
        said,
        "Your move was not made: the server is busy right now."
    );
    assert_eq!(session.moves_played(0).await, "Your move.");
    assert!(session.targets().await > 0, "the board can be played");
    session.screenshots("failed-move").await;
    session
        .fail_next("/api/position", json!({"status": 431}))
        .await;
    session.click_winning().await;
    session
        .says("play-error", "too large to send to the server")
        .await;
    session
        .fail_next("/api/position", json!({"status": 0}))
        .await;
    session.click_winning().await;
    let said = session.says("play-error", "cannot be reached").await;
    assert_eq!(
        said,
        "Your move was not made: the server cannot be reached: is nimlab serve still running?"
    );
    assert_eq!(session.hidden("retry").await, Value::Bool(false));
    session.click("#retry").await;
    assert_eq!(
        session.moves_played(2).await.split(". ").last().unwrap(),
        "Your move."
    );
    assert_eq!(text_of(&session, "play-error").await, "");

    // The computer's move: busy, asked to wait: it is tried again by itself.
    session.fail_next("/api/computer-move", busy()).await;
    session.click_winning().await;
    session.says("play-error", "it tries again in 1 s").await;
    session.moves_played(4).await;
    assert_eq!(text_of(&session, "play-error").await, "");
    // Slow (408): Try again, with Take back still possible meanwhile.
    session
        .fail_next(
            "/api/computer-move",
            json!({"status": 408, "body": {"error": "out-of-time", "message": "the request's body did not arrive within 10 s"}}),
        )
        .await;
    session.click_winning().await;
    let said = session.says("play-error", "did not arrive").await;
    assert_eq!(
        said,
        "The computer's move did not arrive: the request took too long to reach the server."
    );
    assert_eq!(
        session
            .script("return document.getElementById('undo').disabled")
            .await,
        Value::Bool(false)
    );
    session.screenshots("failed-computer-move").await;
    session.click("#retry").await;
    session.moves_played(6).await;

    // The analysis of the game: the review, busy, then tried again.
    session.fail_next("/api/review", busy()).await;
    session.click("#review").await;
    session
        .says("play-error", "The review did not arrive")
        .await;
    session.click("#retry").await;
    session.says("review-summary", "no mistakes").await;

    // The game goes on to its end.
    session.win_to_the_end(6).await;

    // Explore: a failed plot replaces the old one, then a plot comes.
    session.click("#tab-explore").await;
    session.click("#plot-sequence").await;
    session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    session.fail_next("/api/grundy", busy()).await;
    session.click("#plot-sequence").await;
    let error = session.says("explore-error", "No plot").await;
    assert_eq!(error, "No plot: the server is busy right now.");
    assert_eq!(text_of(&session, "sequence-caption").await, "");
    assert_eq!(session.hidden("sequence-result").await, Value::Bool(true));
    session.click("#plot-sequence").await;
    session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    assert_eq!(text_of(&session, "explore-error").await, "");
    session.client.clone().close().await.unwrap();
}

/// No dead ends, each failure at each step: the server busy (503 with Retry-After),
/// the request too slow (408) and the server gone (no answer), each injected at the
/// start, the person's move, the computer's move, the review and Explore's plot. Each
/// time the page keeps the last good state, says what happened in one sentence and
/// goes on (Start again, Try again, or the computer trying again by itself when the
/// server asked it to wait); the game is then won to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_failure_at_each_step_is_recovered() {
    let Some(session) = session().await else {
        return;
    };
    let failures = [
        (busy(), "the server is busy right now."),
        (
            json!({"status": 408, "body": {"error": "out-of-time", "message": "the request's body did not arrive within 10 s"}}),
            "the request took too long to reach the server.",
        ),
        (
            json!({"status": 0}),
            "the server cannot be reached: is nimlab serve still running?",
        ),
    ];
    for (failure, words) in failures {
        let asked_to_wait = failure["retry_after"].is_number();
        // The start: nothing is shown, and Start starts it.
        session.open().await;
        session.set("game-spec", "nim").await;
        session.set("start-position", "3 4 5").await;
        session.fail_next("/api/position", failure.clone()).await;
        session.click("#start").await;
        let said = session.says("error", "did not start").await;
        assert_eq!(said, format!("The game did not start: {words}"));
        assert_eq!(session.hidden("game-area").await, Value::Bool(true));
        session.click("#start").await;
        assert_eq!(session.moves_played(0).await, "Your move.");
        assert_eq!(text_of(&session, "error").await, "");
        session.click("#show-analysis").await;

        // The person's move: the board stays as it was; Try again makes the move.
        session.fail_next("/api/position", failure.clone()).await;
        session.click_winning().await;
        let said = session.says("play-error", "not made").await;
        assert_eq!(said, format!("Your move was not made: {words}"));
        assert_eq!(session.moves_played(0).await, "Your move.");
        session.click("#retry").await;
        session.moves_played(2).await;
        assert_eq!(text_of(&session, "play-error").await, "");

        // The computer's move: tried again by itself when the server asked to wait,
        // else by Try again, Take back possible meanwhile.
        session
            .fail_next("/api/computer-move", failure.clone())
            .await;
        session.click_winning().await;
        if asked_to_wait {
            session.says("play-error", "it tries again in 1 s").await;
        } else {
            let said = session.says("play-error", "did not arrive").await;
            assert_eq!(said, format!("The computer's move did not arrive: {words}"));
            assert_eq!(
                session
                    .script("return document.getElementById('undo').disabled")
                    .await,
                Value::Bool(false)
            );
            session.click("#retry").await;
        }
        session.moves_played(4).await;
        assert_eq!(text_of(&session, "play-error").await, "");

        // The review of the game so far.
        session.fail_next("/api/review", failure.clone()).await;
        session.click("#review").await;
        let said = session
            .says("play-error", "The review did not arrive")
            .await;
        assert_eq!(said, format!("The review did not arrive: {words}"));
        session.click("#retry").await;
        session.says("review-summary", "no mistakes").await;
        session.win_to_the_end(4).await;

        // Explore: the failed plot leaves no old plot on screen; the next one comes.
        session.click("#tab-explore").await;
        session.click("#plot-sequence").await;
        session
            .text_once_set("the plot's caption", "sequence-caption")
            .await;
        session.fail_next("/api/grundy", failure.clone()).await;
        session.click("#plot-sequence").await;
        let said = session.says("explore-error", "No plot").await;
        assert_eq!(said, format!("No plot: {words}"));
        assert_eq!(text_of(&session, "sequence-caption").await, "");
        assert_eq!(session.hidden("sequence-result").await, Value::Bool(true));
        session.click("#plot-sequence").await;
        session
            .text_once_set("the plot's caption", "sequence-caption")
            .await;
        assert_eq!(text_of(&session, "explore-error").await, "");
    }
    session.client.clone().close().await.unwrap();
}

/// Every legal move can be played: Wythoff 500,900 lists 1000 of its 1900 moves, and
/// "h 334", not among them, is typed and played; a move that is not legal is refused
/// under the box, in view. Boards too large to draw get a move builder: Nim 1000
/// 2000 (heap 2, take 1500), Turning Turtles with 300 coins (head 300, coin 1).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_legal_move_can_be_played() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("wythoff", "500,900", "people").await;
    let more = text_of(&session, "more-moves").await;
    assert!(more.contains("900 more moves"), "{more}");
    session.set("move-text", "h 334").await;
    session.click("#typed-move button").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "166,900");
    session.set("move-text", "h 1000").await;
    session.click("#typed-move button").await;
    let refused = session.says("typed-error", "'h 1000'").await;
    assert!(refused.contains("1 to 166"), "{refused}");
    let placed = session
        .script(
            "const f = document.getElementById('typed-move').getBoundingClientRect(); \
             const e = document.getElementById('typed-error').getBoundingClientRect(); \
             return e.top >= f.bottom && e.bottom <= window.innerHeight",
        )
        .await;
    assert_eq!(
        placed,
        Value::Bool(true),
        "the error is under the box, in view"
    );
    session.screenshots("typed-error").await;
    assert_eq!(session.position_now().await, "166,900");

    session.start_mode("nim", "1000 2000", "people").await;
    assert_eq!(session.hidden("builder").await, Value::Bool(false));
    session.set("builder-part", "2").await;
    assert_eq!(
        text_of(&session, "builder-part-note").await,
        "heap 2: 2000 tokens"
    );
    session.set("builder-amount", "1500").await;
    session.click("#builder button[type=submit]").await;
    session.moves_played(1).await;
    assert_eq!(session.position_now().await, "1000 500");
    session.screenshots("builder").await;

    let coins = format!("{}H", "T".repeat(299));
    session.start_mode("turtles", &coins, "people").await;
    session.set("builder-part", "300").await;
    session.set("builder-amount", "1").await;
    session.click("#builder button[type=submit]").await;
    session.moves_played(1).await;
    assert_eq!(
        session.position_now().await,
        format!("H{}", "T".repeat(299))
    );
    session.client.clone().close().await.unwrap();
}

/// The link is the game: the fragment holds the settings, the start and every move
/// (and those taken back); opened again it restores the board, the moves played, the
/// chart, undo and redo, and whose turn it is; a finished game opens finished; a
/// game of 20,000 heaps opens from its link; a game on a graph whose link lacks the
/// graph is an error, not another game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_link_holds_the_whole_game() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "3 4 5", "computer").await;
    session.click("#show-analysis").await;
    session.click_winning().await;
    session.moves_played(2).await;
    session.click_winning().await;
    session.moves_played(4).await;
    let before = session.texts("#history li").await;
    session.click("#undo").await;
    session.moves_played(2).await;
    let pairs = session.fragment().await;
    let count = |key: &str| pairs.iter().filter(|(k, _)| k == key).count();
    assert_eq!((count("move"), count("redo")), (2, 2), "{pairs:?}");
    assert!(pairs.contains(&("start".to_string(), "3 4 5".to_string())));
    assert!(pairs.contains(&("analysis".to_string(), "1".to_string())));
    let link = session.script("return location.href").await;
    let link = link.as_str().unwrap().to_string();
    session.reopen(&link).await;
    assert_eq!(session.moves_played(2).await, "Your move.");
    assert_eq!(session.texts("#history li").await, before[..3]);
    let points = session
        .script("return document.querySelectorAll('#value-chart .point').length")
        .await;
    assert_eq!(points, 3, "the chart has every position played");
    session.click("#redo").await;
    session.moves_played(4).await;
    assert_eq!(session.texts("#history li").await, before);
    session.click("#undo").await;
    session.moves_played(2).await;
    session.click("#undo").await;
    session.moves_played(0).await;

    // A finished game opens finished.
    let mut played = 0;
    while !text_of(&session, "status").await.contains("Game over") {
        session.click_winning().await;
        played += 2;
        session
            .until(
                "the reply or the end",
                &format!(
                    "const n = document.querySelectorAll('#history li').length; \
                     const s = document.getElementById('status').textContent; \
                     return (n >= {} || s.includes('Game over')) && !s.includes('thinking')",
                    played + 1
                ),
            )
            .await;
    }
    let link = session.script("return location.href").await;
    session.reopen(link.as_str().unwrap()).await;
    let status = session.says("status", "Game over").await;
    assert_eq!(status, "Game over: you won.");

    // Two people: the player to move is the one whose turn it was.
    session.start_mode("nim", "1 2", "people").await;
    session.click_spot("token 2 2").await;
    session.moves_played(1).await;
    let link = session.script("return location.href").await;
    session.reopen(link.as_str().unwrap()).await;
    assert_eq!(session.moves_played(1).await, "Player 2 to move.");
    let title = session.script("return document.title").await;
    assert_eq!(title, "nim: player 2 to move — nimlab");

    // 20,000 heaps: a link of some 40,000 characters, which no request carries.
    let heaps = vec!["1"; 20_000].join(" ");
    let link = format!(
        "{}#game=nim&start={}&mode=people",
        session.base,
        heaps.replace(' ', "+")
    );
    session.reopen(&link).await;
    assert_eq!(session.moves_played(0).await, "Player 1 to move.");
    session.set("builder-part", "20000").await;
    session.set("builder-amount", "1").await;
    session.click("#builder button[type=submit]").await;
    session.moves_played(1).await;
    assert_eq!(text_of(&session, "error").await, "");
    let link = session.script("return location.href").await;
    session.reopen(link.as_str().unwrap()).await;
    assert_eq!(session.moves_played(1).await, "Player 2 to move.");

    // The example of docs/GUIDE.md.
    session
        .reopen(&format!(
            "{}#game=nim&start=3+4+5&misere=1&mode=people&move=3+3&analysis=1",
            session.base
        ))
        .await;
    assert_eq!(session.moves_played(1).await, "Player 2 to move.");
    assert_eq!(session.position_now().await, "3 4 2");
    let shown = session
        .script(
            "return [document.getElementById('misere').checked, \
               !document.getElementById('analysis').hidden]",
        )
        .await;
    assert_eq!(shown, json!([true, true]));
    // A game on a graph without its graph.
    for link in [
        format!("{}#game=graph:loop.txt&start=1+3", session.base),
        format!("{}?game=graph:loop.txt&position=1%203", session.base),
    ] {
        session.reopen(&link).await;
        let error = session.says("error", "not the graph").await;
        assert!(
            error.starts_with("This link names graph:loop.txt"),
            "{error}"
        );
        assert_eq!(session.hidden("game-area").await, Value::Bool(true));
    }
    session.client.clone().close().await.unwrap();
}

/// The guide follows the game being played: ticking misère or choosing Kayles
/// mid-game leaves "How to play" on the game being played, and says the choice is
/// pending until Start, which plays it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_guide_follows_the_game_being_played() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "3 4 5", "computer").await;
    session.says("guide-title", "How to play nim").await;
    session.click("#misere").await;
    let pending = session.says("pending", "Not started yet").await;
    assert!(
        pending.starts_with("Not started yet: nim, misère."),
        "{pending}"
    );
    assert_eq!(text_of(&session, "guide-title").await, "How to play nim");
    assert!(
        text_of(&session, "guide")
            .await
            .contains("Whoever makes the last move wins."),
        "the guide is of the game being played"
    );
    session.choose("game-menu", "kayles").await;
    session
        .says("pending", "Not started yet: kayles, misère.")
        .await;
    assert_eq!(text_of(&session, "guide-title").await, "How to play nim");
    session.screenshots("pending").await;
    session.click("#start").await;
    session
        .says("guide-title", "How to play kayles, misère")
        .await;
    session.moves_played(0).await;
    assert_eq!(session.hidden("pending").await, Value::Bool(true));
    session.client.clone().close().await.unwrap();
}

/// A start the computer cannot analyze is said in words about the game, and two
/// people can still play it: Grundy's game from a heap of 3,000,000. Starts the page
/// refused in words for developers are played: a heap of 100,000 digits, a sum of
/// 2001 games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_beyond_the_computer_is_explained_and_playable_by_two() {
    let Some(session) = session().await else {
        return;
    };
    session
        .start_playing("grundy-game", "3000000", "computer")
        .await;
    let status = session.says("status", "cannot play").await;
    assert_eq!(
        status,
        "The computer cannot play from here: this game's values have never been worked out \
         this far, so nobody knows who wins. Two people can still play it."
    );
    for jargon in ["Flammenkamp", "MiB", "command line", "period"] {
        assert!(!status.contains(jargon), "{status}");
    }
    session.screenshots("beyond-analysis").await;
    session.click("#two-people").await;
    session.says("status", "Player 1 to move.").await;
    session.set("builder-amount", "1000").await;
    session.click("#builder button[type=submit]").await;
    assert_eq!(
        session.moves_played(1).await,
        "Player 1 chose to split the heap (3000000 → 1000 + 2999000). Player 2 to move."
    );

    // Starts the page once refused: a heap of 100,000 digits (beyond the memory of
    // a request), a sum of 2001 games.
    let huge = format!("1{}", "0".repeat(100_000));
    let sum = vec!["kayles"; 2001].join(" + ");
    let fives = vec!["5"; 2001].join(" + ");
    for (game, position) in [("nim", huge.as_str()), (sum.as_str(), fives.as_str())] {
        session.open().await;
        session.paste("game-spec", game).await;
        session.choose("mode", "computer").await;
        session.paste("start-position", position).await;
        session.click("#start").await;
        session.moves_played(0).await;
        assert_eq!(text_of(&session, "status").await, "Your move.");
        assert_eq!(text_of(&session, "error").await, "");
    }
    session.client.clone().close().await.unwrap();
}

/// Smaller faults: Take back works when the computer moved first (and is off while
/// nothing can be taken back); the chart of Nim 10^30 5 7 writes its values exactly;
/// no text of a plot covers its data.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn take_back_after_the_computer_began_and_charts_read_exactly() {
    let Some(session) = session().await else {
        return;
    };
    session.start("take:3", "10", "computer").await;
    assert_eq!(
        session.moves_played(1).await.split(". ").last().unwrap(),
        "Your move."
    );
    let undo_off = "return document.getElementById('undo').disabled";
    assert_eq!(session.script(undo_off).await, Value::Bool(true));
    session.click("#board .target").await;
    session.moves_played(3).await;
    assert_eq!(session.script(undo_off).await, Value::Bool(false));
    session.click("#undo").await;
    assert_eq!(session.moves_played(1).await, "Your move.");

    let huge = "1000000000000000000000000000000";
    session
        .start_mode("nim", &format!("{huge} 5 7"), "people")
        .await;
    session.click("#show-analysis").await;
    session.set("move-text", "1 1").await;
    session.click("#typed-move button").await;
    session.moves_played(1).await;
    let ticks = session.texts("#value-chart text.tick").await;
    assert!(ticks.iter().all(|t| !t.contains('e')), "{ticks:?}");
    assert!(ticks.contains(&"10³⁰".to_string()), "{ticks:?}");
    let legend = text_of(&session, "chart-legend").await;
    assert!(
        legend.contains("largest 1000000000000000000000000000002"),
        "{legend}"
    );
    assert_eq!(nothing_covered(&session, "value-chart").await, json!([]));
    assert_eq!(outside(&session, "value-chart").await, json!([]));
    // At a phone's width, the moves of 31 digits wrap (as `screenshots` checks).
    session.screenshots("huge-chart").await;
    session.client.clone().close().await.unwrap();
}

/// The remoteness of a Nim position by brute force: 0 at the end; else one more than
/// the least remoteness of a losing position reached, if any, else one more than the
/// largest of any position reached. Whether the player to move wins, with it.
fn nim_remoteness(heaps: &[u32]) -> (bool, u32) {
    let mut children = Vec::new();
    for (i, &heap) in heaps.iter().enumerate() {
        for left in 0..heap {
            let mut next = heaps.to_vec();
            next[i] = left;
            children.push(nim_remoteness(&next));
        }
    }
    let losing = children.iter().filter(|(wins, _)| !wins).map(|(_, r)| *r);
    match losing.min() {
        Some(r) => (true, r + 1),
        None => (
            false,
            children.iter().map(|(_, r)| r + 1).max().unwrap_or(0),
        ),
    }
}

/// A timeline you can use: the chart plots the remoteness of each position played
/// (checked against a brute force) as well as its Grundy value, says the choice in
/// the link, and a click on a point goes back to that position, the moves after it
/// kept for Redo.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_timeline_plots_remoteness_and_goes_back() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "2 3 3", "people").await;
    session.click("#show-analysis").await;
    let positions = [[2, 3, 3], [2, 3, 1], [2, 1, 1], [0, 1, 1]];
    for (played, text) in ["3 2", "2 2", "1 2"].iter().enumerate() {
        session.set("move-text", text).await;
        session.click("#typed-move button").await;
        session.moves_played(played + 1).await;
    }
    session.choose("chart-kind", "remoteness").await;
    let labels = session
        .until(
            "the remoteness chart",
            "const p = [...document.querySelectorAll('#value-chart .point')]                .map(e => e.getAttribute('aria-label'));              return p.length === 4 && p.every(l => l.includes('remoteness')) && p",
        )
        .await;
    for (i, heaps) in positions.iter().enumerate() {
        let (wins, remoteness) = nim_remoteness(heaps);
        let who = if wins {
            "the player to move wins"
        } else {
            "the player to move loses"
        };
        let label = labels[i].as_str().unwrap();
        assert!(
            label.contains(&format!(": remoteness {remoteness}, {who}.")),
            "position {heaps:?}: {label}"
        );
    }
    assert!(
        session
            .fragment()
            .await
            .contains(&("chart".to_string(), "remoteness".to_string()))
    );
    // Back to the position after the first move.
    session.click("#value-chart .point[data-index='1']").await;
    assert_eq!(session.moves_played(1).await, "Player 2 to move.");
    assert_eq!(session.position_now().await, "2 3 1");
    let pairs = session.fragment().await;
    assert_eq!(
        pairs.iter().filter(|(k, _)| k == "redo").count(),
        2,
        "{pairs:?}"
    );
    session.click("#redo").await;
    session.moves_played(2).await;
    assert_eq!(session.position_now().await, "2 1 1");
    session.client.clone().close().await.unwrap();
}

/// The texts of the plot `id` that do not lie wholly inside it.
async fn outside(session: &Session, id: &str) -> Value {
    session
        .script(&format!(
            "const svg = document.getElementById('{id}'); const b = svg.getBoundingClientRect(); \
             return [...svg.querySelectorAll('text')].filter(t => {{ \
               const a = t.getBoundingClientRect(); \
               return a.left < b.left || a.right > b.right || a.top < b.top || a.bottom > b.bottom; \
             }}).map(t => t.textContent)"
        ))
        .await
}

/// The texts of the plot `id` that cover one of its points or dots.
async fn nothing_covered(session: &Session, id: &str) -> Value {
    session
        .script(&format!(
            "const svg = document.getElementById('{id}'); \
             const boxes = [...svg.querySelectorAll('circle, rect:not(.period):not(.zoom-band), .point path')] \
               .map(e => e.getBoundingClientRect()); \
             return [...svg.querySelectorAll('text')].filter(t => {{ \
               const a = t.getBoundingClientRect(); \
               return boxes.some(b => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1); \
             }}).map(t => t.textContent)"
        ))
        .await
}

/// Explore you can read: pointing at a dot, or the arrow keys, says n and g(n); a
/// range is zoomed into with the fields and by dragging across the plot; no text of
/// the plot covers a dot; "Play this heap" plays the heap read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explore_reads_zooms_and_plays_a_heap() {
    let Some(session) = session().await else {
        return;
    };
    let kayles = nimlab_core::game("kayles").unwrap();
    let values = kayles
        .heap_game()
        .unwrap()
        .sequence()
        .grundy_table(200, &nimlab_core::Budget::unlimited())
        .unwrap();
    session
        .reopen(&format!(
            "{}#tab=explore&game=kayles&upto=200",
            session.base
        ))
        .await;
    session
        .text_once_set("the plot's caption", "sequence-caption")
        .await;
    // Point at the middle of the plot.
    session
        .script(
            "const p = document.getElementById('sequence-plot').getBoundingClientRect(); \
             document.getElementById('sequence-plot').dispatchEvent(new PointerEvent('pointermove', \
               {clientX: p.left + p.width / 2, clientY: p.top + p.height / 2, bubbles: true}))",
        )
        .await;
    let read = session.says("sequence-point", "n = ").await;
    let (n, g) = read
        .strip_prefix("n = ")
        .unwrap()
        .split_once(": g(n) = ")
        .unwrap();
    let n: usize = n.parse().unwrap();
    assert!((80..=120).contains(&n), "{read}");
    assert_eq!(g, values[n].to_string(), "{read}");
    // The keyboard: End reads the last heap, Left the one before.
    let plot = session
        .client
        .find(Locator::Id("sequence-plot"))
        .await
        .unwrap();
    plot.send_keys("\u{E010}").await.unwrap(); // End
    plot.send_keys("\u{E012}").await.unwrap(); // Left
    let read = session.says("sequence-point", "n = 199").await;
    assert_eq!(read, format!("n = 199: g(n) = {}", values[199]));
    assert_eq!(nothing_covered(&session, "sequence-plot").await, json!([]));
    session
        .until(
            "Wythoff's plot",
            "return document.querySelectorAll('#wythoff-plot text').length > 0",
        )
        .await;
    for (width, height) in [(390, 844), (1366, 900)] {
        session.viewport(width, height).await;
        session.click("#plot-sequence").await;
        session.says("sequence-legend", "Shaded: one period").await;
        for plot in ["sequence-plot", "wythoff-plot"] {
            let smallest = session.smallest_text(plot).await;
            assert!(
                smallest >= 12.0,
                "{plot}: text of {smallest} px at {width} px"
            );
        }
    }
    // Zoom with the fields, then by dragging.
    session.set("zoom-from", "60").await;
    session.set("zoom-to", "90").await;
    session.click("#zoom-form button[type=submit]").await;
    session
        .says("sequence-legend", "Showing n = 60 to 90")
        .await;
    let dots = session
        .script("return document.querySelectorAll('#sequence-plot circle.dot').length")
        .await;
    assert_eq!(dots, 31);
    session
        .script(
            "const svg = document.getElementById('sequence-plot'); const p = svg.getBoundingClientRect(); \
             const at = (type, f) => svg.dispatchEvent(new PointerEvent(type, \
               {clientX: p.left + p.width * f, clientY: p.top + p.height / 2, bubbles: true})); \
             at('pointerdown', 0.3); at('pointermove', 0.5); at('pointerup', 0.7)",
        )
        .await;
    let legend = session.says("sequence-legend", "Showing n = 6").await;
    let dots = session
        .script("return document.querySelectorAll('#sequence-plot circle.dot').length")
        .await
        .as_u64()
        .unwrap();
    assert!((5..31).contains(&dots), "{legend}: {dots} dots");
    let fragment = session.fragment().await;
    assert!(
        fragment.iter().any(|(k, _)| k == "from"),
        "the zoom is in the link: {fragment:?}"
    );
    session.screenshots("explore-zoom").await;
    session.click("#zoom-all").await;
    session.says("sequence-legend", "Shaded: one period").await;
    // Play this heap.
    session.set("play-heap", "30").await;
    session.click("#play-heap-form button").await;
    session.moves_played(0).await;
    assert_eq!(session.hidden("play-section").await, Value::Bool(false));
    assert_eq!(session.position_now().await, "30");
    let spec = session
        .script("return document.getElementById('game-spec').value")
        .await;
    assert_eq!(spec, "kayles");
    session.client.clone().close().await.unwrap();
}

/// Games in and out: "Save game" gives the game as a record, which the core's reader
/// (the one `nimlab review` uses) replays; "Open game" loads a record written in the
/// terminal, and the review marks the move that threw the win away, with one that
/// kept it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_saved_opened_and_reviewed() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "3 4 5", "computer").await;
    session.click_spot("token 3 2").await; // take 4 of 5: a mistake
    session.moves_played(2).await;
    // The download's text, caught as the page hands it to the browser.
    session
        .script(
            "window.saved = null; const click = HTMLAnchorElement.prototype.click; \
             HTMLAnchorElement.prototype.click = function () { \
               if (this.download) { window.savedName = this.download; \
                 fetch(this.href).then(r => r.text()).then(t => { window.saved = t; }); } \
               else click.call(this); }",
        )
        .await;
    session.click("#save-game").await;
    let text = session.until("the saved game", "return window.saved").await;
    let text = text.as_str().unwrap();
    let name = session.script("return window.savedName").await;
    assert_eq!(name, "nim-game.json");
    let record = nimlab_core::report::record::Record::from_json(text, "the saved game").unwrap();
    let game = nimlab_core::game(&record.game).unwrap();
    let replay = record.replay(game.as_ref()).unwrap();
    assert_eq!(replay.moves.len(), 2);
    assert_eq!(record.moves[0].by, "you");
    assert_eq!(record.moves[0].position, "3 4 1");
    assert_eq!(record.moves[1].by, "computer");

    // A record written in the terminal, opened: the fixture is what `nimlab play
    // --record` wrote of a game of Nim lost by a mistake (a test of the command line
    // checks that it still writes exactly this file).
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/nim-recorded-in-the-terminal.json");
    session.open().await;
    let input = session.client.find(Locator::Id("open-game")).await.unwrap();
    input.send_keys(file.to_str().unwrap()).await.unwrap();
    let summary = session.says("review-summary", "Review:").await;
    assert_eq!(summary, "Review: 1 mistake, marked below.");
    let marked = session.texts("#history li.mistake").await;
    assert_eq!(marked.len(), 1);
    assert!(
        marked[0].starts_with("You: 3 4 1 — a mistake")
            && marked[0]
                .contains("take 2 tokens from heap 1 (3 → 1) (1 2), which leaves a nim-sum of 0"),
        "{marked:?}"
    );
    // The game was played to its end in the terminal: shown as finished.
    let status = session.moves_played(6).await;
    assert_eq!(status, "Game over: the computer won.");
    assert_eq!(
        session.hidden("pause").await,
        Value::Bool(true),
        "no Resume for a finished game"
    );
    session.screenshots("review").await;
    session.client.clone().close().await.unwrap();
}

/// Read by anyone: the marks of win, lose and draw are shapes as well as colours; a
/// grid and each row is one tab stop, moved in with the arrow keys; plot text is at
/// least 12 px at a desktop's width and a phone's; the title names the game and
/// whose turn it is.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn marks_keys_text_and_title_read_well() {
    let Some(session) = session().await else {
        return;
    };
    session.start_mode("nim", "3 4 5", "computer").await;
    assert_eq!(
        session.script("return document.title").await,
        "nim: your move — nimlab"
    );
    session.click("#show-analysis").await;
    let marks = session
        .script(
            "return ['win', 'lose'].map(r => [document.querySelectorAll('#board .target.' + r).length, \
               [...document.querySelectorAll('#board .target.' + r + ' .mark')].map(m => m.textContent)])",
        )
        .await;
    let wins = &marks[0];
    assert!(wins[0].as_u64().unwrap() >= 1, "{marks}");
    assert_eq!(
        wins[1].as_array().unwrap().len() as u64,
        wins[0].as_u64().unwrap()
    );
    assert!(
        wins[1].as_array().unwrap().iter().all(|m| m == "✓"),
        "{marks}"
    );
    assert!(
        marks[1][1].as_array().unwrap().iter().all(|m| m == "✗"),
        "{marks}"
    );
    // Rows: one tab stop each; the arrow keys move along a row and between rows.
    let stops = session
        .script(
            "return [...document.querySelectorAll('#board [data-group]')].map(g => \
               g.querySelectorAll('[tabindex=\"0\"]').length)",
        )
        .await;
    assert_eq!(stops, json!([1, 1, 1]));
    session.click_winning().await;
    session.moves_played(2).await;
    for width in [1366, 390] {
        session.client.set_window_size(width, 900).await.unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let smallest = session.smallest_text("value-chart").await;
        assert!(smallest >= 12.0, "plot text of {smallest} px at {width} px");
    }

    session.client.set_window_size(1366, 900).await.unwrap();
    session.start_mode("wythoff", "29,51", "computer").await;
    let grid_stops = session
        .script("return document.querySelectorAll('#board .grid [tabindex=\"0\"]').length")
        .await;
    assert_eq!(grid_stops, 1, "the grid is one tab stop");
    let first = session
        .script(
            "const t = document.querySelector('#board .grid [tabindex=\"0\"]'); t.focus(); \
             return t.dataset.spots",
        )
        .await;
    let active = session.client.active_element().await.unwrap();
    active.send_keys("\u{E014}").await.unwrap(); // Right
    let moved = session
        .script("return document.activeElement.dataset.spots")
        .await;
    assert_ne!(moved, first, "the arrow key moved within the grid");
    let active = session.client.active_element().await.unwrap();
    active.send_keys("\u{E004}").await.unwrap(); // Tab
    let left = session
        .script(
            "const a = document.activeElement; \
             return document.getElementById('board').contains(a) && a.outerHTML.slice(0, 80)",
        )
        .await;
    assert_eq!(left, Value::Bool(false), "one Tab leaves the grid");
    session.client.clone().close().await.unwrap();
}
