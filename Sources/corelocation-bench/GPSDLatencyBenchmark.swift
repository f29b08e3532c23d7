import Foundation
import LinuxCoreLocation
import LocationBlocks

/// Records when the update block received each fix; touched by the block's queue and, after a semaphore, by
/// the main thread.
final class ArrivalClock: @unchecked Sendable {
    var arrival: UInt64 = 0
    let arrived = DispatchSemaphore(value: 0)
}

/// gpsd latency: a TPV written by the fake gpsd on loopback → the `gpsd://127.0.0.1:PORT` provider (made by
/// `LocationProviders`, as users get it) → `CLLocationManager` → update block (both filters on), one TPV at a
/// time, `samples` times; then the release of the socket: from `stopUpdatingLocation()` returning until the
/// server reads EOF.
func measureGPSDLatency(samples: Int = 2_000) throws -> [ReportRow] {
    let server = try FakeGPSDServer()
    let provider = try LocationProviders.provider(for: "gpsd://127.0.0.1:\(server.port)")
    let queue = DispatchQueue(label: "corelocation-bench.gpsd")
    let clock = ArrivalClock()
    let manager = queue.sync {
        let manager = CLLocationManager.updateManager(
            withAccuracy: blockAccuracyFilter, locationAge: blockAgeFilter,
            configuration: benchConfiguration(provider, queue: queue))
        manager.pausesLocationUpdatesAutomatically = false
        manager.startUpdatingLocation { _, location, _, _ in
            guard location != nil else { return }
            clock.arrival = monotonicNanoseconds()
            clock.arrived.signal()
        }
        return manager
    }
    try server.accept()
    var latencies: [Double] = []
    var lost = 0
    for index in 0..<(samples + 50) {  // the first 50 warm up
        let line = FakeGPSDServer.tpv(index, date: Date())
        let sent = monotonicNanoseconds()
        server.send(line)
        guard clock.arrived.wait(timeout: .now() + 1) == .success else {
            lost += 1
            if lost == 10 { break }  // the chain is broken; say so rather than wait
            continue
        }
        if index >= 50 { latencies.append(Double(clock.arrival - sent) / 1e3) }
    }
    let start = monotonicNanoseconds()
    queue.sync { manager.stopUpdatingLocation() }
    let stopped = monotonicNanoseconds()
    let sawEOF = server.waitForEndOfFile(timeout: 5)
    let release = Double(monotonicNanoseconds() - stopped) / 1e6
    latencies.sort()
    let p99 = percentile(latencies, 0.99)
    return [
        ReportRow(
            "gpsd latency, TPV → update block (gpsd:// provider)",
            String(
                format: "p50 %.0f µs, p99 %.0f µs, max %.0f µs", percentile(latencies, 0.5), p99,
                latencies.last ?? .nan),
            "\(latencies.count) samples, \(lost) lost; \(verdict(p99 < 1_000))"),
        ReportRow(
            "release, gpsd socket (stop → server sees EOF)",
            sawEOF ? String(format: "%.2f ms", release) : "no EOF within 5 s",
            String(
                format: "stopUpdatingLocation itself %.2f ms; %@", Double(stopped - start) / 1e6,
                verdict(sawEOF && release < 50))),
    ]
}
