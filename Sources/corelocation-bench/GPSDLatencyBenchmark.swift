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
    let server = try LoopbackServer()
    let provider = try LocationProviders.provider(for: "gpsd://127.0.0.1:\(server.port)")
    let queue = DispatchQueue(label: "corelocation-bench.gpsd")
    let clock = ArrivalClock()
    let manager = startBlockManager(provider, queue: queue) { location in
        clock.record(FakeGPSD.index(ofLatitude: location.coordinate.latitude))
    }
    try server.accept()
    server.send(FakeGPSD.version)
    var latencies: [Double] = []
    var (lost, late) = (0, 0)
    // Each TPV is an epoch of its own, 10 ms after the one before: TPVs with one time are one epoch, which the
    // provider delivers once (the samples come faster than the clock's millisecond).
    let firstEpoch = Date()
    for index in 0..<(samples + 50) {  // the first 50 warm up
        let line = FakeGPSD.tpv(index, date: firstEpoch.addingTimeInterval(Double(index) * 0.01)) + "\n"
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

/// What a fake gpsd writes for the latency benchmark: its `VERSION` greeting and TPVs numbered by their latitude.
enum FakeGPSD {
    /// The greeting of a gpsd speaking protocol 3.15, with its newline.
    static let version = #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"# + "\n"

    /// A TPV report of a 3D fix stamped `date`, with position, speed, track and the 1σ errors.
    ///
    /// The latitude carries `index` (48° + `index` µ°, so 0...999_999), read back by `index(ofLatitude:)`:
    /// it survives the provider and the block filters, unlike the time, which the age filter judges.
    static func tpv(_ index: Int, date: Date) -> String {
        let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(date)
        let latitude = 48 + Double(index) * 1e-6
        return #"{"class":"TPV","device":"/dev/fake","mode":3,"time":"\#(time)","lat":\#(latitude),"#
            + #""lon":11.0,"altMSL":500.0,"eph":5.0,"epv":8.0,"speed":1.0,"track":90.0}"#
    }

    /// The index `tpv(_:date:)` put in `latitude`.
    static func index(ofLatitude latitude: Double) -> Int { Int(((latitude - 48) * 1e6).rounded()) }
}
