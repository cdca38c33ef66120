//! Part 4: create-to-event latency with 1, 100 and 1000 watchers.

use super::*;

pub(super) fn watch(ctx: &Ctx, create_p99: Option<f64>) -> Result<Section> {
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
