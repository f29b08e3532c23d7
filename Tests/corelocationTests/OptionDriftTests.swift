import Foundation
import Testing

@testable import corelocation

/// Issue 28: `--help`, the manual page and the completions are written from one declaration per option, and this
/// suite fails when they drift: each names every option its command parses, and no other.
@Suite struct OptionDriftTests {
    /// The option words in `text`: `--provider`, `-o`, CoreLocationCLI's `-once`; not `one-shot` or `-1`.
    static func optionWords(_ text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_./:-])--?[a-z][a-z0-9-]*"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
    }

    /// How the option words of `options` are written: `--output` and `-o`.
    static func words(_ options: [ToolOption]) -> Set<String> {
        Set(options.flatMap { option in [option.flag] + (option.short.map { ["-\($0)"] } ?? []) })
    }

    /// What every command parses: its declared options (and `--help` and `--verbose`, which the general help lists).
    static var commands: [(name: String, options: Set<String>)] {
        ToolCommands.all.map { command in (command.name, words(command.options)) }
    }

    /// The options of no command in particular: `-h`, `--help`, `--verbose`, `--version`.
    static let general = words(ToolOption.everyCommand + [.version])

    /// The manual page as text: font changes and escapes removed, `\-` a hyphen again.
    static func manualText() async throws -> String {
        let page = try await Tool.run(["help", "--man"])
        #expect(page.status == 0)
        return page.output.replacingOccurrences(of: #"\-"#, with: "-").replacingOccurrences(of: #"\&"#, with: "")
            .replacingOccurrences(of: #"\\f[BIR]"#, with: "", options: .regularExpression)
    }

    @Test(arguments: ToolCommands.all.map { $0.name })
    func aCommandsHelpNamesExactlyItsOptions(_ name: String) async throws {
        let command = try #require(ToolCommands.named(name))
        let help = try await Tool.run([name, "--help"])
        #expect(help.status == 0)
        #expect(Self.optionWords(help.output) == Self.words(command.options), "\(help.output)")
        #expect(try await Tool.run(["help", name]).output == help.output)
    }

    @Test func theGeneralHelpNamesTheGeneralOptionsAndCoreLocationCLIsSpellings() async throws {
        let help = try await Tool.run(["help"])
        let found = Self.optionWords(help.output)
        #expect(found.isSuperset(of: Self.general))
        #expect(found.subtracting(Self.general).isSubset(of: CoreLocationCLIMode.spellings), "\(found)")
        for command in ToolCommands.all {
            #expect(help.output.contains("\n  \(command.name) "), "\(command.name)")
        }
    }

    @Test func eachCommandsSectionOfTheManualPageNamesExactlyItsOptions() async throws {
        let text = try await Self.manualText()
        let commands = try #require(
            text.components(separatedBy: "\n.SH \"COMMANDS\"\n").last?
                .components(separatedBy: "\n.SH ").first)
        let sections = commands.components(separatedBy: ".SS ").dropFirst()
        #expect(sections.map { String($0.prefix { $0 != "\n" }) } == ToolCommands.all.map { $0.name })
        for (section, command) in zip(sections, Self.commands) {
            #expect(Self.optionWords(section) == command.options, "\(command.name)")
        }
    }

    @Test func theManualPageNamesEveryOptionAndNoOther() async throws {
        let found = Self.optionWords(try await Self.manualText())
        let declared = Self.commands.reduce(Self.general) { $0.union($1.options) }
        #expect(found.isSuperset(of: declared), "missing: \(declared.subtracting(found))")
        #expect(
            found.subtracting(declared) == CoreLocationCLIMode.spellings.subtracting(declared),
            "\(found.subtracting(declared))")
    }

    /// Each shell offers, after `corelocation COMMAND --`, exactly that command's options with `--help` and
    /// `--verbose` (and `--version` in place of a command); a shell that is not installed is skipped, and fails the
    /// test when CORELOCATION_REQUIRE_INTEGRATION=1.
    @Test(arguments: ShellCompletion.Shell.allCases)
    func eachCompletionOffersExactlyEachCommandsOptions(_ shell: ShellCompletion.Shell) async throws {
        try CompletionScriptTests.requireShell(shell)
        let probe = try await CompletionProbe(shell)
        let lines = ["corelocation --"] + ToolCommands.all.map { "corelocation \($0.name) --" }
        let offers = try await probe.offers(lines)
        let long = { (options: [ToolOption]) in Set(options.map(\.flag)) }
        #expect(
            Set(offers[0])
                == long(ShellCompletion.options(of: ToolCommands.defaultCommand) + [.version]))
        for (command, offered) in zip(ToolCommands.all, offers.dropFirst()) {
            #expect(Set(offered) == long(ShellCompletion.options(of: command)), "\(shell) \(command.name)")
        }
    }
}
