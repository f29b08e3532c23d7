import DBus
import Foundation

/// Issue 32, item 2: a flood of large signals into one ``DBusConnection``, as a hostile local user can send them to
/// the GeoClue provider's unique name on the system bus.
///
/// A fake bus on a socket pair sends `count` signals of about 1.04 MB each (an `ay` body just under the 1 MiB
/// limit, from a sender that is not GeoClue), then one small signal that ends the run. The figures are the
/// connection's cost: CPU of the whole process (the fake bus only writes bytes it encoded beforehand), the peak RSS
/// above the baseline while the flood is read, and the RSS after it. Twice: once with no signal filter, so that every
/// signal is decoded and handed to the handler, and once with a filter that refuses them from their header, as the
/// GeoClue provider refuses whatever does not come from GeoClue.
func measureDBusFlood(count: Int = 300) throws -> [ReportRow] {
    let flood = try floodSignal(bodyBytes: 1_040_000).encoded(serial: 2)
    let end = try DBusMessage.signal(path: "/x", interface: "x.Bench", member: "End").encoded(serial: 3)
    return [
        try floodRow("delivered to the handler", flood: flood, end: end, count: count, filter: nil),
        try floodRow(
            "refused by the signal filter", flood: flood, end: end, count: count,
            filter: { $0.interface == "x.Bench" }),
    ]
}

/// A signal from `:1.66` whose body is one byte array of `bodyBytes` bytes.
private func floodSignal(bodyBytes: Int) -> DBusMessage {
    var signal = DBusMessage.signal(
        path: "/x", interface: "x.Attack", member: "Flood",
        body: [.byteArray([UInt8](repeating: 0x41, count: bodyBytes))])
    signal.sender = ":1.66"
    return signal
}

/// Floods a fresh connection and measures it.
private func floodRow(
    _ label: String, flood: [UInt8], end: [UInt8], count: Int, filter: (@Sendable (DBusMessageHeader) -> Bool)?
) throws -> ReportRow {
    var descriptors: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0 else {
        throw BenchUsageError("socketpair failed")
    }
    let bus = FloodingBus(DBusPeerEndpoint(fileDescriptor: descriptors[0]))
    let ready = DispatchSemaphore(value: 0)
    let go = DispatchSemaphore(value: 0)
    let busThread = Thread {
        let endpoint = bus.endpoint
        guard (try? endpoint.acceptClient()) != nil else { return }
        ready.signal()
        go.wait()
        for _ in 0..<count { try? endpoint.write(flood, timeout: 60) }
        try? endpoint.write(end, timeout: 60)
        endpoint.waitForHangUp(timeout: 60)
        endpoint.close()
    }
    busThread.start()
    let connection = try DBusConnection(fileDescriptor: descriptors[1])
    ready.wait()
    let ended = DispatchSemaphore(value: 0)
    let floods = SharedCounter()
    connection.setSignalFilter(filter)
    connection.setEventHandler { event in
        guard case .signal(let signal) = event else { return }
        if signal.member == "End" { ended.signal() } else { floods.increment() }
    }
    let baseline = ProcessStatus.kilobytes("VmRSS") ?? 0
    ProcessStatus.resetPeakResident()
    let run = timed {
        go.signal()
        ended.wait()
    }
    let peak = ProcessStatus.kilobytes("VmHWM") ?? 0
    let after = ProcessStatus.kilobytes("VmRSS") ?? 0
    connection.close()
    return ReportRow(
        "D-Bus flood, \(count) × \(flood.count) B signals, \(label)",
        String(
            format: "%.2f ms CPU per signal, peak RSS +%.1f MB", run.cpuSeconds * 1000 / Double(count),
            Double(peak - baseline) / 1000),
        String(
            format: "%.2f s wall, %.2f s CPU in all; %d reached the handler; RSS %.1f MB before, %.1f MB after",
            run.seconds, run.cpuSeconds, floods.count, Double(baseline) / 1000, Double(after) / 1000))
}

/// Hands the fake bus's endpoint to its thread, which alone uses it.
private final class FloodingBus: @unchecked Sendable {
    let endpoint: DBusPeerEndpoint
    init(_ endpoint: DBusPeerEndpoint) { self.endpoint = endpoint }
}
