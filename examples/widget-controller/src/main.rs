//! Runs the Widget controller against the cluster of the current
//! kubeconfig (`cargo xtask serve` writes one for our server).

#[tokio::main]
async fn main() -> Result<(), kube::Error> {
    let client = kube::Client::try_default().await?;
    widget_controller::run(client).await;
    Ok(())
}
