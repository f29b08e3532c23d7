/// `ZDA`: UTC time and date with a four-digit year.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2 day, 3 month, 4 year, 5 local zone hours, 6 local zone minutes.
/// The local zone is ignored: times here are UTC.
public struct ZDASentence: Sendable, Hashable {
    /// UTC time of day.
    public var time: NMEATimeOfDay?
    /// UTC date; nil when any of day, month, year is empty or malformed.
    public var date: NMEADate?
    /// Malformed optional fields that were read as absent (the sentence was kept), in field order.
    public var ignoredFields: [NMEAFieldError]

    /// Decodes a `ZDA` sentence.
    /// - Throws: ``NMEAFieldError`` for fewer than 4 fields or a malformed time; a malformed day, month or year,
    ///   or a day that does not exist in its month, leaves the date nil and is listed in ``ignoredFields``.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        self = try sentence.withView(Self.init(fields:))
    }

    /// Decodes the sentence from a view of its fields (the decoder's path; see ``init(_:)``).
    init(fields sentence: NMEAFieldView) throws(NMEAFieldError) {
        try sentence.requireFields(4, name: "year")
        time = try sentence.timeOfDay(1)
        var optional = NMEAOptionalFields(sentence)
        let day = optional.integer(2, "day", in: 1...31)
        let month = optional.integer(3, "month", in: 1...12)
        let year = optional.integer(4, "year", in: 1980...9999)
        ignoredFields = optional.ignored
        if let day, let month, let year {
            date = NMEADate(year: year, month: month, day: day)
            if date == nil {
                ignoredFields.append(sentence.malformed(2, "day", expected: "a day that exists in \(year)-\(month)"))
            }
        }
    }
}
