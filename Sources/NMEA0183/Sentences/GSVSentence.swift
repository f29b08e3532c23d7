/// `GSV`: GNSS satellites in view, up to four per sentence.
///
/// Fields (NMEA 0183 v4.11): 1 total sentences, 2 sentence number, 3 satellites in view, then groups
/// of four (id, elevation °, azimuth ° true, SNR dB-Hz), then an optional signal id (4.1+), recognised
/// by a field count of 3 + 4n + 1.
public struct GSVSentence: Sendable, Hashable {
    /// One satellite in view.
    public struct Satellite: Sendable, Hashable {
        /// The satellite id (PRN or NMEA id).
        public var id: Int
        /// Elevation in degrees, −90...90; nil when empty.
        public var elevation: Int?
        /// Azimuth in degrees clockwise from true north, 0...359; nil when empty.
        public var azimuth: Int?
        /// Carrier-to-noise density in dB-Hz; nil when not tracked.
        public var snr: Int?
    }

    /// How many GSV sentences make up this report.
    public var totalSentences: Int
    /// This sentence's number, 1...totalSentences.
    public var sentenceNumber: Int
    /// Satellites in view in the whole report.
    public var satellitesInView: Int?
    /// The satellites carried by this sentence.
    public var satellites: [Satellite]
    /// The NMEA 4.1 signal id, when present.
    public var signalID: Int?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `GSV` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 3 fields or a malformed sentence count, sentence number or
    ///   satellite id; other malformed fields are read as absent and listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView { (fields) throws(NMEAFieldError) in
            try Self(fields: fields, keepsSatellites: true)
        }
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    ///
    /// With `keepsSatellites` false every group is read and checked as usual (the same errors, the same ignored
    /// fields) but ``satellites`` stays empty: the decoder's path when no sentence is reported, which then allocates
    /// nothing per sentence.
    init(fields sentence: NMEAFieldView, keepsSatellites: Bool) throws(NMEAFieldError) {
        try sentence.requireFields(3, name: "satellites in view")
        guard let total = try sentence.integer(1, "total sentences", in: 1...99) else {
            throw sentence.malformed(1, "total sentences", expected: "an integer in 1...99")
        }
        guard let number = try sentence.integer(2, "sentence number", in: 1...total) else {
            throw sentence.malformed(2, "sentence number", expected: "an integer in 1...\(total)")
        }
        totalSentences = total
        sentenceNumber = number
        var optional = NMEAOptionalFields(sentence)
        satellitesInView = optional.integer(3, "satellites in view", in: 0...999)
        let groups = (sentence.fieldCount - 3) / 4
        var satellites: [Satellite] = []
        if keepsSatellites { satellites.reserveCapacity(groups) }
        // Without satellites to keep, groups that read plainly need no reading: it would find nothing to report.
        let readsGroups = keepsSatellites || !sentence.satelliteGroupsReadPlainly(groups)
        for group in 0..<(readsGroups ? groups : 0) {
            let base = 4 + group * 4
            guard let id = try sentence.integer(base, "satellite id", in: 0...999) else { continue }
            let satellite = Satellite(
                id: id,
                elevation: optional.signedInteger(base + 1, "elevation", in: -90...90),
                azimuth: optional.integer(base + 2, "azimuth", in: 0...360),
                snr: optional.integer(base + 3, "SNR", in: 0...99))
            if keepsSatellites { satellites.append(satellite) }
        }
        self.satellites = satellites
        signalID =
            (sentence.fieldCount - 3) % 4 == 1
            ? optional.integer(sentence.fieldCount, "signal id", in: 0...15) : nil
        ignoredFields = optional.ignored
    }
}
