/// `GST`: GNSS pseudorange error statistics — the receiver's own accuracy estimate.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2 RMS of range residuals, 3 semi-major and 4 semi-minor axis
/// of the error ellipse (1σ, metres), 5 orientation of the semi-major axis (degrees true),
/// 6 latitude σ, 7 longitude σ, 8 altitude σ (metres).
public struct GSTSentence: Sendable, Hashable {
    /// UTC time of the associated fix.
    public var time: NMEATimeOfDay?
    /// RMS of the pseudorange residuals, metres.
    public var rangeRMS: Double?
    /// Semi-major axis of the 1σ error ellipse, metres.
    public var semiMajor: Double?
    /// Semi-minor axis of the 1σ error ellipse, metres.
    public var semiMinor: Double?
    /// Orientation of the semi-major axis, degrees clockwise from true north.
    public var orientation: Double?
    /// 1σ latitude error, metres.
    public var latitudeSigma: Double?
    /// 1σ longitude error, metres.
    public var longitudeSigma: Double?
    /// 1σ altitude error, metres.
    public var altitudeSigma: Double?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GST` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 8 fields or a malformed time; other malformed fields are read
    ///   as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(8, name: "altitude sigma")
        time = try sentence.timeOfDay(1)
        var optional = NMEAOptionalFields(sentence)
        rangeRMS = optional.decimal(2, "range RMS", in: 0...1e9)
        semiMajor = optional.decimal(3, "semi-major axis", in: 0...1e9)
        semiMinor = optional.decimal(4, "semi-minor axis", in: 0...1e9)
        orientation = optional.decimal(5, "orientation", in: -360...360)
        latitudeSigma = optional.decimal(6, "latitude sigma", in: 0...1e9)
        longitudeSigma = optional.decimal(7, "longitude sigma", in: 0...1e9)
        altitudeSigma = optional.decimal(8, "altitude sigma", in: 0...1e9)
        ignoredFields = optional.ignored
    }

    /// The horizontal 1σ error as DRMS, √(σlat² + σlon²), metres; nil unless both are present.
    public var horizontalSigma: Double? {
        guard let latitudeSigma, let longitudeSigma else { return nil }
        return (latitudeSigma * latitudeSigma + longitudeSigma * longitudeSigma).squareRoot()
    }
}
