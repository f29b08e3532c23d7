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
}
