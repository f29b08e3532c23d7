import LinuxCoreLocation

/// The JSON Lines encoding of events: one object per line with a `"type"` member.
///
/// The schema is a contract,
/// documented in Docs/CLI.md: values are those the objects hold (−1 stays −1) rounded to the precision of their
/// kind (``Numbers/Precision``) and written in their shortest form, timestamps are ISO 8601 UTC with
/// milliseconds (`null` when a time has no such text), and keys come in a fixed order.
enum JSONLine {
    /// Appends the line of `event`, newline included.
    ///
    /// A fix ends with the receiver's Linux-only members when its provider reported them
    /// (``OutputBuffer/appendReceiverMembers(of:)``), then, with `marksSample`, `"source":"sample"` (as region
    /// events and visits do).
    static func encode(_ event: OutputEvent, marksSample: Bool = false, into line: inout OutputBuffer) {
        switch event {
        case .location(let location):
            line.append("{\"type\":\"location\",\"timestamp\":")
            line.appendJSONTimestamp(location.timestamp)
            for field in LocationField.allCases { line.append(field, of: location, after: field.member) }
            line.appendReceiverMembers(of: location)
            if marksSample { line.append(",\"source\":\"sample\"") }
        case .heading(let heading):
            line.append("{\"type\":\"heading\",\"timestamp\":")
            line.appendJSONTimestamp(heading.timestamp)
            line.append(",\"magneticHeading\":")
            line.appendDirection(heading.magneticHeading, Numbers.Precision.angle)
            line.append(",\"trueHeading\":")
            line.appendDirection(heading.trueHeading, Numbers.Precision.angle)
            line.append(",\"headingAccuracy\":")
            line.appendDecimal(heading.headingAccuracy, Numbers.Precision.accuracy)
            line.append(",\"x\":")
            line.appendDecimal(heading.x, Numbers.Precision.field)
            line.append(",\"y\":")
            line.appendDecimal(heading.y, Numbers.Precision.field)
            line.append(",\"z\":")
            line.appendDecimal(heading.z, Numbers.Precision.field)
        case .error(let error):
            // Input that is not what its scheme says is the tool's own code, not CoreLocation's `network`.
            let input = error.userInfo[NSUnderlyingErrorKey] as? ReplayInputError
            line.append("{\"type\":\"error\",\"code\":")
            line.appendJSONString(input == nil ? error.code.name : OutputEvent.invalidInputCode)
            line.append(",\"rawValue\":")
            line.append(contentsOf: String(input == nil ? error.code.rawValue : Int(ExitStatus.invalidInput.rawValue)))
            line.append(",\"domain\":")
            line.appendJSONString(input == nil ? kCLErrorDomain : OutputEvent.toolErrorDomain)
            line.append(",\"message\":")
            line.appendJSONString(input.map(\.description) ?? error.description)
        case .region(let kind, let region, let date):
            line.append("{\"type\":\"region\",\"timestamp\":")
            line.appendJSONTimestamp(date)
            switch kind {
            case .enter: line.append(",\"event\":\"enter\"")
            case .exit: line.append(",\"event\":\"exit\"")
            case .state(let state):
                line.append(",\"event\":\"state\",\"state\":")
                line.appendJSONString(String(describing: state))
            }
            line.append(",\"identifier\":")
            line.appendJSONString(region.identifier)
            if marksSample { line.append(",\"source\":\"sample\"") }
        case .visit(let visit):
            line.append("{\"type\":\"visit\",\"arrival\":")
            if visit.arrivalDate == .distantPast {
                line.append("null")
            } else {
                line.appendJSONTimestamp(visit.arrivalDate)
            }
            line.append(",\"departure\":")
            if visit.departureDate == .distantFuture {
                line.append("null")
            } else {
                line.appendJSONTimestamp(visit.departureDate)
            }
            line.append(",\"latitude\":")
            line.appendDecimal(visit.coordinate.latitude, Numbers.Precision.coordinate)
            line.append(",\"longitude\":")
            line.appendDecimal(visit.coordinate.longitude, Numbers.Precision.coordinate)
            line.append(",\"horizontalAccuracy\":")
            line.appendDecimal(visit.horizontalAccuracy, Numbers.Precision.accuracy)
            if marksSample { line.append(",\"source\":\"sample\"") }
        case .authorization(let status):
            line.append("{\"type\":\"authorization\",\"status\":")
            line.appendJSONString(status.name)
        }
        line.append("}\n")
    }
}
