//! The JSON API, every endpoint and every error path, in process.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// Send one request to the app; the status and the JSON answer.
async fn send(method: &str, path: &str, body: Option<&str>) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.unwrap_or("").to_string()))
        .unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    send("POST", path, Some(&body.to_string())).await
}

/// The report `nimlab analyze GAME POSITION --json --max-moves N` prints, made by the
/// same calls, with the web's N.
fn analysis_report(spec: &str, position: &str) -> Value {
    let game = nimlab_core::game(spec).unwrap();
    let position = game.parse_position(position).unwrap();
    let budget = nimlab_core::Budget::unlimited();
    let listed = nimlab_core::limits::WEB_LISTED_MOVES.get();
    let analysis = game
        .analyze(&position, nimlab_core::Convention::Normal, listed, &budget)
        .unwrap();
    let report = nimlab_core::report::AnalysisReport::new(game.as_ref(), &position, analysis, true);
    serde_json::to_value(report).unwrap()
}

/// The page carries the server's body limit, which it checks files against before
/// sending them, instead of a copy of its own, and the list of games, the answer of
/// `/api/games`, so that it needs no request before it can be used.
#[tokio::test]
async fn the_page_carries_the_servers_body_limit_and_games() {
    let request = Request::builder().uri("/").body(Body::empty()).unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let page = String::from_utf8(bytes.to_vec()).unwrap();
    let limit = nimlab_core::limits::WEB_BODY.value;
    assert!(
        page.contains(&format!(
            r#"<meta name="nimlab-body-bytes" content="{limit}">"#
        )),
        "{page}"
    );
    assert!(!page.contains("{{"), "a placeholder is left: {page}");
    let (_, games) = send("GET", "/api/games", None).await;
    let (_, after) = page
        .split_once(r#"<script type="application/json" id="games">"#)
        .expect("the list of games in the page");
    let (carried, _) = after.split_once("</script>").unwrap();
    assert!(!carried.contains('<'), "{carried}");
    assert_eq!(serde_json::from_str::<Value>(carried).unwrap(), games);
}

#[tokio::test]
async fn analyze_answers_what_the_command_line_prints() {
    let (status, answer) = post("/api/analyze", json!({"game": "nim", "position": "3 4 5"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, analysis_report("nim", "3 4 5"));
    let (_, misere) = post(
        "/api/analyze",
        json!({"game": "kayles", "position": "30 40", "misere": true}),
    )
    .await;
    assert_eq!(misere["convention"], "misere");
    assert!(misere["explanation"].as_str().unwrap().contains("quotient"));
    // Big numbers travel as decimal strings.
    let huge = format!("1{}", "0".repeat(40));
    let (_, answer) = post("/api/analyze", json!({"game": "nim", "position": huge})).await;
    assert_eq!(answer["grundy"], huge.as_str());
}

#[tokio::test]
async fn moves_lists_every_move_with_its_value() {
    let (status, answer) = post("/api/moves", json!({"game": "take:3", "position": "12"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["count"], 3);
    assert!(
        answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["result"] == "lose")
    );
    let (_, answer) = post("/api/moves", json!({"game": "take:3", "position": "13"})).await;
    assert_eq!(answer["moves"][0]["result"], "win");
    assert_eq!(answer["moves"][0]["to"], "12");
    assert_eq!(answer["board"]["kind"], "pot");
}

#[tokio::test]
async fn the_computer_moves_perfectly_and_says_when_it_won() {
    let (status, answer) = post(
        "/api/computer-move",
        json!({"game": "take:3", "position": "13"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["to"], "12");
    assert_eq!(answer["over"], false);
    let (_, last) = post(
        "/api/computer-move",
        json!({"game": "take:3", "position": "2"}),
    )
    .await;
    assert_eq!(
        (last["to"].as_str(), last["over"].as_bool()),
        (Some("0"), Some(true))
    );
    assert_eq!(last["computer_won"], true);
    let (_, misere) = post(
        "/api/computer-move",
        json!({"game": "take:3", "position": "2", "misere": true}),
    )
    .await;
    assert_eq!(misere["to"], "1");
    for (body, word) in [
        (
            json!({"game": "take:3", "position": "5", "level": 11}),
            "level",
        ),
        (
            json!({"game": "take:3", "position": "5", "style": "fast"}),
            "style",
        ),
        (json!({"game": "take:3", "position": "0"}), "over"),
    ] {
        let (status, error) = post("/api/computer-move", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error["message"].as_str().unwrap().contains(word), "{error}");
    }
}

#[tokio::test]
async fn games_lists_the_registry() {
    let (status, games) = send("GET", "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    for name in [
        "nim",
        "kayles",
        "octal",
        "wythoff",
        "turtles",
        "dag",
        "fibonacci",
    ] {
        assert!(names.contains(&name), "{names:?}");
    }
    assert!(games[0]["rules"].as_str().unwrap().len() > 10);
}

/// Each game says what it accepts, as the core says it: misère play exactly when its
/// example's misère analysis is not refused as undefined (and then it is answered),
/// a graph exactly when the
/// family reads one, and its family.
#[tokio::test]
async fn games_say_what_they_accept() {
    let (_, games) = send("GET", "/api/games", None).await;
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), nimlab_core::registry::FAMILIES.len());
    let mut refusing = Vec::new();
    for game in games {
        let name = game["name"].as_str().unwrap();
        assert_eq!(game["family"], name);
        assert_eq!(game["on_graph"], !game["example_graph"].is_null(), "{name}");
        let mut body = json!({
            "game": game["example"],
            "position": game["example_position"],
            "misere": true,
        });
        if game["on_graph"] == true {
            body["graph"] = game["example_graph"].clone();
        }
        let (status, answer) = post("/api/analyze", body).await;
        let refused = status == StatusCode::UNPROCESSABLE_ENTITY && answer["error"] == "undefined";
        assert_eq!(game["takes_misere"], !refused, "{name}: {answer}");
        // A game that takes misère play answers it (no family leaves it unsolved).
        assert!(refused || status == StatusCode::OK, "{name}: {answer}");
        if refused {
            refusing.push(name);
        }
    }
    assert_eq!(refusing, ["wythoff-attrition", "wythoff-flipflop"]);
}

/// What any spec accepts, sums included, for the page's settings: the page reads no
/// spec itself.
#[tokio::test]
async fn a_spec_says_what_it_accepts() {
    let accepts = |spec: &str| post("/api/game", json!({ "game": spec }));
    let (status, nim) = accepts("subtraction:1,2,5").await;
    assert_eq!(status, StatusCode::OK, "{nim}");
    assert_eq!(
        nim,
        json!({"family": "subtraction", "takes_misere": true, "on_graph": false})
    );
    let (_, sum) = accepts("kayles + dag:a.txt").await;
    assert_eq!(
        sum,
        json!({"family": null, "takes_misere": true, "on_graph": true})
    );
    let (_, bare) = accepts("graph").await;
    assert_eq!(bare["on_graph"], true, "{bare}");
    let (_, flip) = accepts("nim + wythoff-flipflop:3").await;
    assert_eq!(flip["takes_misere"], false, "{flip}");
    let (status, wrong) = accepts("nim + kales").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        wrong["message"].as_str().unwrap().contains("kales"),
        "{wrong}"
    );
}

#[tokio::test]
async fn grundy_and_period_answer_and_refuse_what_is_too_large() {
    let (status, answer) = post("/api/grundy", json!({"game": "kayles", "upto": 8})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["values"], json!([0, 1, 2, 3, 1, 4, 3, 2, 1]));
    let (status, error) = post(
        "/api/grundy",
        json!({"game": "octal:0.167", "upto": "1000000000000"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["error"], "too-large");
    let (status, period) = post("/api/period", json!({"game": "kayles"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (period["preperiod"].as_u64(), period["period"].as_u64()),
        (Some(71), Some(12))
    );
    let (status, error) = post("/api/period", json!({"game": "grundy-game"})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(error["error"], "no-known-value");
    let (status, _) = post("/api/grundy", json!({"game": "wythoff", "upto": 5})).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn graphs_travel_inline_and_files_are_refused() {
    let graph = "4 4 1 0 2 0 3 1 3 2";
    let (status, answer) = post(
        "/api/analyze",
        json!({"game": "dag", "graph": graph, "position": "3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["outcome"], "P");
    for body in [
        json!({"game": "dag:/etc/passwd", "position": "3"}),
        json!({"game": "nim", "graph": graph, "position": "3"}),
        json!({"game": "dag", "graph": "2 1 0 5", "position": "1"}),
    ] {
        let (status, error) = post("/api/analyze", body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
        assert_eq!(error["error"], "input");
    }
    // A graph with a cycle: 0 ⇄ 1 and 1 → 2. From 0 the only move is to 1, from
    // which the opponent moves to 2 and wins, so 0 is lost; alone the cycle 3 ⇄ 4
    // draws. The same graph serves the parts of a sum.
    let loopy = "5 5 0 1 1 0 1 2 3 4 4 3";
    for (game, position, outcome) in [
        ("graph", "0", "P"),
        ("graph", "1", "N"),
        ("graph", "3", "D"),
        ("graph:g + nim", "3 + 2", "D"),
        ("graph:g + nim", "1 + 1", "P"),
        ("graph + nim", "1 + 1", "P"),
    ] {
        let body = json!({"game": game, "graph": loopy, "position": position});
        let (status, answer) = post("/api/analyze", body).await;
        assert_eq!(status, StatusCode::OK, "{game} {position}: {answer}");
        assert_eq!(answer["outcome"], outcome, "{game} {position}: {answer}");
    }
    let body = json!({"game": "dag", "graph": loopy, "position": "0"});
    let (status, error) = post("/api/analyze", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    assert!(
        error["message"].as_str().unwrap().contains("graph:FILE"),
        "{error}"
    );
}

#[tokio::test]
async fn malformed_requests_are_400_with_a_json_error() {
    for (path, body) in [
        ("/api/analyze", "{\"game\":"),
        ("/api/analyze", "[1, 2]"),
        ("/api/analyze", "{\"game\": \"nim\"}"),
        (
            "/api/analyze",
            "{\"game\": \"nim\", \"position\": \"3\", \"extra\": 1}",
        ),
        ("/api/analyze", "{\"game\": \"chess\", \"position\": \"3\"}"),
        ("/api/analyze", "{\"game\": \"nim\", \"position\": \"3 x\"}"),
        ("/api/moves", "{\"game\": \"nim\", \"position\": \"-1\"}"),
        ("/api/grundy", "{\"game\": \"nim\", \"upto\": \"ten\"}"),
        ("/api/period", "{}"),
        ("/api/computer-move", "null"),
    ] {
        let (status, error) = send("POST", path, Some(body)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {body}: {error}");
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{body}"
        );
    }
    let (status, _) = send("GET", "/api/nothing", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = send("GET", "/api/wythoff-pairs?count=100000000", None).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, pairs) = send("GET", "/api/wythoff-pairs?count=3", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(pairs, json!([["0", "0"], ["1", "2"], ["3", "5"]]));
}

#[tokio::test]
async fn a_body_beyond_the_limit_is_refused() {
    let huge = format!(
        "{{\"game\": \"nim\", \"position\": \"{}\"}}",
        "7 ".repeat(nimlab_core::limits::WEB_BODY.get())
    );
    let (status, body) = send("POST", "/api/analyze", Some(&huge)).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(body["error"], "too-large", "{body}");
    assert!(body["message"].as_str().is_some(), "{body}");
}

/// Work with no end in sight stops at the request's deadline, and the answer is a
/// JSON error naming the time limit, not an empty body: a period search of hex:0.fff
/// (values of cubic cost), its nim-sequence, and a huge heap of it.
#[tokio::test]
async fn endless_work_stops_at_the_deadline_with_a_json_error() {
    let requests = [
        ("/api/period", json!({"game": "hex:0.fff"})),
        ("/api/grundy", json!({"game": "hex:0.fff", "upto": "20000"})),
        (
            "/api/analyze",
            json!({"game": "hex:0.fff", "position": "99999999999999999999"}),
        ),
    ];
    for (path, body) in requests {
        let (status, answer) = post(path, body).await;
        assert!(
            status == StatusCode::SERVICE_UNAVAILABLE || status == StatusCode::UNPROCESSABLE_ENTITY,
            "{path}: {status} {answer}"
        );
        let message = answer["message"].as_str().unwrap_or_default();
        // The work itself stopped: the answer is not the server's backstop.
        assert!(
            !message.is_empty() && !message.contains("did not stop"),
            "{path}: {answer}"
        );
    }
}

#[tokio::test]
async fn the_page_and_its_assets_are_served() {
    let request = Request::builder().uri("/").body(Body::empty()).unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let page = response.into_body().collect().await.unwrap().to_bytes();
    let page = String::from_utf8(page.to_vec()).unwrap();
    assert!(page.contains("<script type=\"module\" src=\"/app.js\">"));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "no external resources"
    );
    let request = Request::builder()
        .uri("/app.css")
        .body(Body::empty())
        .unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    // The entry module and every module it imports, and they import, are served as
    // JavaScript.
    let mut modules = vec!["/app.js".to_string()];
    let mut served = Vec::new();
    while let Some(path) = modules.pop() {
        if served.contains(&path) {
            continue;
        }
        let request = Request::builder().uri(&path).body(Body::empty()).unwrap();
        let response = nimlab_web::app().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/javascript",
            "{path}"
        );
        let text = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8(text.to_vec()).unwrap();
        for import in text.split(" from \"./").skip(1) {
            let name = import.split('"').next().unwrap();
            modules.push(format!("/js/{}", name.trim_start_matches("js/")));
        }
        served.push(path);
    }
    assert!(served.len() >= 6, "{served:?}");
    let request = Request::builder()
        .uri("/js/none.js")
        .body(Body::empty())
        .unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_favicon_is_served() {
    for path in ["/favicon.ico", "/favicon.svg"] {
        let request = Request::builder().uri(path).body(Body::empty()).unwrap();
        let response = nimlab_web::app().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "image/svg+xml",
            "{path}"
        );
    }
}

// The server under abuse. The figures (latencies, memory over time) are measured by
// `load/run.sh`; these tests check outcomes only.

/// Counts what each computation really allocates, as the `nimlab` binary does, so
/// the tests below see the server's memory bounds at work.
#[global_allocator]
static ALLOCATOR: nimlab_web::memory::Counting = nimlab_web::memory::Counting::SYSTEM;

use nimlab_web::{Config, Hosts, Limits, ServerOptions};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A bound on how long a test waits for something that must happen, so a bug makes
/// the test fail instead of hanging; not a claim about speed.
const PATIENCE: Duration = Duration::from_secs(60);

/// Send one request to an app made with `config`; the status and the JSON answer.
async fn send_to(
    app: axum::Router,
    method: &str,
    path: &str,
    host: Option<&str>,
    body: &str,
) -> (StatusCode, Value) {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json");
    if let Some(host) = host {
        request = request.header("host", host);
    }
    let request = request.body(Body::from(body.to_string())).unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// Whether an answer is a JSON error with a kind and a message.
fn is_json_error(answer: &Value) -> bool {
    answer["error"]
        .as_str()
        .is_some_and(|kind| !kind.is_empty())
        && answer["message"].as_str().is_some_and(|m| !m.is_empty())
}

#[tokio::test]
async fn wrong_methods_and_pages_are_json_errors() {
    for (method, path, status) in [
        ("PUT", "/api/analyze", StatusCode::METHOD_NOT_ALLOWED),
        ("GET", "/api/moves", StatusCode::METHOD_NOT_ALLOWED),
        ("DELETE", "/", StatusCode::METHOD_NOT_ALLOWED),
        ("GET", "/nothing/here", StatusCode::NOT_FOUND),
    ] {
        let (got, answer) = send(method, path, Some("")).await;
        assert_eq!(got, status, "{method} {path}");
        assert!(is_json_error(&answer), "{method} {path}: {answer}");
    }
}

#[tokio::test]
async fn foreign_host_names_are_refused() {
    let body = r#"{"game": "nim", "position": "3 4 5"}"#;
    for (host, status) in [
        ("evil.example", StatusCode::FORBIDDEN),
        ("evil.example:7878", StatusCode::FORBIDDEN),
        ("localhost:7878", StatusCode::OK),
        ("127.0.0.1:7878", StatusCode::OK),
    ] {
        let (got, answer) =
            send_to(nimlab_web::app(), "POST", "/api/analyze", Some(host), body).await;
        assert_eq!(got, status, "{host}: {answer}");
        if status == StatusCode::FORBIDDEN {
            assert_eq!(answer["error"], "host", "{answer}");
            assert!(answer["message"].as_str().unwrap().contains("--allow-host"));
        }
    }
    let named = nimlab_web::app_with(Config {
        hosts: Hosts::Local(vec!["games.lan".to_string()]),
        ..Config::default()
    });
    let (got, _) = send_to(named, "POST", "/api/analyze", Some("games.lan:7878"), body).await;
    assert_eq!(got, StatusCode::OK);
}

/// A server on a free loopback port with `options`; its address.
async fn server(options: ServerOptions) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(nimlab_web::serve_with(listener, options));
    address
}

/// Send raw bytes on a new connection and read until the server closes it or the
/// answer is complete; the status and the JSON body.
async fn raw(address: std::net::SocketAddr, bytes: &[u8]) -> (u16, Value) {
    let mut stream = TcpStream::connect(address).await.unwrap();
    let _ = stream.write_all(bytes).await;
    let mut answer = Vec::new();
    let mut buffer = [0u8; 65536];
    loop {
        let read = tokio::time::timeout(PATIENCE, stream.read(&mut buffer))
            .await
            .expect("the server answers or closes");
        match read {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
        }
        let text = String::from_utf8_lossy(&answer);
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|line| {
                    line.to_ascii_lowercase()
                        .strip_prefix("content-length: ")
                        .map(str::to_string)
                })
                .and_then(|n| n.trim().parse::<usize>().ok());
            if length.is_some_and(|length| body.len() >= length) {
                break;
            }
        }
    }
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text.split_once("\r\n\r\n").map_or("", |(_, body)| body);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn http_request(method: &str, path: &str, body: &str) -> String {
    format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n\
         content-length: {}\r\n\r\n{body}",
        body.len()
    )
}

/// Whether the server has closed `stream` (it reads the end of the stream or an
/// error), waiting for it at most [`PATIENCE`].
async fn is_closed_by_server(stream: &mut TcpStream) -> bool {
    let mut buffer = [0u8; 1024];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut buffer)).await {
            Err(_) => return false,
            Ok(Ok(0)) | Ok(Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_that_cannot_be_parsed_gets_json_errors() {
    let address = server(ServerOptions::default()).await;
    let huge_header = format!(
        "GET / HTTP/1.1\r\nHost: localhost\r\nx-big: {}\r\n\r\n",
        "a".repeat(40_000)
    );
    for (bytes, statuses) in [
        ("GARBAGE\r\n\r\n".to_string(), &[400][..]),
        (
            "GET / HTTP/1.1\r\nHost: localhost\r\nno colon\r\n\r\n".to_string(),
            &[400],
        ),
        (huge_header, &[431]),
        (
            format!(
                "GET /{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
                "a".repeat(70_000)
            ),
            &[414],
        ),
        (
            "GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n".to_string(),
            &[400],
        ),
    ] {
        let (status, answer) = raw(address, bytes.as_bytes()).await;
        assert!(
            statuses.contains(&status),
            "{}: {status} {answer}",
            &bytes[..20]
        );
        assert!(is_json_error(&answer), "{status}: {answer}");
    }
    // The server goes on.
    let (status, answer) = raw(
        address,
        http_request(
            "POST",
            "/api/analyze",
            r#"{"game":"nim","position":"3 4 5"}"#,
        )
        .as_bytes(),
    )
    .await;
    assert_eq!((status, answer["grundy"].as_u64()), (200, Some(2)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_headers_and_bodies_are_cut_off() {
    let address = server(ServerOptions {
        header_timeout: Duration::from_millis(300),
        config: Config {
            body_timeout: Duration::from_millis(300),
            ..Config::default()
        },
        ..ServerOptions::default()
    })
    .await;
    let mut slow = TcpStream::connect(address).await.unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        .await
        .unwrap();
    assert!(
        is_closed_by_server(&mut slow).await,
        "a head that never ends is cut off"
    );
    let mut idle = TcpStream::connect(address).await.unwrap();
    assert!(
        is_closed_by_server(&mut idle).await,
        "an idle connection is closed"
    );
    let announced = "POST /api/analyze HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{\"game\"";
    let (status, answer) = raw(address, announced.as_bytes()).await;
    assert_eq!(status, 408, "{answer}");
    assert!(is_json_error(&answer), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_connections_make_room_for_new_ones() {
    let cap = 8;
    let address = server(ServerOptions {
        max_connections: cap,
        ..ServerOptions::default()
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..cap + 4 {
        idle.push(TcpStream::connect(address).await.unwrap());
    }
    // A normal request, on the 13th connection of a server that keeps 8.
    let (status, answer) = raw(
        address,
        http_request("POST", "/api/analyze", r#"{"game":"nim","position":"1 2"}"#).as_bytes(),
    )
    .await;
    assert_eq!(
        (status, answer["grundy"].as_u64()),
        (200, Some(3)),
        "{answer}"
    );
    // The oldest idle connections were closed to make room for the 5 after the cap.
    for (i, stream) in idle.iter_mut().take(5).enumerate() {
        assert!(
            is_closed_by_server(stream).await,
            "idle connection {i} was closed"
        );
    }
}

/// A moves request that searches misère play for a second or two: no rule covers
/// the sum, and every position reachable is searched.
fn expensive_request() -> Value {
    json!({"game": "kayles + nim", "position": "10 + 11 11", "misere": true})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn expensive_questions_do_not_starve_cheap_ones() {
    let app = nimlab_web::app_with(Config {
        limits: Limits {
            quick_workers: 2,
            long_workers: 1,
            long_queue: 1,
            request_time: Duration::from_secs(60),
            ..Limits::default()
        },
        ..Config::default()
    });
    let mut expensive = Vec::new();
    for _ in 0..4 {
        let app = app.clone();
        expensive.push(tokio::spawn(async move {
            send_to(
                app,
                "POST",
                "/api/moves",
                None,
                &expensive_request().to_string(),
            )
            .await
        }));
    }
    let mut cheap = Vec::new();
    for heap in 0..20u64 {
        let app = app.clone();
        cheap.push(tokio::spawn(async move {
            let body = json!({"game": "nim", "position": format!("{heap} 5 9")}).to_string();
            (
                heap,
                send_to(app, "POST", "/api/analyze", None, &body).await,
            )
        }));
    }
    for question in cheap {
        let (heap, (status, answer)) = question.await.unwrap();
        assert_eq!(status, StatusCode::OK, "nim {heap} 5 9: {answer}");
        assert_eq!(answer["grundy"].as_u64(), Some(heap ^ 5 ^ 9));
    }
    let mut busy = 0;
    for question in expensive {
        let (status, answer) = question.await.unwrap();
        match status {
            StatusCode::OK => assert_eq!(answer["count"], 32, "{answer}"),
            StatusCode::SERVICE_UNAVAILABLE => {
                assert_eq!(answer["error"], "busy", "{answer}");
                busy += 1;
            }
            other => panic!("{other} {answer}"),
        }
    }
    // One long-lane thread and one place in its queue: the other two are refused at
    // once rather than queued in front of anyone.
    assert!(busy >= 1, "{busy} refused");
}

#[tokio::test]
async fn a_question_moved_to_the_long_lane_is_answered_the_same() {
    // No time in the quick lane: every computation moves to the long lane.
    let app = nimlab_web::app_with(Config {
        limits: Limits {
            quick_time: Duration::ZERO,
            ..Limits::default()
        },
        ..Config::default()
    });
    let body = json!({"game": "nim", "position": "3 4 5"}).to_string();
    let (status, answer) = send_to(app, "POST", "/api/analyze", None, &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer, analysis_report("nim", "3 4 5"));
}

#[tokio::test]
async fn memory_beyond_a_requests_bound_is_refused() {
    // A graph of 20 bytes that declares ten million vertices is refused by what it
    // would allocate.
    let body = json!({"game": "dag", "graph": "10000000 1 9999999 0", "position": "9999999"});
    let (status, answer) = post("/api/computer-move", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "too-large", "{answer}");
    // A table larger than a request may allocate, counted by the allocator.
    let small = nimlab_web::app_with(Config {
        limits: Limits {
            quick_memory: 256 << 10,
            long_memory: 512 << 10,
            ..Limits::default()
        },
        ..Config::default()
    });
    let body = json!({"game": "octal:0.37", "upto": 400_000}).to_string();
    let (status, answer) = send_to(small, "POST", "/api/grundy", None, &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["error"], "too-large", "{answer}");
    // A server whose memory is all taken refuses work, as JSON, once the request's
    // deadline has passed.
    let full = nimlab_web::app_with(Config {
        limits: Limits {
            process_memory: 0,
            request_time: Duration::from_millis(200),
            ..Limits::default()
        },
        ..Config::default()
    });
    let body = json!({"game": "nim", "position": "1"}).to_string();
    let (status, answer) = send_to(full, "POST", "/api/analyze", None, &body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert_eq!(answer["error"], "busy", "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_stops_when_its_client_goes_away() {
    // One long-lane thread, no queue, and every computation sent there at once; a
    // deadline far beyond the test's patience, so only the client's going away can
    // free the thread.
    let app = nimlab_web::app_with(Config {
        limits: Limits {
            quick_time: Duration::ZERO,
            long_workers: 1,
            long_queue: 0,
            request_time: Duration::from_secs(600),
            ..Limits::default()
        },
        ..Config::default()
    });
    // A period search of hex:0.fff, whose values cost O(n²) each: it runs until
    // stopped.
    let endless = || {
        let app = app.clone();
        let body = json!({"game": "hex:0.fff"}).to_string();
        tokio::spawn(async move { send_to(app, "POST", "/api/period", None, &body).await })
    };
    let mut search = endless();
    let cheap = json!({"game": "nim", "position": "1 2"}).to_string();
    let give_up = tokio::time::Instant::now() + PATIENCE;
    // Until the endless search holds the thread, a cheap question may take it first
    // (then the search is refused and asked again). The cheap questions are asked
    // one at a time, so once one is refused, the search holds the thread.
    loop {
        if search.is_finished() {
            let (status, answer) = search.await.unwrap();
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
            search = endless();
        }
        let (status, answer) = send_to(app.clone(), "POST", "/api/analyze", None, &cheap).await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(answer["error"], "busy", "{answer}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "the search never took the thread"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The client goes away: its search stops and the thread answers again.
    search.abort();
    loop {
        let (status, answer) = send_to(app.clone(), "POST", "/api/analyze", None, &cheap).await;
        if status == StatusCode::OK {
            assert_eq!(answer["grundy"].as_u64(), Some(3));
            break;
        }
        assert!(
            tokio::time::Instant::now() < give_up,
            "the search went on after its client left: {answer}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
