//! The test server's start-to-ready time, for `cargo xtask bench`: starts
//! a [`testserver::TestServer`] of every kind of the `apis` crate, waits for
//! the first 200 on `/readyz`, and prints `{"start_to_ready_ms": <ms>}`
//! (from the call to `TestServer::start`, in this process: what a test
//! pays, as envtest's start-up is what a test pays for kube-apiserver).

use std::io::{Read, Write};
use std::time::Instant;

fn main() {
    let start = Instant::now();
    let server = testserver::TestServer::start(apis::registry()).expect("test server");
    while !ready(server.addr()) {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    println!("{{\"start_to_ready_ms\": {ms:.3}}}");
}

/// Whether `GET /readyz` answers 200.
fn ready(addr: std::net::SocketAddr) -> bool {
    let Ok(mut stream) = std::net::TcpStream::connect(addr) else {
        return false;
    };
    let request = format!("GET /readyz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).is_ok() && head.starts_with(b"HTTP/1.1 200")
}
