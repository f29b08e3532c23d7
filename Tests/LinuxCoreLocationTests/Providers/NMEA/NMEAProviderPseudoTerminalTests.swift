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
        "; a pseudo-terminal named by its number or by a descriptor is neither reopened nor waited for, because the "
        + "kernel gives its number to the next program that opens one; name a symbolic link to it instead (socat's "
        + "link=/tmp/gps0), which is reopened when it points to a new one"

    private static let descriptor =
        "; a device named by a descriptor (/dev/fd/N, /proc/PID/fd/N) is opened once: the descriptor's device is gone "
        + "for good when its stream ends; name the device itself, which is reopened when it comes back"

    @Test func aPseudoTerminalNamedByItsNumberFailsWhenItsMasterClosesAndItsNumberIsNotReadAgain() throws {
        let terminal = try PseudoTerminal()
        let path = terminal.slavePath
        let run = Run(path)
        defer { run.provider.stop() }
        Self.expectFailureWhenTheMasterCloses(terminal, run, path)
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

    /// A pseudo-terminal named by a descriptor (`/proc/self/fd/5`, `/dev/fd/5`) is opened once too.
    ///
    /// `lstat(2)` saw a symbolic link there, so the provider took it for a link that someone re-points and reopened
    /// the path after the master closed, for ever. Nobody re-points a descriptor: what it leads to decides.
    @Test(arguments: ["/proc/self/fd/", "/dev/fd/"])
    func aPseudoTerminalNamedByADescriptorFailsWhenItsMasterClosesAndIsNotReopened(_ directory: String) throws {
        let terminal = try PseudoTerminal()
        let held = try Self.holdOpen(terminal.slavePath)
        defer { close(held) }
        let path = directory + String(held)
        let run = Run(path)
        defer { run.provider.stop() }
        Self.expectFailureWhenTheMasterCloses(terminal, run, path)
        for _ in 0..<40 { run.clock.advance(by: 0.5) }  // any retry or look for the path would be due by now
        #expect(run.clock.pendingCount == 0)
        #expect(run.log.wait(for: 4, timeout: 0.5).count == 3, "not reopened")
        #expect(run.announced.withLock { $0 } == [], "no outage announced: the run is over")
    }

    /// A descriptor that is not open names nothing that could come, and is not looked for.
    ///
    /// `nmea:/dev/fd/N` was looked for every 0.5 s, for ever, as a receiver not plugged in yet. It is a file that
    /// cannot be read now, as `nmea:/proc/self/fd/N` was; the live provider, named such a path, fails at once.
    @Test func aDescriptorThatIsNotOpenIsNotLookedFor() throws {
        // Above the usual limit of 1024 descriptors, and out of reach of the lowest free number anyway.
        let number = try #require((3000..<4096).first { fcntl($0, F_GETFD) < 0 })
        let path = "/dev/fd/\(number)"
        let made = try LocationProviders.provider(for: "nmea:\(path)")
        #expect(made is ReplayLocationProvider)
        #expect(made.unavailability == "cannot read \(path): No such file or directory")
        let run = Run(path)
        defer { run.provider.stop() }
        #expect(run.log.wait(for: 1) == ["failed(network)"])
        #expect(run.failures.withLock { $0 } == [path + ": cannot open: No such file or directory" + Self.descriptor])
        #expect(run.clock.pendingCount == 0, "not looked for")
    }

    /// What a descriptor leads to decides: a pseudo-terminal is one, another device is opened once as a descriptor's.
    @Test func aDescriptorIsJudgedByWhatItLeadsTo() throws {
        let terminal = try PseudoTerminal()
        let heldTerminal = try Self.holdOpen(terminal.slavePath)
        defer { close(heldTerminal) }
        let heldNull = try Self.holdOpen("/dev/null")
        defer { close(heldNull) }
        let links = try LinkDirectory()
        defer { links.remove() }
        let link = links.path("gps0")
        try links.point(link, to: "/proc/self/fd/\(heldTerminal)")
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave("/proc/self/fd/\(heldTerminal)"))
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave("/dev/fd/\(heldTerminal)"))
        #expect(NMEAFileDescriptor.namesPseudoTerminalSlave("/proc/\(getpid())/fd/\(heldTerminal)"))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave("/dev/fd/\(heldNull)"))
        #expect(!NMEAFileDescriptor.namesPseudoTerminalSlave(link), "a link is re-pointed by whoever owns it")
        #expect(NMEAFileDescriptor.namesDescriptor("/dev/fd/\(heldNull)"))
        #expect(NMEAFileDescriptor.namesDescriptor("/proc/thread-self/fd/\(heldNull)"))
        #expect(NMEAFileDescriptor.namesDescriptor("/dev//./fd/4095"), "absent, the directory tells")
        #expect(!NMEAFileDescriptor.namesDescriptor(link))
        #expect(!NMEAFileDescriptor.namesDescriptor("/proc/self/fdinfo/\(heldNull)"))
        #expect(!NMEAFileDescriptor.namesDescriptor(terminal.slavePath))
        let device = { (path: String) in
            NMEAStreamProvider(
                identifier: "nmea:\(path)", endpoint: .serialDevice(path: path, baudRate: 9600),
                capabilities: NMEAProviderFactory.baseCapabilities)
        }
        #expect(device("/dev/fd/\(heldTerminal)").openedOnce == .pseudoTerminal)
        #expect(device(terminal.slavePath).openedOnce == .pseudoTerminal)
        #expect(device("/dev/fd/\(heldNull)").openedOnce == .descriptor)
        #expect(device("/dev/null").openedOnce == nil)
        #expect(device(link).openedOnce == nil)
    }

    /// Waits for the provider to open `terminal` (named `path`), feeds it two epochs, closes the master, and expects
    /// both epochs and then the failure that says the pseudo-terminal is not reopened.
    private static func expectFailureWhenTheMasterCloses(_ terminal: PseudoTerminal, _ run: Run, _ path: String) {
        #expect(NMEAProviderLiveTests.wait { terminal.wasOpenedRaw }, "the device is open")
        terminal.write(nmeaEpoch(0) + nmeaEpoch(1))
        #expect(run.log.wait(for: 1) == [loggedEpoch(0)])
        terminal.closeMaster()
        #expect(run.log.wait(for: 3) == [loggedEpoch(0), loggedEpoch(1), "failed(network)"])
        #expect(run.failures.withLock { $0 } == [path + ": the pseudo-terminal closed" + notReopened])
    }

    /// Opens `path` for the test to hold, as a parent process passes a descriptor (not as its controlling terminal).
    private static func holdOpen(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return descriptor
    }

    /// A `/dev/pts/N` that is not there.
    private static func absentPseudoTerminal() throws -> String {
        let number = try #require((4096..<8192).first { access("/dev/pts/\($0)", F_OK) != 0 })
        return "/dev/pts/\(number)"
    }
}
