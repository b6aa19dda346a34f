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
    // The sentence is the core's, which every front end shows.
    assert_eq!(answer["verdict"], nimlab_core::Outcome::N.verdict());
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
    let rule = nimlab_core::protocol::policy::repetition_rule();
    assert_eq!(third["draw_rule"], rule.as_str());
    assert!(rule.contains("three times"), "{rule}");
    assert_eq!(twice["draw_rule"], Value::Null);
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
    // A sum's example is its parts' examples; a lost one says so in the core's words.
    let (status, sum) = post("/api/guide", json!({"game": "nim + take:3"})).await;
    assert_eq!(status, StatusCode::OK, "{sum}");
    assert_eq!(sum["example"]["position"], "3 4 5 + 12", "{sum}");
    let (_, lost) = post("/api/guide", json!({"game": "take:3"})).await;
    assert_eq!(
        lost["example"]["text"],
        format!(
            "From 12: {} Make the game long and hope for a mistake.",
            nimlab_core::Outcome::P.verdict()
        )
    );
}

/// A move as a person types it is checked against the rules, not against the moves
/// listed: Wythoff 500,900 lists 1000 of its 1900 moves, and "h 334" is not among
/// them. An illegal one is refused, naming it.
#[tokio::test]
async fn a_typed_move_is_checked_by_the_rules_not_the_list() {
    let (_, shown) = post(
        "/api/position",
        json!({"game": "wythoff", "position": "500,900"}),
    )
    .await;
    assert_eq!(shown["count"], 1900);
    assert!(
        shown["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["text"] != "h 334"),
        "{shown}"
    );
    assert!(shown["move_syntax"].as_str().unwrap().contains("\"h 3\""));
    let (status, moved) = post(
        "/api/position",
        json!({"game": "wythoff", "position": "500,900", "move": "h 334"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["position"], "166,900");
    assert_eq!(moved["played"]["text"], "h 334");
    assert_eq!(
        moved["played"]["description"],
        "move horizontally: 500 → 166"
    );
    let (status, refused) = post(
        "/api/position",
        json!({"game": "wythoff", "position": "500,900", "move": "h 501"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused["message"].as_str().unwrap().contains("'501'"),
        "{refused}"
    );
    let (status, over) = post(
        "/api/position",
        json!({"game": "nim", "position": "0 0", "move": "1 1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{over}");
}

/// A start the computer cannot analyze is still shown, with its moves and the
/// reason, so that two people can play it; asked not to analyze, the page gets the
/// moves alone.
#[tokio::test]
async fn a_start_beyond_analysis_can_still_be_played() {
    let (status, shown) = post(
        "/api/position",
        json!({"game": "grundy-game", "position": "3000000"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(shown["analysis"], Value::Null);
    assert_eq!(shown["unanalyzed"], "no-known-value");
    assert_eq!(shown["count"], 1_499_999);
    assert_eq!(shown["moves"][0]["text"], "1");
    assert_eq!(shown["moves"][0].get("result"), None);
    let (status, moved) = post(
        "/api/position",
        json!({"game": "grundy-game", "position": "3000000", "move": "1000",
               "analyze": false}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["position"], "1000 2999000");
    assert_eq!(moved["unanalyzed"], Value::Null);
}

/// The remoteness of a position comes with it where every move's is known: Nim 1 2
/// is won in 3 moves (take 1 from heap 2, then whatever the other player does, one
/// move wins); a finished game's is 0.
#[tokio::test]
async fn a_position_comes_with_its_remoteness() {
    let (_, shown) = post("/api/position", json!({"game": "nim", "position": "1 2"})).await;
    assert_eq!(shown["remoteness"], 3, "{shown}");
    let (_, lost) = post("/api/position", json!({"game": "nim", "position": "2 2"})).await;
    assert_eq!(lost["remoteness"], 4, "{lost}");
    let (_, over) = post("/api/position", json!({"game": "nim", "position": "0"})).await;
    assert_eq!(over["remoteness"], 0);
}

/// A game sent whole is replayed move by move against the rules: its steps, the
/// values of every position for the chart, and the last position's report. A move
/// that is not legal, or one after the end, is refused naming its number.
#[tokio::test]
async fn a_game_is_replayed_from_its_moves() {
    let (status, replay) = post(
        "/api/replay",
        json!({"game": "nim", "start": "3 4 5", "moves": ["1 2", "2 1"],
               "players": ["player 1", "player 2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    assert_eq!(replay["start"], "3 4 5");
    assert_eq!(replay["steps"][0]["position"], "1 4 5");
    assert_eq!(replay["steps"][1]["by"], "player 2");
    assert_eq!(
        replay["steps"][1]["description"],
        "take 1 token from heap 2 (4 → 3)"
    );
    let outcomes: Vec<&str> = replay["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(outcomes, ["N", "P", "N"]);
    assert_eq!(replay["values"][1]["grundy"], 0);
    assert_eq!(replay["report"]["position"], "1 3 5");

    let (status, illegal) = post(
        "/api/replay",
        json!({"game": "nim", "start": "3 4 5", "moves": ["1 2", "1 2"]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        illegal["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid move 2 '1 2': expected a legal move from 1 4 5"),
        "{illegal}"
    );
    let (status, after_end) = post(
        "/api/replay",
        json!({"game": "nim", "start": "1", "moves": ["1", "1"]}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        after_end["message"]
            .as_str()
            .unwrap()
            .contains("the game is over"),
        "{after_end}"
    );
}

/// "Save game" gets the game as a record (the format `nimlab review` reads), and
/// "Open game" replays a record, one of the terminal's included; the review marks a
/// person's move that threw the win away, with a move that kept it.
#[tokio::test]
async fn games_are_saved_opened_and_reviewed_as_records() {
    let game = json!({"game": "take:3", "start": "5", "moves": ["1", "1", "3"],
                      "players": ["you", "computer", "you"]});
    let (status, record) = post("/api/record", game.clone()).await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["convention"], "normal");
    assert_eq!(record["moves"][1]["by"], "computer");
    assert_eq!(record["moves"][1]["position"], "3");
    assert_eq!(record["winner"], "you");
    let text = serde_json::to_string_pretty(&record).unwrap();
    let (status, opened) = post("/api/replay", json!({"record": text})).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["game"], "take:3");
    assert_eq!(opened["winner"], "you");
    assert_eq!(opened["steps"][2]["text"], "3");
    assert_eq!(opened["report"]["over"], true);

    // As the terminal writes it (`nimlab play nim 3 4 5 --record`): 3 4 throws the
    // win away, 1 2 keeps it.
    let terminal = r#"{
  "game": "nim",
  "convention": "normal",
  "start": "3 4 5",
  "moves": [
    {"by": "you", "move": "take 4 tokens from heap 3 (5 → 1)", "position": "3 4 1"}
  ],
  "winner": null
}"#;
    let (status, opened) = post("/api/replay", json!({"record": terminal})).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["steps"][0]["text"], "3 4");
    let (status, mistakes) = post(
        "/api/review",
        json!({"game": "nim", "start": "3 4 5", "moves": ["3 4"], "players": ["you"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{mistakes}");
    assert_eq!(mistakes[0]["index"], 0);
    assert_eq!(mistakes[0]["better"]["text"], "1 2");
    assert_eq!(mistakes[0]["reason"], "leaves a nim-sum of 0");

    let (status, refused) = post("/api/replay", json!({"record": "{\"game\": 3}"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("invalid game record 'the game opened'"),
        "{refused}"
    );
}

/// A game on a graph sent with the game is recorded with its graph, so that the
/// record opens again without the file its spec names.
#[tokio::test]
async fn a_record_keeps_the_graph_it_was_played_on() {
    let graph = "3 2 2 1 1 0";
    let (status, record) = post(
        "/api/record",
        json!({"game": "dag", "graph": graph, "start": "2", "moves": ["1"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{record}");
    assert_eq!(record["graph"], graph);
    let (status, opened) = post("/api/replay", json!({"record": record.to_string()})).await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["graph"], graph);
    assert_eq!(opened["report"]["position"], "1");
}
