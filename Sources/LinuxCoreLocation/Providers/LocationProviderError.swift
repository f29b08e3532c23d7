/// Why a provider could not be made from its configuration.
///
/// **Linux only.**
public enum LocationProviderError: Error, Equatable, CustomStringConvertible {
    /// The URI could not be parsed.
    case malformedURI(String, reason: String)
    /// No provider is registered for the URI's scheme.
    case unknownScheme(String, known: [String])
    /// A part of the URI has a value the provider cannot use.
    case invalidParameter(uri: String, name: String, reason: String)

    /// One line: what failed, why, what to try.
    public var description: String {
        switch self {
        case .malformedURI(let uri, let reason):
            return "provider URI \"\(uri)\" is malformed: \(reason)"
        case .unknownScheme(let scheme, let known):
            return "no provider for scheme \"\(scheme)\"; known schemes: \(known.joined(separator: ", "))"
        case .invalidParameter(let uri, let name, let reason):
            return "provider URI \"\(uri)\": \(name): \(reason)"
        }
    }
}
