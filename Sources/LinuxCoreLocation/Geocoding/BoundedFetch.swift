import Foundation
import LocationSupport

/// One HTTP GET whose reply is bounded in size and in total time, for answers from a server outside the
/// user's control: a reply larger than the limit, or one still incomplete at the deadline, is cut off and
/// reported instead of growing without bound or hanging a geocoding request.
///
/// The request is made by the `curl` program (Debian's `curl` package), not by Foundation's `URLSession`:
/// `URLSession` would link libcurl into every program that imports the library, and the dynamic loader would
/// then map and start libcurl's thirty TLS, Kerberos and LDAP libraries at each launch (about 4 ms of CPU, two
/// thirds of the `corelocation` tool's start), whether or not the program ever geocodes. Only online geocoding
/// needs curl, and only when it asks. Its configuration file is not read (`--disable`); proxies set in the
/// environment (`https_proxy`, …) apply as they do to libcurl. curl is run by ``ChildProcess``.
enum BoundedFetch {
    /// The body of a 200 reply, or why there is none (one line, for a diagnostic).
    enum Outcome: Equatable {
        case body(Data)
        case failed(String)
        /// The caller stopped wanting the reply, and curl was ended.
        case cancelled
    }

    /// How the HTTP status follows the body on curl's standard output (`--write-out`): three digits.
    private static let statusWidth = 3

    /// Performs a GET of `url` with the request headers (`Name: value` lines), waiting at most `deadline`
    /// seconds for the whole reply of at most `limit` bytes, unless `cancellation` is set first.
    ///
    /// Blocks the calling thread for up to `deadline` seconds and about two more (curl is killed a second after its
    /// own deadline, then waited for a second at most); call it off the main thread.
    /// - Returns: The body, or the reason there is none: curl missing, the server unreachable, an HTTP status
    ///   other than 200, a reply over `limit` bytes, or no complete reply in time.
    static func get(
        _ url: URL, headers: [String], limit: Int, deadline: TimeInterval,
        cancellation: GeocodeCancellation = GeocodeCancellation()
    ) -> Outcome {
        guard let curl = ProgramSearch.executable(named: "curl") else {
            return .failed("curl is not installed; online geocoding runs it (Debian: apt install curl)")
        }
        // Whole seconds, 1…86,400 (a NaN deadline is 1 s).
        let seconds = deadline >= 1 ? Int(min(deadline, 86_400).rounded(.up)) : 1
        let run: ChildProcess.Result
        do throws(ChildProcess.Failure) {
            // curl keeps its own deadline (--max-time); a second later it is killed, should it not.
            run = try ChildProcess.run(
                curl.path, arguments: arguments(headers: headers, limit: limit, seconds: seconds),
                input: Array(configuration(url).utf8), outputLimit: limit + statusWidth, seconds: seconds + 1,
                isCancelled: { cancellation.isCancelled })
        } catch {
            switch error {
            case .inputTooLong:
                return .failed("the request URL is too long (\(url.absoluteString.utf8.count) bytes)")
            case .system(let reason): return .failed(reason)
            }
        }
        if run.cancelled { return .cancelled }
        if run.outputTruncated { return .failed(tooLarge(limit)) }
        return outcome(of: run, limit: limit, seconds: seconds)
    }

    /// curl's arguments for one bounded GET: no configuration file, HTTP and HTTPS only (redirects too), the
    /// deadline and size limit, a compressed reply asked for and unpacked (as `URLSession` did; the limit holds for
    /// the unpacked body), the status written after the body, and the URL read from standard input
    /// (``configuration(_:)``).
    static func arguments(headers: [String], limit: Int, seconds: Int) -> [String] {
        var arguments = [
            "--disable", "--silent", "--show-error", "--globoff", "--proto", "=http,https", "--proto-redir",
            "=http,https", "--location", "--max-redirs", "5", "--max-time", String(seconds), "--max-filesize",
            String(limit), "--compressed", "--output", "-", "--write-out", "%{http_code}",
        ]
        for header in headers { arguments += ["--header", header] }
        return arguments + ["--config", "-"]
    }

    /// The URL as a line of curl's configuration, which curl reads on its standard input.
    ///
    /// Not on curl's command line: the URL holds the position or address asked about (and any key in the
    /// server's URL), and every user of the machine can read a command line (`ps`, `/proc/PID/cmdline`). Quoted
    /// as it is: a URL's text holds no quote, backslash or control character (Foundation percent-encodes them),
    /// so it cannot end the value or the line.
    static func configuration(_ url: URL) -> String { "url = \"\(url.absoluteString)\"\n" }

    /// What curl's exit, its standard output (the body then the status) and its error message mean.
    private static func outcome(of run: ChildProcess.Result, limit: Int, seconds: Int) -> Outcome {
        let message = String(decoding: run.errors, as: UTF8.self)
        if run.timedOut { return .failed("no complete reply within \(seconds) s") }
        switch run.exit {
        case .exited(0), .unknown: break  // unknown: the status written after the body still says how it went
        case .exited(28): return .failed("no complete reply within \(seconds) s")
        case .exited(63): return .failed(tooLarge(limit))
        case .exited(let status): return .failed(reason(in: message) ?? "curl failed with status \(status)")
        case .signaled(let signal): return .failed("curl was ended by signal \(signal)")
        }
        let status = Int(String(decoding: run.output.suffix(statusWidth), as: UTF8.self)) ?? 0
        guard status == 200 else {
            return .failed(status == 0 ? reason(in: message) ?? "no reply" : "HTTP status \(status)")
        }
        return .body(Data(run.output.dropLast(statusWidth)))
    }

    /// The reason in curl's error message, as libcurl words it: `curl: (7) Failed to connect to …` gives
    /// `Failed to connect to …`.
    /// - Returns: The first line without curl's prefix and error number, or `nil` for an empty message.
    static func reason(in message: String) -> String? {
        guard var line = message.split(whereSeparator: \.isNewline).first.map(String.init) else { return nil }
        if line.hasPrefix("curl: ") { line.removeFirst(6) }
        if line.first == "(", let close = line.firstIndex(of: ")"),
            line[line.index(after: line.startIndex)..<close].allSatisfy(\.isNumber)
        {
            line = String(line[line.index(after: close)...].drop(while: { $0 == " " }))
        }
        return line.isEmpty ? nil : line
    }

    private static func tooLarge(_ limit: Int) -> String { "the reply is larger than \(limit / 1024) KiB" }
}
