/// A parsed provider URI such as `gpsd://127.0.0.1:2947`, `nmea:/dev/ttyACM0?baud=9600` or
/// `fixed:48.8584,2.2945`.
///
/// **Linux only.**
///
/// The form is `SCHEME:REST[?NAME=VALUE&…]`. When `REST` starts with `//`, the part up to the next `/` is the
/// authority (`host:port`) and the remainder the path; otherwise all of `REST` is the path. Names and values
/// are taken verbatim (no percent-decoding); a name without `=` has the value `""` (`?loop`).
public struct LocationProviderURI: Sendable, Equatable, CustomStringConvertible {
    /// The scheme, lowercased: `gpsd`, `nmea`, `nmea+tcp`, `gpx`, `fixed`, `geoclue`, ….
    public let scheme: String
    /// The authority (`host:port`) of `scheme://authority/path` forms, else `nil`.
    public let authority: String?
    /// The path: a file, a device, coordinates; may be empty.
    public let path: String
    /// The query parameters in order.
    public let parameters: [(name: String, value: String)]
    /// The URI as given.
    public let description: String

    /// Parses a provider URI.
    ///
    /// - Parameter text: The URI, e.g. `nmea:/dev/ttyUSB0?baud=4800`.
    /// - Throws: ``LocationProviderError/malformedURI(_:reason:)`` when there is no scheme.
    public init(_ text: String) throws {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
            throw LocationProviderError.malformedURI(text, reason: "expected SCHEME:…, e.g. gpsd://127.0.0.1:2947")
        }
        let scheme = text[..<colon].lowercased()
        guard scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            throw LocationProviderError.malformedURI(text, reason: "the scheme \"\(scheme)\" has invalid characters")
        }
        var rest = Substring(text[text.index(after: colon)...])
        var parameters: [(String, String)] = []
        if let question = rest.firstIndex(of: "?") {
            for item in rest[rest.index(after: question)...].split(separator: "&") where !item.isEmpty {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                parameters.append((String(pair[0]), pair.count > 1 ? String(pair[1]) : ""))
            }
            rest = rest[..<question]
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.dropFirst(2)
            let slash = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            authority = String(afterSlashes[..<slash])
            path = String(afterSlashes[slash...])
        } else {
            authority = nil
            path = String(rest)
        }
        self.scheme = scheme
        self.parameters = parameters
        description = text
    }

    /// The value of the first parameter named `name`, or `nil`.
    public func parameter(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// Whether the flag `name` is given (`?loop`, `?heading`): a flag is its name alone, and takes no value.
    ///
    /// Any value is refused rather than read: `?loop=false`, `?loop=0` and `?loop=no` turned looping on, as `?loop=1`
    /// did. An empty value (`?loop=`) cannot be told from none, so it counts as the flag. Thread-safe.
    ///
    /// - Parameters:
    ///   - name: The flag's name.
    ///   - effect: What giving the flag does, for the error: `replay in a loop`.
    /// - Returns: `true` when the flag is given.
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` when it has a value: `loop: takes no
    ///   value, found "false"; give "loop" alone to replay in a loop, or leave it out`.
    func flag(_ name: String, effect: String) throws -> Bool {
        guard let value = parameter(name) else { return false }
        guard value.isEmpty else {
            throw LocationProviderError.invalidParameter(
                uri: description, name: name,
                reason: "takes no value, found \"\(value)\"; give \"\(name)\" alone to \(effect), or leave it out")
        }
        return true
    }

    /// Checks that every parameter is one the provider reads, so that a misspelt one (`?spede=10`) is an error
    /// instead of silently ignored, and that none is given twice (`?speed=1&speed=max`: which would win is no
    /// choice the user made; issue 32); each factory calls it with its own names.
    ///
    /// - Parameter accepted: The names the scheme reads; empty when it reads none.
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` naming the first unknown parameter
    ///   and the accepted ones: `provider URI "gpx:a.gpx?spede=10": spede: unknown parameter; gpx: accepts loop,
    ///   mps, speed`; or the first parameter given twice: `speed: given twice ("1" and "max"); give it once`.
    public func checkParameters(_ accepted: Set<String>) throws {
        if let unknown = parameters.first(where: { !accepted.contains($0.name) }) {
            let names = accepted.isEmpty ? "no parameters" : accepted.sorted().joined(separator: ", ")
            throw LocationProviderError.invalidParameter(
                uri: description, name: unknown.name, reason: "unknown parameter; \(scheme): accepts \(names)")
        }
        for (index, parameter) in parameters.enumerated() {
            guard let again = parameters[(index + 1)...].first(where: { $0.name == parameter.name }) else { continue }
            throw LocationProviderError.invalidParameter(
                uri: description, name: parameter.name,
                reason: "given twice (\"\(parameter.value)\" and \"\(again.value)\"); give it once")
        }
    }

    /// Whether two URIs are the same text.
    public static func == (lhs: LocationProviderURI, rhs: LocationProviderURI) -> Bool {
        lhs.description == rhs.description
    }
}
