import Foundation
import GPSD
import Testing

@testable import LinuxCoreLocation

/// The NMEA and gpsd providers attach the receiver's fix mode, satellites and dilutions of precision to their
/// fixes, in a Linux-only source information, without changing `CLLocation`.
@Suite struct GNSSSourceInformationTests {
    /// `$BODY*CS\r\n` with its checksum.
    private static func sentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", body.utf8.reduce(0) { $0 ^ $1 }) + "\r\n"
    }

    /// The fixes of `log` replayed from a file.
    private static func replay(_ log: String) throws -> [CLLocation] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gnss-\(UUID().uuidString).nmea")
        try Data(log.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let source = try NMEAReplaySource(path: url.path)
        var fixes: [CLLocation] = []
        while let item = try source.next() {
            if case .locations(let locations) = item.event { fixes += locations }
        }
        return fixes
    }

    @Test func nmeaFixesCarryGGAAndGSAValues() throws {
        let log =
            Self.sentence("GPGGA,083000.00,4545.4698,N,00449.9209,E,1,08,0.9,170.6,M,47.0,M,,")
            + Self.sentence("GPGSA,A,3,02,05,09,12,15,18,21,25,,,,,1.6,0.9,1.3")
            + Self.sentence("GPRMC,083000.00,A,4545.4698,N,00449.9209,E,3.5,8.0,140526,,,A")
        let fixes = try Self.replay(log)
        let fix = try #require(fixes.first)
        #expect(fixes.count == 1)
        let information = try #require(fix.sourceInformation as? GNSSSourceInformation)
        #expect(information.fixMode == .threeDimensional)
        #expect(information.satellitesUsed == 8)
        #expect(information.satellitesVisible == nil)
        #expect(information.hdop == 0.9)
        #expect(information.vdop == 1.3)
        #expect(information.pdop == 1.6)
        #expect(information.isSimulatedBySoftware && !information.isProducedByAccessory)
    }

    /// Consecutive NMEA fixes with the same receiver values share one object; a changed value makes a new one.
    @Test func nmeaFixesShareTheInformationOnlyWhileTheValuesStay() throws {
        let gsa = Self.sentence("GPGSA,A,3,02,05,09,12,15,18,21,25,,,,,1.6,0.9,1.3")
        let log = [
            ("083000.00", "08", gsa), ("083001.00", "08", gsa), ("083002.00", "07", gsa), ("083003.00", "07", gsa),
        ]
        .map { time, used, gsa in
            Self.sentence("GPGGA,\(time),4545.4698,N,00449.9209,E,1,\(used),0.9,170.6,M,47.0,M,,") + gsa
                + Self.sentence("GPRMC,\(time),A,4545.4698,N,00449.9209,E,3.5,8.0,140526,,,A")
        }.joined()
        let receivers = try Self.replay(log).map { try #require($0.sourceInformation as? GNSSSourceInformation) }
        try #require(receivers.count == 4)
        #expect(receivers.map(\.satellitesUsed) == [8, 8, 7, 7])
        #expect(receivers[0] === receivers[1])
        #expect(receivers[1] !== receivers[2])
        #expect(receivers[2] === receivers[3])
    }

    /// The reuse rule: every flag and value equal, dilutions bit for bit (0 and −0 differ), after the limits.
    @Test func informationIsReusedOnlyWhenEveryValueIsTheSame() {
        let replay = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false)
        func make(
            _ previous: GNSSSourceInformation?, _ base: CLLocationSourceInformation? = nil,
            fixMode: GNSSFixMode? = .threeDimensional, used: Int? = 8, visible: Int? = 12, hdop: Double? = 0.9,
            vdop: Double? = 1.3, pdop: Double? = 1.6
        ) -> GNSSSourceInformation {
            .reusing(
                previous, base ?? replay, fixMode: fixMode, satellitesUsed: used, satellitesVisible: visible,
                hdop: hdop,
                vdop: vdop, pdop: pdop)
        }
        let first = make(nil)
        #expect(first.satellitesUsed == 8 && first.satellitesVisible == 12 && first.pdop == 1.6)
        #expect(make(first) === first)
        // Out of the limits: dropped before the comparison, as a new object would drop them.
        let limited = make(nil, used: 400, hdop: .nan)
        #expect(limited.satellitesUsed == nil && limited.hdop == nil)
        #expect(make(limited, used: nil, hdop: nil) === limited)
        let accessory = CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: true)
        let changed = [
            make(first, accessory), make(first, fixMode: .twoDimensional), make(first, fixMode: nil),
            make(first, used: 9), make(first, visible: nil), make(first, hdop: 1.0), make(first, vdop: nil),
            make(first, pdop: 1.7),
        ]
        for other in changed { #expect(other !== first) }
        #expect(changed[0].isProducedByAccessory)
        let zero = make(nil, hdop: 0)
        let negativeZero = make(zero, hdop: -0.0)
        #expect(negativeZero !== zero && negativeZero.hdop?.sign == .minus)
    }

    private static func report(_ json: String) throws -> GPSDEvent {
        switch try GPSDDecoder.decode(json) {
        case .tpv(let tpv): return .report(.tpv(tpv))
        case .sky(let sky): return .report(.sky(sky))
        case let other: throw GPSDDecodingError(className: "\(other)", reason: .notAnObject)
        }
    }

    private static let tpv =
        #"{"class":"TPV","device":"/dev/ttyACM0","mode":2,"time":"2026-05-14T08:30:00.000Z","lat":45.75,"lon":4.83}"#

    @Test func gpsdFixesCarryTheTPVModeAndTheLatestSKY() throws {
        var translator = GPSDEventTranslator(
            source: "test",
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true))
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func information(_ json: String) throws -> GNSSSourceInformation? {
            guard case .locations(let fixes)? = translator.translate(try Self.report(json), now: now) else {
                return nil
            }
            return fixes.first?.sourceInformation as? GNSSSourceInformation
        }
        // Before any SKY: the mode alone.
        let alone = try #require(try information(Self.tpv))
        #expect(alone.fixMode == .twoDimensional)
        #expect(alone.satellitesUsed == nil && alone.hdop == nil)
        #expect(alone.isProducedByAccessory)

        let sky =
            #"{"class":"SKY","device":"/dev/ttyACM0","hdop":1.1,"vdop":1.9,"pdop":2.2,"satellites":["#
            + #"{"PRN":5,"used":true},{"PRN":9,"used":true},{"PRN":12,"used":false}]}"#
        #expect(translator.translate(try Self.report(sky), now: now) == nil)
        let counted = try #require(try information(Self.tpv))
        #expect(counted.satellitesUsed == 2)
        #expect(counted.satellitesVisible == 3)
        #expect(counted.hdop == 1.1 && counted.vdop == 1.9 && counted.pdop == 2.2)

        // gpsd's own counts win over the list; another device's SKY is not this fix's.
        _ = translator.translate(
            try Self.report(#"{"class":"SKY","device":"/dev/ttyACM0","nSat":14,"uSat":9,"hdop":0.8}"#), now: now)
        let reported = try #require(try information(Self.tpv))
        #expect(reported.satellitesUsed == 9 && reported.satellitesVisible == 14 && reported.hdop == 0.8)
        _ = translator.translate(
            try Self.report(#"{"class":"SKY","device":"/dev/ttyUSB1","uSat":4,"hdop":3.0}"#), now: now)
        let other = try #require(try information(Self.tpv))
        #expect(other.satellitesUsed == nil && other.hdop == nil)
    }

    @Test func theValuesSurviveSecureCoding() throws {
        let original = GNSSSourceInformation(
            softwareSimulationState: false, andExternalAccessoryState: true, fixMode: .threeDimensional,
            satellitesUsed: 0, satellitesVisible: nil, hdop: 0.9, vdop: nil, pdop: 1.6)
        let data = try NSKeyedArchiver.archivedData(withRootObject: original, requiringSecureCoding: true)
        let copy = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: GNSSSourceInformation.self, from: data))
        #expect(copy.fixMode == .threeDimensional)
        #expect(copy.satellitesUsed == 0)  // a reported 0 stays 0
        #expect(copy.satellitesVisible == nil && copy.vdop == nil)
        #expect(copy.hdop == 0.9 && copy.pdop == 1.6)
        #expect(copy.isProducedByAccessory && !copy.isSimulatedBySoftware)
    }
}
