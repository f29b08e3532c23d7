import NMEA0183

/// Turns decoder events into provider events stamped with their UTC times, for replays and live streams alike.
///
/// - A fix becomes a ``CLLocation`` (see ``NMEAFix/location(at:sourceInformation:)``).
/// - A no-fix epoch becomes ``LocationProviderEvent/fixLost``, once per outage (again only after a fix).
/// - A heading becomes a ``CLHeading`` with its true heading; magnetic heading and accuracy −1 (NMEA gives neither).
///
/// Times: a fix's own UTC timestamp (RMC/ZDA date + time of day). Without a date, ``clockDate`` decides: a
/// replay passes `nil` and such events are skipped and counted (a recording's pace cannot be guessed); a live
/// stream passes its clock's `now`, and the time of day is placed on the UTC day that puts it nearest to now.
/// Headings carry only a time of day and are dated like the preceding event (or the clock, live).
/// An event whose time fails ``FixTime`` (live: against `clockDate`) is skipped and counted in ``skipped``.
struct NMEAEventTranslator {
    let sourceInformation: CLLocationSourceInformation
    /// The time of the last event translated.
    private(set) var lastTime: Date?
    private var reportedLost = false
    /// Events dropped because no date was known (replays only).
    private(set) var undatedCount = 0
    /// Events dropped because their time was out of range.
    private(set) var skipped: SkippedFixes

    init(source: String, sourceInformation: CLLocationSourceInformation) {
        self.sourceInformation = sourceInformation
        skipped = SkippedFixes(source: source)
    }

    mutating func translate(_ event: NMEAEvent, clockDate: Date?) -> ReplayItem? {
        switch event {
        case .fix(let fix):
            guard let time = fix.timestamp ?? date(of: fix.timeOfDay, clockDate: clockDate) else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            reportedLost = false
            lastTime = time
            return ReplayItem(
                time: time, event: .locations([fix.location(at: time, sourceInformation: sourceInformation)]))
        case .noFix(let noFix):
            guard
                let time = noFix.timestamp ?? noFix.timeOfDay.flatMap({ date(of: $0, clockDate: clockDate) })
                    ?? clockDate ?? lastTime
            else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            lastTime = time
            guard !reportedLost else { return nil }
            reportedLost = true
            return ReplayItem(time: time, event: .fixLost)
        case .heading(let heading):
            guard let time = heading.timeOfDay.flatMap({ date(of: $0, clockDate: clockDate) }) ?? clockDate ?? lastTime
            else { return skip() }
            guard isUsable(time, clockDate: clockDate) else { return nil }
            lastTime = max(lastTime ?? time, time)
            return ReplayItem(
                time: time,
                event: .heading(
                    CLHeading(
                        magneticHeading: -1, trueHeading: heading.trueHeading, headingAccuracy: -1,
                        timestamp: time)))
        case .sentence:
            return nil
        }
    }

    /// Records that the provider reported a loss itself (a device gone), so no-fixes until the next fix add none.
    mutating func markLost() {
        reportedLost = true
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

    /// A time of day on the UTC day that puts it nearest to the reference: the clock's now (live), else the last
    /// event's time (a replay, whose dates come from RMC/ZDA).
    private func date(of timeOfDay: NMEATimeOfDay, clockDate: Date?) -> Date? {
        guard let reference = clockDate ?? lastTime else { return nil }
        let seconds = reference.timeIntervalSince1970
        let midnight = (seconds / 86_400).rounded(.down) * 86_400
        var candidate = midnight + timeOfDay.secondsSinceMidnight
        if candidate - seconds > 43_200 { candidate -= 86_400 }
        if seconds - candidate > 43_200 { candidate += 86_400 }
        return Date(timeIntervalSince1970: candidate)
    }
}
