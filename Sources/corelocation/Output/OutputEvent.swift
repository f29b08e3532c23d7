import LinuxCoreLocation

/// One thing the tool reports on standard output.
enum OutputEvent {
    case location(CLLocation)
    case heading(CLHeading)
    case error(CLError)
    case region(RegionEventKind, CLRegion, date: Date)
    case visit(CLVisit)
    case authorization(CLAuthorizationStatus)

    /// The `code` of the JSON error object for input that is not what its scheme says (a malformed GPX, a file
    /// with no NMEA sentence): a ``ReplayInputError`` under the provider's `CLError`.
    static let invalidInputCode = "invalidInput"
    /// The `domain` of the tool's own error codes.
    static let toolErrorDomain = "corelocation"

    /// What happened to a region.
    enum RegionEventKind: Equatable {
        case enter
        case exit
        case state(CLRegionState)
    }
}

extension CLError.Code {
    /// The case name, as written in JSON (`locationUnknown`, `denied`, …).
    var name: String { String(describing: self) }
}

extension CLAuthorizationStatus {
    /// The case name, as written in JSON and accepted by `CORELOCATION_AUTHORIZATION`.
    var name: String { String(describing: self) }
}
