import Foundation
import LinuxCoreLocation
import NMEA0183

/// Live NMEA latency (issue 31): a receiver's cycle written at 1 Hz by a loopback TCP server → the
/// `nmea+tcp://127.0.0.1:PORT` provider (made by `LocationProviders`, as users get it) → `CLLocationManager` →
/// update block; from the `write(2)` of the cycle's last byte to the block.
///
/// The cycle is a u-blox receiver's default one (RMC, VTG, GGA, GSA, three GSV, GLL), stamped with the current
/// UTC time; the latitude carries the sample's index, as in the gpsd latency benchmark. The first cycles arrive
/// while the provider learns which sentence ends the cycle (they are delivered at the next cycle or after the
/// quiet gap) and are not counted.
func measureNMEALatency(samples: Int = 30, warmUp: Int = 5) throws -> [ReportRow] {
    let server = try LoopbackServer()
    let provider = try LocationProviders.provider(for: "nmea+tcp://127.0.0.1:\(server.port)")
    let queue = DispatchQueue(label: "corelocation-bench.nmea")
    let clock = ArrivalClock()
    let manager = startBlockManager(provider, queue: queue) { location in
        clock.record(FakeGPSD.index(ofLatitude: location.coordinate.latitude))
    }
    try server.accept()
    var latencies: [Double] = []
    var (lost, late) = (0, 0)
    let start = monotonicNanoseconds()
    for index in 0..<(warmUp + samples) {
        // 1 Hz: each cycle starts a whole second after the first.
        let due = start + UInt64(index) * 1_000_000_000
        while monotonicNanoseconds() < due { usleep(1_000) }
        server.send(ReceiverCycle.text(index, date: Date()))
        let sent = monotonicNanoseconds()
        let deadline = DispatchTime.now() + 0.9
        var arrival: UInt64?
        while arrival == nil, clock.arrived.wait(timeout: deadline) == .success {
            for recorded in clock.take() {
                if recorded.index == index { arrival = recorded.time } else { late += 1 }
            }
        }
        guard index >= warmUp else { continue }
        guard let arrival else {
            lost += 1
            continue
        }
        latencies.append((Double(arrival) - Double(sent)) / 1e3)
    }
    queue.sync { manager.stopUpdatingLocation() }
    latencies.sort()
    let p99 = percentile(latencies, 0.99)
    return [
        ReportRow(
            "live NMEA latency, cycle's last byte → update block (nmea+tcp:// provider, 1 Hz)",
            String(
                format: "p50 %.0f µs, p99 %.0f µs, max %.0f µs", percentile(latencies, 0.5), p99,
                latencies.last ?? .nan),
            "\(latencies.count) samples after \(warmUp) warm-up cycles, \(lost) lost (no fix within 0.9 s), "
                + "\(late) arrivals of warm-up cycles; " + verdict(lost == 0 && p99 < 50_000))
    ]
}

/// A u-blox receiver's default 1 Hz cycle as text, with checksums.
enum ReceiverCycle {
    /// The cycle numbered `index` at `date` (UTC): latitude 48° + `index` µ°.
    static func text(_ index: Int, date: Date) -> String {
        let utc = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(secondsFromGMT: 0) ?? .current, from: date)
        let time = String(
            format: "%02d%02d%02d.00", utc.hour ?? 0, utc.minute ?? 0, utc.second ?? 0)
        let day = String(format: "%02d%02d%02d", utc.day ?? 1, utc.month ?? 1, (utc.year ?? 2000) % 100)
        let minutes = (Double(index) * 1e-6) * 60
        let latitude = String(format: "48%08.5f", minutes)
        let bodies = [
            "GPRMC,\(time),A,\(latitude),N,01100.00000,E,0.004,,\(day),,,A",
            "GPVTG,,T,,M,0.004,N,0.007,K,A",
            "GPGGA,\(time),\(latitude),N,01100.00000,E,1,09,1.03,500.0,M,47.0,M,,",
            "GPGSA,A,3,11,32,14,28,22,03,10,08,17,,,,2.02,1.03,1.74",
            "GPGSV,3,1,10,03,39,230,21,08,31,170,30,10,08,058,31,11,65,149,31",
            "GPGSV,3,2,10,14,43,097,39,17,19,316,30,22,66,224,34,27,04,155,",
            "GPGSV,3,3,10,28,26,288,31,32,38,065,41",
            "GPGLL,\(latitude),N,01100.00000,E,\(time),A,A",
        ]
        return bodies.map { body in
            let checksum = body.utf8.reduce(UInt8(0), ^)
            return "$\(body)*\(String(format: "%02X", checksum))\r\n"
        }.joined()
    }
}
