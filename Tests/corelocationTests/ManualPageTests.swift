import Foundation
import SharedTestSupport
import Testing

@testable import corelocation

/// Issue 28: the manual page `corelocation help --man` writes, which Scripts/install.sh installs: man(7) sections,
/// every command and option, correct roff, and examples that parse.
@Suite struct ManualPageTests {
    static func page() async throws -> String {
        let run = try await Tool.run(["help", "--man"])
        #expect(run.status == 0)
        #expect(run.error.isEmpty)
        return run.output
    }

    @Test func theSectionsAreThoseOfAManualPageInTheirOrder() async throws {
        let page = try await Self.page()
        let version = try await Tool.run(["--version"]).output.dropLast()
        #expect(page.hasPrefix(".TH CORELOCATION 1 \"\" \"\(version)\" \"User Commands\"\n"))
        let sections = page.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
        #expect(
            sections
                == [
                    "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "FILES",
                    "EXAMPLES", "SEE ALSO",
                ].map { ".SH \"\($0)\"" })
        #expect(page.contains(".SH \"NAME\"\ncorelocation \\- location on Linux through Apple's CoreLocation API\n"))
    }

    @Test func everyCommandOptionVariableAndStatusHasItsEntry() async throws {
        let page = try await Self.page()
        for command in ToolCommands.all {
            #expect(page.contains("\n.SS \(command.name)\n"), "\(command.name)")
            for option in command.options {
                #expect(
                    page.contains(
                        ".TP\n" + (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "")
                            + "\\fB\(ManualPage.escape(option.flag))\\fR"), "\(command.name) \(option.flag)")
            }
        }
        for variable in ToolEnvironment.all {
            #expect(page.contains(".TP\n\\fB\(variable.name)\\fR\n"), "\(variable.name)")
        }
        for status in ExitStatus.allCases {
            #expect(page.contains(".TP\n\\fB\(status.rawValue)\\fR\n"), "\(status)")
        }
    }

    @Test func textIsEscapedForRoff() {
        #expect(ManualPage.escape("--format") == #"\-\-format"#)
        #expect(ManualPage.escape(#"a\b"#) == #"a\eb"#)
        #expect(ManualPage.escape(".leading dot") == #"\&.leading dot"#)
        #expect(ManualPage.escape("'leading quote") == #"\&'leading quote"#)
        #expect(ManualPage.escape("fix — ≤15 m, 8.0°") == #"fix \[u2014] \[u2264]15 m, 8.0\[u00B0]"#)
        #expect(ManualPage.escape("run `corelocation providers` now") == #"run \fBcorelocation providers\fR now"#)
    }

    /// No request line starts a line of text, every font change is closed, and no character outside ASCII is left.
    @Test func everyLineIsARequestOrText() async throws {
        let page = try await Self.page()
        #expect(page.unicodeScalars.allSatisfy { $0.isASCII })
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            #expect(!line.isEmpty, "an empty line is a blank line in roff")
            if line.hasPrefix(".") {
                #expect(line.split(separator: " ")[0].dropFirst().allSatisfy { $0.isLetter }, "\(line)")
            }
            let opened = line.components(separatedBy: #"\fB"#).count + line.components(separatedBy: #"\fI"#).count - 2
            #expect(opened == line.components(separatedBy: #"\fR"#).count - 1, "\(line)")
        }
    }

    /// `groff -man -ww -z` (every warning, no output) and `man --warnings -l` find nothing to say; skipped, saying
    /// so, when groff or man is not installed (man-db installs both), failed when integration is required.
    @Test(Integration.needs(.program("groff", package: "man-db"), .program("man", package: "man-db")))
    func itRendersWithoutAWarning() async throws {
        let page = try TemporaryFile(try await Self.page(), suffix: ".1")
        for (tool, arguments) in [("groff", ["-man", "-ww", "-z"]), ("man", ["--warnings", "-l"])] {
            guard let executable = Tool.onPath(tool) else {
                Integration.recordMissing(.program(tool, package: "man-db"))
                continue
            }
            let path = page.url.path
            let run = try await offThePool {
                Result {
                    try Tool.runBlocking(
                        arguments + [path], environment: ["MANWIDTH": "80", "LC_ALL": "C.UTF-8"],
                        executable: executable)
                }
            }.get()
            #expect(run.status == 0, "\(tool): \(run.error)")
            #expect(run.error.isEmpty, "\(tool): \(run.error)")
            if tool == "man" {
                #expect(run.output.contains("corelocation - location on Linux through Apple's CoreLocation API"))
                #expect(run.output.contains("--provider URI"))
            }
        }
    }

    /// Every example of the manual page is a command line the tool accepts.
    @Test func theExamplesParse() throws {
        for example in ToolCommands.examples where example.command.hasPrefix("corelocation") {
            var words = Self.shellWords(example.command).dropFirst().map { $0 }
            var command: any ToolCommand.Type = ToolCommands.defaultCommand
            if let first = words.first, let named = ToolCommands.named(first) {
                command = named
                words.removeFirst()
            } else if let translated = try CoreLocationCLIMode.translate(words) {
                command = try #require(ToolCommands.named(translated.command))
                words = translated.words
            }
            #expect(throws: Never.self, "\(example.command)") { try Arguments(words, spec: command.spec) }
        }
    }

    /// `text` split as a shell splits it, for the examples' plain words and double-quoted ones.
    static func shellWords(_ text: String) -> [String] {
        text.components(separatedBy: "\"").enumerated().flatMap { index, part in
            index % 2 == 1 ? [part] : part.split(separator: " ").map(String.init)
        }
    }
}
