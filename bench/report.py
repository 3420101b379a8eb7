"""The results table (Markdown, so it pastes into the README as it is)."""

from .load import Result


def table(results: list[Result], queries: dict[str, int], target_ms: float) -> str:
    rows = [
        "| endpoint | req/s | p50 ms | p95 ms | p99 ms | SQL/req | app CPU ms | DB CPU ms | errors | p95 target |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for r in results:
        p95 = r.percentile(95)
        verdict = "-" if r.endpoint.baseline else ("met" if p95 < target_ms else "missed")
        rows.append(
            f"| {r.endpoint.name} | {r.rps:.0f} | {r.percentile(50):.1f} | {p95:.1f} | {r.percentile(99):.1f} "
            f"| {queries[r.endpoint.name]} | {r.cpu_ms.get('app', 0):.1f} | {r.cpu_ms.get('db', 0):.1f} "
            f"| {r.errors}/{len(r.latencies)} | {verdict} |"
        )
    return "\n".join(rows)
