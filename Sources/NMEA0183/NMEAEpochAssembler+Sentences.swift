// What each typed sentence adds to the epoch assembler's open epoch (the rules are listed on NMEAEpochAssembler).

/// A GSA and how many satellite ids it listed (its ``GSASentence/satellites`` may be left empty).
struct GSAContent: NMEATypedSentence {
    var gsa: GSASentence
    var satelliteCount: Int
    var ignoredFields: [NMEAFieldError] { gsa.ignoredFields }
    var content: NMEAContent { .gsa(gsa, satelliteCount: satelliteCount) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        // A GSA counts for its epoch or the one before (``NMEAEpochAssembler/emitEpoch(into:)``), so one after a cycle
        // end is not taken as a sign that the end was wrong.
        assembler.join(time: nil, line: line, contributes: false, events: &events)
        assembler.recordGSA(gsa, satelliteCount: satelliteCount)
    }
}

/// A sentence of a type this module does not decode: it only takes its place in the receiver's cycle.
struct OtherContent: NMEATypedSentence {
    var ignoredFields: [NMEAFieldError] { [] }
    var content: NMEAContent { .other }
    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {}
}

/// A GGA or GNS: a position solution with its quality, altitude, satellites and HDOP.
protocol NMEASolutionSentence: NMEATypedSentence {
    var time: NMEATimeOfDay? { get }
    var latitude: Double? { get }
    var longitude: Double? { get }
    var quality: NMEAFixQuality? { get }
    var altitudeMSL: Double? { get }
    var geoidSeparation: Double? { get }
    var satellitesUsed: Int? { get }
    var hdop: Double? { get }
}

extension NMEASolutionSentence {
    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, line: line, events: &events)
        assembler.recordSolution(
            latitude: latitude, longitude: longitude, quality: quality, altitudeMSL: altitudeMSL,
            geoidSeparation: geoidSeparation, satellitesUsed: satellitesUsed, hdop: hdop, talker: talker)
    }
}

extension GGASentence: NMEASolutionSentence {
    var content: NMEAContent { .gga(self) }
}

extension GNSSentence: NMEASolutionSentence {
    var content: NMEAContent { .gns(self) }
}

extension RMCSentence: NMEATypedSentence {
    var content: NMEAContent { .rmc(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, date: date, line: line, events: &events)
        if let date, assembler.isEpochOpen { assembler.epoch.date = date }
        assembler.record(
            latitude: latitude, longitude: longitude, valid: isValid, quality: mode ?? .autonomous, detailed: false,
            talker: talker)
        guard isValid else { return }
        assembler.latestVariation = magneticVariation ?? assembler.latestVariation
        assembler.update { epoch in
            epoch.speed = speed ?? epoch.speed
            epoch.course = course ?? epoch.course
            epoch.magneticVariation = magneticVariation ?? epoch.magneticVariation
        }
    }
}

extension GLLSentence: NMEATypedSentence {
    var content: NMEAContent { .gll(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, line: line, events: &events)
        assembler.record(
            latitude: latitude, longitude: longitude, valid: isValid, quality: mode ?? .autonomous, detailed: false,
            talker: talker)
    }
}

extension VTGSentence: NMEATypedSentence {
    var content: NMEAContent { .vtg(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: nil, line: line, events: &events)
        guard mode != .invalid else { return }
        assembler.update { epoch in
            epoch.speed = speed ?? epoch.speed
            epoch.course = course ?? epoch.course
        }
    }
}

extension GSVSentence: NMEATypedSentence {
    var content: NMEAContent { .gsv(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {}

    /// Only the last part of a multi-part GSV can end a cycle.
    func cycleEndKey(address: UInt64) -> UInt64? { sentenceNumber == totalSentences ? address : NMEACycleEnd.notAnEnd }
}

extension GSTSentence: NMEATypedSentence {
    var content: NMEAContent { .gst(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, line: line, events: &events)
        assembler.update { epoch in
            epoch.gstHorizontalSigma = horizontalSigma
            epoch.gstAltitudeSigma = altitudeSigma
        }
    }
}

extension GBSSentence: NMEATypedSentence {
    var content: NMEAContent { .gbs(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, line: line, events: &events)
    }
}

extension ZDASentence: NMEATypedSentence {
    var content: NMEAContent { .zda(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: time, date: date, line: line, events: &events)
        if let date, assembler.isEpochOpen { assembler.epoch.date = date }
    }
}

extension PGRMZSentence: NMEATypedSentence {
    var content: NMEAContent { .pgrmz(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.join(time: nil, line: line, events: &events)
        if isMeasured, assembler.isEpochOpen { assembler.epoch.measuredAltitudeMSL = altitudeMSL }
    }
}

// Headings are emitted as they arrive and are not part of the receiver's cycle.

extension HDTSentence: NMEATypedSentence {
    var ignoredFields: [NMEAFieldError] { [] }
    var content: NMEAContent { .hdt(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.emitHeading(true: heading, magnetic: nil, source: .hdt, line: line, talker: talker, events: &events)
    }

    func cycleEndKey(address: UInt64) -> UInt64? { nil }
}

extension HDGSentence: NMEATypedSentence {
    var content: NMEAContent { .hdg(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        let variation = assembler.latestVariation
        let derivedTrue = magneticHeading.flatMap { magnetic in variation.map { Self.normalised(magnetic + $0) } }
        assembler.emitHeading(
            true: trueHeading ?? derivedTrue,
            magnetic: magneticHeading, source: .hdg, line: line, talker: talker, events: &events)
    }

    func cycleEndKey(address: UInt64) -> UInt64? { nil }
}

extension HDMSentence: NMEATypedSentence {
    var ignoredFields: [NMEAFieldError] { [] }
    var content: NMEAContent { .hdm(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.emitHeading(
            true: nil, magnetic: magneticHeading, source: .hdm, line: line, talker: talker, events: &events)
    }

    func cycleEndKey(address: UInt64) -> UInt64? { nil }
}

extension THSSentence: NMEATypedSentence {
    var ignoredFields: [NMEAFieldError] { [] }
    var content: NMEAContent { .ths(self) }

    func add(to assembler: inout NMEAEpochAssembler, line: Int, talker: UInt16, into events: inout [NMEAEvent]) {
        assembler.emitHeading(
            true: isValid ? heading : nil, magnetic: nil, source: .ths, line: line, talker: talker, events: &events)
    }

    func cycleEndKey(address: UInt64) -> UInt64? { nil }
}
