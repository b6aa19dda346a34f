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

/// The report `nimlab analyze GAME POSITION --json` prints, made by the same calls.
fn analysis_report(spec: &str, position: &str) -> Value {
    let game = nimlab_core::game(spec).unwrap();
    let position = game.parse_position(position).unwrap();
    let budget = nimlab_core::Budget::unlimited();
    let analysis = game
        .analyze(&position, nimlab_core::Convention::Normal, 100, &budget)
        .unwrap();
    let report = nimlab_core::report::AnalysisReport::new(game.as_ref(), &position, analysis, true);
    serde_json::to_value(report).unwrap()
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
        "7 ".repeat(nimlab_web::MAX_BODY_BYTES)
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
