import Foundation
import Testing

@testable import corelocation

/// CoreLocationCLI's spellings, old and new, become `once` or `watch` with this tool's options.
@Suite struct CoreLocationCLIModeTests {
    @Test(arguments: [
        (
            ["-once", "-format", "%latitude %longitude"], "once",
            ["--format-string", "%latitude %longitude", "--accuracy", "any"]
        ),
        (["-once", "YES", "-json"], "once", ["--format", "corelocationcli", "--accuracy", "any"]),
        (["-json"], "once", ["--format", "corelocationcli", "--accuracy", "any"]),
        (["--json", "--watch"], "watch", ["--format", "corelocationcli", "--no-sample"]),
        (["-follow", "yes", "-verbose", "-format", "%time"], "watch", ["--format-string", "%time", "--no-sample"]),
        (["-once", "NO"], "watch", ["--format-string", "%latitude %longitude", "--no-sample"]),
        (
            ["-w", "-f", "%speed", "--provider", "gpsd://h"], "watch",
            ["--provider", "gpsd://h", "--format-string", "%speed", "--no-sample"]
        ),
        (
            ["-v", "--format", "%latitude", "--accuracy", "house"], "once",
            ["--accuracy", "house", "--format-string", "%latitude"]
        ),
    ])
    func spellingsAreTranslated(_ words: [String], _ command: String, _ translated: [String]) throws {
        let result = try #require(try CoreLocationCLIMode.translate(words))
        #expect(result.command == command)
        #expect(result.words == translated)
        #expect(result.verbose == words.contains { $0 == "-v" || $0 == "-verbose" })
    }

    /// Issue 15's tester, item 2: `--format "%…"` alone is CoreLocationCLI's current spelling: one fix.
    @Test func aFormatWithPercentAloneIsCoreLocationCLIs() throws {
        let result = try #require(try CoreLocationCLIMode.translate(["--format", "%latitude %longitude"]))
        #expect(result.command == "once")
        #expect(result.words == ["--format-string", "%latitude %longitude", "--accuracy", "any"])
    }

    @Test func thisToolsOwnWordsAreLeftAlone() throws {
        #expect(try CoreLocationCLIMode.translate(["--format", "jsonl", "--provider", "fixed:1,2"]) == nil)
        #expect(try CoreLocationCLIMode.translate([]) == nil)
        #expect(throws: Arguments.UsageError.self) { try CoreLocationCLIMode.translate(["-json", "-format", "%time"]) }
        #expect(throws: Arguments.UsageError.self) { try CoreLocationCLIMode.translate(["-once", "-format"]) }
    }

    /// Contradicting words and a second format are usage errors naming both words.
    ///
    /// The trial of the tool: `-once YES -follow` watched without a word, and a second `-f` replaced the first while
    /// the commands refuse an option given twice.
    @Test(arguments: [
        (
            ["-once", "YES", "-follow"],
            "-once YES and -follow contradict each other (one fix and watching); give one of them"
        ),
        (["--watch", "-once"], "-once and --watch contradict each other (one fix and watching); give one of them"),
        (
            ["-once", "NO", "-follow", "no"],
            "-once NO and -follow no contradict each other (neither one fix nor watching); give one of them"
        ),
        (["-json", "YES", "-json", "NO"], "-json YES and -json NO contradict each other; give one of them"),
        (
            ["-f", "%latitude", "-format", "%longitude"],
            "the format given twice (-f \"%latitude\" and -format \"%longitude\"); give it once"
        ),
        (
            ["--format", "%latitude", "-f", "%time", "-w"],
            "the format given twice (--format \"%latitude\" and -f \"%time\"); give it once"
        ),
        // A trial of the tool: the words typed, not `--json and --format`; `--format` twice as the commands say it.
        (["-json", "-format", "%time"], "-json and -format \"%time\" exclude each other; give one of them"),
        (["-f", "%time", "--json", "-w"], "--json and -f \"%time\" exclude each other; give one of them"),
        (
            ["--format", "jsonl", "--format", "%latitude"],
            "--format given twice (\"jsonl\" and \"%latitude\"); give it once"
        ),
        (["--format", "%latitude", "--format=csv"], "--format given twice (\"%latitude\" and \"csv\"); give it once"),
    ])
    func contradictionsAndRepeatsAreRefused(_ words: [String], _ message: String) throws {
        let error = try #require(throws: Arguments.UsageError.self) { try CoreLocationCLIMode.translate(words) }
        #expect(error.description == message)
    }

    /// Agreeing words are no contradiction: `-once YES -follow NO` is one fix, `-follow -w` watching.
    @Test func agreeingWordsAreTranslated() throws {
        #expect(try CoreLocationCLIMode.translate(["-once", "YES", "-follow", "NO"])?.command == "once")
        #expect(try CoreLocationCLIMode.translate(["-once", "NO", "-follow"])?.command == "watch")
        #expect(try CoreLocationCLIMode.translate(["-follow", "-w", "-json", "--json"])?.command == "watch")
    }

