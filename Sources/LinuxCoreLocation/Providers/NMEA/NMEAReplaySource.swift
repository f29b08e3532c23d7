import Glibc
import NMEA0183
import Synchronization

/// An NMEA 0183 log read as a replay: fixes, no-fix epochs and headings with their recorded UTC times.
///
/// **Linux only.**
///
/// Reads the file in chunks of ``chunkSize`` bytes through `NMEADecoder`, so a log of any size replays in
/// bounded memory. Fixes become ``CLLocation``s marked as simulated by software; epochs without a fix become
/// ``LocationProviderEvent/fixLost`` (once per outage); HDT/HDG/THS become headings. Events before the first
/// date (RMC or ZDA) have no known time and are skipped (counted in ``undatedEventCount``). Malformed sentences
/// are counted and skipped by the decoder, malformed optional fields counted and ignored; at the end of the file
/// a one-line summary and the input's first diagnostic go to standard error. Used by one replay at a time, like
/// every ``ReplaySource``.
///
/// Standard input, a FIFO or a pipe is read without blocking in `open(2)` or `read(2)`: the file is opened with
/// `O_NONBLOCK` and each read waits in `poll(2)` together with a wake-up pipe, so ``interrupt()``, which the replay
/// calls when it stops (`--duration`, `--timeout`, Ctrl-C, SIGTERM in the tool), ends a wait for a writer or for
/// data at once, and the read ends quietly (issue 32: `nmea:-` on an open but silent standard input, or a FIFO
/// whose writer had gone, held the tool until SIGKILL). A FIFO without a writer yet keeps waiting; once its writer
/// has gone, the replay ends there.
public final class NMEAReplaySource: ReplaySource, BufferedReplaySource {
    /// The file's path, or `-` for standard input.
    public let path: String
    /// The bytes read per `read(2)`.
    public let chunkSize: Int
    private let options: NMEADecoderOptions
    private let stream: NMEAFileDescriptor
    private var decoder: NMEADecoder
    /// Used once per event, under the replay's lock as ``pending`` is.
    @exclusivity(unchecked) private var translator: NMEAEventTranslator
    /// The items of the chunk decoded last; those before ``pendingIndex`` were handed out, moved out of it.
    ///
    /// Used by one replay at a time, under its lock (``ReplaySource``): the runtime's exclusivity check of each
    /// access, three or four per item, is redundant.
    @exclusivity(unchecked) private var pending: [ReplayItem] = []
    @exclusivity(unchecked) private var pendingIndex = 0
    private var reachedEnd = false
    private var isClosed = false
    private var buffer: [UInt8]
    /// Wakes a read waiting for data; `nil` for a regular file, whose reads never wait.
    private let wake: NMEAWakePipe?
    private let interrupted = Atomic<Bool>(false)
    /// The first bytes of standard input, a FIFO or a pipe, until they are judged (``NMEAInputCheck``).
    private var firstBytes = NMEAInputCheck.FirstBytes()

