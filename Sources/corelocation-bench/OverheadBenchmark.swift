import Foundation
import LinuxCoreLocation
import LocationBlocks

/// Counts the fixes a delegate is given; touched only on the callback queue.
final class CountingDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    var locations = 0

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        self.locations += locations.count
    }
}

/// The blocks layer alone, without decoding.
///
/// `fixes` synthetic fixes pushed through one manager to a bare
/// delegate, then through one to an update block with both filters on; the two alternate `runs` times and
/// the best of each is kept (at least 5 alternations). Returns processor seconds (all threads) per fix for the delegate
/// and the block, and the fixes each got.
func measureBlocksOverhead(fixes: Int = 300_000, runs: Int) -> (delegate: Double, block: Double, delivered: (Int, Int))
{
    var delegateBest = Double.infinity
    var blockBest = Double.infinity
    var delivered = (0, 0)
    for _ in 0..<max(5, runs) {
        do {
            let provider = PushProvider()
            let queue = DispatchQueue(label: "corelocation-bench.overhead.delegate")
            let delegate = CountingDelegate()
            let manager = queue.sync {
                let manager = CLLocationManager(configuration: benchConfiguration(provider, queue: queue))
                manager.delegate = delegate
                manager.pausesLocationUpdatesAutomatically = false
                manager.startUpdatingLocation()
                return manager
            }
            let run = timed { pushFixes(fixes, to: provider, drain: queue) }
            delegateBest = min(delegateBest, run.cpuSeconds / Double(fixes))
            delivered.0 = queue.sync {
                manager.stopUpdatingLocation()
                return delegate.locations
            }
        }
        do {
            let provider = PushProvider()
            let queue = DispatchQueue(label: "corelocation-bench.overhead.block")
            let counter = BlockCounter()
            let manager = startBlockManager(provider, queue: queue) { _ in counter.locations += 1 }
            let run = timed { pushFixes(fixes, to: provider, drain: queue) }
            blockBest = min(blockBest, run.cpuSeconds / Double(fixes))
            delivered.1 = queue.sync {
                manager.stopUpdatingLocation()
                return counter.locations
            }
        }
    }
    return (delegateBest, blockBest, delivered)
}

/// The overhead row: block + filters against the delegate, per fix, without decoding.
func blocksOverheadRows(runs: Int) -> [ReportRow] {
    let result = measureBlocksOverhead(runs: runs)
    let overhead = result.block / result.delegate - 1
    return [
        ReportRow(
            "blocks layer overhead, manager only (pushed fixes)",
            String(
                format: "%+.1f %% (%.2f vs %.2f µs CPU per fix)", overhead * 100, result.block * 1e6,
                result.delegate * 1e6),
            "block + both filters vs bare delegate, \(result.delivered.1) / \(result.delivered.0) fixes delivered; "
                + "target ≤ 10 %: \(verdict(overhead <= 0.10))")
    ]
}
