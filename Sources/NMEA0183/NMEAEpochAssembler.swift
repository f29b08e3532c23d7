import Foundation

/// Groups decoded sentences into epochs (one date and time of day) and emits one fix or no-fix per epoch.
///
/// Rules (see <doc:DecodingNMEA>):
/// - A sentence with a time of day (GGA, RMC, GLL, GNS, GST, GBS, ZDA) whose time differs from the
///   open epoch's closes that epoch — its fix is emitted — and opens a new one; so does an RMC or ZDA whose date
///   differs from a date the open epoch already has. Untimed sentences (VTG, GSA, HDT, PGRMZ, ...) join the open
///   epoch. ``finish(into:)`` closes the last epoch.
/// - Within an epoch the last valid position wins; altitude and geoid separation come from GGA/GNS (else a
///   measured Garmin `PGRMZ` altitude), speed and course from the last RMC/VTG carrying them, the date from
///   RMC/ZDA.
/// - An epoch is a fix when a timed sentence reported a valid position (GGA quality 1–7, RMC/GLL status A,
///   GNS mode not all `N`). GGA/GNS with a satellite-based quality (1–5) but zero satellites used, and simulator
///   output (GGA quality 8, mode letter `S`), count as no fix. Otherwise it is a no-fix when any sentence reported
///   no fix (quality 0, status V, empty position, GSA mode 1); an epoch with no position information at all
///   emits nothing. GSA carries no time and may belong to the neighbouring epoch, so its mode 1 does not veto a
///   timed valid position.
/// - Dates: the epoch's own RMC/ZDA date after the ``GPSWeekRollover`` rule; else the last known date,
///   plus one day when the time of day fell by more than 12 hours (midnight). A smaller backward
///   step (a receiver replaying an older time) keeps the date.
/// - Accuracy: GST of the same epoch (horizontal √(σlat²+σlon²), vertical σalt), else DOP × UERE; a GSA that
///   says no fix (mode 1) gives a fix no DOPs and no satellite count.
/// - Headings (HDT, HDG, THS, HDM) are emitted as they arrive, stamped with the open epoch's time. A true-heading
///   sensor's headings (HDT, THS) come from one sentence type per epoch, the first that gave one, so a receiver
///   sending both HDT and THS reports each heading once; so do a magnetic sensor's (HDG, HDM). A true heading and
///   a magnetic compass's heading in one epoch are two measurements, and both are reported.
/// - With ``NMEADecoderOptions/closesEpochAtCycleEnd`` (live receivers), an epoch also closes as soon as the
///   sentence that ends the receiver's cycle arrives, once that sentence is learned (the last sentence before
///   the time changes, the same in three cycles, once in each), instead of when the next epoch begins a cycle
///   later; ``closeEpoch(into:)`` closes the open epoch at any time (a
///   pause in the input). A timed sentence of an epoch closed either way does not report it again.
///
/// A value type; not thread-safe to share mutably, like any struct.
public struct NMEAEpochAssembler: Sendable {
    /// The settings used (UERE, rollover reference).
    public let options: NMEADecoderOptions
    /// The reference date of the week-rollover rule: ``NMEADecoderOptions/rolloverReferenceDate`` until
    /// ``useRolloverReference(_:)`` replaces it.
    public private(set) var rolloverReferenceDate: Date
    /// The open epoch, meaningful only while ``isEpochOpen``: kept in place rather than optional, so that reading
    /// or changing one of its fields copies nothing (the optional's `?.` and `!= nil` copied the whole epoch for
    /// every sentence, issue 30).
    var epoch = Epoch(line: 0)
    /// Whether sentences arrived since the last fix or no-fix: ``epoch`` holds their data.
    var isEpochOpen = false
    var epochSerial = 0
    /// The date, its day number since 1970-01-01 and the time of day of the last epoch that had a date.
    var lastDate: (date: NMEADate, day: Int, time: NMEATimeOfDay)?
    /// The talker of the last fix, as its code and its text: consecutive fixes mostly share it, and making its text
    /// cost more than the rest of the fix (issue 30).
    var fixTalker: (code: UInt16, text: String) = (0, NMEASentence.talker(code: 0))
    var latestGSA: GSAState?
    /// The magnetic variation of the last valid RMC that carried one, east positive.
    var latestVariation: Double?
    /// The sentence that ends the receiver's cycle, under ``NMEADecoderOptions/closesEpochAtCycleEnd``.
    var cycleEnd = NMEACycleEnd()

