//! `nimlab serve` starts the web app on the address it prints.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_address_and_answers_there() {
    let (mut server, printed, address) = start(&[]);
    assert!(printed.starts_with("127.0.0.1:"), "{printed}");
    let answer = games_for_host(&address, &address);
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"name\":\"kayles\""));
    let error = Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["serve", "--port", "70000"])
        .output()
        .unwrap();
    assert_eq!(error.status.code(), Some(2));
}

/// Starts `nimlab serve ARGS` and reads the address its first line prints; returns
/// the server, that address, and the loopback address to connect to.
fn start(args: &[&str]) -> (std::process::Child, String, String) {
    let mut server = Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let printed = line
        .split_whitespace()
        .find_map(|word| word.strip_prefix("http://"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    let port = printed.rsplit_once(':').map_or("", |(_, port)| port);
    let address = format!("127.0.0.1:{port}");
    (server, printed, address)
}

/// The whole answer to `GET /api/games` naming `host`.
fn games_for_host(address: &str, host: &str) -> String {
    let mut stream = TcpStream::connect(address).unwrap();
    write!(
        stream,
        "GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// The status line of the answer to `GET /api/games` naming `host`.
fn status_for_host(address: &str, host: &str) -> String {
    let answer = games_for_host(address, host);
    answer.lines().next().unwrap_or_default().to_string()
}

#[test]
fn foreign_host_names_are_refused_unless_allowed_and_a_wide_bind_is_warned_of() {
    let (mut server, _, address) = start(&[]);
    assert!(status_for_host(&address, "evil.example:7878").starts_with("HTTP/1.1 403"));
    assert!(status_for_host(&address, "localhost:7878").starts_with("HTTP/1.1 200"));
    server.kill().unwrap();
    server.wait().unwrap();
    let (mut server, _, address) = start(&["--host", "0.0.0.0", "--allow-host", "games.lan"]);
    assert!(status_for_host(&address, "games.lan:7878").starts_with("HTTP/1.1 200"));
    assert!(status_for_host(&address, "evil.example").starts_with("HTTP/1.1 403"));
    server.kill().unwrap();
    let mut warning = String::new();
    BufReader::new(server.stderr.take().unwrap())
        .read_line(&mut warning)
        .unwrap();
    server.wait().unwrap();
    assert!(
        warning.contains("0.0.0.0") && warning.contains("other machines"),
        "{warning}"
    );
}