    /// Opens a log.
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input (which cannot be rewound).
    ///   - options: Decoder settings; sentences are not reported whatever `NMEADecoderOptions.reportsSentences` says.
    ///   - chunkSize: Bytes per read, at least 1; 256 KiB by default. Each chunk's items are handed on as one burst
    ///     (`hasBufferedItems`): the callback thread is woken every 192 of them and at each chunk's end. With 64 KiB
    ///     chunks, a replay as fast as possible of the bench's 100 MB of gpsd logs (about 350 events per 256 KiB)
    ///     switched threads about 1,550 times instead of 420, for 2-3 % more CPU (issue 30). A chunk's decoded events
    ///     are held until they are handed on: for a log of the shortest sentences, about 16,000 events, 5-6 MB.
    /// - Throws: ``NMEAStreamError`` when the file cannot be opened.
    public init(path: String, options: NMEADecoderOptions = NMEADecoderOptions(), chunkSize: Int = 262_144) throws {
        self.path = path
        self.chunkSize = max(1, chunkSize)
        var options = options
        options.reportsSentences = false
        self.options = options
        stream = path == "-" ? NMEAFileDescriptor.standardInput() : try NMEAFileDescriptor.openFile(path)
        wake = stream.mayWaitForData ? try NMEAWakePipe() : nil
        decoder = NMEADecoder(options: options)
        translator = NMEAEventTranslator(
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: true, andExternalAccessoryState: false), source: path)
        buffer = [UInt8](repeating: 0, count: self.chunkSize)
    }

    /// What the decoder accepted and rejected in the current pass.
    public var statistics: NMEAStatistics { decoder.statistics }

    /// The most recent rejections of the current pass (see `NMEADecoder.diagnostics`).
    public var diagnostics: [NMEADiagnostic] { decoder.diagnostics }

    /// The first rejection or warning of the current pass (see `NMEADecoder.firstDiagnostic`).
    public var firstDiagnostic: NMEADiagnostic? { decoder.firstDiagnostic }

    /// Fixes, no-fixes and headings skipped in the current pass because no date was known yet.
    public var undatedEventCount: Int { translator.undatedCount }

    /// The next fix, loss or heading, or `nil` at the end of the file.
    ///
    /// - Throws: ``NMEAStreamError`` when reading fails; ``ReplayInputError`` at the end of a pass in which the
    ///   file held nothing that looks like an NMEA sentence (an empty file, a text file that is not NMEA).
    public func next() throws -> ReplayItem? {
        while pendingIndex == pending.count {
            guard !reachedEnd else { return nil }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            if let wake {
                guard !interrupted.load(ordering: .acquiring), wake.waitReadable(stream) else { return nil }
            }
            guard let count = try buffer.withUnsafeMutableBytes({ try stream.readAvailable(into: $0) }) else {
                continue  // woken without data (EAGAIN): wait again
            }
            let events: [NMEAEvent]
            if count == 0 {
                reachedEnd = true
                events = decoder.finish()
            } else {
                events = buffer.withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                try judgeFirstBytes(count)
            }
            // By index, not by iterator, which copied each event (an outlined copy of a large enum).
            for index in events.indices {
                if let item = translator.translate(events[index], clockDate: nil) { pending.append(item) }
            }
            if reachedEnd {
                reportRejections()
                try checkHeldSentences()
            }
        }
        // Moved out, not copied: the chunk's array does not hold the fixes until the next chunk (a retain and a
        // release of each fix's array, the release racing the callback thread's own).
        var item = ReplayItem(time: Self.movedOut, event: .finished)
        swap(&item, &pending[pendingIndex])
        pendingIndex += 1
        return item
    }

    /// What stands in ``pending`` for an item handed out.
    private static let movedOut = Date(timeIntervalSinceReferenceDate: 0)

    /// Whether the next item comes from the chunk already decoded, without reading the file.
    var hasBufferedItems: Bool { pendingIndex < pending.count }

    /// Whether a read may wait for data: standard input, a FIFO or a pipe, not a regular file.
    public var mayWaitForData: Bool { wake != nil }

    /// Ends a read waiting for data from another thread; it, and every later ``next()``, returns `nil`.
    public func interrupt() {
        interrupted.store(true, ordering: .releasing)
        wake?.wake()
    }

    /// Starts again from the first byte with a fresh decoder.
    ///
    /// - Throws: ``NMEAStreamError/notRewindable(_:)`` for standard input, or ``NMEAStreamError/system(_:_:_:)``
    ///   after ``close()`` (`EBADF`) or when seeking fails.
    public func rewind() throws {
        guard path != "-" else { throw NMEAStreamError.notRewindable(path) }
        guard !isClosed else { throw NMEAStreamError.system(path, "cannot rewind", EBADF) }
        try stream.rewind()
        decoder = NMEADecoder(options: options)
        translator = NMEAEventTranslator(sourceInformation: translator.sourceInformation, source: path)
        pending.removeAll()
        pendingIndex = 0
        reachedEnd = false
    }

    /// Closes the file now (standard input stays open); from then on ``next()`` returns `nil`.
    public func close() {
        isClosed = true
        reachedEnd = true
        pending.removeAll()
        pendingIndex = 0
        stream.close()
    }

    /// Throws ``ReplayInputError`` when the whole pass held nothing that even looked like a sentence, or no sentence
    /// and mostly binary bytes (``NMEAInputCheck``).
    ///
    /// Such a file is not an NMEA log, and replaying it as one that merely has no fix would hide the mistake:
    /// `nmea:/usr/bin/ls` finished with "0 fixes written" and exit status 0. A log whose sentences are all malformed
    /// (bad checksums, a wrong baud rate's debris among them) is a log, and finishes with its rejections summarised.
    private func checkHeldSentences() throws {
        guard let reason = NMEAInputCheck.reason(decoder.statistics, bytesRead: nil) else { return }
        throw ReplayInputError(source: sourceName, reason: reason)
    }

    /// Throws ``ReplayInputError`` when the first ``NMEAInputCheck/liveSampleSize`` bytes of standard input, a FIFO
    /// or a pipe hold no NMEA 0183, as the end of a file's pass would.
    ///
    /// Such a stream may never end (`nmea:- < /dev/zero`, `cat /dev/urandom | corelocation --provider nmea:-`,
    /// `yes | …`), and was read for ever, the tool saying only that no fix had come (a new user's trial). `count`
    /// bytes were just decoded.
    private func judgeFirstBytes(_ count: Int) throws {
        guard wake != nil, let reason = firstBytes.add(count, decoder.statistics) else { return }
        throw ReplayInputError(source: sourceName, reason: reason)
    }

    /// The input, as its errors name it: its path, or `standard input`.
    private var sourceName: String { path == "-" ? "standard input" : path }

    private func reportRejections() {
        guard let message = rejectionSummary else { return }
        Diagnostics.hint("nmea-rejections:\(path)", message)
    }

    /// The end-of-pass line for standard error; nil when nothing was rejected, ignored or skipped.
    ///
    /// For example `log.nmea: 3 sentences rejected (checksumMismatch 3), 1 optional field ignored; first:
    /// log.nmea:6: error: GGA sentence: checksum is 54, computed 56`.
    var rejectionSummary: String? {
        let statistics = decoder.statistics
        let outOfRange = translator.skipped.total
        guard
            statistics.rejectedSentences > 0 || statistics.ignoredFields > 0 || translator.undatedCount > 0
                || outOfRange > 0
        else { return nil }
        let reasons = NMEARejectionReason.allCases.filter { statistics[$0] > 0 }
            .map { "\($0.rawValue) \(statistics[$0])" }.joined(separator: ", ")
        var message = "\(path): \(Diagnostics.count(statistics.rejectedSentences, "sentence")) rejected"
        if !reasons.isEmpty { message += " (\(reasons))" }
        if statistics.ignoredFields > 0 {
            message += ", \(Diagnostics.count(statistics.ignoredFields, "optional field")) ignored"
        }
        if translator.undatedCount > 0 {
            message += ", \(Diagnostics.count(translator.undatedCount, "event")) before the first date skipped"
        }
        if outOfRange > 0 { message += ", \(Diagnostics.count(outOfRange, "event")) with a time out of range skipped" }
        if let first = decoder.firstDiagnostic { message += "; first: \(first.description(source: path))" }
        return message
    }
}
