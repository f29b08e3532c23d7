import Foundation

// fuzz-imports: LocationSupport NMEA0183 GPX GPSD DBus LinuxCoreLocation
// fuzz-max-len: 4096
//
// libFuzzer entry for the GeoClue provider's property decoding: what `Properties.GetAll` on a GeoClue `Location`
// object returns, turned into a `CLLocation` by `GeoClueFix`. Built by Scripts/fuzz.sh against the modules listed
// above, each compiled on its own with -enable-testing (the entry reaches internal API through `@testable import`).
//
// Input: the first byte chooses the byte order (odd: big-endian), the rest is the body of a `GetAll` reply, an
// `a{sv}` dictionary in the D-Bus wire format, read as the connection's reader reads a body.
//
// Per input it checks what the provider promises:
// - no crash, trap or sanitizer report; reading throws a `DBusError`, conversion a `GeoClueFix.Invalid`;
// - a fix is dated from 1980 to a day after the clock, its horizontal accuracy is above 0 (0 means unknown and
//   becomes 5 m; issue 32) and at most 20,000 km, or −1 when `FixLimits` marked the fix invalid; the course is −1
//   or in 0..<360, the speed −1 or in 0...2000 m/s; altitude and vertical accuracy are finite, and the vertical
//   accuracy is −1 or above 0.
@testable import DBus
@testable import LinuxCoreLocation

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("GeoClue fuzz invariant broken: \(message())") }
}

/// The provider clock's now: 2026-12-01T00:00:00Z.
private let now = Date(timeIntervalSince1970: 1_796_083_200)

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = DBusReader(bytes: bytes, bigEndian: bytes[0] % 2 == 1, range: 1..<size, origin: 1)
    guard let body = try? reader.read(.array(.dictionaryEntry(key: .string, value: .variant))),
        let properties = body.stringVariantDictionary
    else { return 0 }
    guard let fix = try? GeoClueFix.location(from: properties, now: now) else { return 0 }
    let accuracy = fix.horizontalAccuracy
    require(
        accuracy == -1 || (accuracy > 0 && accuracy <= FixLimits.maximumAccuracy), "horizontal accuracy \(accuracy)")
    require(fix.course == -1 || (0..<360).contains(fix.course), "course \(fix.course)")
    require(fix.speed == -1 || (0...FixLimits.maximumSpeed).contains(fix.speed), "speed \(fix.speed)")
    require(fix.altitude.isFinite, "altitude \(fix.altitude)")
    require(fix.verticalAccuracy == -1 || fix.verticalAccuracy > 0, "vertical accuracy \(fix.verticalAccuracy)")
    let earliest = Date(timeIntervalSince1970: 315_532_800)  // 1980-01-01T00:00:00Z
    require(
        fix.timestamp >= earliest && fix.timestamp <= now.addingTimeInterval(86_400), "timestamp \(fix.timestamp)")
    return 0
}
