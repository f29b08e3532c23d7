/// `HDT`: heading, true — fields: 1 heading (degrees true), 2 `T`.
public struct HDTSentence: Sendable, Hashable {
    /// Heading in degrees clockwise from true north, 0...360; nil when empty (no heading).
    public var heading: Double?

    /// Decodes an `HDT` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed field.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
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
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(1, name: "heading")
        magneticHeading = try sentence.decimal(1, "heading", in: 0...360)
    }
}

/// `HDG`: heading, deviation and variation — fields: 1 magnetic sensor heading, 2–3 deviation E/W,
/// 4–5 variation E/W (degrees).
///
/// NMEA 0183 v4.11 (HDG notes): magnetic heading = sensor heading + easterly deviation − westerly deviation;
/// true heading = magnetic heading + easterly variation − westerly variation; deviation and variation are null
/// fields when unknown. An unknown deviation counts as 0 (the sensor is taken as compensated); an unknown
/// variation leaves the true heading unknown. Results are normalised to 0..<360.
public struct HDGSentence: Sendable, Hashable {
    /// Magnetic sensor heading, degrees; nil when empty.
    public var sensorHeading: Double?
    /// Magnetic deviation, degrees, east positive; nil when empty or malformed.
    public var deviation: Double?
    /// Magnetic variation, degrees, east positive; nil when empty or malformed.
    public var variation: Double?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes an `HDG` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing or malformed sensor heading; a malformed deviation or variation
    ///   (or one without its E/W letter) is read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(1, name: "heading")
        sensorHeading = try sentence.decimal(1, "heading", in: 0...360)
        var optional = NMEAOptionalFields(sentence)
        deviation = optional.signedAngle(2, "deviation", directionName: "deviation direction")
        variation = optional.signedAngle(4, "variation", directionName: "variation direction")
        ignoredFields = optional.ignored
    }

    /// Heading in degrees clockwise from magnetic north (sensor heading corrected by the deviation), 0..<360;
    /// nil without a sensor heading.
    public var magneticHeading: Double? {
        sensorHeading.map { Self.normalised($0 + (deviation ?? 0)) }
    }

    /// Heading in degrees clockwise from true north, 0..<360; nil without a sensor heading or a variation.
    public var trueHeading: Double? {
        guard let magneticHeading, let variation else { return nil }
        return Self.normalised(magneticHeading + variation)
    }

    /// An angle in degrees reduced to 0..<360.
    static func normalised(_ degrees: Double) -> Double {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        return reduced < 0 ? reduced + 360 : reduced
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
    /// - Throws: ``NMEAFieldError`` for a missing or malformed heading or mode (the mode is its validity).
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(2, name: "mode")
        heading = try sentence.decimal(1, "heading", in: 0...360)
        mode = try sentence.character(2, "mode", allowed: "AEMSV")
    }
}
