import Foundation

/// The streaming NMEA 0183 decoder: bytes in, fixes, no-fixes, headings and sentences out.
///
/// Feed it arbitrary chunks (a serial read, a file, a socket buffer); sentences may be split anywhere.
/// It frames sentences (the framer's rules), verifies checksums, decodes fields, assembles epochs
/// (``NMEAEpochAssembler``) and counts and describes every rejection. Memory is bounded: one sentence
/// buffer of ``NMEADecoderOptions/maximumSentenceLength`` bytes and at most
/// ``NMEADecoderOptions/maximumDiagnostics`` diagnostics.
///
/// ```swift
/// var decoder = NMEADecoder()
/// for event in decoder.feed(chunk) { if case .fix(let fix) = event { print(fix.latitude) } }
/// let last = decoder.finish()
/// ```
///
/// A value type: confine each instance to one task or protect it (e.g. with a `Mutex`).
public struct NMEADecoder: Sendable {
    /// The settings in use.
    public let options: NMEADecoderOptions
    /// What was accepted and rejected so far.
    public private(set) var statistics = NMEAStatistics()
    /// The most recent rejections and warnings, oldest first, at most ``NMEADecoderOptions/maximumDiagnostics``.
    public var diagnostics: [NMEADiagnostic] {
        Array(recentDiagnostics[oldestDiagnostic...] + recentDiagnostics[..<oldestDiagnostic])
    }
    /// The first rejection or warning of the input, kept even after ``diagnostics`` has dropped it; nil until one.
    public private(set) var firstDiagnostic: NMEADiagnostic?
    /// How many older diagnostics were dropped to keep ``diagnostics`` bounded.
    public private(set) var droppedDiagnosticCount = 0
    /// The kept diagnostics as a ring: once full, the next one replaces the oldest, at ``oldestDiagnostic``.
    private var recentDiagnostics: [NMEADiagnostic] = []
    private var oldestDiagnostic = 0
    private var framer: SentenceFramer
    /// The most events per byte a contiguous chunk of 4 KiB or more gave: how many the next one is expected to give.
    private var eventDensity = 0.0
    private var assembler: NMEAEpochAssembler
    /// The events of the call in progress (`feed`, `finish`, `closeEpoch`), handed out and emptied when it returns:
    /// kept here, so that each sentence appends to them in place instead of taking the array in and out.
    private var events: [NMEAEvent] = []

    /// Creates a decoder.
    public init(options: NMEADecoderOptions = NMEADecoderOptions()) {
        self.options = options
        framer = SentenceFramer(maximumSentenceLength: options.maximumSentenceLength)
        assembler = NMEAEpochAssembler(options: options)
    }

