import LinuxCoreLocation

/// The JSON Lines encoding of events: one object per line with a `"type"` member.
///
/// The schema is a contract,
/// documented in Docs/CLI.md: values are those the objects hold (−1 stays −1) rounded to the precision of their
/// kind (``Numbers/Precision``) and written in their shortest form, timestamps are ISO 8601 UTC with
/// milliseconds, and keys come in a fixed order.
enum JSONLine {
    static func encode(_ event: OutputEvent) -> String {
        switch event {
        case .location(let location):
            return object(
                [("type", string("location")), ("timestamp", string(Timestamps.iso8601(location.timestamp)))]
                    + Numbers.location(location).map { ($0.key, $0.value) })
        case .heading(let heading):
            return object([
                ("type", string("heading")), ("timestamp", string(Timestamps.iso8601(heading.timestamp))),
                ("magneticHeading", Numbers.decimal(heading.magneticHeading, Numbers.Precision.angle)),
                ("trueHeading", Numbers.decimal(heading.trueHeading, Numbers.Precision.angle)),
                ("headingAccuracy", Numbers.decimal(heading.headingAccuracy, Numbers.Precision.accuracy)),
                ("x", Numbers.decimal(heading.x, Numbers.Precision.field)),
                ("y", Numbers.decimal(heading.y, Numbers.Precision.field)),
                ("z", Numbers.decimal(heading.z, Numbers.Precision.field)),
            ])
        case .error(let error):
            return object([
                ("type", string("error")), ("code", string(error.code.name)), ("rawValue", "\(error.code.rawValue)"),
                ("domain", string(kCLErrorDomain)),
            ])
        case .region(let kind, let region, let date):
            var members = [("type", string("region")), ("timestamp", string(Timestamps.iso8601(date)))]
            switch kind {
            case .enter: members.append(("event", string("enter")))
            case .exit: members.append(("event", string("exit")))
            case .state(let state):
                members += [("event", string("state")), ("state", string(String(describing: state)))]
            }
            members.append(("identifier", string(region.identifier)))
            return object(members)
        case .visit(let visit):
            return object([
                ("type", string("visit")),
                ("arrival", visit.arrivalDate == .distantPast ? "null" : string(Timestamps.iso8601(visit.arrivalDate))),
                (
                    "departure",
                    visit.departureDate == .distantFuture ? "null" : string(Timestamps.iso8601(visit.departureDate))
                ),
                ("latitude", Numbers.coordinate(visit.coordinate.latitude)),
                ("longitude", Numbers.coordinate(visit.coordinate.longitude)),
                ("horizontalAccuracy", Numbers.decimal(visit.horizontalAccuracy, Numbers.Precision.accuracy)),
            ])
        case .authorization(let status):
            return object([("type", string("authorization")), ("status", string(status.name))])
        }
    }

    private static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(string($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
