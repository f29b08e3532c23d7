import Foundation
import LinuxCoreLocation
import LocationBlocks
import Synchronization

/// Records when the update block received each fix, by the TPV's index; written on the block's queue, taken
/// on the main thread.
final class ArrivalClock: Sendable {
    private let arrivals = Mutex<[(index: Int, time: UInt64)]>([])
    /// Signalled once per recorded arrival.
    let arrived = DispatchSemaphore(value: 0)

    /// Records that the fix numbered `index` arrived now.
    func record(_ index: Int) {
        let time = monotonicNanoseconds()
        arrivals.withLock { $0.append((index, time)) }
        arrived.signal()
    }

    /// The arrivals recorded since the last call.
    func take() -> [(index: Int, time: UInt64)] {
        arrivals.withLock { arrivals in
            defer { arrivals.removeAll() }
            return arrivals
        }
    }
}

/// gpsd latency: a TPV written by the fake gpsd on loopback → the `gpsd://127.0.0.1:PORT` provider (made by
/// `LocationProviders`, as users get it) → `CLLocationManager` → update block (both filters on), one TPV at a
/// time, `samples` times; then the release of the socket: from `stopUpdatingLocation()` returning until the
/// server reads EOF.
///
/// Each arrival is paired with its TPV by the index the latitude carries: a fix that comes after its 1 s
/// timeout is discarded as late (its sample counted lost), never taken for the next sample's.
func measureGPSDLatency(samples: Int = 2_000) throws -> [ReportRow] {
    let server = try FakeGPSDServer()
    let provider = try LocationProviders.provider(for: "gpsd://127.0.0.1:\(server.port)")
    let queue = DispatchQueue(label: "corelocation-bench.gpsd")
    let clock = ArrivalClock()
    let manager = startBlockManager(provider, queue: queue) { location in
        clock.record(FakeGPSDServer.index(ofLatitude: location.coordinate.latitude))
    }
    try server.accept()
    var latencies: [Double] = []
    var (lost, late) = (0, 0)
    for index in 0..<(samples + 50) {  // the first 50 warm up
        let line = FakeGPSDServer.tpv(index, date: Date())
        let sent = monotonicNanoseconds()
        server.send(line)
        let deadline = DispatchTime.now() + 1
        var arrival: UInt64?
        while arrival == nil, clock.arrived.wait(timeout: deadline) == .success {
            for recorded in clock.take() {
                if recorded.index == index { arrival = recorded.time } else { late += 1 }
            }
        }
        guard let arrival else {
            lost += 1
            if lost == 10 { break }  // the chain is broken; say so rather than wait
            continue
        }
        // In Double: a difference of unsigned readings must never trap.
        if index >= 50 { latencies.append((Double(arrival) - Double(sent)) / 1e3) }
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
            "\(latencies.count) samples, \(lost) lost (no fix within 1 s), \(late) late arrivals discarded; "
                + verdict(p99 < 1_000)),
        ReportRow(
            "release, gpsd socket (stop → server sees EOF)",
            sawEOF ? String(format: "%.2f ms", release) : "no EOF within 5 s",
            String(
                format: "stopUpdatingLocation itself %.2f ms; %@", Double(stopped - start) / 1e6,
                verdict(sawEOF && release < 50))),
    ]
}
