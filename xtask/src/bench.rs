//! `cargo xtask bench [--quick]`: one run that measures the server and its
//! codecs, each figure beside a baseline taken in the same run (the
//! machines are shared and noisy: absolute times move, ratios hold), and
//! writes `target/bench/report.md` and `target/bench/report.json`.
//!
//! The parts, in order:
//! 1. build: the release `apiserver`, the `bench` crate's `loadgen` and
//!    `ceiling`, and the criterion benches of `server` (not timed);
//! 2. micro: the criterion bench `runtime/server/benches/codec.rs`, the binary
//!    `cargo bench --no-run` built in step 1; the figures are read from
//!    criterion's `target/criterion/<Kind>/<bench>/new/estimates.json`
//!    (mean point estimate), not from its output;
//! 3. macro: GET of one ConfigMap, LIST of 500, CREATE and UPDATE at
//!    concurrency 1, 16 and 64 against the release server (memory
//!    backend), beside the HTTP ceiling (`ceiling`, a bare axum server
//!    returning the GET's bytes) measured with the same load generator;
//! 4. create-to-event latency with 1, 100 and 1000 watchers;
//! 5. memory per stored ConfigMap (RSS growth over many creates);
//! 6. start-up time, spawn to the first 200 on `/readyz`;
//! 7. `cargo xtask generate` time.
//!
//! The server (and the ceiling) run on one core and the load generator on
//! another (`taskset`); without `taskset` everything runs unpinned and the
//! report says so. All traffic goes to 127.0.0.1, and every loop is bounded.
//! `--quick` shortens every part (CI runs it to check that a report comes
//! out, not the figures).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result, bail};
use serde::Serialize;
use serde_json::Value;

use super::cargo;

/// How long and how much each part measures.
struct Plan {
    /// Duration of one load cell (one request kind at one concurrency).
    cell: Duration,
    concurrency: [usize; 3],
    watchers: [usize; 3],
    /// Objects created per watcher count.
    events: usize,
    /// ConfigMaps created for the memory figure.
    memory_objects: u64,
    /// Large objects (about 1 MB each) listed by 16 clients for the list-memory figure.
    list_objects: u64,
    startup_runs: usize,
    generate_runs: usize,
    /// Arguments to the criterion bench binary.
    criterion_args: &'static [&'static str],
}

impl Plan {
    fn new(quick: bool) -> Plan {
        if quick {
            Plan {
                cell: Duration::from_secs(2),
                concurrency: [1, 16, 64],
                watchers: [1, 100, 1000],
                events: 10,
                memory_objects: 2_000,
                list_objects: 40,
                startup_runs: 3,
                generate_runs: 3,
                criterion_args: &[
                    "--warm-up-time",
                    "0.3",
                    "--measurement-time",
                    "1",
                    "--sample-size",
                    "20",
                    "--nresamples",
                    "20000",
                    "--noplot",
                ],
            }
        } else {
            Plan {
                cell: Duration::from_secs(10),
                concurrency: [1, 16, 64],
                watchers: [1, 100, 1000],
                events: 50,
                memory_objects: 10_000,
                list_objects: 400,
                startup_runs: 7,
                generate_runs: 5,
                criterion_args: &["--noplot"],
            }
        }
    }
}

// ------------------------------------------------------------------ report

/// Whether a figure meets its goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
enum Status {
    /// The goal is met.
    Met,
    /// The goal is not met.
    NotMet,
    /// What it measures is not built yet.
    NotYetMeasurable,
    /// The measurement failed in this run.
    Failed,
    /// A figure without a goal.
    Info,
}

impl Status {
    fn text(self) -> &'static str {
        match self {
            Status::Met => "met",
            Status::NotMet => "not met",
            Status::NotYetMeasurable => "not yet measurable",
            Status::Failed => "failed",
            Status::Info => "",
        }
    }

    fn of(met: bool) -> Status {
        if met { Status::Met } else { Status::NotMet }
    }
}

/// One figure of the report.
#[derive(Debug, Clone, Serialize)]
struct Figure {
    /// What is measured.
    name: String,
    /// The figure, in `unit`.
    value: Option<f64>,
    /// `ns`, `ms`, `s`, `req/s` or `B`.
    unit: &'static str,
    /// More of the same measurement (percentiles, counts).
    detail: String,
    /// What the figure is compared with.
    baseline: String,
    /// The baseline's figure, in `baseline_unit`.
    baseline_value: Option<f64>,
    /// The unit of `baseline_value`.
    baseline_unit: &'static str,
    /// The comparison, as a number.
    ratio: Option<f64>,
    /// The comparison, in words.
    ratio_text: String,
    /// The goal, when the figure has one.
    goal: Option<String>,
    /// Whether the goal is met.
    status: Status,
}

impl Figure {
    fn new(name: impl Into<String>, unit: &'static str) -> Figure {
        Figure {
            name: name.into(),
            value: None,
            unit,
            detail: String::new(),
            baseline: String::new(),
            baseline_value: None,
            baseline_unit: unit,
            ratio: None,
            ratio_text: String::new(),
            goal: None,
            status: Status::Info,
        }
    }

    fn value(mut self, value: f64) -> Figure {
        self.value = Some(value);
        self
    }

    fn detail(mut self, detail: impl Into<String>) -> Figure {
        self.detail = detail.into();
        self
    }

