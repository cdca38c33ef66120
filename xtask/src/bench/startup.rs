//! Parts 6 and 7: start-up time (spawn to the first 200 on `/readyz`) and
//! `cargo xtask generate` time.

use super::*;

pub(super) fn startup(ctx: &Ctx) -> Result<Section> {
    let runs = ctx.plan.startup_runs;
    let measure = |name: &str, spawn: &dyn Fn(usize) -> Result<Server>, path: &str| {
        let mut times = Vec::new();
        for i in 0..runs {
            let server = spawn(i)?;
            times.push(server.wait_ready(path)?.as_secs_f64());
            println!("    {name} run {}: {:.3} s", i + 1, times[i]);
        }
        let all = times
            .iter()
            .map(|t| format!("{:.0}", t * 1000.0))
            .collect::<Vec<_>>()
            .join(", ");
        anyhow::Ok((median(&mut times), format!("{runs} runs: {all} ms")))
    };
    let body = ctx.out.join("tmp/startup-body.txt");
    std::fs::write(&body, "ok")?;
    let (ceiling, ceiling_runs) = measure(
        "ceiling",
        &|i| {
            Server::spawn(
                &ctx.ceiling,
                &["--body-file".into(), body.display().to_string()],
                ctx.server_cpu(),
                &ctx.out.join(format!("logs/startup-ceiling-{i}.log")),
            )
        },
        "/",
    )?;
    let (embedded, embedded_runs) = measure(
        "apiserver (embedded store)",
        &|i| {
            ctx.apiserver(
                &format!("startup-embedded-{i}"),
                &["--storage-backend", "embedded"],
            )
        },
        "/readyz",
    )?;
    let (memory, memory_runs) = measure(
        "apiserver (memory)",
        &|i| ctx.apiserver(&format!("startup-memory-{i}"), &[]),
        "/readyz",
    )?;
    // The test server: in the process of the test that starts it, from
    // `TestServer::start` to the first 200 on /readyz, one fresh process a run.
    let mut in_process = Vec::new();
    for i in 0..runs {
        let out = Ctx::command(&ctx.testserver_startup, ctx.server_cpu())
            .stdin(Stdio::null())
            .output()
            .context("running the test server's start-up probe")?;
        let printed: Value = serde_json::from_slice(&out.stdout).with_context(|| {
            format!(
                "the start-up probe printed {:?} ({})",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr).trim()
            )
        })?;
        let ms = printed
            .get("start_to_ready_ms")
            .and_then(Value::as_f64)
            .context("the start-up probe printed no start_to_ready_ms")?;
        println!("    test server run {}: {ms:.1} ms", i + 1);
        in_process.push(ms / 1000.0);
    }
    let in_process_runs = format!(
        "{runs} runs: {} ms",
        in_process
            .iter()
            .map(|t| format!("{:.0}", t * 1000.0))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let test_server = median(&mut in_process);
    let text = |r: f64| format!("{r:.1}x the bare axum start-up");
    Ok(Section {
        title: "Start-up time (spawn to the first 200 on /readyz, median)".into(),
        note:
            "A fresh data directory each run. envtest (kube-apiserver + etcd) publishes about 7 s. \
             The test server is timed inside a fresh process of its own, from \
             `TestServer::start` (which builds the registry) to the first 200, as a test pays it."
                .into(),
        figures: vec![
            Figure::new("apiserver, embedded store (the default)", "s")
                .value(embedded)
                .detail(format!(
                    "{embedded_runs}; envtest's ~7 s is {:.0}x this",
                    7.0 / embedded
                ))
                .baseline(
                    "bare axum server (`ceiling`), spawn to first 200",
                    Some(ceiling),
                )
                .ratio(Some(embedded / ceiling), text)
                .goal("< 1 s (envtest: ~7 s)", Status::of(embedded < 1.0)),
            Figure::new("apiserver, memory backend", "s")
                .value(memory)
                .detail(memory_runs)
                .baseline(
                    "bare axum server (`ceiling`), spawn to first 200",
                    Some(ceiling),
                )
                .ratio(Some(memory / ceiling), text),
            Figure::new(
                "test server (`testserver::TestServer::start` of the apis registry, in process, to the first 200 on /readyz)",
                "s",
            )
            .value(test_server)
            .detail(format!(
                "{in_process_runs}; envtest's ~7 s is {:.0}x this",
                7.0 / test_server
            ))
            .baseline(
                "bare axum server (`ceiling`), spawn to first 200",
                Some(ceiling),
            )
            .ratio(Some(test_server / ceiling), text),
            Figure::new("bare axum server (`ceiling`)", "s")
                .value(ceiling)
                .detail(ceiling_runs)
                .baseline("(the baseline of the rows above)", None),
        ],
    })
}

pub(super) fn generate(ctx: &Ctx) -> Result<Section> {
    // The built binary `cargo xtask` runs; this process's own image may
    // have been replaced by a rebuild since it started.
    let built = ctx.target.join("debug/xtask");
    let exe = if built.exists() {
        built
    } else {
        std::env::current_exe().context("finding the xtask binary")?
    };
    let wall = |args: &[&str]| -> Result<(f64, String)> {
        let start = Instant::now();
        let out = Command::new(&exe)
            .args(args)
            .current_dir(&ctx.root)
            .stdin(Stdio::null())
            .output()
            .context("running xtask")?;
        let secs = start.elapsed().as_secs_f64();
        if !out.status.success() {
            bail!(
                "xtask {} failed: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        Ok((secs, String::from_utf8_lossy(&out.stdout).into_owned()))
    };
    let (mut printed, mut walls, mut floors) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..ctx.plan.generate_runs {
        let (secs, stdout) = wall(&["generate"])?;
        std::fs::write(ctx.out.join(format!("logs/generate-{i}.log")), &stdout)?;
        walls.push(secs * 1000.0);
        if let Some(ms) = printed_ms(&stdout) {
            printed.push(ms);
        }
        floors.push(wall(&["--help"])?.0 * 1000.0);
    }
    let wall_ms = median(&mut walls);
    let floor_ms = median(&mut floors);
    let value = if printed.is_empty() {
        wall_ms
    } else {
        median(&mut printed)
    };
    Ok(Section {
        title: "cargo xtask generate (the built xtask binary, median)".into(),
        note: "The time `generate` prints for itself (parse, check, generate, compare and write); \
               the wall time adds process start-up."
            .into(),
        figures: vec![
            Figure::new("generate, as it reports itself", "ms")
                .value(value)
                .detail(format!(
                    "{} runs; wall time {wall_ms:.1} ms",
                    ctx.plan.generate_runs
                ))
                .baseline(
                    "wall time of `xtask --help` (process start-up)",
                    Some(floor_ms),
                )
                .ratio(Some(wall_ms / floor_ms), |r| {
                    format!("wall time {r:.1}x the start-up floor")
                }),
        ],
    })
}

/// The `in X ms` figure of `generate`'s summary line.
pub(super) fn printed_ms(stdout: &str) -> Option<f64> {
    let line = stdout.lines().rev().find(|l| l.starts_with("generate:"))?;
    let (_, tail) = line.rsplit_once(" in ")?;
    tail.trim().strip_suffix("ms")?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_generate_summary_line() {
        let out = "  wrote x\ngenerate: 2 packages, 9 types; 0 files written, 12 unchanged, 0 removed in 41.7 ms\n";
        assert_eq!(printed_ms(out), Some(41.7));
        assert_eq!(printed_ms("nothing"), None);
    }
}
