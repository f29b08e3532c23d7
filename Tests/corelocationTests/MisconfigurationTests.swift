import Foundation
import SharedTestSupport
import Testing

/// A misconfiguration is an error with a message, whichever way it comes in, and never a fallback (issue 15's
/// tester, items 5, 6 and 9).
@Suite struct MisconfigurationTests {
    /// Item 5: a typo in `CORELOCATION_AUTHORIZATION` is a usage error, not a grant.
    @Test(arguments: ["once", "watch", "record"])
    func aMistypedAuthorizationIsAUsageError(_ command: String) async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("auth-\(UUID()).gpx").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let arguments = [command] + (command == "record" ? [path] : []) + ["--provider", "fixed:48.8584,2.2945"]
        let run = try await Tool.run(arguments, environment: ["CORELOCATION_AUTHORIZATION": "denyed"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: CORELOCATION_AUTHORIZATION=denyed names no authorization status; expected "
                    + "notDetermined, restricted, denied, authorizedAlways, authorizedWhenInUse, or unset it\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A command that uses no location does not read the authorization: the trial of the tool found `plot` refused
    /// for a typo in `CORELOCATION_AUTHORIZATION`.
    @Test func commandsWithoutLocationIgnoreTheAuthorization() async throws {
        let track = try TemporaryFile.track([
            ("45.7578300", "4.8320142", "170.6", "2026-05-14T08:30:00Z", "1.8"),
            ("45.7579102", "4.8320303", "170.7", "2026-05-14T08:30:03Z", "2.1"),
        ])
        let environment = ["CORELOCATION_AUTHORIZATION": "denyed"]
        let plot = try await Tool.run(["plot", track.url.path, "-o", "-"], environment: environment)
        #expect(plot.status == 0, "\(plot.error)")
        #expect(plot.output.hasPrefix("<?xml"))
        // A command's help too, where the command itself reads it (a new user's trial: `watch --help` failed).
        for words in [
            ["providers"], ["completions", "bash"], ["help", "plot"], ["watch", "--help"], ["once", "-h"],
        ] {
            let run = try await Tool.run(words, environment: environment)
            #expect(run.status == 0, "\(words): \(run.error)")
            #expect(!run.error.contains("CORELOCATION_AUTHORIZATION"))
        }
    }

    @Test func aValidAuthorizationInAnyCaseIsAccepted() async throws {
        let run = try await Tool.run(
            ["once", "--provider", "fixed:1.5,2.25", "--format-string", "%latitude"],
            environment: ["CORELOCATION_AUTHORIZATION": "AUTHORIZEDWHENINUSE"])
        #expect(run.status == 0)
        #expect(run.output == "1.5\n")
    }

    /// Why a replay's file cannot be read is said in the system's words, with status 66, from both sources: a trial
    /// of the tool found a symbolic-link loop and a path through a file said `no such file`, and a socket or a
    /// missing GPX file under `/dev/` failed later with status 1.
    @Test func whyAFileCannotBeReadIsSaidInTheSystemsWords() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("why-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (loop, other) = (directory.appendingPathComponent("loop").path, directory.appendingPathComponent("b").path)
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: other)
        try FileManager.default.createSymbolicLink(atPath: other, withDestinationPath: loop)
        let socketPath = directory.appendingPathComponent("socket").path
        close(try UnixSocketListener(path: socketPath).descriptor)  // only the socket file is needed
        for (uri, reason) in [
            ("nmea:\(loop)", "cannot read \(loop): too many levels of symbolic links"),
            ("gpx:/etc/passwd/x", "cannot read /etc/passwd/x: not a directory"),
            ("nmea:\(socketPath)", "cannot read \(socketPath): it is a socket, not a file or device"),
            ("gpx:/dev/nonexistent.gpx", "cannot read /dev/nonexistent.gpx: no such file"),
        ] {
            let option = try await Tool.run(["watch", "--provider", uri])
            #expect(option.status == 66)
            #expect(option.error == "corelocation: error: \(reason)\n")
            let environment = try await Tool.run(["once"], environment: ["CORELOCATION_PROVIDER": uri])
            #expect(environment.status == 66)
            #expect(environment.error == "corelocation: error: CORELOCATION_PROVIDER: \(reason)\n")
        }
    }

    /// Items 6 and 9: a bad URI gets the library's message, the same from `--provider` and
    /// `CORELOCATION_PROVIDER`, and is checked before the file it names.
    @Test(arguments: [
        ("gpx:/nonexistent.gpx?speed=-1", "speed: expected max or a factor in 0 < N <= 10000, found \"-1\""),
        ("gpx:/nonexistent.gpx?spede=10", "spede: unknown parameter; gpx: accepts loop, mps, speed"),
        ("fixed:48.8584,2.2945?foo=1", "foo: unknown parameter; fixed: accepts no parameters"),
        ("sample:?sped=2", "sped: unknown parameter; sample: accepts loop, speed"),
        (
            "sample:?speed=max&loop=false",
            "loop: takes no value, found \"false\"; give \"loop\" alone to replay in a loop, or leave it out"
        ),
    ])
    func aBadURIIsCheckedBeforeItsFileTheSameWayFromBothSources(_ uri: String, _ reason: String) async throws {
        let option = try await Tool.run(["once", "--provider", uri])
        let environment = try await Tool.run(["once"], environment: ["CORELOCATION_PROVIDER": uri])
        #expect(option.status == 64)
        #expect(environment.status == 64)
        #expect(option.error.hasPrefix("corelocation: error: --provider: provider URI \"\(uri)\": \(reason)\n"))
        #expect(
            environment.error.hasPrefix(
                "corelocation: error: CORELOCATION_PROVIDER: provider URI \"\(uri)\": \(reason)\n"))
    }

    /// Item 12: a directory cannot be read (66), for `plot` and for a replay, and `plot` names the file it was
    /// given, not a URI the user never typed.
    @Test func aDirectoryCannotBeReadAndPlotNamesItsFile() async throws {
        for run in [
            try await Tool.run(["plot", "/tmp", "-o", "-"]), try await Tool.run(["--provider", "gpx:/tmp"]),
            try await Tool.run(["--provider", "nmea:/tmp?speed=max"]),
        ] {
            #expect(run.status == 66)
            #expect(run.error.hasPrefix("corelocation: error: cannot read /tmp: it is a directory\n"))
        }
        // From the environment, the line names the variable (it did not: a trial of the tool).
        let environment = try await Tool.run(["watch"], environment: ["CORELOCATION_PROVIDER": "nmea:/tmp"])
        #expect(environment.status == 66)
        #expect(
            environment.error == "corelocation: error: CORELOCATION_PROVIDER: cannot read /tmp: it is a directory\n")
        let passwd = try await Tool.run(["plot", "/etc/passwd", "-o", "-"])
        #expect(passwd.status == 65)
        #expect(passwd.error.hasPrefix("corelocation: error: invalid input from /etc/passwd: no NMEA 0183 sentences"))
    }

    /// Item 9's other half: a good URI naming a missing file is still "cannot read", status 66, from both.
    @Test func aGoodURIWithAMissingFileCannotBeRead() async throws {
        let uri = "gpx:/nonexistent.gpx?speed=2"
        for run in [
            try await Tool.run(["once", "--provider", uri]),
            try await Tool.run(["once"], environment: ["CORELOCATION_PROVIDER": uri]),
        ] {
            #expect(run.status == 66)
            #expect(run.error.contains("cannot read /nonexistent.gpx"))
        }
    }
}
