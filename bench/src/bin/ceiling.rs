//! `ceiling`: the HTTP ceiling of `cargo xtask bench`.
//!
//! A bare axum server that answers every request with the same bytes (the
//! body of the API server's GET of one object, with its content type), so
//! that the API server's requests per second can be set beside what the
//! HTTP stack alone does on the same machine with the same load generator.
//! It listens on 127.0.0.1 and prints `ceiling listening on
//! http://127.0.0.1:PORT` as its first line.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use axum::Router;
use axum::http::header::CONTENT_TYPE;
use bytes::Bytes;
use clap::Parser;

#[derive(Parser)]
#[command(name = "ceiling", about = "A bare axum server answering fixed bytes")]
struct Args {
    /// The file whose bytes every response carries.
    #[arg(long)]
    body_file: PathBuf,
    /// The `Content-Type` of the responses.
    #[arg(long, default_value = "application/json")]
    content_type: String,
    /// The port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 0)]
    port: u16,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let body = Bytes::from(
        std::fs::read(&args.body_file)
            .with_context(|| format!("reading {}", args.body_file.display()))?,
    );
    let content_type = args.content_type;
    let app = Router::new().fallback(move || {
        let (body, content_type) = (body.clone(), content_type.clone());
        async move { ([(CONTENT_TYPE, content_type)], body) }
    });
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", args.port))
        .await
        .context("binding")?;
    println!("ceiling listening on http://{}", listener.local_addr()?);
    std::io::stdout().flush()?;
    axum::serve(listener, app).await.context("serving")?;
    Ok(())
}
