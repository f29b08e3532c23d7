import Foundation
import LinuxCoreLocation

/// Which provider a command uses: `--provider URI`, else `CORELOCATION_PROVIDER`, else what the library's probe
/// finds (gpsd, GeoClue2), else the embedded sample track, announced on standard error.
enum ProviderChoice {
    /// Resolves the provider.
    ///
    /// - Parameters:
    ///   - uri: The `--provider` value, if given.
    ///   - allowsSample: Whether the sample may stand in when nothing is configured.
    /// - Throws: ``Arguments/UsageError`` for a bad URI.
    /// - Returns: The provider, or `nil` when nothing is configured and the sample may not stand in.
    static func resolve(_ uri: String?, allowsSample: Bool = true) throws -> (any LocationProvider)? {
        if let uri {
            try checkReplayFile(uri)
            do {
                return try LocationProviders.provider(for: uri)
            } catch {
                throw Arguments.UsageError(description: "--provider: \(error)")
            }
        }
        if let provider = LocationProviders.resolveDefault() { return provider }
        guard allowsSample else { return nil }
        Terminal.note("no provider configured (--provider or CORELOCATION_PROVIDER); replaying the \(SampleTrack.name)")
        return SampleTrack.provider()
    }

    /// Ends the command with status 66 and one line when a `nmea:` or `gpx:` replay names a file that cannot be
    /// read, before anything is announced or started.
    private static func checkReplayFile(_ uri: String) throws {
        guard let parsed = try? LocationProviderURI(uri), ["nmea", "gpx"].contains(parsed.scheme),
            parsed.authority == nil, !parsed.path.isEmpty, parsed.path != "-", !parsed.path.hasPrefix("/dev/")
        else { return }
        guard FileManager.default.isReadableFile(atPath: parsed.path) else {
            Terminal.exit(.noInput, "cannot read \(parsed.path): no such file, or not readable")
        }
    }
}