    fn baseline(mut self, name: impl Into<String>, value: Option<f64>) -> Figure {
        self.baseline = name.into();
        self.baseline_value = value;
        self
    }

    fn ratio(mut self, ratio: Option<f64>, text: impl Fn(f64) -> String) -> Figure {
        self.ratio = ratio;
        self.ratio_text = ratio.map(&text).unwrap_or_default();
        self
    }

    fn goal(mut self, goal: impl Into<String>, status: Status) -> Figure {
        self.goal = Some(goal.into());
        self.status = status;
        self
    }

    fn status(mut self, status: Status) -> Figure {
        self.status = status;
        self
    }
}

/// A part of the report.
#[derive(Debug, Clone, Serialize)]
struct Section {
    title: String,
    note: String,
    figures: Vec<Figure>,
}

/// The whole report (`report.json`; `report.md` renders it).
#[derive(Debug, Serialize)]
struct Report {
    command: String,
    mode: &'static str,
    /// Seconds since the Unix epoch when the run started.
    started_unix_s: u64,
    cores: usize,
    pinning: String,
    build_s: f64,
    measure_s: f64,
    /// Wall time of each measuring part.
    parts: Vec<String>,
    sections: Vec<Section>,
    /// Failures of whole parts, which then lack their figures.
    errors: Vec<String>,
}

// ---------------------------------------------------------------- processes

/// Where things are and how they are pinned.
struct Ctx {
    root: PathBuf,
    target: PathBuf,
    out: PathBuf,
    apiserver: PathBuf,
    loadgen: PathBuf,
    ceiling: PathBuf,
    /// The criterion bench binary of `runtime/server/benches/codec.rs`.
    codec_bench: PathBuf,
    /// Cores for the server and the load generator, when pinned.
    cpus: Option<(usize, usize)>,
    plan: Plan,
}

impl Ctx {
    fn server_cpu(&self) -> Option<usize> {
        self.cpus.map(|c| c.0)
    }

    /// A command for `bin`, pinned to `cpu` when given.
    fn command(bin: &Path, cpu: Option<usize>) -> Command {
        match cpu {
            Some(cpu) => {
                let mut cmd = Command::new("taskset");
                cmd.arg("-c").arg(cpu.to_string()).arg(bin);
                cmd
            }
            None => Command::new(bin),
        }
    }

    /// Runs the load generator on its core; returns the JSON it printed.
    fn loadgen(&self, addr: &str, args: &[&str]) -> Result<Value> {
        let out = Ctx::command(&self.loadgen, self.cpus.map(|c| c.1))
            .arg("--addr")
            .arg(addr)
            .args(args)
            .stdin(Stdio::null())
            .output()
            .context("running loadgen")?;
        if !out.status.success() {
            bail!(
                "loadgen {} failed: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let stdout = String::from_utf8_lossy(&out.stdout);
        let line = stdout.lines().rev().find(|l| !l.trim().is_empty());
        serde_json::from_str(line.unwrap_or("")).context("reading loadgen's output")
    }

    /// Starts the API server (memory backend unless `args` say otherwise).
    fn apiserver(&self, name: &str, args: &[&str]) -> Result<Server> {
        let data = self.out.join("tmp").join(name);
        let _ = std::fs::remove_dir_all(&data);
        let mut all = vec![
            "--port".to_string(),
            "0".into(),
            "--data-dir".into(),
            data.display().to_string(),
        ];
        if !args.contains(&"--storage-backend") {
            all.extend(["--storage-backend".into(), "memory".into()]);
        }
        all.extend(args.iter().map(|a| a.to_string()));
        Server::spawn(
            &self.apiserver,
            &all,
            self.server_cpu(),
            &self.out.join("logs").join(format!("{name}.log")),
        )
    }
}

/// A server process, killed when dropped.
struct Server {
    child: Child,
    addr: String,
    started: Instant,
}

impl Server {
    /// Spawns `bin` and waits for its first stdout line, `... listening on
    /// http://ADDR`.
    fn spawn(bin: &Path, args: &[String], cpu: Option<usize>, log: &Path) -> Result<Server> {
        if let Some(dir) = log.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let stderr = std::fs::File::create(log)?;
        let started = Instant::now();
        let mut child = Ctx::command(bin, cpu)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .with_context(|| format!("starting {}", bin.display()))?;
        let stdout = child.stdout.take().context("no stdout")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            let _ = tx.send(line);
            // Keep draining so that the server never blocks on a full pipe.
            let _ = std::io::copy(&mut reader, &mut std::io::sink());
        });
        let mut server = Server {
            child,
            addr: String::new(),
            started,
        };
        let line = rx.recv_timeout(Duration::from_secs(30)).unwrap_or_default();
        let Some(url) = line.trim().split("http://").nth(1) else {
            bail!(
                "{} did not say where it listens (log: {})",
                bin.display(),
                log.display()
            );
        };
        server.addr = url.trim_end_matches('/').to_string();
        Ok(server)
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Polls `path` until it answers 200; returns the time since spawn.
    fn wait_ready(&self, path: &str) -> Result<Duration> {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if http_status(&self.addr, path) == Some(200) {
                return Ok(self.started.elapsed());
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        bail!("{} did not answer 200 on {path} within 20 s", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The status code of `GET path` on `addr` (loopback), or `None`.
fn http_status(addr: &str, path: &str) -> Option<u16> {
    let sock: std::net::SocketAddr = addr.parse().ok()?;
    if !sock.ip().is_loopback() {
        return None;
    }
    let mut stream = TcpStream::connect_timeout(&sock, Duration::from_secs(1)).ok()?;
    stream.set_read_timeout(Some(Duration::from_secs(2))).ok()?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).ok()?;
    std::str::from_utf8(&head[9..12]).ok()?.parse().ok()
}

/// The resident set size of `pid`, in bytes (`VmRSS` of `/proc/PID/status`).
fn rss_bytes(pid: u32) -> Result<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .context("no VmRSS")?;
    Ok(kb * 1024.0)
}

/// The cores this process may run on (`Cpus_allowed_list`).
fn allowed_cpus() -> Vec<usize> {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .unwrap_or("")
        .trim();
    let mut cpus = Vec::new();
    for part in list.split(',').filter(|p| !p.is_empty()) {
        let (a, b) = part.split_once('-').unwrap_or((part, part));
        if let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) {
            cpus.extend(a..=b.min(a + 1024));
        }
    }
    cpus
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

// ------------------------------------------------------------------- entry

/// Builds the criterion benches of `server` and returns the path of the
/// `codec` bench binary, so that the micro part runs exactly what was built
/// here (a plain `cargo bench` would rebuild whatever changed meanwhile).
fn bench_executable(root: &Path) -> Result<PathBuf> {
    let args = [
        "bench",
        "-p",
        "server",
        "--bench",
        "codec",
        "--no-run",
        "--message-format=json-render-diagnostics",
    ];
    println!("==> cargo {}", args.join(" "));
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(root)
        .args(args)
        .stderr(Stdio::inherit())
        .output()
        .context("running cargo")?;
    if !out.status.success() {
        bail!("cargo {} failed with {}", args.join(" "), out.status);
    }
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|m| m.pointer("/target/name").and_then(Value::as_str) == Some("codec"))
        .find_map(|m| m.get("executable")?.as_str().map(PathBuf::from))
        .context("cargo did not name the codec bench executable")
}

/// Runs every part and writes the report. Parts that fail are named in the
/// report and make the command fail after the report is written.
pub fn bench(root: &Path, quick: bool) -> Result<()> {
    let plan = Plan::new(quick);
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|t| if t.is_absolute() { t } else { root.join(t) })
        .unwrap_or_else(|| root.join("target"));
    let out = target.join("bench");
    std::fs::create_dir_all(out.join("logs"))?;
    let started_unix_s = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);

