import Foundation
import GPSD
import Glibc
import MirrorTestSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The provider against Debian's real gpsd 3.22, fed by `gpsfake` (the GPSD tests' `Gpsfake` runner, shared by
/// symbolic link) on a private loopback port, through real `CLLocationManager`s.
///
/// Skipped, saying why, when gpsfake or `../shared` is missing; fails instead when
/// `CORELOCATION_REQUIRE_INTEGRATION=1`. gpsd 3.22 moves dates before 2017 forward by 1024 weeks, into the future,
/// where ``FixTime`` refuses them: the value tests play logs of 2022 and 2025, the 2015 log shows the refusal.
/// Waits poll for the external processes' output with a timeout that only bounds a failing test.
@Suite(.serialized) struct GPSDProviderGpsfakeTests {
    /// What these tests need: the receiver logs and gpsfake.
    static let needs = Integration.needs(.sharedData("gpsd-logs"), gpsfakeRequirement)
    static let gpsfakeRequirement = Integration.Requirement.program("gpsfake", package: "gpsd gpsd-clients")
    /// How many times a value test plays its log when gpsfake ends before the provider saw a fix.
    static let attempts = 3

    /// gpsfake's path, or `nil` after recording its absence (the tests run without it only when integration is
    /// required).
    private static func gpsfake() -> String? {
        if let executable = Gpsfake.executable { return executable }
        Integration.recordMissing(gpsfakeRequirement)
        return nil
    }

    /// gpsfake on `port` playing `log` once, one sentence per `cycle` seconds (50 ms by default), after waiting 1 s
    /// for the client's WATCH.
    private static func play(_ log: URL, port: UInt16, executable: String, cycle: String = "0.05") throws -> Gpsfake {
        try Gpsfake(
            executable: executable,
            arguments: ["-P", String(port), "-1", "-q", "-n", "-c", cycle, "-W", "1", log.path])
    }

