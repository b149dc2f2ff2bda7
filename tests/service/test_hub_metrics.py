"""Live event fan-out and the Prometheus text rendering."""

from __future__ import annotations

import asyncio
import threading

from vision.service.hub import EventHub
from vision.service.metrics import LATENCY_BUCKETS_S, Metrics


def test_hub_fans_out_from_threads_drops_oldest_and_ends_on_close() -> None:
    hub = EventHub(queue_size=3)

    async def scenario() -> list:
        key, queue = hub.subscribe()
        publisher = threading.Thread(target=lambda: [hub.publish({"n": i}) for i in range(5)])
        publisher.start()
        publisher.join()
        await asyncio.sleep(0.05)  # let the loop run the scheduled puts
        hub.close()
        await asyncio.sleep(0.05)
        got = []
        while (message := await queue.get()) is not None:
            got.append(message["n"])
        hub.unsubscribe(key)
        return got

    got = asyncio.run(scenario())
    assert got == [3, 4]  # bounded at 3: the oldest went, the end-of-stream marker fits
    assert hub.subscribers == 0


def test_metrics_render_counters_gauges_and_cumulative_histograms() -> None:
    metrics = Metrics()
    metrics.declare("x_total", "counter", "things")
    metrics.declare("lat_seconds", "histogram", "latency")
    metrics.inc("x_total", table="a")
    metrics.inc("x_total", 2, table="a")
    metrics.inc("x_total", table='b"q')
    for value in (0.001, 0.03, 0.03, 9.0):
        metrics.observe("lat_seconds", value, table="a")
    lines = metrics.render().splitlines()
    assert "# TYPE x_total counter" in lines
    assert 'x_total{table="a"} 3' in lines
    assert 'x_total{table="b\\"q"} 1' in lines  # label values are escaped
    buckets = [float(line.rsplit(" ", 1)[1]) for line in lines
               if line.startswith("lat_seconds_bucket")]
    assert len(buckets) == len(LATENCY_BUCKETS_S) + 1
    assert buckets == sorted(buckets) and buckets[0] == 1 and buckets[-1] == 4
    assert 'lat_seconds_bucket{table="a",le="0.05"} 3' in lines
    assert 'lat_seconds_count{table="a"} 4' in lines
