/// `HDT`: heading, true — fields: 1 heading (degrees true), 2 `T`.
public struct HDTSentence: Sendable, Hashable {
    /// Heading in degrees clockwise from true north, 0...360; nil when empty (no heading).
    public var heading: Double?

    /// Decodes an `HDT` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(1, name: "heading")
        heading = try sentence.decimal(1, "heading", in: 0...360)
    }
}

/// `HDM`: heading, magnetic — fields: 1 heading (degrees magnetic), 2 `M`.
public struct HDMSentence: Sendable, Hashable {
    /// Heading in degrees clockwise from magnetic north; nil when empty.
    public var magneticHeading: Double?

    /// Decodes an `HDM` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(1, name: "heading")
        magneticHeading = try sentence.decimal(1, "heading", in: 0...360)
    }
}

/// `HDG`: heading, deviation and variation — fields: 1 magnetic sensor heading, 2–3 deviation E/W,
/// 4–5 variation E/W (degrees).
///
/// True heading = sensor heading + deviation + variation, east positive (NMEA 0183 v4.11 HDG note),
/// normalised to 0..<360; it needs the variation, so it is nil when that field is empty.
public struct HDGSentence: Sendable, Hashable {
    /// Magnetic sensor heading, degrees; nil when empty.
    public var magneticHeading: Double?
    /// Magnetic deviation, degrees, east positive; nil when empty (taken as 0 for the true heading).
    public var deviation: Double?
    /// Magnetic variation, degrees, east positive; nil when empty.
    public var variation: Double?

    /// Decodes an `HDG` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(1, name: "heading")
        magneticHeading = try sentence.decimal(1, "heading", in: 0...360)
        deviation = try sentence.signedAngle(2, "deviation", directionName: "deviation direction")
        variation = try sentence.signedAngle(4, "variation", directionName: "variation direction")
    }

    /// Heading in degrees clockwise from true north, 0..<360; nil without heading or variation.
    public var trueHeading: Double? {
        guard let magneticHeading, let variation else { return nil }
        let heading = (magneticHeading + (deviation ?? 0) + variation).truncatingRemainder(dividingBy: 360)
        return heading < 0 ? heading + 360 : heading
    }
}

/// `THS`: true heading and status — fields: 1 heading (degrees true), 2 mode (`A` autonomous,
/// `E` estimated, `M` manual, `S` simulator, `V` not valid).
public struct THSSentence: Sendable, Hashable {
    /// Heading in degrees clockwise from true north, 0...360; nil when empty.
    public var heading: Double?
    /// The mode letter; `V` means the heading is not valid.
    public var mode: Character?

    /// Whether a heading is present and the mode is not `V`.
    public var isValid: Bool { heading != nil && mode != "V" }

    /// Decodes a `THS` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(2, name: "mode")
        heading = try sentence.decimal(1, "heading", in: 0...360)
        mode = try sentence.character(2, "mode", allowed: "AEMSV")
    }
}
