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
    /// The horizontal and altitude sigmas of the epoch's GST (``GSTSentence/horizontalSigma``,
    /// ``GSTSentence/altitudeSigma``); only these, so that the epoch holds no reference and copies as plain bytes.
    var gstHorizontalSigma: Double?
    var gstAltitudeSigma: Double?
    /// The sentence types the epoch's headings come from, once one was emitted: one for true-heading sensors
    /// (HDT, THS) and one for magnetic sensors (HDG, HDM).
    var trueHeadingSource: NMEAHeading.Source?
    var magneticHeadingSource: NMEAHeading.Source?
    /// Whether the epoch's fix was already reported: it repeats the time of an epoch closed at its cycle end.
    var reported = false

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
    /// Closes the open epoch now, appending its fix or no-fix: for a live receiver whose input paused after a
    /// complete cycle, instead of waiting for the next epoch to begin.
    ///
    /// A later sentence with the closed epoch's time of day (the pause fell inside a cycle) does not report that
    /// epoch again. Its last sentence counts as the end of a cycle for ``NMEADecoderOptions/closesEpochAtCycleEnd``,
    /// as when the next epoch begins. Nothing happens without an open epoch.
    public mutating func closeEpoch(into events: inout [NMEAEvent]) {
        guard isEpochOpen, let time = epoch.time else { return emitEpoch(into: &events) }
        emitEpoch(into: &events)
        // The epoch's last sentence ended the cycle, as when the next epoch begins.
        cycleEnd.learnFromClosedEpoch()
        cycleEnd.closedTime = time
    }

    /// Whether an epoch is open: sentences arrived since the last fix or no-fix was emitted.
    public var hasOpenEpoch: Bool { isEpochOpen }

    /// Emits the open epoch's fix or no-fix and forgets it.
    ///
    /// The epoch is read where it is (``epoch``, left as it is until the next one opens), not copied: it and the fix are
    /// a few hundred bytes each, and this runs once per fix.
    mutating func emitEpoch(into events: inout [NMEAEvent]) {
        guard isEpochOpen else { return }
        isEpochOpen = false
        guard !epoch.reported else { return }
        let date = date(of: epoch)
        if let date, let time = epoch.time { lastDate = (date, time) }
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
        // The first of the two that is positive (no array: this runs once per fix).
        let accuracyDOP = epoch.hdop.flatMap { $0 > 0 ? $0 : nil } ?? gsa?.hdop.flatMap { $0 > 0 ? $0 : nil }
        let verticalDOP = gsa?.vdop.flatMap { $0 > 0 ? $0 : nil }
        let uere = options.userEquivalentRangeError
        let altitudeMSL = epoch.altitudeMSL ?? epoch.measuredAltitudeMSL
        // 3D when the receiver sent an altitude for the fix or its GSA says 3D, as gpsd decides: a GSA's 2D does not
        // take away an altitude its GGA/GNS gave (Quectel, Telit and Garmin receivers send both), so a fix is never
        // 2D with an altitude, and the NMEA and gpsd providers give the same mode for the same epoch.
        let mode: NMEAFixMode = altitudeMSL != nil || gsa?.fixMode == 3 ? .threeDimensional : .twoDimensional
        // The accuracies: the epoch's GST when it has a positive horizontal sigma, else the dilutions times the UERE.
        var horizontalAccuracy = accuracyDOP.map { $0 * uere }
        var verticalAccuracy = verticalDOP.map { $0 * uere }
        var accuracySource: NMEAAccuracySource? = accuracyDOP == nil ? nil : .dilutionOfPrecision
        if let horizontal = epoch.gstHorizontalSigma, horizontal > 0 {
            horizontalAccuracy = horizontal
            verticalAccuracy = epoch.gstAltitudeSigma.flatMap { $0 > 0 ? $0 : nil }
            accuracySource = .gst
        }
        // Built where it is appended: no copy of a finished fix.
        events.append(
            .fix(
                NMEAFix(
                    timeOfDay: time, date: date, timestamp: timestamp, latitude: latitude, longitude: longitude,
                    altitudeMSL: altitudeMSL, geoidSeparation: epoch.geoidSeparation, speed: epoch.speed,
                    course: epoch.course, magneticVariation: epoch.magneticVariation,
                    horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy,
                    accuracySource: accuracySource, quality: epoch.quality ?? .autonomous, mode: mode,
                    satellitesUsed: epoch.satellitesUsed ?? gsa.map(\.satellitesUsed),
                    hdop: hdop, vdop: gsa?.vdop, pdop: gsa?.pdop, talker: NMEASentence.talker(code: epoch.talker),
                    line: epoch.line)))
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
        isEpochOpen ? Self.timestamp(date: date(of: epoch), time: epoch.time) : nil
    }

    /// The UTC instant of a date and a time of day; nil unless both are known.
    static func timestamp(date: NMEADate?, time: NMEATimeOfDay?) -> Date? {
        guard let date, let time else { return nil }
        return Date(timeIntervalSince1970: Double(date.daysSince1970) * 86_400 + time.secondsSinceMidnight)
    }
}
