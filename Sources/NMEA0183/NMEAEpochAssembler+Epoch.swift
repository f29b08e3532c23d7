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
    /// The epoch is read where it is (``epoch``, left as it is until the next one opens), not copied: it and the fix
    /// are a few hundred bytes each, and this runs once per fix.
    mutating func emitEpoch(into events: inout [NMEAEvent]) {
        guard isEpochOpen else { return }
        isEpochOpen = false
        guard !epoch.reported else { return }
        let dated = epochDate()
        if let dated, let time = epoch.time { lastDate = (dated.date, dated.day, time) }
        let date = dated?.date
        let timestamp = Self.timestamp(day: dated?.day, time: epoch.time)
        // A GSA counts for this epoch when it arrived during it or the one before (it carries no time).
        let epochGSA = latestGSA.flatMap { $0.serial >= epochSerial - 1 ? $0 : nil }
        guard let time = epoch.time, let latitude = epoch.latitude, let longitude = epoch.longitude else {
            if epoch.reportedNoFix || epochGSA?.fixMode == 1 {
                events.append(.noFix(NMEANoFix(timeOfDay: epoch.time, timestamp: timestamp, line: epoch.line)))
            }
            return
        }
        // A GSA that says no fix (mode 1) describes no fix, so its dilutions (a search's, or the receiver's 99.99
        // placeholders) and its satellites (none) are not this fix's. bt451.log's first fix, a GLL after no-fix
        // cycles, took HDOP 99.99 (±500 m) and 0 satellites from one; rx210.log's took VDOP 44.97 from the no-fix
        // epoch before it. gpsd reports neither (its TPVs have no eph or epv there).
        let gsa = epochGSA?.fixMode == 1 ? nil : epochGSA
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
        if fixTalker.code != epoch.talker { fixTalker = (epoch.talker, NMEASentence.talker(code: epoch.talker)) }
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
                    hdop: hdop, vdop: gsa?.vdop, pdop: gsa?.pdop, talker: fixTalker.text,
                    line: epoch.line)))
    }

    /// The date of ``epoch`` and its day number since 1970-01-01: its own date (rollover-corrected), else the last
    /// known date carried forward across midnight; nil without a time of day or any date so far.
    ///
    /// Reads the epoch where it is (passed as an argument, it was copied once per fix), and gives the day number the
    /// rule computed, so that the timestamp does not compute it again (issue 30).
    func epochDate() -> (date: NMEADate, day: Int)? {
        guard let time = epoch.time else { return nil }
        if let own = epoch.date { return GPSWeekRollover.corrected(dayOf: own, reference: rolloverReferenceDate) }
        guard let last = lastDate else { return nil }
        guard time.secondsSinceMidnight < last.time.secondsSinceMidnight - 43_200 else { return (last.date, last.day) }
        // The time of day fell by more than 12 hours: midnight passed.
        return (NMEADate(daysSince1970: last.day + 1), last.day + 1)
    }

    /// The UTC instant of the open epoch as far as it is known now, for headings that arrive during it.
    func openEpochTimestamp() -> Date? {
        isEpochOpen ? Self.timestamp(day: epochDate()?.day, time: epoch.time) : nil
    }

    /// The UTC instant of a day (since 1970-01-01) and a time of day; nil unless both are known.
    static func timestamp(day: Int?, time: NMEATimeOfDay?) -> Date? {
        guard let day, let time else { return nil }
        return Date(timeIntervalSince1970: Double(day) * 86_400 + time.secondsSinceMidnight)
    }
}
