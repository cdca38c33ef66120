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
//!    3b. GET, LIST and CREATE on etcd (`--storage-backend etcd3`) beside
//!    the embedded store, and its creates beside raw etcd-client puts;
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

mod etcd;
mod load;
mod memory;
mod micro;
mod report;
mod startup;
mod watch;

use etcd::etcd;
use load::requests;
use memory::{list_memory, memory};
use micro::micro;
use report::{Figure, Report, Section, Status, render};
use startup::{generate, startup};
use watch::watch;

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

/// Where things are and how they are pinned.
struct Ctx {
    root: PathBuf,
    target: PathBuf,
    out: PathBuf,
    apiserver: PathBuf,
    loadgen: PathBuf,
    ceiling: PathBuf,
    /// Raw etcd puts, the baseline of the etcd rows.
    etcdput: PathBuf,
    /// The test server's start-up probe (`runtime/testserver/examples/startup.rs`).
    testserver_startup: PathBuf,
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
        let mut command = Ctx::command(&self.loadgen, self.cpus.map(|c| c.1));
        command.arg("--addr").arg(addr).args(args);
        summary(command, &format!("loadgen {}", args.join(" ")))
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
        let mut server = Server::spawn(
            &self.apiserver,
            &all,
            self.server_cpu(),
            &self.out.join("logs").join(format!("{name}.log")),
        )?;
        server.data = Some(data);
        Ok(server)
    }
}

/// A server process, killed when dropped; its data directory, if any,
/// removed then (a CI machine's disk can be nearly full, and an etcd's
/// data alone takes hundreds of MB).
struct Server {
    child: Child,
    addr: String,
    started: Instant,
    data: Option<PathBuf>,
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
            data: None,
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
    /// Stops the server as a user does (SIGTERM), so that it stops what it
    /// started (the etcd of `--storage-backend etcd3` without
    /// `--etcd-servers`, which a SIGKILL would leave running to disturb the
    /// parts after it); killed if still running 5 s later. Its data
    /// directory goes once it has stopped.
    fn drop(&mut self) {
        self.stop();
        if let Some(data) = &self.data {
            let _ = std::fs::remove_dir_all(data);
        }
    }
}

impl Server {
    fn stop(&mut self) {
        let terminated = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        if terminated {
            let deadline = Instant::now() + Duration::from_secs(5);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs a bench tool (`what` names it in errors) and returns the JSON
/// summary it printed last.
///
/// Errors: the tool cannot run, fails (its stderr is quoted), or its last
/// line is not JSON.
fn summary(mut command: Command, what: &str) -> Result<Value> {
    let out = command
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running {what}"))?;
    if !out.status.success() {
        bail!(
            "{what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().rev().find(|l| !l.trim().is_empty());
    serde_json::from_str(line.unwrap_or("")).with_context(|| format!("reading {what}'s output"))
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
            "-p",
            "testserver",
            "--bin",
            "apiserver",
            "--bin",
            "loadgen",
            "--bin",
            "ceiling",
            "--bin",
            "etcdput",
            "--example",
            "startup",
            "--features",
            "apiserver/etcd,bench/etcd",
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
        etcdput: release.join("etcdput"),
        testserver_startup: release.join("examples/startup"),
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
    println!("==> requests on etcd");
    part("Macro on etcd", etcd(&ctx));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
