import Foundation
import Glibc
import LocationSupport
import NMEA0183
import Testing

@testable import LinuxCoreLocation

/// A pseudo-terminal slave named by its number (`nmea:/dev/pts/3`) is opened once.
///
/// A user's trial read another program's terminal: the provider reopened `/dev/pts/N` after its master closed, and
/// the kernel had given the number to a test's pseudo-terminal. Now the end of its stream, or a failed first open,
/// is final. Delays run on a `ManualClock`; the tests wait in real time only for the reader thread.
@Suite struct NMEAProviderPseudoTerminalTests {
    /// A provider of `path` on a manual clock, its events in `log`, the description of a failure's underlying error
    /// in `failures`, and its lines for the person running the program in `announced`.
    private struct Run {
        let clock = ManualClock()
        let provider: NMEAStreamProvider
        let log = EventLog()
        let failures = Locked<[String]>([])
        let announced = Locked<[String]>([])

        init(_ path: String) {
            provider = NMEAStreamProvider(
                identifier: "nmea:\(path)", endpoint: .serialDevice(path: path, baudRate: 9600),
                capabilities: NMEAProviderFactory.baseCapabilities, clock: clock, backoff: NMEAReconnectBackoff(),
                options: NMEADecoderOptions(), announce: { [announced] line in announced.withLock { $0.append(line) } })
            let (log, failures) = (log, failures)
            provider.start { event in
                if case .failed(let error) = event {
                    failures.withLock { $0.append("\(error.userInfo[NSUnderlyingErrorKey] ?? "no underlying error")") }
                }
                log.handler(event)
            }
        }
    }

    private static let notReopened =
        "; a pseudo-terminal named by its number is neither reopened nor waited for, because the kernel gives the "
        + "number to the next program that opens one; name a symbolic link to it instead (socat's link=/tmp/gps0), "
        + "which is reopened when it points to a new one"

    @Test func aPseudoTerminalNamedByItsNumberFailsWhenItsMasterClosesAndItsNumberIsNotReadAgain() throws {
        let terminal = try PseudoTerminal()
        let path = terminal.slavePath
        let run = Run(path)
        defer { run.provider.stop() }
        #expect(NMEAProviderLiveTests.wait { terminal.wasOpenedRaw }, "the device is open")
        terminal.write(nmeaEpoch(0) + nmeaEpoch(1))
        #expect(run.log.wait(for: 1) == [loggedEpoch(0)])
        terminal.closeMaster()
        #expect(run.log.wait(for: 3) == [loggedEpoch(0), loggedEpoch(1), "failed(network)"])
        #expect(run.failures.withLock { $0 } == [path + ": the pseudo-terminal closed" + Self.notReopened])
        // The kernel gives the lowest free number: among the next terminals, one is most likely `path` again.
        var others: [PseudoTerminal] = []
        for _ in 0..<16 where !others.contains(where: { $0.slavePath == path }) { others.append(try PseudoTerminal()) }
        for _ in 0..<40 { run.clock.advance(by: 0.5) }  // any retry or look for the path would be due by now
        #expect(run.clock.pendingCount == 0)
        for (index, other) in others.enumerated() { other.write(nmeaEpoch(10 + index) + nmeaEpoch(30 + index)) }
        #expect(run.log.wait(for: 4, timeout: 0.5).count == 3, "nothing read from another terminal")
        #expect(others.filter(\.wasOpenedRaw).isEmpty, "no other terminal opened")
    }

    /// A terminal the provider set raw gets its settings back when the provider stops: `nmea:/dev/tty` left the
    /// user's terminal raw at 9600 baud, without echo or line endings (a trial of the tool).
    @Test func aTerminalsSettingsArePutBackWhenTheProviderStops() throws {
        let terminal = try PseudoTerminal()
        var before = termios()
        #expect(tcgetattr(terminal.master, &before) == 0)
        let run = Run(terminal.slavePath)
        #expect(NMEAProviderLiveTests.wait { terminal.wasOpenedRaw }, "the device is open")
        run.provider.stop()
        var after = termios()
        #expect(tcgetattr(terminal.master, &after) == 0)
        #expect(after.c_lflag == before.c_lflag)
        #expect(after.c_iflag == before.c_iflag)
        #expect(after.c_oflag == before.c_oflag)
        #expect(after.c_cflag == before.c_cflag)
        #expect(cfgetispeed(&after) == cfgetispeed(&before))
    }

    /// A silent one is not closed for a reopen: its number could go to another program's terminal in between.
    @Test func aSilentPseudoTerminalNamedByItsNumberIsReadOnWithoutClosingIt() throws {
        let terminal = try PseudoTerminal()
        let run = Run(terminal.slavePath)
        defer { run.provider.stop() }
        #expect(NMEAProviderLiveTests.wait { terminal.wasOpenedRaw }, "the device is open")
        terminal.write(nmeaEpoch(0) + nmeaEpoch(1) + nmeaEpoch(2))
        #expect(run.log.wait(for: 2) == [loggedEpoch(0), loggedEpoch(1)])
        run.clock.advance(by: 5)  // five of its 1 s epochs without a byte
        #expect(run.log.wait(for: 4) == [loggedEpoch(0), loggedEpoch(1), loggedEpoch(2), "lost"])
        #expect(run.announced.withLock { $0 } == ["nmea:\(terminal.slavePath): no data for 5.0 s; still reading it"])
        #expect(!terminal.slaveClosed, "still open")
        terminal.write(nmeaEpoch(20) + nmeaEpoch(21))
        // Each closed at its RMC: the cycle's end was learned from the first three.
        #expect(
            run.log.wait(for: 6) == [
                loggedEpoch(0), loggedEpoch(1), loggedEpoch(2), "lost", loggedEpoch(20), loggedEpoch(21),
            ])
        #expect(run.clock.pendingCount >= 1, "watched again")
    }

    @Test func anAbsentPseudoTerminalFailsAtOnce() throws {
        let path = try Self.absentPseudoTerminal()
        let run = Run(path)
        defer { run.provider.stop() }
        #expect(run.log.wait(for: 1) == ["failed(network)"])
        #expect(
            run.failures.withLock { $0 } == [path + ": cannot open: No such file or directory" + Self.notReopened])
        #expect(run.clock.pendingCount == 0, "not looked for")
    }

    @Test func onlyThePseudoTerminalItselfIsNamedByItsNumber() throws {
        let terminal = try PseudoTerminal()
        let links = try LinkDirectory()
        defer { links.remove() }
        let link = links.path("gps0")
        try links.point(link, to: terminal.slavePath)
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave(terminal.slavePath))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave(link), "a link is re-pointed by whoever owns it")
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave("/dev/null"))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave("/dev/tty"))
        // Absent, the name tells.
        let absent = try Self.absentPseudoTerminal()
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave(absent))
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave(absent.replacingOccurrences(of: "/pts/", with: "//pts/./")))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave(String(absent.dropFirst())))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave(links.path("absent")))
    }

    /// A `/dev/pts/N` that is not there.
    private static func absentPseudoTerminal() throws -> String {
        let number = try #require((4096..<8192).first { access("/dev/pts/\($0)", F_OK) != 0 })
        return "/dev/pts/\(number)"
    }
}
