"""The school benchmark's figures: percentiles, ratios to the relay, one line per scenario."""

from __future__ import annotations

from typing import Any

from bench.live import percentile


def percentiles_ms(values: list[float], prefix: str) -> dict[str, float]:
    """p50/p95/p99/max of values in seconds, as milliseconds."""
    if not values:
        return {f"{prefix}_samples": 0}
    points = {"p50": 0.50, "p95": 0.95, "p99": 0.99}
    figures = {
        f"{prefix}_{k}_ms": round(percentile(values, f) * 1000, 1) for k, f in points.items()
    }
    return {
        f"{prefix}_samples": len(values),
        **figures,
        f"{prefix}_max_ms": round(max(values) * 1000, 1),
    }


def ratios_to_relay(ours: dict[str, Any], floor: dict[str, Any]) -> dict[str, float | None]:
    """Our p50 and p99 over the relay's, for tablets and the projector."""
    ratios: dict[str, float | None] = {}
    for who in ("tablet", "projector", "reconnect"):
        for point in ("p50", "p99"):
            key = f"{who}_{point}_ms"
            mine, base = ours.get(key), floor.get(key)
            if mine and base:
                ratios[f"{who}_{point}"] = round(mine / base, 1)
    for key in ("connect_s", "all_back_s"):
        if ours.get(key) and floor.get(key):
            ratios[key] = round(ours[key] / floor[key], 2)
    return ratios


def summary_line(name: str, result: dict[str, Any]) -> str:
    """One scenario's figures on one line."""
    server = result.get("server", {})
    parts = [f"{name:<16}"]
    if "connected" in result:
        parts.append(
            f"connect {result['connect_s']}s ({result['connected']}/{result['tablets']}, "
            f"state {result['with_state']}, p99 {result.get('connect_p99_ms')} ms)"
        )
    for who in ("tablet", "projector", "reconnect"):
        if result.get(f"{who}_samples"):
            parts.append(
                f"{who} p50/p95/p99/max {result[f'{who}_p50_ms']}/{result[f'{who}_p95_ms']}/"
                f"{result[f'{who}_p99_ms']}/{result[f'{who}_max_ms']} ms"
            )
    if "all_back_s" in result:
        parts.append(f"all {result['back_with_current_state']} back in {result['all_back_s']} s")
    parts.append(
        f"lost {result.get('lost_tablet', 0)}+{result.get('lost_projector', 0)} "
        f"dup {result.get('duplicated', 0)} errors {result.get('errors', 0)}"
    )
    for key in ("connect_errors", "error_kinds"):
        if result.get(key):
            parts.append(f"{key}: {result[key]}")
    parts.append(
        f"server {server.get('cpu_s')} cpu-s, {server.get('rss_mb')} MB, "
        f"{server.get('threads')} threads, {server.get('fds')} fds"
    )
    return " | ".join(parts)
