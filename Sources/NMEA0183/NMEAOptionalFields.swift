/// Reads the optional fields of one sentence: a malformed value is read as absent and recorded in ``ignored``,
/// so the sentence is kept.
///
/// Only the fields a sentence cannot do without (a fix's time, status and position; a heading's angle) are read
/// with the throwing readers of ``NMEASentence``; everything else goes through here
/// (Docs/NMEA0183.docc/DecodingNMEA.md, field tolerance).
struct NMEAOptionalFields {
    let sentence: NMEAFieldView
    /// The malformed optional fields read so far, in reading order.
    private(set) var ignored: [NMEAFieldError] = []

    init(_ sentence: NMEAFieldView) {
        self.sentence = sentence
    }

    /// See ``NMEASentence/decimal(_:_:in:)``.
    @inline(__always)
    mutating func decimal(
        _ index: Int, _ name: String,
        in range: ClosedRange<Double> = -.greatestFiniteMagnitude ... .greatestFiniteMagnitude
    ) -> Double? {
        do { return try sentence.decimal(index, name, in: range) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/integer(_:_:in:)``.
    @inline(__always)
    mutating func integer(_ index: Int, _ name: String, in range: ClosedRange<Int>) -> Int? {
        do { return try sentence.integer(index, name, in: range) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/signedInteger(_:_:in:)``.
    @inline(__always)
    mutating func signedInteger(_ index: Int, _ name: String, in range: ClosedRange<Int>) -> Int? {
        do { return try sentence.signedInteger(index, name, in: range) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/signedAngle(_:_:directionName:)``.
    mutating func signedAngle(_ index: Int, _ name: String, directionName: String) -> Double? {
        do { return try sentence.signedAngle(index, name, directionName: directionName) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/modeIndicator(_:_:)``.
    mutating func modeIndicator(_ index: Int, _ name: String = "mode") -> NMEAFixQuality? {
        do { return try sentence.modeIndicator(index, name) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/twoDigitYearDate(_:_:)``.
    mutating func twoDigitYearDate(_ index: Int, _ name: String = "date") -> NMEADate? {
        do { return try sentence.twoDigitYearDate(index, name) } catch { return ignore(error) }
    }

    /// See ``NMEASentence/letter(_:_:allowed:)``.
    @inline(__always)
    mutating func letter(_ index: Int, _ name: String, allowed: StaticString) -> UInt8? {
        do { return try sentence.letter(index, name, allowed: allowed) } catch { return ignore(error) }
    }

    /// Records a malformed field; returns the absent value it reads as.
    ///
    /// Out of line: the readers' rare path.
    @inline(never)
    private mutating func ignore<Value>(_ error: NMEAFieldError) -> Value? {
        ignored.append(error)
        return nil
    }
}
