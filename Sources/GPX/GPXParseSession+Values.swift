import Foundation

/// Turning attribute and element text into point values, with the strict/lenient rules.
extension GPXParseSession {
    func beginPoint(_ kind: GPXElementRole.PointKind, element: String, attributes: [String: String]) {
        pending = PendingPoint(kind: kind, element: element)
        let startLine = line
        for (attribute, range) in [("lat", -90.0...90.0), ("lon", -180.0...180.0)] {
            let value: Double
            if let text = attributes[attribute] {
                guard let number = GPXDecimal.parse(text) else {
                    return reject(
                        .invalidValue, line: startLine, element: element, "\(attribute) \"\(text)\" is not a number",
                        point: true)
                }
                guard range.contains(number) else {
                    return reject(
                        .outOfRange, line: startLine, element: element,
                        "\(attribute) \"\(text)\" is outside \(Int(range.lowerBound))...\(Int(range.upperBound))",
                        point: true)
                }
                value = number
            } else {
                return reject(
                    .missingValue, line: startLine, element: element, "missing \(attribute) attribute", point: true)
            }
            if attribute == "lat" { pending?.point.latitude = value } else { pending?.point.longitude = value }
        }
    }

    func endPoint() {
        guard let finished = pending else { return }
        pending = nil
        if finished.isSkipped {
            summary.skippedPoints += 1
            return
        }
        var point = finished.point
        point.speed = point.speed ?? finished.extensionSpeed
        point.course = point.course ?? finished.extensionCourse
        switch finished.kind {
        case .waypoint:
            summary.waypoints += 1
            emit(.waypoint(point))
        case .routePoint:
            summary.routePoints += 1
            emit(.routePoint(point))
        case .trackPoint:
            summary.trackPoints += 1
            emit(.trackPoint(point))
        }
    }

    /// Parses the text of a closed leaf element into its place; empty text means "absent".
    func apply(_ field: GPXElementRole.Field, text: String) {
        let trimmed = String(text.trimmingXMLWhitespace())
        let present = trimmed.isEmpty ? nil : trimmed
        switch field {
        case .documentName: setDocumentName(present)
        case .routeName: routeName = present
        case .trackName: trackName = present
        case .name: set(\.name, present)
        case .documentTime: setDocumentTime(present.flatMap { time($0) })
        case .time: set(\.time, present.flatMap { time($0) })
        case .elevation: set(\.elevation, present.flatMap { number($0, in: nil) })
        case .hdop: set(\.hdop, present.flatMap { number($0, in: 0...) })
        case .vdop: set(\.vdop, present.flatMap { number($0, in: 0...) })
        case .pdop: set(\.pdop, present.flatMap { number($0, in: 0...) })
        case .horizontalAccuracy: set(\.horizontalAccuracy, present.flatMap { number($0, in: 0...) })
        case .verticalAccuracy: set(\.verticalAccuracy, present.flatMap { number($0, in: 0...) })
        case .speed: set(\.speed, present.flatMap { speed($0) })
        case .extensionSpeed:
            let value = present.flatMap { speed($0) }
            if pending?.extensionSpeed == nil { pending?.extensionSpeed = value }
        case .course: set(\.course, present.flatMap { course($0) })
        case .extensionCourse:
            let value = present.flatMap { course($0) }
            if pending?.extensionCourse == nil { pending?.extensionCourse = value }
        case .satellites:
            set(
                \.satellites,
                present.flatMap { text in
                    GPXDecimal.parseCount(text) ?? reject(.invalidValue, "\"\(text)\" is not a non-negative integer")
                })
        case .fix:
            set(
                \.fix,
                present.flatMap { text in
                    GPXFix(rawValue: text) ?? warn("\"\(text)\" is not a fix type (none, 2d, 3d, dgps, pps); ignored")
                })
        }
    }

    /// Stores a value into the pending point; evaluated before the write so that diagnostics
    /// produced while computing `value` may read `pending`.
    private func set<T>(_ field: WritableKeyPath<GPXPoint, T?>, _ value: T?) {
        pending?.point[keyPath: field] = value
    }

    private func time(_ text: String) -> Date? {
        switch GPXTimestamp.parse(Substring(text)) {
        case .date(let date): return date
        case .sentinel:
            summary.sentinelTimes += 1
            return nil
        case nil:
            return reject(
                .invalidValue, "\"\(text)\" is not an ISO 8601 date-time (YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm])")
        }
    }

    private func number(_ text: String, in range: PartialRangeFrom<Double>?) -> Double? {
        guard let value = GPXDecimal.parse(text) else { return reject(.invalidValue, "\"\(text)\" is not a number") }
        guard range.map({ $0.contains(value) }) ?? true else { return reject(.outOfRange, "\"\(text)\" is negative") }
        return value
    }

    /// Speed in m/s; a negative value is the conventional "unknown" and is read as `nil` with a warning.
    private func speed(_ text: String) -> Double? {
        guard let value = number(text, in: nil) else { return nil }
        return value < 0 ? warn("\"\(text)\" is negative, read as unknown") : value
    }

    /// Course in degrees 0..<360; 360 is read as 0, negative as unknown (warning), above 360 is an error.
    private func course(_ text: String) -> Double? {
        guard let value = number(text, in: nil) else { return nil }
        if value < 0 { return warn("\"\(text)\" is negative, read as unknown") }
        guard value <= 360 else { return reject(.outOfRange, "\"\(text)\" is outside 0...360") }
        return value == 360 ? 0 : value
    }

    /// Records a warning for the current leaf element and drops its value.
    private func warn<T>(_ message: String) -> T? {
        summary.droppedValues += 1
        summary.record(
            GPXDiagnostic(
                severity: .warning, kind: .invalidValue, source: source, line: fieldLine,
                element: pending?.element, message: "\(fieldElement) \(message)"))
        return nil
    }

    /// Reports an invalid leaf value: fatal in strict mode, dropped and counted in lenient mode.
    private func reject<T>(_ kind: GPXDiagnostic.Kind, _ message: String) -> T? {
        reject(
            kind, line: fieldLine, element: pending?.element ?? fieldElement,
            pending == nil ? message : "\(fieldElement) \(message)", point: false)
        return nil
    }

    /// Reports an invalid value: fatal in strict mode; in lenient mode the point (`point: true`)
    /// or the value is skipped and counted.
    func reject(_ kind: GPXDiagnostic.Kind, line: Int, element: String, _ message: String, point: Bool) {
        let diagnostic = GPXDiagnostic(kind: kind, source: source, line: line, element: element, message: message)
        switch mode {
        case .strict:
            fail(diagnostic)
        case .lenient:
            summary.record(diagnostic)
            if point { pending?.isSkipped = true } else { summary.droppedValues += 1 }
        }
    }
}
