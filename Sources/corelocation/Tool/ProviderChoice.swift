import Foundation
import LinuxCoreLocation
import LocationSupport

/// Which provider a command uses.
///
/// `--provider URI`, else `CORELOCATION_PROVIDER`, else what the library's probe finds (gpsd, GeoClue2); else,
/// for `watch` alone, the embedded sample (``SampleProvider``), announced on standard error. Every other command
/// ends with status 3 and a line saying what was tried: it never reports a position it does not have.
enum ProviderChoice {
    /// What the manual page says of choosing a provider.
    static var help: String {
        "Every command that needs fixes takes --provider URI. Without it: CORELOCATION_PROVIDER, then the probe ("
            + LocationProviders.probeURIs.joined(separator: ", then ")
            + "); providers shows what is configured and found. The tool never reports a position it does not have: "
            + "when nothing is configured or found, watch alone replays the embedded sample track, saying so and "
            + "marking every fix as the sample's, and every other command exits with status 3. The URIs:"
    }

    /// The kinds of provider URI: an example, the source it names, and how the completions begin it.
    static let uriForms: [(example: String, source: String, completion: String)] = [
        ("gpsd://127.0.0.1:2947", "gpsd over TCP", "gpsd://127.0.0.1:2947"),
        ("gpsd:///run/gpsd.sock", "gpsd over its Unix socket", "gpsd:///run/gpsd.sock"),
        ("nmea:/dev/ttyACM0?baud=9600", "a serial or USB receiver, raw 8N1", "nmea:"),
        (
            "nmea:log.nmea?speed=N|max&loop", "an NMEA log, paced by its timestamps; nmea:- reads standard input",
            "nmea:"
        ),
        ("nmea+tcp://host:10110", "an NMEA stream over TCP", "nmea+tcp://"),
        ("gpx:route.gpx?speed=N|max&loop&mps=M", "a GPX replay, as Xcode simulates locations", "gpx:"),
        ("geoclue:?accuracy=exact&desktop-id=ID", "the desktop's GeoClue2 service", "geoclue:"),
        ("fixed:48.8584,2.2945[,ACCURACY]", "one constant location", "fixed:"),
        ("sample:[?speed=N|max&loop]", "the embedded sample track (real time unless speed says otherwise)", "sample:"),
    ]

    /// The schemes whose URI names a file to replay (or a serial device, or `-`).
    static let fileSchemes = ["nmea", "gpx"]

    /// A provider, and how refusals name it: its URI, followed by `(CORELOCATION_PROVIDER)` when it came from that
    /// variable rather than from `--provider` (`fixed:1,2 (CORELOCATION_PROVIDER)`), so that the user knows what to
    /// change.
    typealias Resolved = (provider: any LocationProvider, name: String)

    /// `uri` parsed when it is a replay of a path (`nmea:` or `gpx:`, no `//host`): a file, a device or standard
    /// input; `nil` for another URI or one that does not parse.
    static func replayFile(of uri: String) -> LocationProviderURI? {
        guard let parsed = try? LocationProviderURI(uri), fileSchemes.contains(parsed.scheme), parsed.authority == nil
        else { return nil }
        return parsed
    }

