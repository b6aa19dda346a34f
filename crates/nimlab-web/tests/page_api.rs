//! The API the page plays with: positions with their clicks, random starts, guides.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = nimlab_web::app().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// The click sequences of the listed move whose text is `text`.
fn clicks_of(answer: &Value, text: &str) -> Vec<Vec<String>> {
    let index = answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .position(|m| m["text"] == text)
        .unwrap_or_else(|| panic!("no move {text} in {answer}"));
    serde_json::from_value(answer["clicks"][index].clone()).unwrap()
}

#[tokio::test]
async fn a_position_comes_with_its_moves_clicks_and_analysis() {
    let (status, answer) = post("/api/position", json!({"game": "kayles", "position": "5"})).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["board"]["kind"], "pins");
    assert_eq!(answer["analysis"]["outcome"], "N");
    assert_eq!(answer["over"], false);
    assert_eq!(
        answer["clicks"].as_array().unwrap().len(),
        answer["moves"].as_array().unwrap().len()
    );
    // Knocking down the middle pin alone: pin 3, leaving rows of 2 and 2.
    assert_eq!(clicks_of(&answer, "3"), [["token 1 3"]]);
    // Two pins leaving rows of 1 and 2: pins 2 and 3, or (the mirror image) 3 and
    // 4, each pair clicked in either order.
    assert_eq!(
        clicks_of(&answer, "2-3"),
        [
            ["token 1 2", "token 1 3"],
            ["token 1 3", "token 1 2"],
            ["token 1 3", "token 1 4"],
            ["token 1 4", "token 1 3"]
        ]
    );

    let (_, grundy) = post(
        "/api/position",
        json!({"game": "grundy-game", "position": "7"}),
    )
    .await;
    assert_eq!(clicks_of(&grundy, "1"), [["gap 1 1"], ["gap 1 6"]]);

    let (_, over) = post("/api/position", json!({"game": "nim", "position": "0 0"})).await;
    assert_eq!(over["over"], true);
    assert_eq!(over["result"], "other", "the last mover won");
}

/// A graph with a cycle: from vertex 0 the token goes to 1 and back; the third time
/// the same position comes round with the same player to move, the game is drawn.
#[tokio::test]
async fn a_repeated_position_draws_a_game_on_a_graph() {
    let graph = "2 2 0 1 1 0";
    let ask = |history: Vec<&str>| {
        post(
            "/api/position",
            json!({"game": "graph", "graph": graph, "position": "0", "history": history}),
        )
    };
    let (status, first) = ask(vec![]).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["analysis"]["outcome"], "D");
    assert_eq!(first["moves"][0]["result"], "draw");
    assert_eq!(first["over"], false);
    let (_, twice) = ask(vec!["0", "1"]).await;
    assert_eq!(twice["over"], false);
    let (_, third) = ask(vec!["0", "1", "0", "1"]).await;
    assert_eq!(third["over"], true);
    assert_eq!(third["result"], "draw");
}

/// Random starts in misère play are ones its search can answer: Turning Turtles'
/// misère play is searched, within a memory limit that some rows of 12 coins pass.
#[tokio::test]
async fn misere_random_starts_can_be_played() {
    for _ in 0..10 {
        let (status, answer) = post(
            "/api/random-start",
            json!({"game": "turtles", "misere": true}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let position = answer["position"].as_str().unwrap();
        let (status, shown) = post(
            "/api/position",
            json!({"game": "turtles", "position": position, "misere": true}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{position}: {shown}");
    }
}

#[tokio::test]
async fn random_starts_come_from_the_server() {
    for game in [
        "take:3",
        "kayles",
        "turtles",
        "wythoff-flipflop",
        "nim + kayles",
    ] {
        let (status, answer) = post("/api/random-start", json!({"game": game})).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let position = answer["position"].as_str().unwrap();
        let (status, shown) =
            post("/api/position", json!({"game": game, "position": position})).await;
        assert_eq!(status, StatusCode::OK, "{shown}");
        assert_eq!(shown["over"], false, "{game} {position}");
    }
}

#[tokio::test]
async fn a_guide_says_the_goal_first_and_the_theory_apart() {
    let (status, guide) = post("/api/guide", json!({"game": "take:3"})).await;
    assert_eq!(status, StatusCode::OK, "{guide}");
    assert_eq!(guide["goal"], "Whoever makes the last move wins.");
    assert!(
        guide["plain_rule"]
            .as_str()
            .unwrap()
            .contains("a multiple of 4"),
        "{guide}"
    );
    assert!(
        guide["clicks"]
            .as_str()
            .unwrap()
            .starts_with("Click a token")
    );
    // The example (12 tokens) is lost for the player to move.
    assert!(
        guide["example"]["text"].as_str().unwrap().contains("loses"),
        "{guide}"
    );
    let (_, misere) = post("/api/guide", json!({"game": "take:3", "misere": true})).await;
    assert_eq!(misere["goal"], "Whoever makes the last move loses.");
    assert!(
        misere["plain_rule"]
            .as_str()
            .unwrap()
            .contains("one more than a multiple of 4"),
        "{misere}"
    );
    let (_, nim) = post("/api/guide", json!({"game": "nim"})).await;
    assert!(
        nim["example"]["text"]
            .as_str()
            .unwrap()
            .starts_with("From 3 4 5, take 2 tokens from heap 1"),
        "{nim}"
    );
    assert!(nim["why"].as_str().unwrap().contains("nim-sum"), "{nim}");
}
