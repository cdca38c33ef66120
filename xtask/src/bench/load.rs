//! Part 3, macro: GET, LIST, CREATE and UPDATE at concurrency 1, 16 and 64
//! against the release server, beside the HTTP ceiling.

use super::*;

/// Requests per second and latency of one load cell.
#[derive(Clone)]
pub(super) struct Cell {
    pub(super) rps: f64,
    pub(super) p50: f64,
    pub(super) p99: f64,
    pub(super) errors: u64,
}

impl Cell {
    /// Its latencies (and errors, if any), for a figure's detail.
    pub(super) fn detail(&self) -> String {
        let mut d = format!("p50 {:.2} ms, p99 {:.2} ms", self.p50, self.p99);
        if self.errors > 0 {
            d.push_str(&format!(", {} errors", self.errors));
        }
        d
    }
}

pub(super) fn cell(v: &Value) -> Cell {
    let f = |p: &str| v.pointer(p).and_then(Value::as_f64).unwrap_or(f64::NAN);
    Cell {
        rps: f("/rps"),
        p50: f("/latency/p50_ms"),
        p99: f("/latency/p99_ms"),
        errors: v.get("errors").and_then(Value::as_u64).unwrap_or(0),
    }
}

/// Creates `count` ConfigMaps named `<prefix><n>` in `namespace`.
pub(super) fn populate(
    ctx: &Ctx,
    addr: &str,
    namespace: &str,
    prefix: &str,
    count: u64,
) -> Result<()> {
    populate_with(ctx, addr, "create", namespace, prefix, count)
}

/// Creates `count` objects by the loadgen's `op` (`create` for
/// ConfigMaps, `create-deployment`), failing unless every create succeeds.
pub(super) fn populate_with(
    ctx: &Ctx,
    addr: &str,
    op: &str,
    namespace: &str,
    prefix: &str,
    count: u64,
) -> Result<()> {
    let count_s = count.to_string();
    let v = ctx.loadgen(
        addr,
        &[
            "load",
            "--op",
            op,
            "--namespace",
            namespace,
            "--prefix",
            prefix,
            "--concurrency",
            "16",
            "--duration-ms",
            "300000",
            "--max-requests",
            &count_s,
        ],
    )?;
    let ok = v.get("ok").and_then(Value::as_u64).unwrap_or(0);
    if ok != count {
        bail!(
            "{op}: made {ok} of {count} objects in {namespace}: {}",
            v.get("first_error").unwrap_or(&Value::Null)
        );
    }
    Ok(())
}

/// Fetches `path` from `addr` into `file`; returns its content type and size.
pub(super) fn fetch(ctx: &Ctx, addr: &str, path: &str, file: &Path) -> Result<(String, u64)> {
    let v = ctx.loadgen(
        addr,
        &[
            "fetch",
            "--path",
            path,
            "--out",
            &file.display().to_string(),
        ],
    )?;
    let content_type = v
        .get("content_type")
        .and_then(Value::as_str)
        .unwrap_or("application/json")
        .to_string();
    Ok((
        content_type,
        v.get("bytes").and_then(Value::as_u64).unwrap_or(0),
    ))
}

/// Starts a ceiling server answering the bytes of `file`.
pub(super) fn ceiling(ctx: &Ctx, name: &str, file: &Path, content_type: &str) -> Result<Server> {
    let server = Server::spawn(
        &ctx.ceiling,
        &[
            "--body-file".into(),
            file.display().to_string(),
            "--content-type".into(),
            content_type.into(),
        ],
        ctx.server_cpu(),
        &ctx.out.join(format!("logs/{name}.log")),
    )?;
    server.wait_ready("/")?;
    Ok(server)
}

/// One request kind measured at each concurrency, with its ceiling.
pub(super) struct Row {
    pub(super) label: &'static str,
    pub(super) cells: Vec<Cell>,
    /// What the ceiling answered, and its cells.
    pub(super) ceiling: (String, Vec<Cell>),
}

