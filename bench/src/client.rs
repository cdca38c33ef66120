//! A minimal HTTP/1.1 client: one keep-alive connection (hyper's
//! connection-level API, no pool), loopback addresses only.

use std::net::SocketAddr;

use anyhow::{Context, Result, ensure};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::client::conn::http1::SendRequest;
use hyper::header::{ACCEPT, CONTENT_TYPE, HOST};
use hyper::{Method, Request, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;

/// A reply read in full.
#[derive(Debug, Clone)]
pub struct Reply {
    /// The HTTP status.
    pub status: StatusCode,
    /// The `Content-Type` header, when present.
    pub content_type: Option<String>,
    /// The body.
    pub body: Bytes,
}

/// One HTTP/1.1 keep-alive connection.
pub struct Conn {
    sender: SendRequest<Full<Bytes>>,
}

impl Conn {
    /// Connects to `addr`, which must be a loopback address.
    ///
    /// Errors: a non-loopback address, or the connection or handshake fails.
    pub async fn connect(addr: SocketAddr) -> Result<Conn> {
        ensure!(
            addr.ip().is_loopback(),
            "the load generator only targets loopback addresses, not {addr}"
        );
        let stream = TcpStream::connect(addr)
            .await
            .with_context(|| format!("connecting to {addr}"))?;
        stream.set_nodelay(true)?;
        let (sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .context("HTTP/1.1 handshake")?;
        tokio::spawn(async move {
            // The connection ends when the sender is dropped or the peer closes.
            let _ = conn.await;
        });
        Ok(Conn { sender })
    }

    /// Sends a request and returns the response head with its body unread
    /// (for watch streams).
    ///
    /// Errors: the connection fails.
    pub async fn start(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Bytes>,
    ) -> Result<hyper::Response<Incoming>> {
        self.start_as(method, path, body, "application/json").await
    }

    /// As [`start`](Self::start), asking for the representation `accept`
    /// (an `Accept` header value).
    ///
    /// Errors: the connection fails.
    pub async fn start_as(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Bytes>,
        accept: &str,
    ) -> Result<hyper::Response<Incoming>> {
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header(HOST, "127.0.0.1")
            .header(ACCEPT, accept);
        if body.is_some() {
            request = request.header(CONTENT_TYPE, "application/json");
        }
        let request = request
            .body(Full::new(body.unwrap_or_default()))
            .context("building the request")?;
        self.sender.ready().await.context("connection closed")?;
        self.sender
            .send_request(request)
            .await
            .with_context(|| format!("sending {path}"))
    }

    /// Sends a request and reads the whole reply.
    ///
    /// Errors: the connection fails.
    pub async fn send(&mut self, method: Method, path: &str, body: Option<Bytes>) -> Result<Reply> {
        self.send_as(method, path, body, "application/json").await
    }

    /// As [`send`](Self::send), asking for the representation `accept`.
    ///
    /// Errors: the connection fails.
    pub async fn send_as(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Bytes>,
        accept: &str,
    ) -> Result<Reply> {
        let response = self.start_as(method, path, body, accept).await?;
        let status = response.status();
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let body = response
            .into_body()
            .collect()
            .await
            .context("reading the body")?
            .to_bytes();
        Ok(Reply {
            status,
            content_type,
            body,
        })
    }
}

/// The first bytes of a body, for error messages.
pub fn excerpt(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(200)]);
    text.replace('\n', " ")
}
