import Foundation
import SharedTestSupport

@testable import corelocation

/// What a shell's completion offers for command lines, with the script `corelocation completions SHELL` writes
/// loaded the way the shell loads it, in a folder of the probe's own that holds `track.gpx` and `logs/`.
///
/// bash: `_corelocation` called as bash calls it (`COMP_LINE`, `COMP_POINT`, and `COMP_WORDBREAKS` as bash sets it,
/// or without `:` when `colonBreaksWords` is off); fish: `complete -C`; zsh: a line typed with a tab into an
/// interactive `zsh -f` on a pseudo-terminal (`zpty`), with the script in `fpath` and `compinit` run, each offer
/// caught on its way to `compadd`.
struct CompletionProbe: ~Copyable {
    let shell: ShellCompletion.Shell
    let folder: URL

    /// A probe of `shell`, with its script written by the tool.
    init(_ shell: ShellCompletion.Shell) async throws {
        self.shell = shell
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("completions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("track.gpx"))
        let script = try await Tool.run(["completions", shell.rawValue])
        guard script.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        try Data(script.output.utf8).write(to: scriptURL)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Where the script is: `_corelocation` in the folder for zsh, whose `fpath` holds the folder.
    var scriptURL: URL { folder.appendingPathComponent(shell == .zsh ? "_corelocation" : "corelocation.\(shell)") }

    /// The words offered for each line (the text before the cursor, which is at its end), sorted.
    func offers(_ lines: [String], colonBreaksWords: Bool = true) async throws -> [[String]] {
        let breaks = #" \t\n"\'><=;|&("# + (colonBreaksWords ? ":" : "")  // bash's default, for $'...'
        let (executable, arguments): (String, [String])
        switch shell {
        case .bash:
            executable = "bash"
            arguments =
                [
                    "-c",
                    """
                    source "$0" && cd "$1" || exit 3
                    shift
                    for line in "$@"; do
                        COMP_LINE=$line COMP_POINT=${#line} COMP_WORDBREAKS=$'\(breaks)' COMPREPLY=()
                        _corelocation
                        printf '%s\\n' "${COMPREPLY[@]}" @@end
                    done
                    """, scriptURL.path, folder.path,
                ] + lines
        case .fish:
            executable = "fish"
            arguments =
                [
                    "--no-config", "-c",
                    """
                    source $argv[1]; and cd $argv[2]; or exit 3
                    for line in $argv[3..-1]
                        complete -C $line | string replace -r '\\t.*' ''
                        echo @@end
                    end
                    """, scriptURL.path, folder.path,
                ] + lines
        case .zsh:
            executable = "zsh"
            arguments = ["-f", "-c", Self.zshProbe, "probe", folder.path] + lines
        }
        let run = try await offThePool {
            Result {
                try Tool.runBlocking(
                    ["60", executable] + arguments, executable: URL(fileURLWithPath: "/usr/bin/timeout"))
            }
        }.get()
        guard run.status == 0 else {
            throw ProbeFailure(description: "\(shell) exited with status \(run.status): \(run.error)")
        }
        let offers = run.output.components(separatedBy: "@@end\n").dropLast().map { block in
            Set(block.split(separator: "\n").map(String.init)).sorted()  // zsh hears some offers twice
        }
        guard offers.count == lines.count else {
            throw ProbeFailure(description: "\(shell) answered \(offers.count) of \(lines.count) lines: \(run.output)")
        }
        return offers
    }

    struct ProbeFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// The zsh probe, run with the folder and then the lines.
    ///
    /// The folder is in `fpath`, and the current directory. Each line is typed
    /// into a new interactive shell followed by a tab; a `compadd` of its own writes each offer on a line of its
    /// own, prefixed `HIT:`, and the end of the completion writes a marker that is not in the typed text.
    private static let zshProbe = #"""
        zmodload zsh/zpty || exit 3
        folder=$1
        shift
        for line in "$@"; do
            zpty session zsh -f -i
            zpty -w session "PROMPT=''; fpath=(${(q)folder} \$fpath); autoload -U compinit; compinit -u -D; cd ${(q)folder}"
            zpty -w session "bindkey '^I' complete-word; zstyle ':completion:*' insert-tab false"
            zpty -w session 'compadd() { local -a hits; builtin compadd -O hits "$@"; print -rl -- "" "${hits[@]/#/HIT:}"; builtin compadd "$@"; }'
            zpty -w session 'comppostfuncs=(probe_done); probe_done() { print -r -- "@@${:-DONE}@@"; exit }'
            zpty -w session "$line"$'\t'
            zpty -r session out '*@@DONE@@*'
            for answer in ${(f)out//$'\r'/}; do
                [[ $answer == HIT:* ]] && print -r -- ${answer#HIT:}
            done
            print -r -- @@end
            zpty -d session
        done
        """#
}
