import Foundation

/// Turning attribute and element text into point values, with the strict/lenient rules.
extension GPXParseSession {
    /// Starts the point whose start tag was just read, with the position from its `lat` and `lon` attributes.
    mutating func beginPoint(_ kind: GPXElementRole.PointKind, element: String, line: Int) {
        // Reset in place, the position first: a new `PendingPoint` (or `GPXPoint`) built apart and copied over the
        // old one, and the element's name handed to each coordinate, cost about 700 instructions a point.
        pending.kind = kind
        pending.element = element
        pending.extensionSpeed = nil
        pending.extensionCourse = nil
        pending.isSkipped = false
        isReadingPoint = true
        let latitude = coordinate("lat", limit: 90, line: line)
        let longitude = latitude == nil ? nil : coordinate("lon", limit: 180, line: line)
        pending.point.reset(latitude: longitude == nil ? 0 : latitude ?? 0, longitude: longitude ?? 0)
    }

    /// The value of the coordinate attribute `name`, in -limit...limit, or `nil` after rejecting the point.
    private mutating func coordinate(_ name: StaticString, limit: Double, line: Int) -> Double? {
        guard let text = attribute(name) else {
            reject(.missingValue, line: line, element: pending.element, "missing \(name) attribute", point: true)
            return nil
        }
        guard let value = GPXDecimal.parse(text) else {
            reject(
                .invalidValue, line: line, element: pending.element, "\(name) \(quoted(text))is not a number",
                point: true)
            return nil
        }
        guard (-limit...limit).contains(value) else {
            reject(
                .outOfRange, line: line, element: pending.element,
                "\(name) \(quoted(text))is outside \(Int(-limit))...\(Int(limit))", point: true)
            return nil
        }
        return value
    }

    /// Ends the point being read: delivers it, or counts it as skipped.
    mutating func endPoint() {
        guard isReadingPoint else { return }
        isReadingPoint = false
        if pending.isSkipped {
            summary.skippedPoints += 1
            return
        }
        if pending.point.speed == nil { pending.point.speed = pending.extensionSpeed }
        if pending.point.course == nil { pending.point.course = pending.extensionCourse }
        switch pending.kind {
        case .waypoint: summary.waypoints += 1
        case .routePoint: summary.routePoints += 1
        case .trackPoint: summary.trackPoints += 1
        }
        emit(.point)
    }

    /// Parses the text of a closed leaf element into its place; empty text means "absent".
    mutating func apply(_ field: GPXElementRole.Field, text: UnsafeBufferPointer<UInt8>) {
        let trimmed = GPXDecimal.trimmingXMLWhitespace(text)
        let present = trimmed.isEmpty ? nil : trimmed
        switch field {
        case .documentName: setDocumentName(present.map(Self.string))
        case .routeName: routeName = present.map(Self.string)
        case .trackName: trackName = present.map(Self.string)
        case .name:
            let value = present.map(Self.string)
            pending.point.name = value
        case .documentTime: setDocumentTime(present.flatMap { time($0) })
        case .time:
            let value = present.flatMap { time($0) }
            pending.point.time = value
        case .elevation:
            let value = present.flatMap { number($0, in: nil) }
            pending.point.elevation = value
        case .hdop:
            let value = present.flatMap { number($0, in: 0...) }
            pending.point.hdop = value
        case .vdop:
            let value = present.flatMap { number($0, in: 0...) }
            pending.point.vdop = value
        case .pdop:
            let value = present.flatMap { number($0, in: 0...) }
            pending.point.pdop = value
        case .horizontalAccuracy:
            let value = present.flatMap { number($0, in: 0...) }
            pending.point.horizontalAccuracy = value
        case .verticalAccuracy:
            let value = present.flatMap { number($0, in: 0...) }
            pending.point.verticalAccuracy = value
        case .speed:
            let value = present.flatMap { speed($0) }
            pending.point.speed = value
        case .extensionSpeed:
            let value = present.flatMap { speed($0) }
            if pending.extensionSpeed == nil { pending.extensionSpeed = value }
        case .course:
            let value = present.flatMap { course($0) }
            pending.point.course = value
        case .extensionCourse:
            let value = present.flatMap { course($0) }
            if pending.extensionCourse == nil { pending.extensionCourse = value }
        case .satellites:
            let value = present.flatMap { text in
                GPXDecimal.parseCount(text)
                    ?? reject(.invalidValue, "\(quoted(text))is not a non-negative integer")
            }
            pending.point.satellites = value
        case .fix:
            let value = present.flatMap { text in
                GPXFix(rawValue: Self.string(text))
                    ?? warn("\(quoted(text))is not a fix type (none, 2d, 3d, dgps, pps); ignored")
            }
            pending.point.fix = value
        }
    }