    let build_start = Instant::now();
    cargo(
        root,
        &[
            "build",
            "--release",
            "-p",
            "apiserver",
            "-p",
            "bench",
            "--bin",
            "apiserver",
            "--bin",
            "loadgen",
            "--bin",
            "ceiling",
        ],
    )?;
    let codec_bench = bench_executable(root)?;
    let build_s = build_start.elapsed().as_secs_f64();

    let taskset = Command::new("taskset")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let cpus = allowed_cpus();
    let (pins, pinning) = match (taskset, cpus.as_slice()) {
        (true, [a, b, ..]) => (
            Some((*a, *b)),
            format!("server and ceiling on CPU {a}, load generator on CPU {b} (taskset)"),
        ),
        (false, _) => (None, "unpinned: taskset is not installed".to_string()),
        (true, _) => (
            None,
            "unpinned: fewer than two CPUs are available".to_string(),
        ),
    };
    let release = target.join("release");
    let ctx = Ctx {
        root: root.to_path_buf(),
        target: target.clone(),
        out: out.clone(),
        apiserver: release.join("apiserver"),
        loadgen: release.join("loadgen"),
        ceiling: release.join("ceiling"),
        codec_bench,
        cpus: pins,
        plan,
    };

    let measure_start = Instant::now();
    let mut sections = Vec::new();
    let mut errors = Vec::new();
    let mut timings = Vec::new();
    let mut part_start = Instant::now();
    let mut part = |title: &str, result: Result<Section>| {
        timings.push(format!(
            "{title} {:.0} s",
            part_start.elapsed().as_secs_f64()
        ));
        part_start = Instant::now();
        match result {
            Ok(section) => sections.push(section),
            Err(e) => {
                eprintln!("bench: {title} failed: {e:#}");
                errors.push(format!("{title}: {e:#}"));
            }
        }
    };
    println!("==> micro benchmarks (criterion)");
    part("Micro: codecs", micro(&ctx));
    println!("==> requests against the release server");
    let (macro_result, create_p99) = match requests(&ctx) {
        Ok((section, p99)) => (Ok(section), p99),
        Err(e) => (Err(e), None),
    };
    part("Macro: requests", macro_result);
    println!("==> create-to-event latency");
    part("Create-to-event latency", watch(&ctx, create_p99));
    println!("==> memory per stored object");
    part("Memory per stored object", memory(&ctx));
    println!("==> peak memory of concurrent large lists");
    part("Peak memory of concurrent large lists", list_memory(&ctx));
    println!("==> start-up time");
    part("Start-up time", startup(&ctx));
    println!("==> cargo xtask generate time");
    part("cargo xtask generate", generate(&ctx));

