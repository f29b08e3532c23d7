import LinuxCoreLocation

/// A `--format-string` template: text with `%latitude %longitude %altitude %h_accuracy %v_accuracy %speed
/// %course %time` placeholders, CoreLocationCLI's `%direction` (the course), `%address` (see ``AddressLookup``)
/// and its placemark's parts (``PlacemarkField``: `%locality`, `%country`, …), `%%` for a percent sign and `\n`
/// and `\t` escapes, written once per fix.
struct FormatTemplate: Equatable {
    enum Piece: Equatable {
        case text(String)
        case field(Placeholder)
    }

    /// What a placeholder stands for: one of the fix's numbers, written as in JSON Lines, its timestamp, its
    /// address, or a part of its placemark (CoreLocationCLI's `%locality`, `%country`, …).
    enum Placeholder: Equatable {
        case number(LocationField)
        case time
        case address
        case placemark(PlacemarkField)
    }

    /// The placeholders by name, in the order the help lists them.
    static let placeholders: [(name: String, placeholder: Placeholder)] =
        [
            ("latitude", .number(.latitude)), ("longitude", .number(.longitude)), ("altitude", .number(.altitude)),
            ("h_accuracy", .number(.horizontalAccuracy)), ("v_accuracy", .number(.verticalAccuracy)),
            ("speed", .number(.speed)), ("course", .number(.course)), ("time", .time),
            ("direction", .number(.course)), ("address", .address),
        ] + PlacemarkField.allCases.map { ($0.rawValue, .placemark($0)) }

    /// The placeholder names.
    static var fields: [String] { placeholders.map(\.name) }

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
            guard
                let match = Self.placeholders.filter({ rest.hasPrefix($0.name) }).max(by: {
                    $0.name.count < $1.name.count
                })
            else {
                throw Arguments.UsageError(
                    description:
                        "--format-string: unknown placeholder %\(rest.prefix(while: { $0.isLetter || $0 == "_" })); "
                        + "known: " + Self.fields.map { "%" + $0 }.joined(separator: " "))
            }
            if !text.isEmpty { pieces.append(.text(text)) }
            text = ""
            pieces.append(.field(match.placeholder))
            rest = rest.dropFirst(match.name.count)
        }
        text += rest
        // Each line ends with a newline: the template's own, or one added.
        if !text.hasSuffix("\n") { text += "\n" }
        pieces.append(.text(text))
        self.pieces = pieces
    }

    /// Whether the template has `%address` or a part of the placemark, whose values need a geocoding request.
    var needsPlacemark: Bool {
        pieces.contains {
            switch $0 {
            case .field(.address), .field(.placemark): true
            default: false
            }
        }
    }

    /// Appends the template filled with a fix's values, ending with a newline unless the template does.
    ///
    /// - Parameters:
    ///   - location: The fix.
    ///   - placemark: The fix's placemark, for `%address` and the placemark's parts (empty without one).
    ///   - marksSample: Whether to end the line with ` (sample)`: the fix is the embedded sample's.
    ///   - line: The buffer appended to.
    func render(
        _ location: CLLocation, placemark: CLPlacemark? = nil, marksSample: Bool = false, into line: inout OutputBuffer
    ) {
        for piece in pieces {
            switch piece {
            case .text(let text): line.append(contentsOf: text)
            case .field(.number(let field)): line.append(field, of: location)
            case .field(.time): line.appendTimestamp(location.timestamp)
            case .field(.address): line.append(contentsOf: AddressLookup.address(of: placemark))
            case .field(.placemark(let field)): line.append(contentsOf: field.value(of: placemark, at: location) ?? "")
            }
        }
        if marksSample {
            line.removeLast(1)  // the newline every rendered template ends with
            line.append(" (sample)\n")
        }
    }
}
