import Foundation
import Testing

/// `heading`, `monitor` and `visits` take only the formats that hold what they write (a new user's trial): CSV,
/// GPX, templates and CoreLocationCLI's object hold fixes only, and wrote an empty document with every event on
/// standard error and status 0.
@Suite struct EventFormatTests {
    @Test(arguments: [
        ["--format", "csv"], ["--format", "gpx"], ["--format", "corelocationcli"], ["--format-string", "%latitude"],
        ["--format", "%latitude"],
    ])
    func headingRefusesFormatsThatHoldFixesOnly(_ format: [String]) async throws {
        let log = try TemporaryFile(
            "$GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010120,,,A*5D\n$HEHDT,123.4,T*2B\n", suffix: ".nmea")
        let run = try await Tool.run(["heading", "--provider", "nmea:\(log.url.path)?speed=max&heading"] + format)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        let value = format[1].contains("%") ? "\"\(format[1])\"" : format[1]
        let given = format[0] == "--format-string" ? "--format-string" : "--format " + value
        #expect(
            run.error.hasPrefix(
                "corelocation: error: \(given) cannot hold headings; for headings use --format text, jsonl (or json) "
                    + "or nmea\ncorelocation: see `corelocation heading --help`\n"), "\(run.error)")
    }

    @Test(arguments: ["csv", "gpx", "nmea", "corelocationcli", "%latitude"])
    func monitorAndVisitsRefuseFormatsThatHoldFixesOnly(_ format: String) async throws {
        let monitor = try await Tool.run([
            "monitor", "--provider", "sample:?speed=max", "--region", "45.7594,4.837,100", "--format", format,
        ])
        #expect(monitor.status == 64)
        #expect(monitor.output.isEmpty)
        #expect(monitor.error.contains("cannot hold region events; for region events use --format text or jsonl"))
        let visits = try await Tool.run(["visits", "--provider", "sample:?speed=max", "--format", format])
        #expect(visits.status == 64)
        #expect(visits.error.contains("cannot hold visits; for visits use --format text or jsonl (or json)\n"))
        let template = try await Tool.run(["visits", "--provider", "sample:?speed=max", "--format-string", "%time"])
        #expect(template.status == 64)
        #expect(template.error.contains("error: --format-string cannot hold visits;"))
    }

    /// An unknown format is refused with the formats the command takes, not every format of the tool.
    ///
    /// The trial of the tool: `heading --format xml` listed csv, gpx, corelocationcli and templates too, which
    /// `heading` refuses.
    @Test(arguments: [
        ("heading", [], "text, jsonl (or json) or nmea for headings"),
        ("monitor", ["--region", "45.7594,4.837,100"], "text or jsonl (or json) for region events"),
        ("visits", [], "text or jsonl (or json) for visits"),
    ])
    func anUnknownFormatListsTheFormatsTheCommandTakes(_ command: String, _ more: [String], _ list: String)
        async throws
    {
        let run = try await Tool.run([command, "--provider", "sample:?speed=max", "--format", "xml"] + more)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "corelocation: error: --format expects \(list), found \"xml\"\n"
                + "corelocation: see `corelocation \(command) --help`\n")
    }

    /// Their help lists the formats they take, and no template "a line per fix".
    @Test(arguments: ["heading", "monitor", "visits"])
    func theHelpListsOnlyTheFormatsThatHoldTheEvents(_ command: String) async throws {
        let help = try await Tool.run([command, "--help"])
        #expect(help.status == 0)
        #expect(!help.output.contains("--format-string"))
        #expect(!help.output.contains("per fix"))
        #expect(help.output.contains("jsonl or json"))
        #expect(help.output.contains("nmea (HDT or HDG sentences)") == (command == "heading"))
    }
}
