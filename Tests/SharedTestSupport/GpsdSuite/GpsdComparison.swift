import Foundation

/// One of our fixes, reduced to what is compared with gpsd, whatever layer produced it (an `NMEAFix`, a
/// `CLLocation`, a JSON Lines object of the tool).
public struct ObservedFix: Sendable, Hashable {
    /// The fix's time, milliseconds since 1970 (UTC).
    public var milliseconds: Int64
    /// Degrees.
    public var latitude, longitude: Double
    /// Metres above mean sea level; nil when the fix has no altitude.
    public var altitudeMSL: Double?
    /// m/s; nil when the fix has no speed.
    public var speed: Double?
    /// Degrees true; nil when the fix has no course.
    public var course: Double?

    /// Creates an observed fix; `time` is rounded to the millisecond.
    public init(
        time: Date, latitude: Double, longitude: Double, altitudeMSL: Double?, speed: Double?, course: Double?
    ) {
        milliseconds = Int64((time.timeIntervalSince1970 * 1000).rounded())
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.speed = speed
        self.course = course
    }
}

/// Why one of gpsd's epochs is not matched exactly by our fixes.
public enum GpsdDivergence: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// We have no fix with that time (nor one 1024 weeks away).
    case missingFix
    /// Our fix is exactly 1024 weeks later: gpsd kept a receiver's week-rollover date, we repaired it.
    case rolloverOurs
    /// Our fix is exactly 1024 weeks earlier: gpsd moved the receiver's date forward, we kept it.
    case rolloverGpsd
    /// A value differs beyond the tolerance.
    case latitude, longitude, altitudeMSL, speed, course
    /// gpsd reports a value we do not have.
    case altitudeOnlyInGpsd, speedOnlyInGpsd, courseOnlyInGpsd

    /// Divergences about values a provider derives from consecutive fixes (speed, course), which the bare
    /// decoder leaves to the provider.
    public static let derivedMotion: Set<Self> = [.speedOnlyInGpsd, .courseOnlyInGpsd]

    /// The raw value.
    public var description: String { rawValue }

    /// Orders by raw value, for stable output.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How our fixes of one log compare with gpsd's epochs: time to the millisecond, latitude and longitude within
/// 1e-7°, altitude MSL within 1 mm, speed within 1 mm/s, course within 0.01° (each plus 1e-9 for the rounding of
/// values both sides print at that precision).
public struct GpsdComparison: Sendable {
    /// gpsd's epochs.
    public var expected = 0
    /// Epochs where every value agrees.
    public var matched = 0
    /// Divergences by kind (an epoch can have several).
    public var divergences: [GpsdDivergence: Int] = [:]
    /// Our fixes at times gpsd has no fixed epoch for (its cycle detection differs, or it had no date yet).
    public var extraFixes = 0
    /// One line per divergent epoch: gpsd's and our values.
    public var details: [String] = []

    static let rollover: Int64 = 1024 * 7 * 86_400 * 1000

    /// Compares `ours` with `gpsd`.
    ///
    /// Where several of our fixes share a time, the last counts, as gpsd's last TPV does. Without
    /// `comparesDerivedMotion` (a bare decoder), the ``GpsdDivergence/derivedMotion`` kinds are not counted.
    public init(ours: [ObservedFix], gpsd: [GpsdEpoch], comparesDerivedMotion: Bool = true) {
        var byTime: [Int64: ObservedFix] = [:]
        for fix in ours { byTime[fix.milliseconds] = fix }
        expected = gpsd.count
        var used: Set<Int64> = []
        for epoch in gpsd {
            var found: [GpsdDivergence] = []
            var fix = byTime[epoch.milliseconds]
            if fix == nil, let later = byTime[epoch.milliseconds + Self.rollover] {
                fix = later
                found.append(.rolloverOurs)
            } else if fix == nil, let earlier = byTime[epoch.milliseconds - Self.rollover] {
                fix = earlier
                found.append(.rolloverGpsd)
            }
            if let fix {
                used.insert(fix.milliseconds)
                found += Self.differences(gpsd: epoch, ours: fix)
                if !comparesDerivedMotion { found.removeAll(where: GpsdDivergence.derivedMotion.contains) }
            } else {
                found.append(.missingFix)
            }
            if found.isEmpty {
                matched += 1
            } else {
                for divergence in found { divergences[divergence, default: 0] += 1 }
                details.append(
                    "\(epoch.time): \(found) gpsd \(Self.values(epoch)); ours \(fix.map(Self.values) ?? "-")")
            }
        }
        extraFixes = Set(byTime.keys).subtracting(used).count
    }

    private static func differences(gpsd epoch: GpsdEpoch, ours fix: ObservedFix) -> [GpsdDivergence] {
        var found: [GpsdDivergence] = []
        if abs(fix.latitude - epoch.latitude) > 1e-7 + 1e-9 { found.append(.latitude) }
        if abs(fix.longitude - epoch.longitude) > 1e-7 + 1e-9 { found.append(.longitude) }
        found += difference(epoch.altitudeMSL, fix.altitudeMSL, 0.001, .altitudeMSL, .altitudeOnlyInGpsd)
        found += difference(epoch.speed, fix.speed, 0.001, .speed, .speedOnlyInGpsd)
        if let track = epoch.track {
            if let course = fix.course {
                let turn = abs(course - track).truncatingRemainder(dividingBy: 360)
                if min(turn, 360 - turn) > 0.01 + 1e-9 { found.append(.course) }
            } else {
                found.append(.courseOnlyInGpsd)
            }
        }
        return found
    }

    private static func difference(
        _ gpsd: Double?, _ ours: Double?, _ tolerance: Double, _ mismatch: GpsdDivergence,
        _ onlyGpsd: GpsdDivergence
    ) -> [GpsdDivergence] {
        guard let gpsd else { return [] }
        guard let ours else { return [onlyGpsd] }
        return abs(gpsd - ours) > tolerance + 1e-9 ? [mismatch] : []
    }

    private static func values(_ epoch: GpsdEpoch) -> String {
        "\(epoch.latitude) \(epoch.longitude) alt \(text(epoch.altitudeMSL)) speed \(text(epoch.speed)) "
            + "track \(text(epoch.track))"
    }

    private static func values(_ fix: ObservedFix) -> String {
        "\(fix.latitude) \(fix.longitude) alt \(text(fix.altitudeMSL)) speed \(text(fix.speed)) "
            + "course \(text(fix.course))"
    }

    private static func text(_ value: Double?) -> String { value.map { "\($0)" } ?? "-" }
}