    let report = Report {
        command: format!("cargo xtask bench{}", if quick { " --quick" } else { "" }),
        mode: if quick { "quick" } else { "full" },
        started_unix_s,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        pinning,
        build_s,
        measure_s: measure_start.elapsed().as_secs_f64(),
        parts: timings,
        sections,
        errors,
    };
    std::fs::write(
        out.join("report.json"),
        serde_json::to_string_pretty(&report)? + "\n",
    )?;
    let markdown = render(&report);
    std::fs::write(out.join("report.md"), &markdown)?;
    println!("{markdown}");
    println!(
        "bench: report written to {} and {} (measuring took {:.0} s, building {:.0} s)",
        out.join("report.md").display(),
        out.join("report.json").display(),
        report.measure_s,
        report.build_s
    );
    if !report.errors.is_empty() {
        bail!("{} part(s) of the benchmark failed", report.errors.len());
    }
    Ok(())
}

// ------------------------------------------------------------------- micro

/// The kinds the codec benches cover, and whether they are ported yet is
/// read from what criterion wrote in this run.
const MICRO_KINDS: [&str; 4] = ["ConfigMap", "Event", "Deployment", "Pod"];

fn micro(ctx: &Ctx) -> Result<Section> {
    let start = SystemTime::now();
    println!(
        "    {} --bench {}",
        ctx.codec_bench.display(),
        ctx.plan.criterion_args.join(" ")
    );
    let status = Command::new(&ctx.codec_bench)
        .arg("--bench")
        .args(ctx.plan.criterion_args)
        .env("CRITERION_HOME", ctx.target.join("criterion"))
        .current_dir(ctx.root.join("runtime/server"))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(ctx.out.join("logs/criterion.log"))?)
        .status()
        .context("running the codec benches")?;
    if !status.success() {
        bail!("the codec benches failed with {status}");
    }
    // The mean of one benchmark, in ns, if criterion wrote it in this run.
    let estimate = |kind: &str, bench: &str| -> Option<f64> {
        let path = ctx
            .target
            .join("criterion")
            .join(kind)
            .join(bench)
            .join("new/estimates.json");
        let fresh = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= start);
        if !fresh {
            return None;
        }
        let json: Value = serde_json::from_slice(&std::fs::read(&path).ok()?).ok()?;
        json.pointer("/mean/point_estimate")?.as_f64()
    };
    let times = |ours: f64| format!("{ours:.2}x the baseline's time");
    let faster = |s: f64| {
        if s >= 1.0 {
            format!("{s:.2}x faster")
        } else {
            format!("{:.2}x slower", 1.0 / s)
        }
    };
    let mut figures = Vec::new();
    let mut not_served = Vec::new();
    for kind in MICRO_KINDS {
        let decode = estimate(kind, "json_decode");
        let decode_value = estimate(kind, "json_decode_value");
        let encode = estimate(kind, "json_encode");
        let encode_value = estimate(kind, "json_encode_value");
        let pb_decode = estimate(kind, "protobuf_decode");
        let pb_encode = estimate(kind, "protobuf_encode");
        // A kind the registry serves has every figure, or the run failed;
        // the exception is the typed encode, which each kind wires in by
        // hand (its Rust type) in runtime/server/benches/codec.rs.
        let served = decode.is_some();
        if !served {
            not_served.push(kind);
        }
        let row = |name: &str,
                   value: Option<f64>,
                   baseline: &str,
                   base: Option<f64>,
                   ratio: Option<f64>,
                   text: &dyn Fn(f64) -> String| {
            let mut f = Figure::new(format!("{kind}: {name}"), "ns")
                .baseline(baseline, base)
                .ratio(ratio, text);
            match value {
                Some(v) => f = f.value(v),
                None if !served => {
                    f = f
                        .status(Status::NotYetMeasurable)
                        .detail(format!("{kind} is not served yet"))
                }
                None if name.starts_with("JSON encode") => {
                    f = f.status(Status::NotYetMeasurable).detail(
                        "its Rust type is not wired into runtime/server/benches/codec.rs yet",
                    )
                }
                None => f = f.status(Status::Failed),
            }
            f
        };
        figures.push(row(
            "JSON decode (registry `decode`, through our type)",
            decode,
            "serde_json into serde_json::Value",
            decode_value,
            decode.zip(decode_value).map(|(a, b)| a / b),
            &times,
        ));
        figures.push(row(
            "JSON encode (serde_json from our type)",
            encode,
            "serde_json from serde_json::Value",
            encode_value,
            encode.zip(encode_value).map(|(a, b)| a / b),
            &times,
        ));
        let speedup = decode.zip(pb_decode).map(|(j, p)| j / p);
        let mut pb = row(
            "protobuf decode (`decode_object`)",
            pb_decode,
            "JSON decode of the same object (registry `decode`)",
            decode,
            speedup,
            &faster,
        );
        pb = match speedup {
            Some(s) => pb.goal(">= 5x faster than JSON decode", Status::of(s >= 5.0)),
            None => {
                let status = pb.status;
                pb.goal(
                    ">= 5x faster than JSON decode",
                    if status == Status::Info {
                        Status::Failed
                    } else {
                        status
                    },
                )
            }
        };
        figures.push(pb);
        figures.push(row(
            "protobuf encode (`wrap`)",
            pb_encode,
            "JSON encode of the same object (serde_json from Value)",
            encode_value,
            encode_value.zip(pb_encode).map(|(j, p)| j / p),
            &faster,
        ));
        let prost_decode = estimate(kind, "protobuf_decode_prost");
        let prost_encode = estimate(kind, "protobuf_encode_prost");
        figures.push(row(
            "protobuf decode (`decode_object`) against prost-direct",
            pb_decode,
            "prost-generated types (`k8s-pb`) decoding the same bytes",
            prost_decode,
            pb_decode.zip(prost_decode).map(|(a, b)| a / b),
            &times,
        ));
        figures.push(row(
            "protobuf encode (`wrap`) against prost-direct",
            pb_encode,
            "prost-generated types (`k8s-pb`) encoding the same object",
            prost_encode,
            pb_encode.zip(prost_encode).map(|(a, b)| a / b),
            &times,
        ));
        let defaulting = estimate(kind, "defaulting");
        figures.push(row(
            "defaulting (`schema::apply_defaults`)",
            defaulting,
            "JSON decode of the same object (registry `decode`)",
            decode,
            defaulting.zip(decode).map(|(d, j)| d / j),
            &|r| format!("{:.0}% of the JSON decode time", r * 100.0),
        ));
        let jsonschema = estimate(kind, "validation_jsonschema");
        let validation = estimate(kind, "validation");
        figures.push(row(
            "validation through the registry (JSON into the Rust type, then the generated validation)",
            validation,
            "the `jsonschema` crate (draft 4) on the same JSON and the generated OpenAPI v3 schema",
            jsonschema,
            jsonschema.zip(validation).map(|(j, v)| j / v),
            &faster,
        ));
        if matches!(kind, "Deployment" | "Pod") {
            let typed = estimate(kind, "validation_typed");
            let speedup = jsonschema.zip(typed).map(|(j, v)| j / v);
            let mut f = row(
                "validation (generated `Validate` on the decoded value)",
                typed,
                "the `jsonschema` crate (draft 4) on the same JSON and the generated OpenAPI v3 schema",
                jsonschema,
                speedup,
                &faster,
            );
            f = f.goal(
                ">= 20x faster than jsonschema",
                speedup.map_or(Status::Failed, |s| Status::of(s >= 20.0)),
            );
            figures.push(f);
        }
        let strategic = estimate(kind, "strategic_merge");
        let merge = estimate(kind, "json_merge");
        figures.push(row(
            "strategic merge patch of labels and annotations",
            strategic,
            "JSON merge patch (RFC 7386, `json-patch` crate) of the same patch",
            merge,
            strategic.zip(merge).map(|(a, b)| a / b),
            &times,
        ));
    }
    figures.push(
        Figure::new("all kinds: conversion", "ns")
            .baseline("-", None)
            .detail("there is no conversion generator yet (one version per kind)")
            .status(Status::NotYetMeasurable),
    );
    // The write path of one Deployment through the router, in process.
    let create = estimate("Deployment", "write_create");
    let write = |name: &str, id: &str, upstream: &str| {
        let value = estimate("Deployment", id);
        let mut f = Figure::new(format!("Deployment: {name}"), "ns")
            .baseline("create (POST) of the same object", create)
            .ratio(value.zip(create).map(|(v, c)| v / c), |r| {
                format!("{r:.2}x the create's time")
            })
            .detail(format!("upstream structured-merge-diff: {upstream}"));
        f = match value {
            Some(v) => f.value(v),
            None => f.status(Status::Failed),
        };
        f
    };
    let deployment_decode = estimate("Deployment", "json_decode");
    let mut create_figure = Figure::new(
        "Deployment: create (POST through the router, in process, memory store)",
        "ns",
    )
    .detail("decode, defaulting, validation, managed fields, storage, encode")
    .baseline(
        "JSON decode of the same object (registry `decode`)",
        deployment_decode,
    )
    .ratio(create.zip(deployment_decode).map(|(c, d)| c / d), |r| {
        format!("{r:.1}x the decode's time")
    });
    create_figure = match create {
        Some(v) => create_figure.value(v),
        None => create_figure.status(Status::Failed),
    };
    figures.push(create_figure);
    figures.push(write(
        "update (PUT, one label changed)",
        "write_update",
        "about 1.8x a create for a Pod",
    ));
    figures.push(write(
        "server-side apply (PATCH apply-patch+yaml, one label changed)",
        "write_apply",
        "about 2.7x a create for a Pod",
    ));
    Ok(Section {
        title: "Micro: codecs, defaulting and patches (criterion, mean time per object)".into(),
        note: format!(
            "Upstream fixtures (`shared/fixtures/kubernetes-api`), JSON re-encoded compactly. \
             Not served yet: {}. The prost-direct baseline decodes into (and encodes from) \
             prost-generated structs, so it skips what the server must do besides: build the \
             JSON value the rest of the server works on.",
            if not_served.is_empty() {
                "none".to_string()
            } else {
                not_served.join(", ")
            }
        ),
        figures,
    })
}

