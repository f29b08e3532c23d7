import LinuxCoreLocation

/// A `--format-string` template: text with `%latitude %longitude %altitude %h_accuracy %v_accuracy %speed
/// %course %time` placeholders (and `%%` for a percent sign, `\n` and `\t` escapes), written once per fix.
struct FormatTemplate: Equatable {
    enum Piece: Equatable {
        case text(String)
        case field(String)
    }

    static let fields = ["latitude", "longitude", "altitude", "h_accuracy", "v_accuracy", "speed", "course", "time"]

    let pieces: [Piece]

    /// Parses a template.
    ///
    /// - Throws: ``Arguments/UsageError`` naming an unknown placeholder.
    init(_ template: String) throws {
        var pieces: [Piece] = []
        var text = ""
        var rest = Substring(
            template.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t"))
        while let percent = rest.firstIndex(of: "%") {
            text += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.hasPrefix("%") {
                text += "%"
                rest = rest.dropFirst()
                continue
            }
            guard let name = Self.fields.filter({ rest.hasPrefix($0) }).max(by: { $0.count < $1.count }) else {
                throw Arguments.UsageError(
                    description:
                        "--format-string: unknown placeholder %\(rest.prefix(while: { $0.isLetter || $0 == "_" })); "
                        + "known: " + Self.fields.map { "%" + $0 }.joined(separator: " "))
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.field(name))
            rest = rest.dropFirst(name.count)
        }
        text += rest
        if !text.isEmpty { pieces.append(.text(text)) }
        self.pieces = pieces
    }

    /// The template filled with a fix's values, ending with a newline unless the template does.
    func render(_ location: CLLocation) -> String {
        var line = ""
        for piece in pieces {
            switch piece {
            case .text(let text): line += text
            case .field(let name): line += Self.value(name, of: location)
            }
        }
        return line.hasSuffix("\n") ? line : line + "\n"
    }

    /// The JSON Lines member each placeholder stands for (`time` is the timestamp).
    private static let members = [
        "latitude": "latitude", "longitude": "longitude", "altitude": "altitude", "h_accuracy": "horizontalAccuracy",
        "v_accuracy": "verticalAccuracy", "speed": "speed", "course": "course",
    ]

    private static func value(_ name: String, of location: CLLocation) -> String {
        guard let member = members[name] else { return Timestamps.iso8601(location.timestamp) }
        return Numbers.location(location).first { $0.key == member }?.value ?? "null"
    }
}
