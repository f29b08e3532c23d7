/// `VTG`: course and speed over ground.
///
/// Two layouts exist. NMEA 2.x+ (lettered): 1 course true, 2 `T`, 3 course magnetic, 4 `M`,
/// 5 speed (knots), 6 `N`, 7 speed (km/h), 8 `K`, 9 mode indicator. NMEA 1.x (old, 4 fields):
/// 1 course true, 2 course magnetic, 3 speed (knots), 4 speed (km/h). A layout with exactly four
/// fields is the old one. Speed prefers knots; km/h is used when the knots field is empty.
public struct VTGSentence: Sendable, Hashable {
    /// Course over ground, degrees clockwise from true north, 0...360; nil when empty.
    public var course: Double?
    /// Course over ground, degrees clockwise from magnetic north; nil when empty.
    public var magneticCourse: Double?
    /// Speed over ground, m/s; nil when empty, 0 stays 0.
    public var speed: Double?
    /// The mode indicator as a quality, when present.
    public var mode: NMEAFixQuality?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `VTG` sentence in either layout.
    /// - Throws: ``NMEAFieldError`` for fewer than 4 fields; malformed fields are read as absent and listed in
    ///   ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(4, name: "speed")
        let lettered = sentence.fieldCount != 4
        let positions = lettered ? (true: 1, magnetic: 3, knots: 5, kmh: 7) : (true: 1, magnetic: 2, knots: 3, kmh: 4)
        var optional = NMEAOptionalFields(sentence)
        course = optional.decimal(positions.true, "course", in: 0...360)
        magneticCourse = optional.decimal(positions.magnetic, "magnetic course", in: 0...360)
        let knots = optional.decimal(positions.knots, "speed (knots)", in: 0...99_999)
        let kilometresPerHour = optional.decimal(positions.kmh, "speed (km/h)", in: 0...199_999)
        speed = knots.map { $0 * NMEA0183.metresPerSecondPerKnot } ?? kilometresPerHour.map { $0 / 3.6 }
        mode = lettered ? optional.modeIndicator(9) : nil
        ignoredFields = optional.ignored
    }
}
