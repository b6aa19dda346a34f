//! `nimlab serve` starts the web app on the address it prints.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[test]
fn serve_prints_its_address_and_answers_there() {
    let mut server = Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["serve", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .split_whitespace()
        .find_map(|word| word.strip_prefix("http://"))
        .and_then(|rest| rest.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(address.starts_with("127.0.0.1:"), "{address}");
    let mut stream = TcpStream::connect(&address).unwrap();
    write!(
        stream,
        "GET /api/games HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
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
