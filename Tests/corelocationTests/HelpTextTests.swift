import Testing

@testable import corelocation

/// The help texts list what the commands accept (issue 15's tester, item 14).
@Suite struct HelpTextTests {
    @Test func watchListsEveryFormatAndEveryPlaceholder() async throws {
        let help = try await Tool.run(["watch", "--help"])
        #expect(help.status == 0)
        for format in ["text", "jsonl", "json", "csv", "gpx", "corelocationcli"] {
            #expect(help.output.contains(" \(format)"), "\(format)")
        }
        for name in FormatTemplate.fields {
            #expect(help.output.contains("%\(name)"), "%\(name)")
        }
    }

    /// A new user's trial: the help said "deliver a fix only after moving M metres", but the manager also delivers
    /// a fix more accurate than the last (LocationOnLinux.md, "distance filter").
    @Test func theDistanceFilterSaysThatAMoreAccurateFixPasses() async throws {
        let help = try await Tool.run(["watch", "--help"])
        #expect(help.output.contains("moving M metres, or more accurate than the last delivered"), "\(help.output)")
    }

    @Test func onceListsEveryExitStatusItCanEndWith() async throws {
        let help = try await Tool.run(["once", "--help"])
        for status in [
            "0 a fix", "2 timed out", "3 denied", "1 the provider", "64 bad", "65 the input", "66 an input",
            "74 standard output",
        ] {
            #expect(help.output.contains(status), "\(status)")
        }
    }
}