    /// UTF-8 bytes as a string.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// UTF-8 bytes as a quoted string and a space, for diagnostics (`lat "48.8x" is not a number`); empty unless
    /// ``GPXReader/includesValues`` (values can be coordinates or times: `lat is not a number`).
    private func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        includesValues ? "\"\(Self.string(bytes))\" " : ""
    }

    private mutating func time(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        switch GPXTimestamp.parse(text) {
        case .date(let date): return date
        case .sentinel:
            summary.sentinelTimes += 1
            return nil
        case nil:
            return reject(
                .invalidValue, "\(quoted(text))is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm])"
            )
        }
    }

    private mutating func number(_ text: UnsafeBufferPointer<UInt8>, in range: PartialRangeFrom<Double>?) -> Double? {
        guard let value = GPXDecimal.parse(text) else {
            return reject(.invalidValue, "\(quoted(text))is not a number")
        }
        guard range.map({ $0.contains(value) }) ?? true else {
            return reject(.outOfRange, "\(quoted(text))is negative")
        }
        return value
    }

    /// Speed in m/s; a negative value is the conventional "unknown" and is read as `nil` with a warning.
    private mutating func speed(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = number(text, in: nil) else { return nil }
        return value < 0 ? warn("\(quoted(text))is negative, read as unknown") : value
    }

    /// Course in degrees 0..<360; 360 is read as 0, negative as unknown (warning), above 360 is an error.
    private mutating func course(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let value = number(text, in: nil) else { return nil }
        if value < 0 { return warn("\(quoted(text))is negative, read as unknown") }
        guard value <= 360 else { return reject(.outOfRange, "\(quoted(text))is outside 0...360") }
        return value == 360 ? 0 : value
    }

    /// Records a warning for the current leaf element and drops its value.
    private mutating func warn<T>(_ message: String) -> T? {
        summary.droppedValues += 1
        summary.record(
            GPXDiagnostic(
                severity: .warning, kind: .invalidValue, source: source, line: fieldLine,
                element: isReadingPoint ? pending.element : nil, message: "\(fieldElement) \(message)"))
        return nil
    }

    /// Reports an invalid leaf value: fatal in strict mode, dropped and counted in lenient mode.
    private mutating func reject<T>(_ kind: GPXDiagnostic.Kind, _ message: String) -> T? {
        reject(
            kind, line: fieldLine, element: isReadingPoint ? pending.element : fieldElement,
            isReadingPoint ? "\(fieldElement) \(message)" : message, point: false)
        return nil
    }

    /// Reports an invalid value: fatal in strict mode; in lenient mode the point (`point: true`)
    /// or the value is skipped and counted.
    mutating func reject(_ kind: GPXDiagnostic.Kind, line: Int, element: String, _ message: String, point: Bool) {
        let diagnostic = GPXDiagnostic(kind: kind, source: source, line: line, element: element, message: message)
        switch mode {
        case .strict:
            if !hasFailed {
                failure = diagnostic
                hasFailed = true
            }
        case .lenient:
            summary.record(diagnostic)
            if point { pending.isSkipped = true } else { summary.droppedValues += 1 }
        }
    }
}
