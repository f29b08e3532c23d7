import Foundation
import LinuxCoreLocation

/// How a command ends when its manager reports an error: the exit status (Docs/CLI.md) and the one line said
/// on standard error; `nil` for errors the command rides out (`locationUnknown`: no fix right now).
struct CommandEnding {
    let status: ExitStatus
    let message: String

    /// The line for input that is not what its scheme says: `invalid input from gpx:route.gpx: line 3: XML is not
    /// well-formed: …`, naming the provider (or the file, for `plot`) as given.
    static func invalidInput(_ input: ReplayInputError, from provider: String) -> String {
        "invalid input from \(provider): " + located(input)
    }

    /// The reason of `input` after its line, when it has one: `line 3: XML is not well-formed: …`.
    static func located(_ input: ReplayInputError) -> String {
        (input.line.map { "line \($0): " } ?? "") + input.reason
    }

    /// The ending for `error`.
    ///
    /// - Parameters:
    ///   - error: What the manager reported.
    ///   - authorization: The manager's authorization status, which tells a denial from a missing provider.
    ///   - provider: The provider's identifier, named in the message.
    init?(_ error: CLError, authorization: CLAuthorizationStatus, provider: String) {
        switch error.code {
        case .denied:
            status = .unavailable
            if authorization == .denied || authorization == .restricted {
                message = "location access is \(authorization.name)"
            } else if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error {
                message = "\(provider) refused: \(underlying)"  // GeoClue without its consent
            } else {
                message = "no location provider is available"
            }
        case .network:
            let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error
            if let input = underlying as? ReplayInputError {
                status = .invalidInput
                message = Self.invalidInput(input, from: provider)
            } else {
                status = .providerFailed
                message = "the provider \(provider) failed" + (underlying.map { ": \($0)" } ?? "")
            }
        case .headingFailure:
            status = .unavailable
            message = "\(provider) does not measure heading" + Self.headingHint(provider)
        default:
            return nil
        }
    }

    /// How to declare a heading receiver, for the providers whose URI can (`nmea:`, `nmea+tcp:`).
    private static func headingHint(_ provider: String) -> String {
        guard let uri = try? LocationProviderURI(provider), uri.scheme == "nmea" || uri.scheme == "nmea+tcp",
            uri.parameter("heading") == nil
        else { return "" }
        let declared = provider + (uri.parameters.isEmpty ? "?heading" : "&heading")
        return "; if the receiver sends HDT, HDG or THS, declare it with ?heading: --provider \"\(declared)\""
    }
}
