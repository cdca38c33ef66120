//! Serves the wardle group on `127.0.0.1:6443` (or `--port N`) over the
//! memory store, with the BanFlunder admission plugin, and writes a
//! kubeconfig to `target/sample-apiserver/kubeconfig`.

use std::sync::Arc;

fn main() -> anyhow::Result<()> {
    let port = match std::env::args().skip_while(|a| a != "--port").nth(1) {
        Some(port) => port.parse()?,
        None => 6443,
    };
    let config = server::Config {
        port,
        kubeconfig: Some("target/sample-apiserver/kubeconfig".into()),
        admission: server::admission::Admission::new()
            .with_mutating(sample_apiserver::admission::BanFlunder),
        ..Default::default()
    };
    let store = Arc::new(server::storage::MemoryStore::new());
    let server = server::ApiServer::new(sample_apiserver::registry(), store, &config)
        .map_err(|e| anyhow::anyhow!("{}", e.message))?;
    tokio::runtime::Runtime::new()?.block_on(server.serve(&config))?;
    Ok(())
}
