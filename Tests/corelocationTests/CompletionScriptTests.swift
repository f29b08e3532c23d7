import Foundation
import SharedTestSupport
import Testing

@testable import corelocation

/// Issue 28: the completion scripts of `corelocation completions SHELL`.
///
/// They are valid in their shell and offer the commands, and the values of the options that take known ones. A shell
/// that is not installed is skipped, saying so, and fails the test when CORELOCATION_REQUIRE_INTEGRATION=1
/// (`.ci/run` installs zsh and fish).
@Suite struct CompletionScriptTests {
    /// Stops the test case of a shell that is not installed: skipped, saying so, or failed when integration is
    /// required.
    ///
    /// - Throws: What ``Integration/stop(missing:sourceLocation:)`` throws.
    static func requireShell(_ shell: ShellCompletion.Shell, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard Tool.onPath(shell.rawValue) == nil else { return }
        try Integration.stop(
            missing: "\(shell) (not installed: apt-get install \(shell))", sourceLocation: sourceLocation)
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func theScriptIsValid(_ shell: ShellCompletion.Shell) async throws {
        try Self.requireShell(shell)
        let probe = try await CompletionProbe(shell)
        // `-n`: read the script without running it (fish: --no-execute).
        let check = try await offThePool {
            Result {
                try Tool.runBlocking(
                    ["-n", probe.scriptURL.path], executable: Tool.onPath(shell.rawValue))
            }
        }.get()
        #expect(check.status == 0, "\(check.error)")
        #expect(check.error.isEmpty, "\(check.error)")
    }

    @Test(arguments: ShellCompletion.Shell.allCases)
    func theCommandsAndTheKnownValuesAreOffered(_ shell: ShellCompletion.Shell) async throws {
        try Self.requireShell(shell)
        let probe = try await CompletionProbe(shell)
        var expected: [(line: String, words: [String])] = [
            ("corelocation ", ToolCommands.all.map { $0.name }),
            ("corelocation --provider ", ShellCompletion.providerStarts),
            ("corelocation help ", ToolCommands.all.map { $0.name }),
            ("corelocation completions ", ShellCompletion.Shell.allCases.map(\.rawValue)),
        ]
        for command in ToolCommands.all {
            for option in command.options {
                guard case .words(let words) = option.values else { continue }
                expected.append(("corelocation \(command.name) \(option.flag) ", words))
            }
        }
        #expect(expected.contains { $0.line == "corelocation once --accuracy " })
        let offers = try await probe.offers(expected.map(\.line))
        for (asked, offered) in zip(expected, offers) {
            #expect(offered == asked.words.sorted(), "\(shell): \(asked.line)")
        }
    }

    /// File names after `gpx:` and `nmea:`, for `-o` and for a file operand; `--name=value` as `--name value`.
    @Test(arguments: ShellCompletion.Shell.allCases)
    func fileNamesAreOfferedWhereAFileGoes(_ shell: ShellCompletion.Shell) async throws {
        try Self.requireShell(shell)
        let probe = try await CompletionProbe(shell)
        let lines = [
            "corelocation --provider gpx:tr", "corelocation --provider=nmea:tr", "corelocation plot x.gpx -o tr",
            "corelocation record tr", "corelocation --format=cs",
        ]
        let offers = try await probe.offers(lines)
        // bash replaces what follows the word's last colon (when a colon breaks words, as by default), and zsh what
        // follows the prefix the script took off (compset -P); fish replaces the whole word.
        let scheme = { (name: String) in shell == .fish ? name : "" }
        #expect(offers[0] == [scheme("gpx:") + "track.gpx"])
        #expect(offers[1] == [scheme("--provider=nmea:") + "track.gpx"])
        #expect(offers[2] == ["track.gpx"])
        #expect(offers[3] == ["track.gpx"])
        #expect(offers[4] == [shell == .fish ? "--format=csv" : "csv"])
        if shell == .bash {
            let unbroken = try await probe.offers(["corelocation --provider gpx:tr"], colonBreaksWords: false)
            #expect(unbroken == [["gpx:track.gpx"]])
        }
    }

    /// The provider URIs offered begin with every scheme the tool knows, and no other.
    @Test func everySchemeIsOffered() async throws {
        let unknown = try await Tool.run(["--provider", "nosuchscheme:"])
        let known = try #require(
            unknown.error.components(separatedBy: "known schemes: ").last?.split(separator: "\n").first)
        let schemes = Set(ShellCompletion.providerStarts.map { String($0.prefix { $0 != ":" }) })
        #expect(schemes == Set(known.components(separatedBy: ", ")))
    }

    @Test func aShellItDoesNotKnowIsAUsageError() async throws {
        let run = try await Tool.run(["completions", "tcsh"])
        #expect(run.status == 64)
        #expect(run.error.hasPrefix("corelocation: error: completions are for bash, zsh or fish, not \"tcsh\"\n"))
        #expect(run.output.isEmpty)
    }
}
