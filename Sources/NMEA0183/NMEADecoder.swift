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
    public private(set) var diagnostics: [NMEADiagnostic] = []
    /// The first rejection or warning of the input, kept even after ``diagnostics`` has dropped it; nil until one.
    public private(set) var firstDiagnostic: NMEADiagnostic?
    /// How many older diagnostics were dropped to keep ``diagnostics`` bounded.
    public private(set) var droppedDiagnosticCount = 0
    private var framer: SentenceFramer
    private var assembler: NMEAEpochAssembler

    /// Creates a decoder.
    public init(options: NMEADecoderOptions = NMEADecoderOptions()) {
        self.options = options
        framer = SentenceFramer(maximumSentenceLength: options.maximumSentenceLength)
        assembler = NMEAEpochAssembler(options: options)
    }

    /// Decodes a chunk of bytes; returns the events it completed, in input order.
    ///
    /// A fix is returned when the next epoch begins (or on ``finish()``), because only then is the epoch known complete.
    /// Contiguous collections (`[UInt8]`, `Data`, a native string's UTF-8 view) take the fast path of
    /// `feed(_: UnsafeRawBufferPointer)`; other sequences are read byte by byte.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [NMEAEvent] {
        if let events = bytes.withContiguousStorageIfAvailable({ feed(bytes: $0) }) { return events }
        var events: [NMEAEvent] = []
        for byte in bytes {
            if let framed = framer.push(byte) { handle(framed, into: &events) }
        }
        return events
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
        var events: [NMEAEvent] = []
        var index = 0
        while let framed = framer.scan(bytes, from: &index) { handle(framed, into: &events) }
        return events
    }

    /// Decodes text (its UTF-8 bytes); see ``feed(_:)``.
    public mutating func feed(_ text: String) -> [NMEAEvent] {
        feed(text.utf8)
    }

    /// Ends the input: decodes an unterminated last sentence and closes the last epoch.
    public mutating func finish() -> [NMEAEvent] {
        var events: [NMEAEvent] = []
        if let framed = framer.finish() { handle(framed, into: &events) }
        let start = events.count
        assembler.finish(into: &events)
        count(events[start...])
        return events
    }

    private mutating func handle(_ framed: SentenceFramer.Event, into events: inout [NMEAEvent]) {
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
            decodeSentence(into: &events)
        }
    }

    private mutating func decodeSentence(into events: inout [NMEAEvent]) {
        let line = framer.sentenceLine
        let sentence: NMEASentence
        do {
            sentence = try framer.buffer.withUnsafeBufferPointer { (bytes) throws(NMEASentence.ParseError) in
                try NMEASentence(parsing: bytes, line: line, acceptsMissingChecksum: options.acceptsMissingChecksum)
            }
        } catch {
            statistics[error.reason] += 1
            record(
                NMEADiagnostic(
                    line: line, reason: error.reason, sentenceType: framer.candidateType, detail: error.detail,
                    foundValue: options.includesFieldValues ? error.foundValue : nil))
            return
        }
        let message: NMEAMessage
        do {
            message = try NMEAMessage(sentence)
        } catch {
            statistics[error.reason] += 1
            record(diagnostic(for: error, in: sentence, severity: .error))
            return
        }
        for ignored in message.ignoredFields {
            statistics.ignoredFields += 1
            record(diagnostic(for: ignored, in: sentence, severity: .warning))
        }
        statistics.acceptedSentences += 1
        if case .other = message { statistics.unknownSentences += 1 }
        if options.reportsSentences { events.append(.sentence(message)) }
        let start = events.count
        assembler.add(message, into: &events)
        count(events[start...])
    }

    private mutating func count(_ events: ArraySlice<NMEAEvent>) {
        for event in events {
            switch event {
            case .fix: statistics.fixes += 1
            case .noFix: statistics.noFixes += 1
            case .heading: statistics.headings += 1
            case .sentence: break
            }
        }
    }

    private func diagnostic(
        for error: NMEAFieldError, in sentence: NMEASentence, severity: NMEADiagnostic.Severity
    ) -> NMEADiagnostic {
        NMEADiagnostic(
            line: sentence.line, reason: error.reason, severity: severity, sentenceType: sentence.type,
            field: error.field, fieldName: error.fieldName, detail: error.detail,
            foundValue: options.includesFieldValues ? error.foundValue : nil)
    }

    /// Keeps the diagnostic: as the first one if it is, and among the last ``NMEADecoderOptions/maximumDiagnostics``.
    private mutating func record(_ diagnostic: NMEADiagnostic) {
        if firstDiagnostic == nil { firstDiagnostic = diagnostic }
        guard options.maximumDiagnostics > 0 else {
            droppedDiagnosticCount += 1
            return
        }
        if diagnostics.count >= options.maximumDiagnostics {
            diagnostics.removeFirst()
            droppedDiagnosticCount += 1
        }
        diagnostics.append(diagnostic)
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
