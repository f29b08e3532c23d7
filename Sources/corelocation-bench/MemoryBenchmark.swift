import Foundation
import LinuxCoreLocation
import LocationBlocks

/// Two million fixes through one block manager with both filters on, in two halves: the peak RSS over the
/// first million, and the RSS after each million (flat means no growth per fix).
func measureMemory(fixesPerHalf: Int = 1_000_000) -> [ReportRow] {
    let baseline = ProcessStatus.kilobytes("VmRSS") ?? 0
    ProcessStatus.resetPeakResident()
    let provider = PushProvider()
    let queue = DispatchQueue(label: "corelocation-bench.memory")
    let received = SharedCounter()
    let manager = startBlockManager(provider, queue: queue) { _ in received.increment() }
    var afterHalf: [Int] = []
    let run = timed {
        for half in 0..<2 {
            pushFixes(fixesPerHalf, from: half * fixesPerHalf, to: provider, drain: queue)
            afterHalf.append(ProcessStatus.kilobytes("VmRSS") ?? 0)
        }
    }
    let peak = ProcessStatus.kilobytes("VmHWM") ?? 0
    queue.sync { manager.stopUpdatingLocation() }
    let growth = afterHalf[1] - afterHalf[0]
    // The target is the absolute peak (baseline included) under 20 MB and no growth per fix.
    return [
        ReportRow(
            "memory, 2 × \(fixesPerHalf) fixes (block + filters)",
            String(
                format: "peak %.1f MB, baseline %.1f MB, 2nd million %+d kB (RSS %.1f → %.1f MB)",
                Double(peak) / 1000, Double(baseline) / 1000, growth, Double(afterHalf[0]) / 1000,
                Double(afterHalf[1]) / 1000),
            String(
                format: "peak includes the process baseline (Foundation + libraries; a Foundation hello world is "
                    + "~15.7 MB RSS here); peak − baseline %+d kB; %d delivered in %.2f s; "
                    + "target peak < 20 MB and 2nd million < 1 MB: %@", peak - baseline, received.count,
                run.seconds, verdict(peak < 20_000 && growth < 1_000)))
    ]
}
