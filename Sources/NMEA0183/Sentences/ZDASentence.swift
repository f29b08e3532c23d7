/// `ZDA`: UTC time and date with a four-digit year.
///
/// Fields (NMEA 0183 v4.11): 1 time, 2 day, 3 month, 4 year, 5 local zone hours, 6 local zone minutes.
/// The local zone is ignored: times here are UTC.
public struct ZDASentence: Sendable, Hashable {
    /// UTC time of day.
    public var time: NMEATimeOfDay?
    /// UTC date; nil when any of day, month, year is empty.
    public var date: NMEADate?

    /// Decodes a `ZDA` sentence.
    /// - Throws: ``NMEAFieldError`` for a missing (fewer than 4 fields) or malformed field, or a day that does not exist.
    public init(_ sentence: NMEASentence) throws(NMEAFieldError) {
        try sentence.requireFields(4, name: "year")
        time = try sentence.timeOfDay(1)
        let day = try sentence.integer(2, "day", in: 1...31)
        let month = try sentence.integer(3, "month", in: 1...12)
        let year = try sentence.integer(4, "year", in: 1980...9999)
        if let day, let month, let year {
            guard let date = NMEADate(year: year, month: month, day: day) else {
                throw sentence.malformed(2, "day", expected: "a day that exists in \(year)-\(month)")
            }
            self.date = date
        }
    }
}