    /// Decodes a chunk of bytes; returns the events it completed, in input order.
    ///
    /// A fix is returned when the next epoch begins (or on ``finish()``), because only then is the epoch known
    /// complete — or, with ``NMEADecoderOptions/closesEpochAtCycleEnd``, when the receiver's cycle ends.
    /// Contiguous collections (`[UInt8]`, `Data`, a native string's UTF-8 view) take the fast path of
    /// `feed(_: UnsafeRawBufferPointer)`; other sequences are read byte by byte.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [NMEAEvent] {
        if let events = bytes.withContiguousStorageIfAvailable({ feed(bytes: $0) }) { return events }
        for byte in bytes {
            if let framed = framer.push(byte) { handle(framed, scanned: nil) }
        }
        return takeEvents()
    }

    /// Decodes bytes in memory; returns the events they completed, in input order.
    ///
    /// The fastest entry point: not generic, so no byte goes through a protocol witness. Same results as
    /// the generic `feed(_:)` on the same bytes, however the input is cut into chunks.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [NMEAEvent] {
        bytes.withMemoryRebound(to: UInt8.self) { feed(bytes: $0) }
    }

    /// Decodes an array of bytes; see `feed(_: UnsafeRawBufferPointer)`.
    public mutating func feed(_ bytes: [UInt8]) -> [NMEAEvent] {
        bytes.withUnsafeBufferPointer { feed(bytes: $0) }
    }

    private mutating func feed(bytes: UnsafeBufferPointer<UInt8>) -> [NMEAEvent] {
        // Room for as many events as the densest chunk so far would give, so that the array is not regrown (and its
        // events copied) a few times per chunk; at most one per 8 bytes. Only chunks of 4 KiB or more count: a few
        // bytes that complete an epoch say nothing of the density.
        events.reserveCapacity(min(bytes.count / 8, Int(Double(bytes.count) * eventDensity) + 1))
        withUnsafeTemporaryAllocation(of: Int.self, capacity: framer.commaCapacity) { commas in
            var index = 0
            while let framed = framer.scan(bytes, from: &index, commas: commas) {
                handle(framed, scanned: Scanned(bytes: bytes, commas: commas))
            }
        }
        if bytes.count >= 4096 { eventDensity = max(eventDensity, Double(events.count) / Double(bytes.count)) }
        return takeEvents()
    }

    /// The events of the call in progress, taken out (``events`` is left empty).
    private mutating func takeEvents() -> [NMEAEvent] {
        var taken: [NMEAEvent] = []
        swap(&taken, &events)
        return taken
    }

    /// The bytes ``SentenceFramer/scan(_:from:commas:)`` was given, and where it wrote the commas it found.
    private struct Scanned {
        let bytes: UnsafeBufferPointer<UInt8>
        let commas: UnsafeMutableBufferPointer<Int>
    }

    /// Decodes text (its UTF-8 bytes); see ``feed(_:)``.
    public mutating func feed(_ text: String) -> [NMEAEvent] {
        feed(text.utf8)
    }

    /// Ends the input: decodes an unterminated last sentence and closes the last epoch.
    public mutating func finish() -> [NMEAEvent] {
        if let framed = framer.finish() { handle(framed, scanned: nil) }
        let start = events.count
        assembler.finish(into: &events)
        countEvents(from: start)
        return takeEvents()
    }

    /// Closes the open epoch now and returns its fix or no-fix.
    ///
    /// For a live receiver whose input paused after a complete cycle (see ``NMEAEpochAssembler/closeEpoch(into:)``).
    /// A sentence still incomplete stays buffered.
    public mutating func closeEpoch() -> [NMEAEvent] {
        assembler.closeEpoch(into: &events)
        countEvents(from: 0)
        return takeEvents()
    }

    /// Whether an epoch is open: sentences arrived since the last fix or no-fix.
    public var hasOpenEpoch: Bool { assembler.hasOpenEpoch }

    /// Counts, describes or decodes what the framer completed; `scanned` is what
    /// ``SentenceFramer/scan(_:from:commas:)`` was given, where a sentence it completed may lie
    /// (``SentenceFramer/completedRange``), already scanned.
    private mutating func handle(_ framed: SentenceFramer.Event, scanned: Scanned?) {
        switch framed {
        case .skippedLine:
            statistics.skippedLines += 1
        case .dateComment(let date):
            // gpsd's regression logs say when they were recorded; the rollover rule measures from that date.
            statistics.skippedLines += 1
            assembler.useRolloverReference(Date(timeIntervalSince1970: Double(date.daysSince1970) * 86_400))
        case .rejected(let reason):
            statistics[reason] += 1
            record(
                NMEADiagnostic(
                    line: framer.rejectedLine, reason: reason, sentenceType: framer.rejectedType,
                    detail: Self.framingDetail(reason, limit: options.maximumSentenceLength)))
        case .sentence:
            let line = framer.sentenceLine
            if let scanned, let range = framer.completedRange {
                decodeSentence(
                    UnsafeBufferPointer(rebasing: scanned.bytes[range]), line: line,
                    commas: scanned.commas, body: framer.body)
                return
            }
            // The framer's buffer is borrowed for the parse (taken out and given back, so that decoding may
            // change the rest of the decoder meanwhile).
            let bytes = framer.takeBuffer()
            bytes.withUnsafeBufferPointer { bytes in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, bytes.count)) { commas in
                    decodeSentence(bytes, line: line, commas: commas, body: nil)
                }
            }
            framer.giveBack(bytes)
        }
    }

    /// Parses, decodes and assembles one framed sentence, counting and describing what it rejects or ignores.
    ///
    /// `commas` is at least `bytes.count` long; with `body`, the framer's scan of the whole sentence, it holds the
    /// positions of its commas already (``NMEAFieldView/parse(_:commas:line:acceptsMissingChecksum:body:)``).
    private mutating func decodeSentence(
        _ bytes: UnsafeBufferPointer<UInt8>, line: Int, commas: UnsafeMutableBufferPointer<Int>,
        body: SentenceBodyScan?
    ) {
        var fields: NMEAFieldView
        if let body, let scanned = NMEAFieldView.parseScanned(bytes, commas: commas, line: line, body: body) {
            fields = scanned
        } else {
            do throws(NMEASentence.ParseError) {
                fields = try NMEAFieldView.parse(
                    bytes, commas: commas, line: line, acceptsMissingChecksum: options.acceptsMissingChecksum,
                    body: body)
            } catch {
                statistics[error.reason] += 1
                record(
                    NMEADiagnostic(
                        line: line, reason: error.reason, sentenceType: SentenceFramer.candidateType(of: bytes),
                        detail: error.detail,
                        foundValue: options.includesFieldValues ? error.foundValue : nil))
                return
            }
        }
        do throws(NMEAFieldError) {
            try NMEAContent.decode(fields, keepsSatellites: options.reportsSentences, to: &self, context: &fields)
        } catch {
            statistics[error.reason] += 1
            record(diagnostic(for: error, in: fields, severity: .error))
        }
    }

    /// Counts the fixes, no-fixes and headings among ``events`` from `start` on.
    ///
    /// Inlined: it runs for every sentence, most of which complete no event.
    @inline(__always)
    private mutating func countEvents(from start: Int) {
        // By index and case alone: binding each event would copy it (a fix is a few hundred bytes); no slice, which
        // would retain the array.
        for index in start..<events.count {
            switch events[index] {
            case .fix: statistics.fixes += 1
            case .noFix: statistics.noFixes += 1
            case .heading: statistics.headings += 1
            case .sentence: break
            }
        }
    }

    private func diagnostic(
        for error: NMEAFieldError, in fields: NMEAFieldView, severity: NMEADiagnostic.Severity
    ) -> NMEADiagnostic {
        NMEADiagnostic(
            line: fields.line, reason: error.reason, severity: severity, sentenceType: fields.type,
            field: error.field, fieldName: error.fieldName, detail: error.detail,
            foundValue: options.includesFieldValues ? error.foundValue : nil)
    }

    /// Keeps the diagnostic: as the first one if it is, and among the last ``NMEADecoderOptions/maximumDiagnostics``.
    private mutating func record(_ diagnostic: NMEADiagnostic) {
        if droppedDiagnosticCount == 0, recentDiagnostics.isEmpty { firstDiagnostic = diagnostic }
        guard options.maximumDiagnostics > 0 else {
            droppedDiagnosticCount += 1
            return
        }
        if recentDiagnostics.count < options.maximumDiagnostics {
            recentDiagnostics.append(diagnostic)
        } else {
            recentDiagnostics[oldestDiagnostic] = diagnostic
            oldestDiagnostic = (oldestDiagnostic + 1) % recentDiagnostics.count
            droppedDiagnosticCount += 1
        }
    }

    private static func framingDetail(_ reason: NMEARejectionReason, limit: Int) -> String {
        switch reason {
        case .truncated: "cut short: a new '$' or '!' arrived before the end of the line"
        case .tooLong: "longer than \(limit) characters"
        case .invalidCharacter: "control or non-ASCII byte inside the sentence"
        default: reason.description
        }
    }
}

