//! Part 5: memory per stored object, and peak memory while clients list.

use super::load::{fetch, populate_with};
use super::*;

pub(super) fn memory(ctx: &Ctx) -> Result<Section> {
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
pub(super) fn peak_rss_bytes(pid: u32) -> Result<f64> {
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
pub(super) fn list_memory(ctx: &Ctx) -> Result<Section> {
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
