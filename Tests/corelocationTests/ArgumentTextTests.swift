import Foundation
import LocationBlocks
import LocationSupport
import Testing

@testable import corelocation

/// Options and their messages read as people write them (issue 15's tester, items 23 and 24).
@Suite struct ArgumentTextTests {
    @Test func aCountIsAWholeNumber() throws {
        for text in ["1.5", "0", "-2", "1e3"] {
            let error = try #require(throws: Arguments.UsageError.self) {
                try Arguments(["--count", text], spec: WatchCommand.spec).whole("count", in: 1...10, unit: "fixes")
            }
            #expect(error.description == "--count expects a whole number of fixes in 1...10, found \"\(text)\"")
        }
        #expect(
            try Arguments(["--count", "3"], spec: WatchCommand.spec).whole("count", in: 1...10, unit: "fixes") == 3)
    }

    @Test func rangesAreWrittenAsPeopleWriteThem() async throws {
        let run = try await Tool.run(["once", "--timeout", "-1"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("corelocation: error: --timeout expects seconds in 0...1000000000, found \"-1\"\n"))
        let count = try await Tool.run(["--count", "1.5", "--provider", "fixed:1,2"])
        #expect(count.status == 64)
        #expect(count.output.isEmpty)
        #expect(
            count.error.hasPrefix("corelocation: error: --count expects a whole number of fixes in 1...1000000000000"))
    }

    /// The tool's own options where a command reads its options: `--verbose=1` and `--help --version` said
    /// "unknown option", of two options the help lists (a new user's trial, 7 Dec).
    @Test func theToolsOwnOptionsAreNamedWhereTheyDoNotGo() async throws {
        let verbose = try await Tool.run(["--verbose=1", "--provider", "fixed:1,2", "--count", "1"])
        #expect(verbose.status == 64)
        #expect(verbose.error.hasPrefix("corelocation: error: --verbose takes no value\n"))
        // `--version` first goes alone too: `--version --help` printed the version (a new user's trial).
        for words in [
            ["--help", "--version"], ["watch", "--version"], ["--version", "--help"], ["--version", "watch"],
        ] {
            let run = try await Tool.run(words)
            #expect(run.status == 64)
            #expect(
                run.error.hasPrefix(
                    "corelocation: error: --version goes alone, before any command: corelocation --version\n"))
        }
        // With a value, `--version` takes none, as `--verbose` (a trial of the tool: it said "goes alone").
        for words in [["--version=1"], ["watch", "--version=1"], ["--version=", "--provider", "fixed:1,2"]] {
            let run = try await Tool.run(words)
            #expect(run.status == 64)
            #expect(run.error.hasPrefix("corelocation: error: --version takes no value\n"), "\(words): \(run.error)")
        }
        // Given twice, `--verbose` is still the flag.
        let twice = try await Tool.run(["--verbose", "--verbose", "--provider", "fixed:1,2", "--count", "1"])
        #expect(twice.status == 0)
        #expect(twice.output.hasPrefix("{\"type\":\"location\",\"timestamp\":"))
    }

    /// A near miss of the tool's own flags is suggested as a command's options are (a trial of the tool: `--versio`
    /// was only an unknown option).
    @Test(arguments: [(["--versio"], "--version"), (["watch", "--verbos"], "--verbose")])
    func theToolsOwnFlagsAreSuggested(_ words: [String], _ suggestion: String) async throws {
        let run = try await Tool.run(words)
        #expect(run.status == 64)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: unknown option \(words.last ?? ""); did you mean \(suggestion)?\n"),
            "\(run.error)")
    }

    /// A trial of the tool: `watch --version` with a `CORELOCATION_AUTHORIZATION` typo said the environment's problem,
    /// not the command line's; the command line is read first, then the environment.
    @Test func aCommandLineMistakeIsSaidBeforeTheEnvironments() async throws {
        let environment = ["CORELOCATION_AUTHORIZATION": "bogus"]
        let version = try await Tool.run(["watch", "--version"], environment: environment)
        #expect(version.status == 64)
        #expect(
            version.error.hasPrefix(
                "corelocation: error: --version goes alone, before any command: corelocation --version\n"))
        let unknown = try await Tool.run(["once", "--provider", "fixed:1,2", "--bogus"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("corelocation: error: unknown option --bogus"), "\(unknown.error)")
        // A value the command refuses too: it said the variable's typo (a trial of the tool).
        let value = try await Tool.run(
            ["once", "--provider", "fixed:1,2", "--accuracy", "bogus"], environment: environment)
        #expect(value.status == 64)
        #expect(value.error.hasPrefix("corelocation: error: --accuracy expects city"), "\(value.error)")
        let fine = try await Tool.run(["once", "--provider", "fixed:1,2"], environment: environment)
        #expect(fine.status == 64)
        #expect(fine.error.hasPrefix("corelocation: error: CORELOCATION_AUTHORIZATION=bogus names no"))
    }

    /// A path or URI can hold an escape or a newline: printed raw, it recoloured the terminal or forged a line.
    @Test func controlCharactersInAPathAreWrittenAsEscapes() async throws {
        let run = try await Tool.run(["watch", "--provider", "nmea:/nonexistent/a\u{1B}[31mb\nforged: c\u{85}"])
        #expect(run.status == 66)
        #expect(
            run.error
                == "corelocation: error: cannot read /nonexistent/a\\u{1B}[31mb\\u{A}forged: c\\u{85}: "
                + "no such file\n")
        // The library's own lines too: a GPX file whose name holds an escape, with a point before 1980.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("esc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a\u{1B}[2Jb.gpx")
        try Data(
            """
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="1" lon="2"><time>1970-01-01T00:00:00Z</time></trkpt></trkseg></trk></gpx>
            """.utf8
        ).write(to: file)
        let replay = try await Tool.run(["watch", "--provider", "gpx:\(file.path)?speed=max"])
        let escaped = directory.path + "/a\\u{1B}[2Jb.gpx"
        #expect(replay.error.hasPrefix("LinuxCoreLocation: \(escaped): fix skipped: time 1970-01-01T00:00:00Z"))
        #expect(!replay.error.unicodeScalars.contains("\u{1B}"))
        // A tester's: `providers` wrote the configured URI raw, and `plot` put the file's name raw into the SVG,
        // which no XML parser then read (XML 1.0 allows no escape character, not even as a reference).
        let providers = try await Tool.run(
            ["providers"], environment: ["CORELOCATION_PROVIDER": "nmea:/nonexistent/a\u{1B}[31mb\nforged"])
        #expect(providers.output.hasPrefix("configured  nmea:/nonexistent/a\\u{1B}[31mb\\u{A}forged  "))
        #expect(!providers.output.unicodeScalars.contains("\u{1B}"))
        let plot = try await Tool.run(["plot", file.path, "-o", "-"])
        #expect(plot.output.contains("<title>a\\u{1B}[2Jb.gpx"), "\(plot.output.prefix(600))")
        #expect(!plot.output.unicodeScalars.contains("\u{1B}"))
        #expect(DiagnosticText.oneLine("Zürich, 東京 \t") == "Zürich, 東京 \\u{9}")
        #expect(DiagnosticText.oneLine("plain") == "plain")
    }

    /// A tester's: a timeout shorter than the authorization's answer ended with status 3, "location access is
    /// notDetermined", as if access were refused; it is a timeout (status 2), or a fix when that came first.
    @Test func aTimeoutBeforeTheAuthorizationsAnswerIsATimeout() async throws {
        for _ in 0..<6 {
            let run = try await Tool.run(["once", "--provider", "fixed:1,2", "--timeout", "1e-9"])
            #expect(run.status == 2 || run.status == 0, "\(run.status): \(run.error)")
            #expect(!run.error.contains("location access is"), "\(run.error)")
        }
    }

    @Test func aLevelIsNamedAsALevel() {
        #expect(OnceCommand.describe(.block, level: "block") == "the block level (≤100.0 m, ≤60.0 s old)")
        #expect(
            OnceCommand.describe(LocationRequestAccuracy(horizontalAccuracy: 8, maximumAge: 30), level: nil)
                == "≤8.0 m, ≤30.0 s old")
    }

    @Test func aFileThatCannotBeCreatedIsNamedOnce() async throws {
        let run = try await Tool.run(["record", "/nonexistent-dir/x.gpx", "--provider", "sample:"])
        #expect(run.status == 73)
        #expect(run.error == "corelocation: error: cannot create /nonexistent-dir/x.gpx: No such file or directory\n")
    }

    /// Issue 32: `--duration 0x1p3` was read as 8 s; hexadecimal floats, `inf` and `nan` are no decimal numbers.
    ///
    /// `1e-400` was read as 0, no limit at all.
    @Test func numbersAreDecimal() throws {
        for text in ["0x1p3", "0x10", "inf", "nan", "infinity", "1e", "1.2.3", "", ".", "+", "1e999", "1e-400"] {
            let error = try #require(throws: Arguments.UsageError.self) {
                try Arguments(["--duration", text], spec: WatchCommand.spec).limit("duration", unit: "seconds")
            }
            #expect(error.description == "--duration expects seconds in 0...1000000000, found \"\(text)\"")
        }
        for (text, value) in [
            ("8", 8.0), ("2.5", 2.5), (".5", 0.5), ("5.", 5), ("1e3", 1000), ("+3", 3), ("1E+2", 100),
            ("1e-300", 1e-300),
        ] {
            #expect(try Arguments(["--duration", text], spec: WatchCommand.spec).limit("duration", unit: "s") == value)
        }
    }

    /// Issue 32: a repeated option won silently (the last value).
    @Test func anOptionGivenTwiceIsAUsageErrorUnlessItRepeats() async throws {
        let run = try await Tool.run(["watch", "--provider", "sample:", "--duration", "3", "--duration=5"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("corelocation: error: --duration given twice (\"3\" and \"5\"); give it once\n"))
        let regions = try Arguments(
            ["--region", "1,2,100", "--region", "3,4,100"], spec: MonitorCommand.spec)
        #expect(regions.all("region") == ["1,2,100", "3,4,100"])
        #expect(try Arguments(["--no-sample", "--no-sample"], spec: WatchCommand.spec).flag("no-sample"))
    }

    /// Issue 32: a repeated URI parameter won silently (the first in some providers, the last in others).
    @Test func aURIParameterGivenTwiceIsRefused() async throws {
        let run = try await Tool.run(["watch", "--provider", "sample:?speed=1&speed=max", "--count", "1"])
        #expect(run.status == 64)
        #expect(
            run.error.contains(
                #"provider URI "sample:?speed=1&speed=max": speed: given twice ("1" and "max"); give it once"#),
            "\(run.error)")
    }
}
