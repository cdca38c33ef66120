//! Part 3b, etcd: GET, LIST and CREATE against the release server on etcd
//! (`--storage-backend etcd3`, the etcd it starts) beside the same requests
//! on the embedded store, and its ConfigMap creates beside raw
//! etcd-client puts of the same stored bytes to the same etcd (`etcdput`)
//! and raw create transactions of them (`etcdput --create`), all in the
//! same run.

use super::load::{Cell, cell, populate};
use super::*;

/// The etcd URL an `apiserver --storage-backend etcd3` started its etcd
/// at, read from its log (`etcd started for this server at URL ...`).
fn etcd_url(log: &Path) -> Result<String> {
    let text = std::fs::read_to_string(log)?;
    text.lines()
        .find_map(|l| l.split("etcd started for this server at ").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .with_context(|| {
            format!(
                "the server did not say where its etcd is ({})",
                log.display()
            )
        })
}

/// One `etcdput` run at concurrency `c` against the etcd at `url`, from
/// the load generator's CPU: plain puts, or (`create`) a create's
/// conditional transactions.
fn etcdput(ctx: &Ctx, url: &str, c: usize, duration_ms: &str, create: bool) -> Result<Cell> {
    let what = if create {
        "create transactions"
    } else {
        "puts"
    };
    println!("    raw etcd {what}, concurrency {c}");
    let prefix = format!("/bench-raw/{}c{c}-", if create { "create-" } else { "" });
    let mut command = Ctx::command(&ctx.etcdput, ctx.cpus.map(|c| c.1));
    command
        .args(["--endpoint", url])
        .args(["--from-key", "/registry/configmaps/bench/target-0"])
        .args(["--prefix", &prefix])
        .args(["--concurrency", &c.to_string()])
        .args(["--duration-ms", duration_ms]);
    if create {
        command.arg("--create");
    }
    Ok(cell(&summary(command, "etcdput")?))
}

pub(super) fn etcd(ctx: &Ctx) -> Result<Section> {
    let duration = ctx.plan.cell.as_millis().to_string();
    let mut measured: Vec<(&'static str, Vec<Cell>, Vec<Cell>)> = Vec::new();
    let mut raw = Vec::new();
    let ops: [(&'static str, Vec<&str>); 3] = [
        (
            "GET one ConfigMap",
            vec![
                "--op",
                "get",
                "--path",
                "/api/v1/namespaces/bench/configmaps/target-0",
            ],
        ),
        (
            "LIST of 500 ConfigMaps",
            vec!["--op", "list", "--namespace", "bench-list"],
        ),
        (
            "CREATE a ConfigMap",
            vec![
                "--op",
                "create",
                "--namespace",
                "bench-create",
                "--prefix",
                "PREFIX",
            ],
        ),
    ];
    let mut by_backend = Vec::new();
    for backend in ["etcd3", "embedded"] {
        let name = format!("etcd-{backend}");
        let server = ctx.apiserver(&name, &["--storage-backend", backend])?;
        server.wait_ready("/readyz")?;
        let addr = server.addr.clone();
        for ns in ["bench", "bench-list", "bench-create"] {
            ctx.loadgen(&addr, &["namespace", "--name", ns])?;
        }
        populate(ctx, &addr, "bench", "target-", 1)?;
        populate(ctx, &addr, "bench-list", "item-", 500)?;
        let mut rows = Vec::new();
        for (label, op) in &ops {
            let mut cells = Vec::new();
            for &c in &ctx.plan.concurrency {
                println!("    {label} ({backend}), concurrency {c}");
                let prefix = format!("c{c}-");
                let c_s = c.to_string();
                let mut args = vec!["load"];
                args.extend(
                    op.iter()
                        .map(|a| if *a == "PREFIX" { prefix.as_str() } else { a }),
                );
                args.extend(["--concurrency", &c_s, "--duration-ms", &duration]);
                cells.push(cell(&ctx.loadgen(&addr, &args)?));
            }
            rows.push(cells);
        }
        if backend == "etcd3" {
            let url = etcd_url(&ctx.out.join("logs").join(format!("{name}.log")))?;
            for &c in &ctx.plan.concurrency {
                raw.push((
                    etcdput(ctx, &url, c, &duration, false)?,
                    etcdput(ctx, &url, c, &duration, true)?,
                ));
            }
        }
        by_backend.push(rows);
        drop(server);
    }
    let embedded = by_backend.pop().context("no embedded rows")?;
    let on_etcd = by_backend.pop().context("no etcd rows")?;
    for (((label, _), etcd), embedded) in ops.iter().zip(on_etcd).zip(embedded) {
        measured.push((label, etcd, embedded));
    }
    let mut figures = Vec::new();
    for (label, etcd, embedded) in &measured {
        for (i, &c) in ctx.plan.concurrency.iter().enumerate() {
            let ratio = etcd[i].rps / embedded[i].rps;
            figures.push(
                Figure::new(format!("{label} on etcd, concurrency {c}"), "req/s")
                    .value(etcd[i].rps)
                    .detail(etcd[i].detail())
                    .baseline(
                        format!("the same on the embedded store, concurrency {c}"),
                        Some(embedded[i].rps),
                    )
                    .ratio(Some(ratio), |r| {
                        format!("{r:.2}x the embedded store's rate")
                    }),
            );
        }
    }
    let creates = &measured[2].1;
    for (i, &c) in ctx.plan.concurrency.iter().enumerate() {
        let (puts, create_txns) = &raw[i];
        let ratio = creates[i].rps / puts.rps;
        let mut f = Figure::new(
            format!("CREATE a ConfigMap on etcd against raw etcd puts, concurrency {c}"),
            "req/s",
        )
        .value(creates[i].rps)
        .detail(creates[i].detail())
        .baseline(
            format!("etcd-client puts of the same stored bytes to the same etcd, {c} in flight"),
            Some(puts.rps),
        )
        .ratio(Some(ratio), |r| format!("{r:.2}x the raw puts' rate"));
        if c == 16 {
            f = f.goal(">= 0.6x raw etcd puts", Status::of(ratio >= 0.6));
        }
        figures.push(f);
        // What etcd itself allows a create: the conditional write every
        // create must make, from the same client, beside plain puts.
        figures.push(
            Figure::new(
                format!("raw etcd create transactions against raw etcd puts, concurrency {c}"),
                "req/s",
            )
            .value(create_txns.rps)
            .detail(create_txns.detail())
            .baseline(
                format!("etcd-client puts of the same bytes, {c} in flight"),
                Some(puts.rps),
            )
            .ratio(Some(create_txns.rps / puts.rps), |r| {
                format!("{r:.2}x the raw puts' rate")
            }),
        );
        figures.push(
            Figure::new(
                format!(
                    "CREATE a ConfigMap on etcd against raw create transactions, concurrency {c}"
                ),
                "req/s",
            )
            .value(creates[i].rps)
            .detail(creates[i].detail())
            .baseline(
                format!("`etcdput --create` of the same bytes, {c} in flight"),
                Some(create_txns.rps),
            )
            .ratio(Some(creates[i].rps / create_txns.rps), |r| {
                format!("{r:.2}x the raw create transactions' rate")
            }),
        );
    }
    Ok(Section {
        title: format!(
            "Macro on etcd: the release server on a local etcd (Debian's etcd-server), {} s per cell",
            ctx.plan.cell.as_secs()
        ),
        note: "The server runs with --storage-backend etcd3 and starts its own etcd under its \
               data directory; etcd inherits the server's CPU (a child of the pinned process), \
               so etcd and the server share one CPU and the load generator has the other. The \
               embedded rows are the same requests on the embedded store. The raw puts are \
               `etcdput` writing the bytes the server stored for a ConfigMap to new keys of \
               the same etcd, in the same run, from the load generator's CPU; the raw create \
               transactions (`etcdput --create`) write them with the conditional transaction \
               a create must make (put only where the key does not exist)."
            .into(),
        figures,
    })
}