// ------------------------------------------------------------------- macro

/// Requests per second and latency of one load cell.
#[derive(Clone)]
struct Cell {
    rps: f64,
    p50: f64,
    p99: f64,
    errors: u64,
}

fn cell(v: &Value) -> Cell {
    let f = |p: &str| v.pointer(p).and_then(Value::as_f64).unwrap_or(f64::NAN);
    Cell {
        rps: f("/rps"),
        p50: f("/latency/p50_ms"),
        p99: f("/latency/p99_ms"),
        errors: v.get("errors").and_then(Value::as_u64).unwrap_or(0),
    }
}

/// Creates `count` ConfigMaps named `<prefix><n>` in `namespace`.
fn populate(ctx: &Ctx, addr: &str, namespace: &str, prefix: &str, count: u64) -> Result<()> {
    populate_with(ctx, addr, "create", namespace, prefix, count)
}

/// Creates `count` objects by the loadgen's `op` (`create` for
/// ConfigMaps, `create-deployment`), failing unless every create succeeds.
fn populate_with(
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
fn fetch(ctx: &Ctx, addr: &str, path: &str, file: &Path) -> Result<(String, u64)> {
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
fn ceiling(ctx: &Ctx, name: &str, file: &Path, content_type: &str) -> Result<Server> {
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
struct Row {
    label: &'static str,
    cells: Vec<Cell>,
    /// What the ceiling answered, and its cells.
    ceiling: (String, Vec<Cell>),
}

/// The macro part; also returns the CREATE p99 at concurrency 1 (ms), the
/// baseline of the 1-watcher create-to-event figure.
fn requests(ctx: &Ctx) -> Result<(Section, Option<f64>)> {
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
    let detail = |c: &Cell| {
        let mut d = format!("p50 {:.2} ms, p99 {:.2} ms", c.p50, c.p99);
        if c.errors > 0 {
            d.push_str(&format!(", {} errors", c.errors));
        }
        d
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
                    .detail(detail(ceil))
                    .baseline("(the baseline of the next row)", None),
                );
            }
            let cell = &row.cells[i];
            let ratio = cell.rps / ceil.rps;
            let mut f = Figure::new(format!("{}, concurrency {c}", row.label), "req/s")
                .value(cell.rps)
                .detail(detail(cell))
                .baseline(
                    format!("HTTP ceiling answering {what}, concurrency {c}"),
                    Some(ceil.rps),
                )
                .ratio(Some(ratio), pct);
            if r == 0 && c == 16 {
                f = f.goal(">= 50% of the ceiling", Status::of(ratio >= 0.5));
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

// ------------------------------------------------------------------- watch

fn watch(ctx: &Ctx, create_p99: Option<f64>) -> Result<Section> {
    let server = ctx.apiserver("watch", &[])?;
    server.wait_ready("/readyz")?;
    let events = ctx.plan.events.to_string();
    let mut figures = Vec::new();
    let mut one_watcher_p99 = None;
    for n in ctx.plan.watchers {
        println!("    {n} watcher(s), {events} creates");
        let ns = format!("bench-watch-{n}");
        ctx.loadgen(&server.addr, &["namespace", "--name", &ns])?;
        let n_s = n.to_string();
        let v = ctx.loadgen(
            &server.addr,
            &[
                "watch",
                "--namespace",
                &ns,
                "--watchers",
                &n_s,
                "--events",
                &events,
            ],
        )?;
        let f = |p: &str| v.pointer(p).and_then(Value::as_f64).unwrap_or(f64::NAN);
        let (p50, p99) = (f("/latency/p50_ms"), f("/latency/p99_ms"));
        let missed = v.get("missed").and_then(Value::as_u64).unwrap_or(0);
        let mut fig = Figure::new(format!("{n} watcher(s): p99 create-to-event"), "ms")
            .value(p99)
            .detail(format!(
                "p50 {p50:.2} ms, p99 {p99:.2} ms, max {:.2} ms; {} samples, {missed} missed; \
                 watches opened in {:.2} s",
                f("/latency/max_ms"),
                f("/latency/samples"),
                f("/connect_s"),
            ));
        fig = if n == 1 {
            one_watcher_p99 = Some(p99);
            let base = create_p99.unwrap_or(f("/create/p99_ms"));
            fig.baseline("p99 of a CREATE request at concurrency 1", Some(base))
                .ratio(Some(p99 / base), |r| format!("{r:.2}x the CREATE's p99"))
        } else {
            fig.baseline("p99 with 1 watcher", one_watcher_p99)
                .ratio(one_watcher_p99.map(|b| p99 / b), |r| {
                    format!("{r:.2}x the 1-watcher p99")
                })
        };
        if n == 1000 {
            fig = fig.goal(
                "p99 < 100 ms at 1000 watchers",
                Status::of(p99 < 100.0 && missed == 0),
            );
        }
        figures.push(fig);
    }
    Ok(Section {
        title: format!(
            "Create-to-event latency ({} creates per row, one at a time)",
            ctx.plan.events
        ),
        note: "From sending the create to each watcher reading its ADDED event; every watcher \
               is one connection of the load generator, which reads them all on one core, so \
               the figure includes its own time to go through the other watchers' sockets."
            .into(),
        figures,
    })
}

// ------------------------------------------------------------------ memory

fn memory(ctx: &Ctx) -> Result<Section> {
    let server = ctx.apiserver("memory", &[])?;
    server.wait_ready("/readyz")?;
    let addr = server.addr.clone();
    ctx.loadgen(&addr, &["namespace", "--name", "bench-memory"])?;
    let count = ctx.plan.memory_objects;
    let mut figures = Vec::new();
    for (kind, op, resource) in [
        (
            "ConfigMap",
            "create",
            "/api/v1/namespaces/bench-memory/configmaps",
        ),
        (
            "Deployment",
            "create-deployment",
            "/apis/apps/v1/namespaces/bench-memory/deployments",
        ),
    ] {
        // Warm up first, so that one-time allocations do not count as growth.
        populate_with(ctx, &addr, op, "bench-memory", "warmup-", 200)?;
        std::thread::sleep(Duration::from_millis(300));
        let before = rss_bytes(server.pid())?;
        populate_with(ctx, &addr, op, "bench-memory", "object-", count)?;
        std::thread::sleep(Duration::from_millis(500));
        let after = rss_bytes(server.pid())?;
        let one = ctx.out.join(format!("tmp/memory-{kind}.json"));
        let fetched = ctx.loadgen(
            &addr,
            &[
                "fetch",
                "--path",
                &format!("{resource}/object-0"),
                "--out",
                &one.display().to_string(),
            ],
        )?;
        let json_size = fetched
            .get("bytes")
            .and_then(Value::as_f64)
            .unwrap_or(f64::NAN);
        let per_object = (after - before) / count as f64;
        let ratio = per_object / json_size;
        let mib = |b: f64| b / (1024.0 * 1024.0);
        figures.push(
            Figure::new(format!("{kind} (memory backend, {count} created)"), "B")
                .value(per_object)
                .detail(format!(
                    "RSS {:.1} MiB -> {:.1} MiB (+{:.1} MiB)",
                    mib(before),
                    mib(after),
                    mib(after - before)
                ))
                .baseline("JSON size of one object", Some(json_size))
                .ratio(Some(ratio), |r| format!("{r:.2}x the JSON size"))
                .goal("<= 3x the JSON size", Status::of(ratio <= 3.0)),
        );
    }
    drop(server);
    Ok(Section {
        title: "Memory per stored object".into(),
        note: "RSS (`VmRSS`) of the server process before and after the creates of each \
               kind in turn, after 200 warm-up creates of that kind; the JSON size is that \
               of the object as GET returns it (defaults and managed fields included)."
            .into(),
        figures,
    })
}

/// `VmHWM` (peak RSS) of a process, in bytes.
fn peak_rss_bytes(pid: u32) -> Result<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .context("no VmHWM")?;
    Ok(kb * 1024.0)
}

/// 16 clients list N objects of about 1 MB each at once (whole lists, written
/// item by item); the server's peak RSS growth against one response's size.
fn list_memory(ctx: &Ctx) -> Result<Section> {
    let server = ctx.apiserver("lists", &[])?;
    server.wait_ready("/readyz")?;
    let addr = server.addr.clone();
    ctx.loadgen(&addr, &["namespace", "--name", "bench-lists"])?;
    let count = ctx.plan.list_objects;
    let count_s = count.to_string();
    let created = ctx.loadgen(
        &addr,
        &[
            "load",
            "--op",
            "create",
            "--namespace",
            "bench-lists",
            "--prefix",
            "big-",
            "--concurrency",
            "4",
            "--duration-ms",
            "600000",
            "--max-requests",
            &count_s,
            "--payload-bytes",
            "1000000",
        ],
    )?;
    if created.get("ok").and_then(Value::as_u64) != Some(count) {
        bail!("created {created} of {count} large ConfigMaps");
    }
    let file = ctx.out.join("tmp/list-large.json");
    let (_, response) = fetch(
        ctx,
        &addr,
        "/api/v1/namespaces/bench-lists/configmaps",
        &file,
    )?;
    let _ = std::fs::remove_file(&file);
    std::thread::sleep(Duration::from_millis(300));
    let pid = server.pid();
    let mib = |b: f64| b / (1024.0 * 1024.0);
    // Each run: reset the peak (clear_refs 5) so that VmHWM covers the
    // lists only, then 16 clients list at once.
    let mut figures = Vec::new();
    // Tables first: memory the whole JSON lists free stays with the
    // allocator and would hide the Tables' own growth.
    for (op, label) in [
        (
            "list-table",
            format!("16 clients listing {count} x 1 MB as kubectl get does (Table, pages of 500)"),
        ),
        ("list", format!("16 clients listing {count} x 1 MB")),
    ] {
        std::thread::sleep(Duration::from_millis(300));
        let before = rss_bytes(pid)?;
        std::fs::write(format!("/proc/{pid}/clear_refs"), "5").context("resetting the peak RSS")?;
        let listed = ctx.loadgen(
            &addr,
            &[
                "load",
                "--op",
                op,
                "--namespace",
                "bench-lists",
                "--concurrency",
                "16",
                "--duration-ms",
                "600000",
                "--max-requests",
                "16",
            ],
        )?;
        if listed.get("ok").and_then(Value::as_u64) != Some(16) {
            bail!("{op}: {listed}");
        }
        let peak = peak_rss_bytes(pid)?;
        let growth = (peak - before).max(0.0);
        let ratio = growth / response as f64;
        figures.push(
            Figure::new(label, "MiB")
                .value(mib(growth))
                .detail(format!(
                    "RSS {:.1} MiB, peak {:.1} MiB",
                    mib(before),
                    mib(peak)
                ))
                .baseline("one JSON list response", Some(mib(response as f64)))
                .ratio(Some(ratio), |r| format!("{r:.2}x one response"))
                .goal("peak RSS growth < 4x one response", Status::of(ratio < 4.0)),
        );
    }
    drop(server);
    Ok(Section {
        title: "Peak memory of concurrent large lists".into(),
        note: format!(
            "{count} ConfigMaps of about 1 MB each (under the 1 MiB ConfigMap limit), listed by 16 clients at once (one request each): \
             Tables in pages of 500 as `kubectl get` asks for them, then whole JSON lists; growth of the server's peak RSS \
             (`VmHWM`, reset before each run) over its RSS before it. Pages of JSON lists (which hold their encoded items) \
             and YAML lists are not measured here."
        ),
        figures,
    })
}

// ----------------------------------------------------------------- startup

fn startup(ctx: &Ctx) -> Result<Section> {
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
    let text = |r: f64| format!("{r:.1}x the bare axum start-up");
    Ok(Section {
        title: "Start-up time (spawn to the first 200 on /readyz, median)".into(),
        note:
            "A fresh data directory each run. envtest (kube-apiserver + etcd) publishes about 7 s."
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
            Figure::new("bare axum server (`ceiling`)", "s")
                .value(ceiling)
                .detail(ceiling_runs)
                .baseline("(the baseline of the rows above)", None),
        ],
    })
}

// ---------------------------------------------------------------- generate

fn generate(ctx: &Ctx) -> Result<Section> {
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
fn printed_ms(stdout: &str) -> Option<f64> {
    let line = stdout.lines().rev().find(|l| l.starts_with("generate:"))?;
    let (_, tail) = line.rsplit_once(" in ")?;
    tail.trim().strip_suffix("ms")?.trim().parse().ok()
}

// ------------------------------------------------------------------ render

/// A figure's value in its unit, for people.
fn human(value: Option<f64>, unit: &str) -> String {
    let Some(v) = value.filter(|v| v.is_finite()) else {
        return "-".into();
    };
    match unit {
        "ns" if v >= 1e6 => format!("{:.2} ms", v / 1e6),
        "ns" if v >= 1e3 => format!("{:.2} µs", v / 1e3),
        "ns" => format!("{v:.0} ns"),
        "req/s" => format!("{v:.0} req/s"),
        "ms" => format!("{v:.2} ms"),
        "s" => format!("{:.0} ms", v * 1000.0),
        "B" => format!("{v:.0} B"),
        _ => format!("{v} {unit}"),
    }
}

/// The Markdown report.
fn render(report: &Report) -> String {
    let mut md = String::new();
    md.push_str("# Benchmark report\n\n");
    md.push_str(&format!(
        "`{}` ({} mode); {} cores; {}; measuring took {:.0} s (building {:.0} s).\n\n",
        report.command, report.mode, report.cores, report.pinning, report.measure_s, report.build_s
    ));
    if !report.parts.is_empty() {
        md.push_str(&format!("Time per part: {}.\n\n", report.parts.join(", ")));
    }
    md.push_str("## Goals\n\n| Goal | Figure | Value | Status |\n| --- | --- | --- | --- |\n");
    for section in &report.sections {
        for f in section.figures.iter().filter(|f| f.goal.is_some()) {
            let value = match (&f.ratio_text, f.value) {
                (r, Some(_)) if !r.is_empty() => format!("{} ({r})", human(f.value, f.unit)),
                _ => human(f.value, f.unit),
            };
            md.push_str(&format!(
                "| {} | {} | {} | **{}** |\n",
                f.goal.as_deref().unwrap_or(""),
                f.name,
                value,
                f.status.text()
            ));
        }
    }
    for error in &report.errors {
        md.push_str(&format!("| - | {error} | - | **failed** |\n"));
    }
    for section in &report.sections {
        md.push_str(&format!("\n## {}\n\n", section.title));
        if !section.note.is_empty() {
            md.push_str(&format!("{}\n\n", section.note));
        }
        md.push_str("| Figure | Value | Detail | Baseline | Baseline value | Ratio | Goal |\n");
        md.push_str("| --- | --- | --- | --- | --- | --- | --- |\n");
        for f in &section.figures {
            let goal = match (&f.goal, f.status) {
                (Some(g), s) => format!("{g}: **{}**", s.text()),
                (None, Status::Info) => String::new(),
                (None, s) => format!("**{}**", s.text()),
            };
            md.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                f.name,
                human(f.value, f.unit),
                f.detail,
                f.baseline,
                human(f.baseline_value, f.baseline_unit),
                f.ratio_text,
                goal
            ));
        }
    }
    md
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

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn human_units() {
        assert_eq!(human(Some(1500.0), "ns"), "1.50 µs");
        assert_eq!(human(Some(0.25), "s"), "250 ms");
        assert_eq!(human(None, "ns"), "-");
    }

    #[test]
    fn a_goal_row_shows_its_status() {
        let report = Report {
            command: "cargo xtask bench --quick".into(),
            mode: "quick",
            started_unix_s: 0,
            cores: 2,
            pinning: "unpinned".into(),
            build_s: 0.0,
            measure_s: 0.0,
            parts: vec!["T 1 s".into()],
            sections: vec![Section {
                title: "T".into(),
                note: String::new(),
                figures: vec![
                    Figure::new("x", "ms")
                        .value(5.0)
                        .goal("< 10 ms", Status::of(true)),
                ],
            }],
            errors: vec!["W: broke".into()],
        };
        let md = render(&report);
        assert!(md.contains("| < 10 ms | x | 5.00 ms | **met** |"), "{md}");
        assert!(md.contains("| - | W: broke | - | **failed** |"), "{md}");
    }
}
