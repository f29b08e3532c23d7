import Foundation
import GPSD
import NMEA0183
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// The same receiver through both providers.
///
/// Issue 31: a Telit PLS83-W's log read as NMEA, and what gpsd made of
/// it (its `.chk`), through the gpsd provider's mapping. Where the rules agree, the fixes are equal; where they
/// differ, each path holds its documented rule ("Location on Linux", "The same receiver through NMEA and gpsd").
@Suite struct SameReceiverTests {
    private static let source = CLLocationSourceInformation(
        softwareSimulationState: false, andExternalAccessoryState: true)

    @Test(Integration.needs(.sharedData("gpsd-logs"))) func aTelitReceiverThroughNMEAAndThroughGpsd() throws {
        guard let directory = SharedData.folder("gpsd-logs") else { return }
        let log = directory.appendingPathComponent("telit-pls83-w.log")
        var decoder = NMEADecoder()
        let nmea = (decoder.feed(try Data(contentsOf: log)) + decoder.finish()).compactMap { event -> CLLocation? in
            guard case .fix(let fix) = event, let time = fix.timestamp else { return nil }
            return fix.location(at: time, sourceInformation: Self.source)
        }
        var translator = GPSDEventTranslator(source: "test", sourceInformation: Self.source, announce: { _ in })
        var gpsd: [Date: CLLocation] = [:]
        let chk = try String(contentsOf: log.appendingPathExtension("chk"), encoding: .utf8)
        for line in chk.split(whereSeparator: \.isNewline) where line.hasPrefix("{") {
            let report: GPSDReport
            switch try GPSDDecoder.decode(String(line)) {
            case .tpv(let tpv): report = .tpv(tpv)
            case .sky(let sky): report = .sky(sky)
            default: continue
            }
            let now = Date(timeIntervalSince1970: 1_757_000_000)  // 2025-09-04, the log's day
            if case .locations(let fixes)? = translator.translate(.report(report), now: now), let fix = fixes.first {
                gpsd[fix.timestamp] = fix  // gpsd's last TPV of an epoch is its most complete
            }
        }
        try #require(nmea.count == 10 && gpsd.count == 10)
        for ours in nmea {
            let theirs = try #require(gpsd[ours.timestamp])
            let (our, their) = (Self.information(ours), Self.information(theirs))
            // The same: position, time, mode (3D: the receiver sent an altitude, whatever its GSA's 2D), altitude.
            #expect(abs(ours.coordinate.latitude - theirs.coordinate.latitude) < 1e-7)
            #expect(abs(ours.coordinate.longitude - theirs.coordinate.longitude) < 1e-7)
            #expect(our.fixMode == .threeDimensional && their.fixMode == .threeDimensional)
            #expect(
                abs(ours.altitude - theirs.altitude) < 1e-6 && ours.verticalAccuracy > 0 && theirs.verticalAccuracy > 0)
            // Accuracy: HDOP 1.3 × the 1σ UERE of 5 m here; gpsd's own DOP-based estimate, 95 % rescaled to 1σ
            // (its UERE is more pessimistic).
            #expect(abs(ours.horizontalAccuracy - 6.5) < 1e-9)
            #expect(theirs.horizontalAccuracy > ours.horizontalAccuracy)
            // Satellites used: the receiver's own count (GNS: 14, the sum of its per-system GSA lists); gpsd's SKY
            // counts fewer for this receiver's per-system GSAs.
            #expect(our.satellitesUsed == 14)
            #expect((their.satellitesUsed ?? 0) < 14)
        }
    }

    private static func information(_ location: CLLocation) -> GNSSSourceInformation {
        (location.sourceInformation as? GNSSSourceInformation)
            ?? GNSSSourceInformation(
                source, fixMode: nil, satellitesUsed: nil, satellitesVisible: nil, hdop: nil, vdop: nil, pdop: nil)
    }
}