    /// Creates an assembler with no open epoch.
    public init(options: NMEADecoderOptions = NMEADecoderOptions()) {
        self.options = options
        rolloverReferenceDate = options.rolloverReferenceDate
    }

    /// Replaces the reference date of the week-rollover rule for the epochs still to come, for example with the
    /// date a log says it was recorded (``NMEADecoder`` passes a `# Date: yyyy-mm-dd` header).
    public mutating func useRolloverReference(_ date: Date) {
        rolloverReferenceDate = date
    }

    /// Adds one decoded sentence; appends the events it completes (a closed epoch's fix or no-fix, a heading).
    public mutating func add(_ message: NMEAMessage, into events: inout [NMEAEvent]) {
        struct Adder: NMEATypedSentenceHandler {
            let line: Int
            let talker: UInt16
            let address: UInt64?
            var events: [NMEAEvent]
            mutating func handle<Sentence: NMEATypedSentence>(
                _ sentence: Sentence, _ assembler: inout NMEAEpochAssembler
            ) {
                assembler.add(sentence, line: line, talker: talker, address: address, into: &events)
            }
        }
        let sentence = message.sentence
        var adder = Adder(
            line: sentence.line, talker: sentence.withView(\.talkerCode), address: sentence.withView(\.addressKey),
            events: [])
        swap(&adder.events, &events)
        message.content.visit(&adder, context: &self)
        swap(&adder.events, &events)
    }

    /// Adds a typed sentence of `line`, `talker` (``NMEAFieldView/talkerCode``) and `address`
    /// (``NMEAFieldView/addressKey``, `nil` when encapsulated; read only under
    /// ``NMEADecoderOptions/closesEpochAtCycleEnd``, so the decoder passes `nil` without it): the decoder's path, which
    /// needs no ``NMEAMessage``
    /// and borrows the sentence where it was decoded.
    mutating func add<Sentence: NMEATypedSentence>(
        _ sentence: Sentence, line: Int, talker: UInt16, address: UInt64?, into events: inout [NMEAEvent]
    ) {
        sentence.add(to: &self, line: line, talker: talker, into: &events)
        guard options.closesEpochAtCycleEnd, let address, let key = sentence.cycleEndKey(address: address) else {
            return
        }
        cycleEnd.note(key)
        guard cycleEnd.ends(with: key), isEpochOpen, epoch.time != nil else { return }
        closeEpoch(into: &events)
    }

    /// Closes the open epoch at the end of input, appending its fix or no-fix.
    public mutating func finish(into events: inout [NMEAEvent]) {
        emitEpoch(into: &events)
    }

    /// Makes the sentence part of the right epoch, closing the open one when the time of day changed.
    ///
    /// After an epoch closed at its cycle end, a timed sentence with that epoch's time shows the learned end was
    /// wrong: it is forgotten, and the epoch the sentence opens is not reported (its fix was); a sentence with
    /// content for a fix before the next timed one (`contributes`) also shows it.
    mutating func join(
        time: NMEATimeOfDay?, date: NMEADate? = nil, line: Int, contributes: Bool = true,
        events: inout [NMEAEvent]
    ) {
        var repeatsClosedEpoch = false
        if let closed = cycleEnd.closedTime {
            if let time {
                cycleEnd.closedTime = nil
                repeatsClosedEpoch = time == closed
                if repeatsClosedEpoch { cycleEnd.forget() }
            } else if contributes {
                cycleEnd.forget()
            }
        }
        if let time, isEpochOpen, let open = epoch.time, open != time {
            emitEpoch(into: &events)
            cycleEnd.learnFromClosedEpoch()
        } else if let date, isEpochOpen, let open = epoch.date, open != date {
            emitEpoch(into: &events)
        }
        if !isEpochOpen {
            epochSerial += 1
            epoch = Epoch(line: line)
            isEpochOpen = true
        }
        if repeatsClosedEpoch { epoch.reported = true }
        if let time, epoch.time == nil { epoch.time = time }
    }

    /// Changes the open epoch in place, if there is one.
    mutating func update(_ body: (inout Epoch) -> Void) {
        guard isEpochOpen else { return }
        body(&epoch)
    }

