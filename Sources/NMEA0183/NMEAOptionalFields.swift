/// Reads the optional fields of one sentence: a malformed value is read as absent and recorded in ``ignored``,
/// so the sentence is kept.
///
/// Only the fields a sentence cannot do without (a fix's time, status and position; a heading's angle) are read
/// with the throwing readers of ``NMEASentence``; everything else goes through here
/// (Docs/NMEA0183.docc/DecodingNMEA.md, field tolerance).
struct NMEAOptionalFields {
    let sentence: NMEASentence
    /// The malformed optional fields read so far, in reading order.
    private(set) var ignored: [NMEAFieldError] = []

    init(_ sentence: NMEASentence) {
        self.sentence = sentence
    }

    private mutating func read<Value>(_ body: () throws(NMEAFieldError) -> Value?) -> Value? {
        do {
            return try body()
        } catch {
            ignored.append(error)
            return nil
        }
    }

    /// See ``NMEASentence/decimal(_:_:in:)``.
    mutating func decimal(
        _ index: Int, _ name: String,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
    ) -> Double? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.decimal(index, name, in: range) }
    }

    /// See ``NMEASentence/integer(_:_:in:)``.
    mutating func integer(_ index: Int, _ name: String, in range: ClosedRange<Int>) -> Int? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.integer(index, name, in: range) }
    }

    /// See ``NMEASentence/signedInteger(_:_:in:)``.
    mutating func signedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) -> Int? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.signedInteger(index, name, in: range) }
    }

    /// See ``NMEASentence/signedAngle(_:_:directionName:)``.
    mutating func signedAngle(_ index: Int, _ name: String, directionName: String) -> Double? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.signedAngle(index, name, directionName: directionName) }
    }

    /// See ``NMEASentence/modeIndicator(_:_:)``.
    mutating func modeIndicator(_ index: Int, _ name: String = "mode") -> NMEAFixQuality? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.modeIndicator(index, name) }
    }

    /// See ``NMEASentence/twoDigitYearDate(_:_:)``.
    mutating func twoDigitYearDate(_ index: Int, _ name: String = "date") -> NMEADate? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.twoDigitYearDate(index, name) }
    }

    /// See ``NMEASentence/character(_:_:allowed:)``.
    mutating func character(_ index: Int, _ name: String, allowed: String) -> Character? {
        let sentence = sentence
        return read { () throws(NMEAFieldError) in try sentence.character(index, name, allowed: allowed) }
    }
}
