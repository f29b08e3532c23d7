import Foundation

@testable import NMEA0183

/// Wraps a sentence body (`GPGGA,...`) as `$body*hh` + `ending`, the checksum computed here independently.
func framed(_ body: String, ending: String = "\r\n") -> String {
    let checksum = body.utf8.reduce(UInt8(0), ^)
    let hex = String(checksum, radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\(ending)"
}

/// Decodes the text in one go and finishes.
func decode(_ text: String, options: NMEADecoderOptions = NMEADecoderOptions()) -> (
    events: [NMEAEvent], decoder: NMEADecoder
) {
    var decoder = NMEADecoder(options: options)
    let events = decoder.feed(text) + decoder.finish()
    return (events, decoder)
}

/// Parses one framed sentence into its typed message; nil on any error.
func message(_ body: String) -> NMEAMessage? {
    guard let sentence = try? NMEASentence(parsing: Array(framed(body).utf8)) else { return nil }
    return try? NMEAMessage(sentence)
}

extension Array where Element == NMEAEvent {
    var fixes: [NMEAFix] { compactMap { if case .fix(let fix) = $0 { fix } else { nil } } }
    var noFixes: [NMEANoFix] { compactMap { if case .noFix(let value) = $0 { value } else { nil } } }
    var headings: [NMEAHeading] { compactMap { if case .heading(let value) = $0 { value } else { nil } } }
    var messages: [NMEAMessage] { compactMap { if case .sentence(let value) = $0 { value } else { nil } } }
}

/// Whether two doubles agree within `tolerance`.
func close(_ lhs: Double?, _ rhs: Double, _ tolerance: Double = 1e-9) -> Bool {
    guard let lhs else { return false }
    return abs(lhs - rhs) <= tolerance
}
