import Foundation

/// The open epoch's accumulated data.
struct Epoch: Sendable {
    var line: Int
    var time: NMEATimeOfDay?
    var date: NMEADate?
    var latitude: Double?
    var longitude: Double?
    /// The talker of the sentence that supplied the position (``NMEASentence/talkerCode``).
    var talker: UInt16 = 0
    var quality: NMEAFixQuality?
    var reportedNoFix = false
    var altitudeMSL: Double?
    /// A measured altitude from a sentence other than GGA/GNS (Garmin `PGRMZ`), used when they gave none.
    var measuredAltitudeMSL: Double?
    var geoidSeparation: Double?
    var speed: Double?
    var course: Double?
    var magneticVariation: Double?
    var satellitesUsed: Int?
    var hdop: Double?
    var gst: GSTSentence?
    /// The sentence type the epoch's headings come from, once one was emitted.
    var headingSource: NMEAHeading.Source?

    init(line: Int) { self.line = line }
}

/// The most recent GSA report (merged over the GSAs of one epoch, one per constellation).
struct GSAState: Sendable {
    var serial: Int
    var fixMode: Int?
    var pdop: Double?
    var hdop: Double?
    var vdop: Double?
    var satellitesUsed: Int
}

extension NMEAEpochAssembler {
    /// Emits the open epoch's fix or no-fix and forgets it.
    mutating func closeEpoch(into events: inout [NMEAEvent]) {
        guard let epoch else { return }
        self.epoch = nil
        let date = resolveDate(of: epoch)
        let timestamp = Self.timestamp(date: date, time: epoch.time)
        // A GSA counts for this epoch when it arrived during it or the one before (it carries no time).
        let gsa = latestGSA.flatMap { $0.serial >= epochSerial - 1 ? $0 : nil }
        guard let time = epoch.time, let latitude = epoch.latitude, let longitude = epoch.longitude else {
            if epoch.reportedNoFix || gsa?.fixMode == 1 {
                events.append(.noFix(NMEANoFix(timeOfDay: epoch.time, timestamp: timestamp, line: epoch.line)))
            }
            return
        }
        let hdop = epoch.hdop ?? gsa?.hdop
        // A dilution or sigma of 0 says nothing: receivers send it when they have none, and no fix is exact
        // (issue 32). It stays in `hdop`/`vdop` as reported, but gives no accuracy.
        let accuracyDOP = [epoch.hdop, gsa?.hdop].lazy.compactMap { $0 }.first { $0 > 0 }
        let verticalDOP = gsa?.vdop.flatMap { $0 > 0 ? $0 : nil }
        let uere = options.userEquivalentRangeError
        let altitudeMSL = epoch.altitudeMSL ?? epoch.measuredAltitudeMSL
        var fix = NMEAFix(
            timeOfDay: time, date: date, timestamp: timestamp, latitude: latitude, longitude: longitude,
            altitudeMSL: altitudeMSL, geoidSeparation: epoch.geoidSeparation, speed: epoch.speed,
            course: epoch.course, magneticVariation: epoch.magneticVariation,
            horizontalAccuracy: accuracyDOP.map { $0 * uere }, verticalAccuracy: verticalDOP.map { $0 * uere },
            accuracySource: accuracyDOP == nil ? nil : .dilutionOfPrecision, quality: epoch.quality ?? .autonomous,
            mode: altitudeMSL == nil ? .twoDimensional : .threeDimensional,
            satellitesUsed: epoch.satellitesUsed ?? gsa.map(\.satellitesUsed),
            hdop: hdop, vdop: gsa?.vdop, pdop: gsa?.pdop, talker: NMEASentence.talker(code: epoch.talker),
            line: epoch.line)
        if let mode = gsa?.fixMode, mode >= 2, let gsaMode = NMEAFixMode(rawValue: mode) { fix.mode = gsaMode }
        if let gst = epoch.gst, let horizontal = gst.horizontalSigma, horizontal > 0 {
            fix.horizontalAccuracy = horizontal
            fix.verticalAccuracy = gst.altitudeSigma.flatMap { $0 > 0 ? $0 : nil }
            fix.accuracySource = .gst
        }
        events.append(.fix(fix))
    }

    /// The epoch's date (see ``date(of:)``), remembered as the last known date.
    private mutating func resolveDate(of epoch: Epoch) -> NMEADate? {
        let date = date(of: epoch)
        if let date, let time = epoch.time { lastDate = (date, time) }
        return date
    }

    /// The epoch's date: its own (rollover-corrected), else the last known date carried forward across midnight;
    /// nil without a time of day or any date so far.
    func date(of epoch: Epoch) -> NMEADate? {
        guard let time = epoch.time else { return nil }
        if let own = epoch.date { return GPSWeekRollover.corrected(own, reference: rolloverReferenceDate) }
        guard let last = lastDate else { return nil }
        let crossedMidnight = time.secondsSinceMidnight < last.time.secondsSinceMidnight - 43_200
        return crossedMidnight ? last.date.adding(days: 1) : last.date
    }

    /// The UTC instant of the open epoch as far as it is known now, for headings that arrive during it.
    func openEpochTimestamp() -> Date? {
        epoch.flatMap { Self.timestamp(date: date(of: $0), time: $0.time) }
    }

    /// The UTC instant of a date and a time of day; nil unless both are known.
    static func timestamp(date: NMEADate?, time: NMEATimeOfDay?) -> Date? {
        guard let date, let time else { return nil }
        return Date(timeIntervalSince1970: Double(date.daysSince1970) * 86_400 + time.secondsSinceMidnight)
    }
}
