import Foundation
import Glibc
import LocationSupport
import NMEA0183
import Testing

@testable import LinuxCoreLocation

/// Character devices that are not receivers, and receivers that send no NMEA.
///
/// The trial of the tool found `nmea:/dev/null` retrying "end of stream" forever, `nmea:/dev/zero` reading at full
/// CPU without a word and `nmea:/dev/urandom` going on forever. A device that is not a terminal and gives no NMEA
/// now fails with the replay's reason (``NMEAInputCheck``); a terminal is read on, with one warning naming the baud
/// rate. Delays run on a `ManualClock`; the tests wait in real time only for the reader thread.
@Suite struct NMEAProviderNotNMEATests {
    /// What a provider reported: events, and the reason of a failure.
    private final class Outcome: Sendable {
        private let events = Locked<[String]>([])
        let announced = Locked<[String]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func handle(_ event: LocationProviderEvent) {
            let text: String
            switch event {
            case .failed(let error):
                let underlying = error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError
                text = "failed(\(error.code)): \(underlying.map { "\($0)" } ?? "no input error")"
            case .fixLost: text = "lost"
            case .locations(let fixes): text = "\(fixes.count) fixes"
            case .heading: text = "heading"
            case .finished: text = "finished"
            }
            events.withLock { $0.append(text) }
            arrived.signal()
        }

        /// Waits, at most 5 s in real time, for the first event.
        func first() -> String? {
            _ = arrived.wait(timeout: .now() + 5)
            return events.withLock { $0.first }
        }

        var all: [String] { events.withLock { $0 } }
    }

    private static func start(_ path: String, clock: ManualClock) -> (NMEAStreamProvider, Outcome) {
        let outcome = Outcome()
        let provider = NMEAStreamProvider(
            identifier: "nmea:\(path)", endpoint: .serialDevice(path: path, baudRate: 9600),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: clock, backoff: NMEAReconnectBackoff(),
            options: NMEADecoderOptions(), announce: { line in outcome.announced.withLock { $0.append(line) } })
        provider.start(outcome.handle)
        return (provider, outcome)
    }

    /// `/dev/null` is an empty input: it fails as an empty log does, and nothing is tried again.
    @Test func devNullFailsAsAnEmptyInput() {
        let clock = ManualClock()
        let (provider, outcome) = Self.start("/dev/null", clock: clock)
        defer { provider.stop() }
        #expect(
            outcome.first()
                == "failed(network): /dev/null: error: no NMEA 0183 sentences: the input is empty")
        #expect(clock.pendingCount == 0)
        #expect(outcome.announced.withLock { $0 } == [])
    }

    /// `/dev/zero` never begins a sentence: it fails once its first 4096 bytes are read.
    @Test func devZeroFailsAfterItsFirstBytes() {
        let clock = ManualClock()
        let (provider, outcome) = Self.start("/dev/zero", clock: clock)
        defer { provider.stop() }
        #expect(
            outcome.first()
                == "failed(network): /dev/zero: error: no NMEA 0183 sentences: none began in the first 4096 bytes")
        #expect(clock.pendingCount == 0)
        #expect(outcome.all.count == 1)
    }

    /// `/dev/urandom`'s `$` and `!` begin candidates that hold control or non-ASCII bytes: binary data.
    @Test func devUrandomFailsAsBinaryData() throws {
        let clock = ManualClock()
        let (provider, outcome) = Self.start("/dev/urandom", clock: clock)
        defer { provider.stop() }
        let first = try #require(outcome.first())
        #expect(first.hasPrefix("failed(network): /dev/urandom: error: no NMEA 0183 sentences: "))
        #expect(first.hasSuffix("that began with $ or ! held control or non-ASCII bytes; binary data"))
        #expect(clock.pendingCount == 0)
    }

    /// A terminal sending garbage (a receiver at the wrong baud rate) is read on, after one warning; the NMEA that
    /// follows is decoded.
    ///
    /// The terminal here is a pseudo-terminal, which has no baud rate: its warning asks about the program behind it.
    /// It named the baud rate and `?baud=N`, which change nothing on a pseudo-terminal (a trial of the tool with socat).
    @Test func aTerminalSendingGarbageIsWarnedAboutOnceAndReadOn() throws {
        let terminal = try PseudoTerminal()
        let clock = ManualClock()
        let (provider, outcome) = Self.start(terminal.slavePath, clock: clock)
        defer { provider.stop() }
        #expect(NMEAProviderLiveTests.wait { clock.pendingCount == 1 }, "the device is open")
        // What a receiver at 4800 baud looks like read at 9600: no line, bytes of every kind, `$`s among them.
        let garbage = (0..<(2 * NMEAInputCheck.liveSampleSize)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            .map { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") ? 0x80 : $0 }
        terminal.write(bytes: garbage)
        #expect(NMEAProviderLiveTests.wait { !outcome.announced.withLock { $0 }.isEmpty })
        let warnings = outcome.announced.withLock { $0 }
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("nmea:\(terminal.slavePath): no NMEA 0183 sentences: ") == true)
        #expect(
            warnings.first?.hasSuffix(
                "held control or non-ASCII bytes; binary data; a pseudo-terminal has no baud rate: does the program "
                    + "behind it send NMEA 0183?") == true)
        terminal.write(
            "\r\n" + nmeaSentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
                + nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
                + nmeaSentence("GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        #expect(outcome.first() == "1 fixes")
        terminal.write(bytes: garbage)
        #expect(outcome.announced.withLock { $0 }.count == 1)
    }

    /// A serial port's warning names the baud rate it is read at; a pseudo-terminal's does not; a socket's asks.
    @Test func theWarningNamesTheLikelyCause() {
        #expect(
            NMEAStreamConnection.notNMEAHint(terminal: true, pseudoTerminal: false, baudRate: 4800)
                == "read at 4800 baud: is that the receiver's rate? Most send at 9600 or 4800 (?baud=N)")
        #expect(
            NMEAStreamConnection.notNMEAHint(terminal: true, pseudoTerminal: true, baudRate: 9600)
                == "a pseudo-terminal has no baud rate: does the program behind it send NMEA 0183?")
        #expect(
            NMEAStreamConnection.notNMEAHint(terminal: false, pseudoTerminal: false, baudRate: nil)
                == "is it an NMEA 0183 stream?")
    }

    /// The replay's rule and the live one are the same rule: a binary file's reason is unchanged.
    @Test func theRuleJudgesCountsTheSameWayForAFileAndAStream() {
        var binary = NMEAStatistics()
        binary[.invalidCharacter] = 3
        binary[.checksumMismatch] = 2
        #expect(
            NMEAInputCheck.reason(binary, bytesRead: nil)
                == "no NMEA 0183 sentences: 3 of the 5 that began with $ or ! held control or non-ASCII bytes; "
                + "a binary file, not a log")
        var malformed = binary
        malformed[.checksumMismatch] = 3
        #expect(NMEAInputCheck.reason(malformed, bytesRead: 4096) == nil)
        var accepted = binary
        accepted.acceptedSentences = 1
        #expect(NMEAInputCheck.reason(accepted, bytesRead: 4096) == nil)
        #expect(
            NMEAInputCheck.reason(NMEAStatistics(), bytesRead: 4096)
                == "no NMEA 0183 sentences: none began in the first 4096 bytes")
    }
}
