import Foundation
import LinuxCoreLocation
import LocationBlocks

/// What a manager's update filters dropped, as text for the summary line and the waiting notice.
///
/// `12 fixes dropped by the age filter (last 9.9 years old)`, `3 fixes dropped by the accuracy filter
/// (last ±120 m)`, joined by `; ` when both filters dropped fixes; no text when none was dropped. Without it,
/// fixes that a receiver dates years off vanish in the age filter and the command only seems to get nothing.
struct FilterDropReport {
    /// Fixes dropped by the accuracy filter.
    var droppedByAccuracy = 0
    /// The horizontal accuracy in metres of the last of them (negative: invalid).
    var lastDroppedAccuracy: CLLocationAccuracy?
    /// Fixes dropped by the age filter.
    var droppedByAge = 0
    /// The age in seconds of the last of them: positive when stamped in the past, negative in the future.
    var lastDroppedAge: TimeInterval?

    /// The text, or `nil` when the filters dropped nothing.
    var text: String? {
        var parts: [String] = []
        if droppedByAccuracy > 0 {
            let last = lastDroppedAccuracy.map { " (last \(Self.accuracy($0)))" } ?? ""
            parts.append(
                "\(Numbers.count(droppedByAccuracy, "fix", plural: "fixes")) dropped by the accuracy filter\(last)")
        }
        if droppedByAge > 0 {
            let last = lastDroppedAge.map { " (last \(Self.age($0)))" } ?? ""
            parts.append("\(Numbers.count(droppedByAge, "fix", plural: "fixes")) dropped by the age filter\(last)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// An age in seconds (positive: stamped in the past) in the largest unit that fits, with one decimal:
    /// `42.0 s old`, `9.9 years old`, `2.0 h in the future`.
    static func age(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "of unknown age" }
        let units: [(name: String, seconds: Double)] = [
            ("s", 1), ("min", 60), ("h", 3600), ("days", 86_400), ("years", 365.25 * 86_400),
        ]
        let magnitude = abs(seconds)
        // The largest unit in which the rounded value is at least 1: 59.99 s is `1.0 min`, not `60.0 s`.
        let unit = units.last { (magnitude / $0.seconds * 10).rounded() >= 10 } ?? units[0]
        let text = "\(Numbers.fixed(magnitude / unit.seconds, 1)) \(unit.name)"
        return seconds < 0 ? "\(text) in the future" : "\(text) old"
    }

    /// A horizontal accuracy: `±120 m`, `±4.5 m` below 10 m, `invalid` when negative.
    static func accuracy(_ metres: CLLocationAccuracy) -> String {
        guard metres >= 0, metres.isFinite else { return "invalid" }
        return "±\(Numbers.fixed(metres, metres < 10 ? 1 : 0)) m"
    }
}

extension FilterDropReport {
    /// The report of a manager's `updateFilterStatistics`.
    init(_ statistics: LocationUpdateFilterStatistics) {
        self.init(
            droppedByAccuracy: statistics.droppedByAccuracy, lastDroppedAccuracy: statistics.lastDroppedAccuracy,
            droppedByAge: statistics.droppedByAge, lastDroppedAge: statistics.lastDroppedAge)
    }
}