    /// Issue 15: at `gpsfake -c 0.2` gpsdf.log (29 sentences an epoch) gives an epoch every 6 s while gpsd reports
    /// a 1 s cycle; every epoch used to end in "no TPV for 5.0 s … retrying" and a `locationUnknown`.
    ///
    /// gpsd first sends a burst of TPVs without a time, 0.2 s apart, then the log's epochs (2020), which the test
    /// waits for: four of them span three slow intervals.
    @Test(Self.needs) func aSlowFeedIsNotReportedLost() async throws {
        guard let executable = Self.gpsfake(), let directory = SharedData.folder("gpsd-logs") else { return }
        let port = try GPSDProviderStreamTests.unusedPort()
        let gpsfake = try Self.play(
            directory.appendingPathComponent("gpsdf.log"), port: port, executable: executable, cycle: "0.2")
        defer {
            gpsfake.stop()
            #expect(gpsfake.survivors.isEmpty, "gpsfake's process group is still running")
        }
        let queue = DispatchQueue(label: "gpsfake.slow.callbacks")
        let collector = LocationCollector()
        let manager = Self.startManager(Self.provider(port: port), queue: queue, collector: collector)
        defer { queue.sync { manager.stopUpdatingLocation() } }
        // gpsd may say "no fix" (mode 1) before the receiver's first fix; after it, every TPV of the log has one.
        #expect(await Self.eventually(timeout: 60) { !collector.locations.isEmpty }, "gpsfake:\n\(gpsfake.output)")
        let errorsBefore = collector.errors.count
        let logEpochs = {
            collector.locations.filter { $0.timestamp < Date(timeIntervalSince1970: 1_609_459_200) }.count
        }
        #expect(await Self.eventually(timeout: 60) { logEpochs() >= 4 }, "gpsfake:\n\(gpsfake.output)")
        #expect(
            collector.errors.count == errorsBefore,
            "\(collector.errors.dropFirst(errorsBefore)) after the first fix, \(collector.locations.count) fixes")
    }

    /// A provider that retries a refused port every 0.5 s, as by default, so it connects within that long of
    /// gpsfake's gpsd listening, and after other failures every 50 ms.
    private static func provider(port: UInt16) -> GPSDLocationProvider {
        GPSDLocationProvider(
            identifier: "gpsd://127.0.0.1:\(port)",
            configuration: GPSDClientConfiguration(
                endpoint: .tcp(host: "127.0.0.1", port: port),
                backoff: GPSDBackoffPolicy(initialDelay: 0.05, multiplier: 1, maximumDelay: 0.05)))
    }

    /// A manager updating locations (and headings) on a callback queue of its own.
    private static func startManager(
        _ provider: any LocationProvider, queue: DispatchQueue, collector: LocationCollector
    ) -> CLLocationManager {
        manager(of: provider, on: queue) { manager in
            manager.delegate = collector
            manager.headingFilter = kCLHeadingFilterNone
            manager.startUpdatingLocation()
            manager.startUpdatingHeading()
        }
    }

    /// Polls `condition` every 20 ms for at most `timeout` seconds of real time.
    ///
    /// Asynchronous, so that the wait — most of these tests' minute — leaves the cooperative thread to other
    /// tests: a two-core machine has only two.
    private static func eventually(timeout: TimeInterval = 30, _ condition: () -> Bool) async -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            if Date() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Client-side TCP connections to `port` in the ESTABLISHED state, from /proc/net/tcp.
    ///
    /// The kernel serves the table a page per `read(2)` and resumes by record index, so a socket can be skipped
    /// when others come and go between reads: a miss reads as too few, never too many. Checks that expect a
    /// connection therefore poll (``eventually(timeout:_:)``); checks that expect none can only pass wrongly,
    /// and the loopback tests prove the close deterministically (the fake server sees the unwatch and EOF).
    private static func establishedConnections(to port: UInt16) -> Int {
        // Read to EOF by hand: /proc files report size 0, and a one-shot read stops after the first page.
        let fd = open("/proc/net/tcp", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return -1 }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        let table = String(decoding: bytes, as: UTF8.self)
        let remote = String(format: "0100007F:%04X", port)
        return table.split(separator: "\n").dropFirst().filter { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[2] == remote && fields[3] == "01"
        }.count
    }

    /// The TPV's time, or, for a TPV without one, a time within `live`: the provider stamps those with its clock.
    private static func sameTime(_ received: Date, _ expected: Date?, live: ClosedRange<Date>) -> Bool {
        guard let expected else { return live.contains(received) }
        return received == expected
    }

    /// Whether `location` is `tpv` as the provider must map it (see Docs/LinuxCoreLocation.docc/GPSDProvider.md).
    private static func matches(
        _ location: CLLocation, _ tpv: GPSDTPV, live: ClosedRange<Date> = .distantPast ... .distantPast
    )
        -> Bool
    {
        guard let latitude = tpv.latitude, let longitude = tpv.longitude,
            sameTime(location.timestamp, tpv.time, live: live),
            abs(location.coordinate.latitude - latitude) <= 1e-7, abs(location.coordinate.longitude - longitude) <= 1e-7
        else { return false }
        let altitudeOK =
            tpv.mode == .threeDimensional && tpv.altitudeMSL != nil
            ? abs(location.altitude - tpv.altitudeMSL!) < 1e-3
                && abs(location.verticalAccuracy - (tpv.epv.map { $0 / 1.96 } ?? -1)) < 1e-6
            : location.verticalAccuracy == -1
        let horizontalOK = tpv.eph.map { abs(location.horizontalAccuracy - $0 / log(20.0).squareRoot()) < 1e-6 } ?? true
        return altitudeOK && horizontalOK && location.sourceInformation?.isProducedByAccessory == true
    }

    @Test(Self.needs, arguments: ["telit-pls83-w", "skytraq-PX1172RH_DS"])
    func fixesAndHeadingsArriveWithTheLogsValues(log: String) async throws {
        guard let executable = Self.gpsfake(), let directory = SharedData.folder("gpsd-logs") else { return }
        let expected = try String(contentsOf: directory.appendingPathComponent("\(log).log.chk"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).filter { $0.hasPrefix("{") }.map { try GPSDDecoder.decode(String($0)) }
        let tpvs = expected.compactMap {
            if case .tpv(let tpv) = $0, tpv.mode.hasFix, tpv.latitude != nil { tpv } else { nil }
        }
        let headings = Set(
            expected.compactMap { if case .attitude(let attitude) = $0 { attitude.heading } else { nil } })
        let final = try #require(tpvs.last)

        for attempt in 1...Self.attempts {
            let started = Date()
            let port = try GPSDProviderStreamTests.unusedPort()
            let gpsfake = try Self.play(
                directory.appendingPathComponent("\(log).log"), port: port, executable: executable)
            defer {
                gpsfake.stop()
                #expect(gpsfake.survivors.isEmpty, "gpsfake's process group is still running")
            }
            let provider = Self.provider(port: port)
            let queue = DispatchQueue(label: "gpsfake.callbacks")
            let collector = LocationCollector()
            let manager = Self.startManager(provider, queue: queue, collector: collector)
            defer { queue.sync { manager.stopUpdatingLocation() } }

            // A loaded machine (the sanitizer runs, two cores) can hold the client back until gpsfake has played the
            // whole log (12 s) and ended: such a run shows nothing of the provider, so the log is played again.
            let firstFix = await Self.eventually { !collector.locations.isEmpty || gpsfake.hasPlayedLog }
            if collector.locations.isEmpty, gpsfake.hasPlayedLog, attempt < Self.attempts {
                print("[\(log)] run \(attempt): gpsfake ended before any fix arrived; playing the log again")
                continue
            }
            // While the log plays (gpsfake -1 ends gpsd after it), the provider holds exactly one connection.
            #expect(firstFix && !collector.locations.isEmpty, "no fix; gpsfake said:\n\(gpsfake.output)")
            #expect(await Self.eventually(timeout: 2) { Self.establishedConnections(to: port) == 1 })
            let ended = await Self.eventually {
                collector.locations.contains { Self.matches($0, final) } || gpsfake.hasPlayedLog
            }
            let sawFinal = ended && collector.locations.contains { Self.matches($0, final) }
            #expect(sawFinal, "the log's last fix never arrived; gpsfake said:\n\(gpsfake.output)")
            queue.sync {
                manager.stopUpdatingHeading()
                manager.stopUpdatingLocation()
            }
            // The hub stopped the provider with the last need; GPSDClient.stop() has closed the socket when it returns.
            #expect(Self.establishedConnections(to: port) == 0)

            let locations = collector.locations
            let live = started...Date()
            #expect(locations.count >= 2)
            // Issue 31: gpsd sends these receivers' epochs in several TPVs of one time (telit-pls83-w: 102 TPVs for
            // 10 epochs); an app gets one location per epoch.
            let times = locations.map(\.timestamp)
            #expect(Set(times).count == times.count, "an epoch delivered twice: \(times)")
            for location in locations {
                #expect(
                    tpvs.contains { Self.matches(location, $0, live: live) }, "not a TPV of \(log).log.chk: \(location)"
                )
            }
            let received = collector.headings.map(\.trueHeading)
            #expect(received.allSatisfy { headings.contains($0) })
            #expect(received.isEmpty == headings.isEmpty)
            print("[\(log)] \(locations.count) locations, \(received.count) headings through the delegate")
            return
        }
    }

    /// gpsd 3.22 moves `gr8013-w.log`'s 2015 dates forward by 1024 weeks, to 2035: more than a day ahead of the
    /// clock, so every fix is invalid (``FixTime``) and none reaches the delegate, though the log has seven.
    @Test(Self.needs) func fixesMoreThanADayAheadOfTheClockAreSkipped() async throws {
        guard let executable = Self.gpsfake(), let directory = SharedData.folder("gpsd-logs") else { return }
        let port = try GPSDProviderStreamTests.unusedPort()
        let gpsfake = try Self.play(
            directory.appendingPathComponent("gr8013-w.log"), port: port, executable: executable)
        defer {
            gpsfake.stop()
            #expect(gpsfake.survivors.isEmpty, "gpsfake's process group is still running")
        }
        let queue = DispatchQueue(label: "gpsfake.future.callbacks")
        let collector = LocationCollector()
        let provider = Self.provider(port: port)
        let manager = Self.startManager(provider, queue: queue, collector: collector)
        defer { queue.sync { manager.stopUpdatingLocation() } }
        #expect(
            await Self.eventually(timeout: 60) { provider.skippedFixCount == 7 || gpsfake.hasPlayedLog },
            "gpsfake said:\n\(gpsfake.output)")
        #expect(provider.skippedFixCount > 0, "gpsd sent no fix; gpsfake said:\n\(gpsfake.output)")
        #expect(collector.locations.isEmpty, "\(collector.locations)")
    }

    @Test(Self.needs) func gpsdKilledMidStreamIsLocationUnknownThenRecoveryAndTheLastStopCloses() async throws {
        guard let executable = Self.gpsfake(), let directory = SharedData.folder("gpsd-logs") else { return }
        let log = directory.appendingPathComponent("skytraq-PX1172RH_DS.log")
        let port = try GPSDProviderStreamTests.unusedPort()
        let first = try Self.play(log, port: port, executable: executable)
        var second: Gpsfake?
        defer {
            first.stop()
            second?.stop()
            #expect(
                first.survivors.isEmpty && (second?.survivors.isEmpty ?? true),
                "a gpsfake process group is still running")
        }
        let queue = DispatchQueue(label: "gpsfake.kill.callbacks")
        let collector = LocationCollector()
        let manager = Self.startManager(Self.provider(port: port), queue: queue, collector: collector)
        defer { queue.sync { manager.stopUpdatingLocation() } }

        #expect(await Self.eventually { !collector.locations.isEmpty }, "no fix from the first gpsd:\n\(first.output)")
        let errorsBefore = collector.errors.count
        first.stop()  // signals gpsd: its sockets close mid-stream
        #expect(await Self.eventually { collector.errors.count > errorsBefore })
        #expect(collector.errors.last == .locationUnknown)
        let locationsBeforeRestart = collector.locations.count  // the first gpsd is gone: no more of its fixes

        second = try Self.play(log, port: port, executable: executable)
        #expect(
            await Self.eventually { collector.locations.count > locationsBeforeRestart }, "no fix after gpsd came back")
        #expect(collector.errors.allSatisfy { $0 == .locationUnknown })

        // The second gpsd has seconds of the log left: one connection, closed by the last manager's stop.
        #expect(await Self.eventually(timeout: 2) { Self.establishedConnections(to: port) == 1 })
        queue.sync {
            manager.stopUpdatingHeading()
            manager.stopUpdatingLocation()
        }
        #expect(Self.establishedConnections(to: port) == 0)
    }
}