/// The macro part; also returns the CREATE p99 at concurrency 1 (ms), the
/// baseline of the 1-watcher create-to-event figure.
pub(super) fn requests(ctx: &Ctx) -> Result<(Section, Option<f64>)> {
    let server = ctx.apiserver("macro", &[])?;
    server.wait_ready("/readyz")?;
    let addr = server.addr.clone();
    for ns in ["bench", "bench-list", "bench-create", "bench-update"] {
        ctx.loadgen(&addr, &["namespace", "--name", ns])?;
    }
    populate(ctx, &addr, "bench", "target-", 1)?;
    populate(ctx, &addr, "bench-list", "item-", 500)?;
    populate(ctx, &addr, "bench-update", "update-", 64)?;
    let get_path = "/api/v1/namespaces/bench/configmaps/target-0";
    let get_file = ctx.out.join("tmp/get-body.json");
    let (get_type, get_bytes) = fetch(ctx, &addr, get_path, &get_file)?;
    let list_file = ctx.out.join("tmp/list-body.json");
    let list_path = "/api/v1/namespaces/bench-list/configmaps";
    let (list_type, list_bytes) = fetch(ctx, &addr, list_path, &list_file)?;
    let get_ceiling = ceiling(ctx, "ceiling-get", &get_file, &get_type)?;
    let list_ceiling = ceiling(ctx, "ceiling-list", &list_file, &list_type)?;

    let duration = ctx.plan.cell.as_millis().to_string();
    let run = |addr: &str, op: &[&str], c: usize| -> Result<Cell> {
        let c_s = c.to_string();
        let mut args = vec!["load"];
        args.extend(op);
        args.extend(["--concurrency", &c_s, "--duration-ms", &duration]);
        Ok(cell(&ctx.loadgen(addr, &args)?))
    };
    let get_op = ["--op", "get", "--path", get_path];
    let list_op = ["--op", "list", "--namespace", "bench-list"];
    let mut rows = Vec::new();
    for (label, op, ceiling_addr, ceiling_name) in [
        (
            "GET one ConfigMap",
            &get_op,
            &get_ceiling.addr,
            format!("the GET's {get_bytes} bytes"),
        ),
        (
            "LIST of 500 ConfigMaps",
            &list_op,
            &list_ceiling.addr,
            format!("the LIST's {list_bytes} bytes"),
        ),
    ] {
        let (mut cells, mut ceilings) = (Vec::new(), Vec::new());
        for &c in &ctx.plan.concurrency {
            println!("    {label}, concurrency {c}: ceiling, then apiserver");
            ceilings.push(run(ceiling_addr, op, c)?);
            cells.push(run(&addr, op, c)?);
        }
        rows.push(Row {
            label,
            cells,
            ceiling: (ceiling_name, ceilings),
        });
    }
    let get_ceilings = rows[0].ceiling.1.clone();
    let write_rows = |target: &str, labels: [&'static str; 2]| -> Result<Vec<Row>> {
        let mut rows = Vec::new();
        for (label, namespace) in labels.into_iter().zip(["bench-create", "bench-update"]) {
            let mut cells = Vec::new();
            for &c in &ctx.plan.concurrency {
                println!("    {label}, concurrency {c}");
                let (op, prefix) = if label.starts_with("UPDATE") {
                    ("update", "update-".to_string())
                } else {
                    ("create", format!("c{c}-"))
                };
                let args = ["--op", op, "--namespace", namespace, "--prefix", &prefix];
                cells.push(run(target, &args, c)?);
            }
            rows.push(Row {
                label,
                cells,
                ceiling: (format!("the GET's {get_bytes} bytes"), get_ceilings.clone()),
            });
        }
        Ok(rows)
    };
    rows.extend(write_rows(
        &addr,
        ["CREATE a ConfigMap", "UPDATE a ConfigMap"],
    )?);
    drop(server);
    // The same writes on the embedded store, whose commits wait on the
    // disk (and run on the blocking pool); started only now, so that the
    // memory rows had the server CPU to themselves.
    let embedded = ctx.apiserver("macro-embedded", &["--storage-backend", "embedded"])?;
    embedded.wait_ready("/readyz")?;
    for ns in ["bench-create", "bench-update"] {
        ctx.loadgen(&embedded.addr, &["namespace", "--name", ns])?;
    }
    populate(ctx, &embedded.addr, "bench-update", "update-", 64)?;
    rows.extend(write_rows(
        &embedded.addr,
        [
            "CREATE a ConfigMap (embedded store)",
            "UPDATE a ConfigMap (embedded store)",
        ],
    )?);
    drop((get_ceiling, list_ceiling, embedded));

    let pct = |r: f64| {
        if r < 0.01 {
            format!("{:.2}% of the ceiling", r * 100.0)
        } else {
            format!("{:.0}% of the ceiling", r * 100.0)
        }
    };
    let mut figures = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (i, &c) in ctx.plan.concurrency.iter().enumerate() {
            let (what, ceilings) = &row.ceiling;
            let ceil = &ceilings[i];
            // The ceilings of GET and LIST are rows of their own.
            if r < 2 {
                figures.push(
                    Figure::new(
                        format!("HTTP ceiling: bare axum answering {what}, concurrency {c}"),
                        "req/s",
                    )
                    .value(ceil.rps)
                    .detail(ceil.detail())
                    .baseline("(the baseline of the next row)", None),
                );
            }
            let cell = &row.cells[i];
            let ratio = cell.rps / ceil.rps;
            let mut f = Figure::new(format!("{}, concurrency {c}", row.label), "req/s")
                .value(cell.rps)
                .detail(cell.detail())
                .baseline(
                    format!("HTTP ceiling answering {what}, concurrency {c}"),
                    Some(ceil.rps),
                )
                .ratio(Some(ratio), pct);
            // The goals at concurrency 16 (GET: the read path; CREATE and
            // UPDATE on the memory backend: issue 16's typed core).
            let goal = match row.label {
                _ if c != 16 => None,
                _ if r == 0 => Some(0.5),
                "CREATE a ConfigMap" => Some(0.2),
                "UPDATE a ConfigMap" => Some(0.15),
                _ => None,
            };
            if let Some(goal) = goal {
                f = f.goal(
                    format!(">= {:.0}% of the ceiling", goal * 100.0),
                    Status::of(ratio >= goal),
                );
            }
            figures.push(f);
        }
    }
    let create_p99 = rows
        .iter()
        .find(|r| r.label.starts_with("CREATE"))
        .map(|r| r.cells[0].p99);
    Ok((
        Section {
            title: format!(
                "Macro: requests against the release server (memory backend; writes also on the embedded store), {} s per cell",
                ctx.plan.cell.as_secs()
            ),
            note: "Closed loop: each client has one keep-alive HTTP/1.1 connection and sends its \
                   next request when the last one is answered. The ceilings are a bare axum \
                   server answering the exact bytes of the GET (for GET, CREATE and UPDATE) or of \
                   the LIST, measured with the same load generator in the same run, so they also \
                   bound what the load generator itself can drive. CREATE and UPDATE bodies are \
                   ConfigMaps of about 1 KiB; UPDATE clients each replace their own object."
                .into(),
            figures,
        },
        create_p99,
    ))
}
