"""The results table (Markdown, so it pastes into docs/performance.md as it is) and its targets (issue 13): p95 at most
50 ms, application + database CPU at most 4 ms per request, and throughput at least 35 % of the plain Django view
measured in the same run."""

from .load import Result

TARGET_P95_MS = 50.0
TARGET_CPU_MS = 4.0
TARGET_SHARE = 0.35


def _verdict(met: bool) -> str:
    return "met" if met else "missed"


def table(results: list[Result], queries: dict[str, int], beside: list[float]) -> str:
    """`beside`: the baseline's requests a second driven after each endpoint but the baseline, in order; an endpoint's
    share is of the mean of the baseline's just before it (the first row's, for the first) and just after it."""
    baseline = next(r.rps for r in results if r.endpoint.baseline)
    neighbours = zip([baseline, *beside], beside, strict=False)
    rows = [
        "| endpoint | req/s | of baseline | p50 ms | p95 ms | p99 ms | SQL/req | app CPU ms | DB CPU ms | errors "
        f"| p95 <= {TARGET_P95_MS:g} ms | CPU <= {TARGET_CPU_MS:g} ms | >= {TARGET_SHARE:.0%} of baseline |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|",
    ]
    for r in results:
        p95, app, db = r.percentile(95), r.cpu_ms.get("app", 0), r.cpu_ms.get("db", 0)
        if r.endpoint.baseline:
            share = 1.0
        else:
            before, after = next(neighbours)
            share = 2 * r.rps / (before + after)
        verdicts = (
            ["-", "-", "-"]
            if r.endpoint.baseline
            else [_verdict(p95 <= TARGET_P95_MS), _verdict(app + db <= TARGET_CPU_MS), _verdict(share >= TARGET_SHARE)]
        )
        rows.append(
            f"| {r.endpoint.name} | {r.rps:.0f} | {share:.0%} | {r.percentile(50):.1f} | {p95:.1f} "
            f"| {r.percentile(99):.1f} | {queries[r.endpoint.name]} | {app:.1f} | {db:.1f} "
            f"| {r.errors}/{len(r.latencies)} | " + " | ".join(verdicts) + " |"
        )
    return "\n".join(rows)
