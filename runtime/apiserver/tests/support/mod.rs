//! Shared by the tests that run the real `apiserver` binary.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `apiserver` process and the address it printed.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    /// Waits until `/readyz` answers 200.
    pub fn wait_ready(&self) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while request(&self.addr, "GET", "/readyz", "").0 != 200 {
            assert!(Instant::now() < deadline, "server did not become ready");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `apiserver --port 0 --data-dir <data_dir>` and reads the address
/// from its first line.
pub fn start(data_dir: &std::path::Path) -> Server {
    start_with(data_dir, &[])
}

/// As [`start`], with more flags.
pub fn start_with(data_dir: &std::path::Path, flags: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_apiserver"))
        .args(["--port", "0", "--data-dir"])
        .arg(data_dir)
        .args(flags)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start apiserver");
    let stdout = child.stdout.take().expect("stdout");
    let mut reader = BufReader::new(stdout);
    let mut line = String::new();
    reader.read_line(&mut line).expect("listening line");
    // Keep reading: the server's later banner lines must find an open pipe.
    std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
    let addr = line
        .trim()
        .strip_prefix("apiserver listening on http://")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
        .to_string();
    Server { child, addr }
}

/// A minimal HTTP/1.1 request; returns (status code, body).
pub fn request(addr: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response");
    let code = response
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (code, body)
}