    @Test func aContradictionIsAUsageErrorOfTheTool() async throws {
        let run = try await Tool.run(["-once", "YES", "-follow", "--provider", "fixed:1,2", "--duration", "3"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: -once YES and -follow contradict each other (one fix and watching); give one "
                    + "of them\n"))
    }

    /// A trial of the tool: a word after `-once` that is no Boolean pointed to `corelocation once --help`, which says
    /// nothing of `-once`; the help that describes the mode is `corelocation help`.
    @Test func aMistakeInTheModePointsToTheHelpThatDescribesIt() async throws {
        let run = try await Tool.run(["-once", "maybe", "--provider", "fixed:1,2"])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "corelocation: error: unexpected argument \"maybe\"\ncorelocation: see `corelocation help`\n")
        let help = try await Tool.run(["help"])
        #expect(help.output.contains("`corelocation -once -format"))
    }

    @Test func onceJSONPrintsOneObjectAndExits() async throws {
        let run = try await Tool.run(["-once", "-json", "--provider", "fixed:48.8584,2.2945,7"])
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        let object = try #require(try run.jsonObjects().first)
        #expect(object["latitude"] as? String == "48.858400")  // CoreLocationCLI's strings
        #expect(object["longitude"] as? String == "2.294500")
    }

    @Test func theModeNeverReplaysTheSample() async throws {
        for words in [["--json"], ["--watch", "--format", "%latitude %longitude"]] {
            let run = try await Tool.run(words)
            #expect(run.status == 3)
            #expect(run.output.isEmpty)
            #expect(run.error.contains("no location provider"))
        }
    }

    /// Issue 15's tester, item 2: `--format "%latitude %longitude"` with nothing configured never streams the
    /// sample: it is CoreLocationCLI's one fix, and there is no provider.
    @Test func aFormatWithPercentAloneNeverReplaysTheSample() async throws {
        let run = try await Tool.run(["--format", "%latitude %longitude"])
        #expect(run.status == 3)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("no location provider"))
        let one = try await Tool.run(["--format", "%latitude %longitude", "--provider", "fixed:1.5,2.25"])
        #expect(one.status == 0)
        #expect(one.output == "1.5 2.25\n")
    }

    @Test func aFormatWithPercentIsATemplateAfterTheWatchCommand() async throws {
        let run = try await Tool.run([
            "watch", "--format", "%latitude;%longitude", "--provider", "fixed:1.5,2.25", "--count", "1",
        ])
        #expect(run.status == 0)
        #expect(run.output == "1.5;2.25\n")
        let help = try await Tool.run(["watch", "--help"])
        #expect(help.output.contains("jsonl or json"))
    }

    /// A new user's trial: an option of `watch` in the one-shot mode said `unknown option --count` and
    /// `see corelocation once --help`, though no `once` was typed.
    @Test(arguments: [
        (["--provider", "fixed:1,2", "--count", "1", "--format", "%h_accuracy"], #"--format "%h_accuracy""#),
        (["--json", "--count", "2", "--provider", "fixed:1,2"], "--json"),
    ])
    func aWatchOptionInTheOneShotModeSaysWhatSelectedIt(_ words: [String], _ typed: String) async throws {
        let run = try await Tool.run(words)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(
            run.error
                == "corelocation: error: unknown option --count — \(typed) selected CoreLocationCLI's one-shot mode, "
                + "which takes --accuracy, --max-age, --timeout and --provider; --count is for watching: add --watch, "
                + "or run corelocation watch\ncorelocation: see `corelocation help`\n")
    }

    /// A new user's trial: `-json --format-string "%latitude"` said `--format and --format-string exclude each other`,
    /// though no `--format` was typed.
    @Test func anOutputOptionBesideTheModesOutputSaysWhatSelectedIt() async throws {
        let run = try await Tool.run(["-json", "--format-string", "%latitude"])
        #expect(run.status == 64)
        #expect(
            run.error.hasPrefix(
                "corelocation: error: -json selected CoreLocationCLI's one-shot mode, which writes its JSON object: "
                    + "--format-string does not go with it; leave it out, or name a command: corelocation once "
                    + "--format-string …\n"), "\(run.error)")
        let watching = try await Tool.run(["--watch", "-f", "%time", "--format", "csv"])
        #expect(watching.status == 64)
        #expect(
            watching.error.hasPrefix(
                #"corelocation: error: --watch -f "%time" selected CoreLocationCLI's watch mode, which writes a "#
                    + #"template (-format "%…"): --format does not go with it"#), "\(watching.error)")
    }
}