/// The decoder takes each decoded sentence borrowed, where it was decoded (see ``NMEATypedSentence``).
extension NMEADecoder: NMEATypedSentenceHandler {
    /// Counts and describes what `sentence` (decoded from `fields`) ignored, reports it when sentences are reported,
    /// and adds it to its epoch; its events go to ``events``.
    mutating func handle<Sentence: NMEATypedSentence>(_ sentence: Sentence, _ fields: inout NMEAFieldView) {
        if !sentence.ignoredFields.isEmpty {
            for ignored in sentence.ignoredFields {
                statistics.ignoredFields += 1
                record(diagnostic(for: ignored, in: fields, severity: .warning))
            }
        }
        statistics.acceptedSentences += 1
        if Sentence.self == OtherContent.self { statistics.unknownSentences += 1 }
        if options.reportsSentences { report(sentence, fields) }
        let start = events.count
        // The address key serves only to learn the cycle's end: not computed when epochs do not close at it.
        assembler.add(
            sentence, line: fields.line, talker: fields.talkerCode,
            address: options.closesEpochAtCycleEnd ? fields.addressKey : nil, into: &events)
        countEvents(from: start)
    }

    /// Reports `sentence`, decoded from `fields`, as an event.
    ///
    /// Out of line: inlined, the copy of the sentence its content takes was made on entry to
    /// ``handle(_:_:)``, for every sentence, even when no sentence is reported (issue 30).
    @inline(never)
    private mutating func report<Sentence: NMEATypedSentence>(_ sentence: Sentence, _ fields: NMEAFieldView) {
        events.append(.sentence(sentence.content.message(NMEASentence(copying: fields))))
    }
}
