import Foundation
import LinuxCoreLocation
import LocationBlocks

/// 1,000 managers with update blocks on one provider, their callbacks spread over 4 shared serial queues:
/// each fix is pushed once and timed until all 1,000 blocks have received it.
func measureFanOut(managerCount: Int = 1_000, queueCount: Int = 4, fixCount: Int = 300) -> [ReportRow] {
    let provider = PushProvider()
    let queues = (0..<queueCount).map { DispatchQueue(label: "corelocation-bench.fan-out.\($0)") }
    let received = SharedCounter()
    let allReceived = DispatchSemaphore(value: 0)
    let managers = (0..<managerCount).map { index in
        let queue = queues[index % queueCount]
        return startBlockManager(provider, queue: queue) { _ in
            if received.increment() % managerCount == 0 { allReceived.signal() }
        }
    }
    var samples: [Double] = []
    let run = timed {
        for index in 0..<fixCount {
            let start = monotonicNanoseconds()
            provider.push(.locations([syntheticFix(index)]))
            allReceived.wait()
            samples.append(Double(monotonicNanoseconds() - start) / 1e3)
        }
    }
    for (index, manager) in managers.enumerated() { queues[index % queueCount].sync { manager.stopUpdatingLocation() } }
    samples.sort()
    let mean = run.seconds / Double(fixCount) * 1e6
    let deliveries = Double(managerCount * fixCount) / run.seconds
    return [
        ReportRow(
            "fan-out, \(managerCount) managers / \(queueCount) queues",
            String(
                format: "%.0f µs per fix to all (p50 %.0f, p99 %.0f µs)", mean, percentile(samples, 0.5),
                percentile(samples, 0.99)),
            String(
                format: "%.0f block calls/s, %.1f µs each; %.2f s CPU for %d fixes; target < 1 ms per fix to all "
                    + "(the mean): %@", deliveries, 1e6 / deliveries, run.cpuSeconds, fixCount, verdict(mean < 1_000)))
    ]
}

/// The `fraction` percentile of sorted `samples` (nearest rank).
func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    guard !samples.isEmpty else { return .nan }
    return samples[min(samples.count - 1, Int((Double(samples.count) * fraction).rounded(.up)) - 1)]
}