    /// Records a GGA/GNS solution: position, quality, altitude, satellites, HDOP.
    mutating func recordSolution(
        latitude: Double?, longitude: Double?, quality: NMEAFixQuality?,
        altitudeMSL: Double?, geoidSeparation: Double?, satellitesUsed: Int?,
        hdop: Double?, talker: UInt16
    ) {
        let quality = quality ?? .invalid
        // A satellite-based quality with zero satellites used contradicts itself (Hemisphere sends
        // quality 1 with "00" while it has no solution); estimated and manual qualities need no satellites.
        let contradictory = satellitesUsed == 0 && (1...5).contains(quality.rawValue)
        let valid = quality.isFix && !contradictory
        record(latitude: latitude, longitude: longitude, valid: valid, quality: quality, detailed: true, talker: talker)
        // The rest of a position report counts even when its satellite count contradicts it: another sentence
        // of the epoch may still make it a fix (a Garmin Foretrex sends quality 2, "00" and an RMC with status A).
        guard quality.isFix, latitude != nil, longitude != nil else { return }
        update { epoch in
            epoch.altitudeMSL = altitudeMSL ?? epoch.altitudeMSL
            epoch.geoidSeparation = geoidSeparation ?? epoch.geoidSeparation
            epoch.satellitesUsed = satellitesUsed ?? epoch.satellitesUsed
            epoch.hdop = hdop ?? epoch.hdop
        }
    }

    mutating func record(
        latitude: Double?, longitude: Double?, valid: Bool, quality: NMEAFixQuality,
        detailed: Bool, talker: UInt16
    ) {
        update { epoch in
            guard valid, let latitude, let longitude else {
                epoch.reportedNoFix = true
                return
            }
            epoch.latitude = latitude
            epoch.longitude = longitude
            epoch.talker = talker
            if detailed || epoch.quality == nil { epoch.quality = quality }
        }
    }

    /// Merges a GSA that listed `satelliteCount` satellite ids (its ``GSASentence/satellites`` may be empty).
    ///
    /// The epoch's mode is the best its GSAs give: a receiver sends one GSA per constellation, and the first of the
    /// next cycle may come before that cycle's first timed sentence (quectel.log's `$GPGSA,A,1` after its last fix).
    mutating func recordGSA(_ gsa: GSASentence, satelliteCount: Int) {
        if var state = latestGSA, state.serial == epochSerial {
            if let mode = gsa.fixMode { state.fixMode = max(mode, state.fixMode ?? mode) }
            state.pdop = gsa.pdop ?? state.pdop
            state.hdop = gsa.hdop ?? state.hdop
            state.vdop = gsa.vdop ?? state.vdop
            state.satellitesUsed += satelliteCount
            latestGSA = state
        } else {
            latestGSA = GSAState(
                serial: epochSerial, fixMode: gsa.fixMode, pdop: gsa.pdop, hdop: gsa.hdop,
                vdop: gsa.vdop, satellitesUsed: satelliteCount)
        }
    }

    /// Emits a heading stamped with the open epoch's time, unless the epoch already has headings of the same kind
    /// (true: HDT, THS; magnetic: HDG, HDM) from another sentence type, which describe the same measurement.
    mutating func emitHeading(
        true trueHeading: Double?, magnetic magneticHeading: Double?, source: NMEAHeading.Source, line: Int,
        talker: UInt16, events: inout [NMEAEvent]
    ) {
        guard trueHeading != nil || magneticHeading != nil else { return }
        join(time: nil, line: line, contributes: false, events: &events)
        let slot: WritableKeyPath<Epoch, NMEAHeading.Source?> =
            source == .hdt || source == .ths ? \.trueHeadingSource : \.magneticHeadingSource
        if isEpochOpen, let epochSource = epoch[keyPath: slot], epochSource != source { return }
        if isEpochOpen { epoch[keyPath: slot] = source }
        events.append(
            .heading(
                NMEAHeading(
                    trueHeading: trueHeading.map(HDGSentence.normalised),
                    magneticHeading: magneticHeading.map(HDGSentence.normalised), source: source,
                    talker: NMEASentence.talker(code: talker), timeOfDay: isEpochOpen ? epoch.time : nil,
                    timestamp: openEpochTimestamp(), line: line)))
    }
}
