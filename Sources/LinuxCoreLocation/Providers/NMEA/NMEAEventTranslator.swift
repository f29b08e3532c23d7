import NMEA0183

/// Turns decoder events into provider events stamped with their UTC times, for replays and live streams alike.
///
/// - A fix becomes a ``CLLocation`` (see ``NMEAFix/location(at:sourceInformation:derived:)``); when the receiver
///   sent no speed or no course for its epoch, they are derived from the previous fix (``NMEADerivedMotion``).
/// - A no-fix epoch becomes ``LocationProviderEvent/fixLost``, once per outage (again only after a fix).
/// - A heading becomes a ``CLHeading`` with its true and magnetic headings (−1 where the sentence gave none) and
///   accuracy −1 (NMEA gives none).
///
/// Times: a fix's own UTC timestamp (RMC/ZDA date + time of day). Without a date, ``clockDate`` decides: a
/// replay passes `nil` and such events are skipped and counted (a recording's pace cannot be guessed); a live
/// stream passes its clock's `now`, and the time of day is placed on the UTC day that puts it nearest to now.
/// A heading takes its epoch's timestamp from the decoder; without one, its time of day is placed nearest to the
/// last event's time — the stream's own time base, as its fixes have — and only before any event nearest to the
/// clock. An event whose time fails ``FixTime`` (live: against `clockDate`) is skipped and counted in ``skipped``.
struct NMEAEventTranslator {
    let sourceInformation: CLLocationSourceInformation
    /// The time of the last event translated.
    private(set) var lastTime: Date?
    private var reportedLost = false
    /// The last fix, for deriving the next epoch's speed and course; nil after a no-fix epoch.
    private var previousFix: NMEADerivedMotion.Point?
    /// The source information of the last fix, which the next one shares when its receiver values are the same.
    private var lastReceiver: GNSSSourceInformation?
    /// Events dropped because no date was known (replays only).
    private(set) var undatedCount = 0
    /// Events dropped because their time was out of range.
    private(set) var skipped: SkippedFixes

    /// Creates a translator; `source` names the provider in the line announcing skipped events.
    init(sourceInformation: CLLocationSourceInformation, source: String = "nmea") {
        self.sourceInformation = sourceInformation
        skipped = SkippedFixes(source: source)
    }

    mutating func translate(_ event: NMEAEvent, clockDate: Date?) -> ReplayItem? {
        switch event {
        case .fix(let fix):
            guard let time = fix.timestamp ?? date(of: fix.timeOfDay, near: clockDate) else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            reportedLost = false
            lastTime = time
            let point = NMEADerivedMotion.Point(
                time: time, latitude: fix.latitude, longitude: fix.longitude,
                accuracy: fix.horizontalAccuracy ?? NMEAFix.nominalHorizontalAccuracy)
            let derived =
                fix.speed != nil && fix.course != nil
                ? nil : previousFix.flatMap { NMEADerivedMotion(from: $0, to: point) }
            previousFix = point
            let location = fix.location(
                at: time, sourceInformation: sourceInformation, derived: derived, reusing: lastReceiver)
            lastReceiver = location.sourceInformation as? GNSSSourceInformation
            return ReplayItem(time: time, event: .locations([location]))
        case .noFix(let noFix):
            previousFix = nil
            guard
                let time = noFix.timestamp ?? noFix.timeOfDay.flatMap({ date(of: $0, near: clockDate) })
                    ?? clockDate ?? lastTime
            else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            lastTime = time
            guard !reportedLost else { return nil }
            reportedLost = true
            return ReplayItem(time: time, event: .fixLost)
        case .heading(let heading):
            guard
                let time = heading.timestamp ?? heading.timeOfDay.flatMap({ date(of: $0, near: lastTime ?? clockDate) })
                    ?? lastTime ?? clockDate
            else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            lastTime = max(lastTime ?? time, time)
            return ReplayItem(
                time: time,
                event: .heading(
                    CLHeading(
                        magneticHeading: heading.magneticHeading ?? -1, trueHeading: heading.trueHeading ?? -1,
                        headingAccuracy: -1, timestamp: time)))
        case .sentence:
            return nil
        }
    }

    /// Records that the provider reported a loss itself (a device gone), so no-fixes until the next fix add none.
    mutating func markLost() {
        reportedLost = true
        previousFix = nil
    }

    /// Whether `time` may stamp an event; counts the event skipped when not.
    private mutating func isUsable(_ time: Date, clockDate: Date?) -> Bool {
        guard let problem = FixTime.problem(with: time, now: clockDate) else { return true }
        skipped.skip(problem, time: time)
        return false
    }

    private mutating func skip() -> ReplayItem? {
        undatedCount += 1
        return nil
    }

    /// A time of day on the UTC day that puts it nearest to `reference` (the clock's now when live); for a fix or
    /// no-fix without a reference, the last event's time (a replay, whose dates come from RMC/ZDA).
    private func date(of timeOfDay: NMEATimeOfDay, near reference: Date?) -> Date? {
        guard let reference = reference ?? lastTime else { return nil }
        let seconds = reference.timeIntervalSince1970
        let midnight = (seconds / 86_400).rounded(.down) * 86_400
        var candidate = midnight + timeOfDay.secondsSinceMidnight
        if candidate - seconds > 43_200 { candidate -= 86_400 }
        if seconds - candidate > 43_200 { candidate += 86_400 }
        return Date(timeIntervalSince1970: candidate)
    }
}