    /// Resolves the provider, or ends the command (status 3) when there is none and the sample may not stand in.
    ///
    /// - Parameters:
    ///   - uri: The `--provider` value, if given.
    ///   - fallsBackToSample: Whether the sample stands in when nothing is configured or found (`watch`).
    /// - Throws: ``Arguments/UsageError`` for a bad `--provider` or `CORELOCATION_PROVIDER`, with the library's
    ///   message for both.
    /// - Returns: The provider, and how refusals name it.
    static func resolve(_ uri: String?, fallsBackToSample: Bool) throws -> Resolved {
        if let uri {
            let provider: any LocationProvider
            do {
                provider = try LocationProviders.provider(for: uri)
            } catch {
                throw Arguments.UsageError(description: "--provider: \(error)")
            }
            checkReplayFile(uri)
            return (provider, provider.identifier)
        }
        if let provider = LocationProviders.defaultProvider { return (provider, provider.identifier) }
        do {
            if let configured = try LocationProviders.configuredProvider() {
                checkReplayFile(configured.identifier, from: "CORELOCATION_PROVIDER")
                return (configured, "\(configured.identifier) (CORELOCATION_PROVIDER)")
            }
        } catch {
            throw Arguments.UsageError(description: "CORELOCATION_PROVIDER: \(error)")
        }
        if let found = LocationProviders.probe() { return (found, found.identifier) }
        let probed = LocationProviders.probeURIs.joined(separator: " and ")
        let tried =
            "no --provider, no CORELOCATION_PROVIDER, and the probe found nothing (\(probed) "
            + (LocationProviders.probeURIs.count == 1 ? "does" : "do") + " not answer)"
        guard fallsBackToSample else {
            Terminal.exit(
                .unavailable,
                "no location provider: \(tried); choose one with --provider URI (`corelocation providers` lists "
                    + "what to try), or --provider sample: for the embedded sample track")
        }
        let sample = try LocationProviders.provider(for: "\(SampleProvider.scheme):")
        Terminal.note("\(tried); replaying \((sample as? SampleProvider)?.summary ?? "the sample"), marked as sample")
        return (sample, sample.identifier)
    }

    /// Ends the command with status 66 and one line when a `nmea:` or `gpx:` replay names a file that cannot be
    /// read, before anything is announced or started; called after the URI itself was checked, so that a bad URI
    /// gets the same message from `--provider` and `CORELOCATION_PROVIDER`.
    ///
    /// A missing path under `/dev/` is left to an `nmea:` provider, which waits for a receiver to be plugged in; a
    /// socket, which no replay can open, is refused here (a trial of the tool: it failed later, status 1).
    ///
    /// - Parameters:
    ///   - uri: The provider's URI.
    ///   - variable: The environment variable the URI came from, which the line then begins with; `nil` for
    ///     `--provider`.
    private static func checkReplayFile(_ uri: String, from variable: String? = nil) {
        guard let parsed = replayFile(of: uri), !parsed.path.isEmpty, !parsed.namesStandardInput,
            !(parsed.scheme == "nmea" && parsed.path.hasPrefix("/dev/"))
        else { return }
        checkReadable(parsed.path, from: variable)
        if FileKind(path: parsed.path) == .socket {
            Terminal.exit(.noInput, cannotRead(parsed.path, from: variable) + ": it is a socket, not a file or device")
        }
    }

    /// Ends the command with status 66 and one line saying why when `path` is not a file that can be read: it
    /// does not exist, is a directory, or may not be read — in the system's words for the other reasons (`too many
    /// levels of symbolic links`, `not a directory`: a trial of the tool found them all said `no such file`).
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - variable: The environment variable that named it, which the line then begins with
    ///     (`CORELOCATION_PROVIDER: cannot read /tmp: it is a directory`); `nil` when the command line named it.
    static func checkReadable(_ path: String, from variable: String? = nil) {
        guard let kind = FileKind(path: path) else {
            let reason = errno == ENOENT ? "no such file" : errno == EACCES ? "permission denied" : systemWords(errno)
            Terminal.exit(.noInput, "\(cannotRead(path, from: variable)): \(reason)")
        }
        if kind == .directory { Terminal.exit(.noInput, "\(cannotRead(path, from: variable)): it is a directory") }
        guard access(path, R_OK) == 0 else {
            Terminal.exit(.noInput, "\(cannotRead(path, from: variable)): permission denied")
        }
    }

    /// `cannot read PATH`, after `VARIABLE: ` when an environment variable named it.
    private static func cannotRead(_ path: String, from variable: String?) -> String {
        (variable.map { "\($0): " } ?? "") + "cannot read \(path)"
    }

    /// The system's message for `code`, in lower case as the tool's lines are: `too many levels of symbolic links`.
    private static func systemWords(_ code: Int32) -> String {
        let words = String(cString: strerror(code))
        return words.prefix(1).lowercased() + words.dropFirst()
    }
}
