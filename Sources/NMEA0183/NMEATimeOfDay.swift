/// A UTC time of day as a receiver reports it (`hhmmss.sss`).
///
/// Sentences carrying the same time of day belong to one epoch. Seconds may be 60 (leap second).
/// The fraction is kept to the nanosecond; comparison is exact.
public struct NMEATimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Hours, 0–23.
    public var hour: Int
    /// Minutes, 0–59.
    public var minute: Int
    /// Whole seconds, 0–60.
    public var second: Int
    /// The fraction of the second, in nanoseconds, 0–999 999 999.
    public var nanosecond: Int

    /// Creates a time of day; returns nil when a component is out of range.
    public init?(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// Seconds since midnight UTC, 0 ..< 86 401.
    public var secondsSinceMidnight: Double {
        Double(hour * 3600 + minute * 60 + second) + Double(nanosecond) / 1e9
    }

    /// Orders times within one day.
    public static func < (lhs: NMEATimeOfDay, rhs: NMEATimeOfDay) -> Bool {
        (lhs.hour, lhs.minute, lhs.second, lhs.nanosecond) < (rhs.hour, rhs.minute, rhs.second, rhs.nanosecond)
    }

    /// `hh:mm:ss.sss`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(nanosecond / 1_000_000, 3))"
    }
}
