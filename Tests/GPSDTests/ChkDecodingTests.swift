import Foundation
import GPSD
import SharedTestSupport
import Testing

/// Decoding of the real gpsd output in ../shared/data/gpsd-logs/*.log.chk (gpsd 3.27-dev).
@Suite(Integration.needs(.sharedData("gpsd-logs"))) struct ChkDecodingTests {
    static let logs = [
        "april6_2019", "beidou-bd", "bt451", "bu353-glonass", "firefly-II", "furuno_gl_ga", "garmin-10x", "gpsdf",
        "gr8013-w", "hemi", "humminbird-M37", "nmea-rtk", "skytraq-PX1172RH_DS", "telit-pls83-w", "triton400",
        "ublox-lea-5q",
    ]

    private func lines(_ log: String) throws -> [String] {
        let logs = try SharedData.requiredFolder("gpsd-logs")
        return try SharedData.jsonLines(of: logs.appendingPathComponent("\(log).log.chk"))
    }

    private func decoded(_ log: String) throws -> [GPSDMessage] {
        try lines(log).map { try GPSDDecoder.decode($0) }
    }

    @Test(arguments: logs)
    func everyObjectDecodesIntoItsClass(log: String) throws {
        let lines = try lines(log)
        #expect(!lines.isEmpty)
        var counts: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            let message: GPSDMessage
            do {
                message = try GPSDDecoder.decode(line)
            } catch {
                Issue.record("\(log).log.chk JSON line \(index + 1): error: \(error)")
                continue
            }
            let name =
                switch message {
                case .tpv: "TPV"
                case .sky: "SKY"
                case .gst: "GST"
                case .attitude: "ATT"
                default: "other"
                }
            counts[name, default: 0] += 1
        }
        // Expected counts come from the text itself, not from the decoder.
        for name in ["TPV", "SKY", "GST", "ATT"] {
            #expect(
                counts[name, default: 0] == lines.filter { $0.hasPrefix("{\"class\":\"\(name)\"") }.count, "\(name)")
        }
        #expect(counts["other"] == nil)
    }

    @Test func gr8013TPVAndGST() throws {
        let messages = try decoded("gr8013-w")
        let tpvs = messages.compactMap { if case .tpv(let tpv) = $0 { tpv } else { nil } }
        let last = try #require(tpvs.last)
        // {"class":"TPV","mode":3,"time":"2015-06-19T18:11:43.000Z","ept":0.005,"lat":52.514809667,...}
        #expect(last.mode == .threeDimensional)
        #expect(last.time == Date(timeIntervalSince1970: 1_434_737_503))
        #expect(last.latitude == 52.514809667 && last.longitude == 13.464263667)
        #expect(last.altitudeHAE == 104.3 && last.altitudeMSL == 62.2 && last.altitude == 62.2)
        #expect(last.epx == 1.9 && last.epy == 4.7 && last.epv == 5.3 && last.eph == 17.67 && last.ept == 0.005)
        #expect(last.speed == 0.006 && last.climb == -0.2 && last.eps == 9.4 && last.epc == 10.6)
        #expect(last.geoidSeparation == 42.1 && last.magneticVariation == 4.1)
        #expect(tpvs.first?.mode == .twoDimensional && tpvs.first?.altitudeMSL == nil)
        let gst = try #require(messages.lazy.compactMap { if case .gst(let gst) = $0 { gst } else { nil } }.first)
        // {"class":"GST","time":"2015-06-19T18:11:41.000Z","rms":46.000,"lat":4.700,"lon":1.900,"alt":5.300}
        #expect(gst.time == Date(timeIntervalSince1970: 1_434_737_501))
        #expect(
            gst.rms == 46 && gst.latitudeDeviation == 4.7 && gst.longitudeDeviation == 1.9
                && gst.altitudeDeviation == 5.3)
    }

    @Test func gr8013SkyWithSatellites() throws {
        let skies = try decoded("gr8013-w").compactMap { if case .sky(let sky) = $0 { sky } else { nil } }
        #expect(skies.first?.hdop == 0.93 && skies.first?.usedSatelliteCount == 12 && skies.first?.satellites == [])
        let sky = try #require(skies.first { !$0.satellites.isEmpty })
        // 14 "PRN" and 11 "used":true in the line (counted with grep).
        #expect(sky.satellites.count == 14 && sky.satellites.filter(\.isUsed).count == 11)
        #expect(sky.visibleSatelliteCount == 14 && sky.usedSatelliteCount == 11)
        #expect(sky.gdop == 1.82 && sky.pdop == 1.59 && sky.tdop == 0.81 && sky.xdop == 0.57 && sky.ydop == 0.66)
        // {"PRN":7,"gnssid":0,"svid":7,"az":306.0,"el":13.0,"ss":37.0,"used":true}
        var prn7 = GPSDSatellite(prn: 7, isUsed: true)
        prn7.gnssID = 0
        prn7.svID = 7
        prn7.azimuth = 306
        prn7.elevation = 13
        prn7.signalStrength = 37
        #expect(sky.satellites[1] == prn7)
    }

    @Test func skytraqAttitude() throws {
        let attitudes = try decoded("skytraq-PX1172RH_DS").compactMap {
            if case .attitude(let attitude) = $0 { attitude } else { nil }
        }
        #expect(attitudes.first?.heading == 244.28 && attitudes.first?.time == nil)
        // {"class":"ATT","time":"2022-03-29T00:38:32.000Z","heading":244.280,"pitch":2.770,"roll":0.000,...}
        let timed = try #require(attitudes.first { $0.time != nil })
        #expect(timed.time == Date(timeIntervalSince1970: 1_648_514_312))
        #expect(timed.heading == 244.28 && timed.pitch == 2.77 && timed.roll == 0)
    }

    @Test func garminModesIncludeALossOfFix() throws {
        let modes = try decoded("garmin-10x").compactMap { if case .tpv(let tpv) = $0 { tpv.mode } else { nil } }
        // Counted in the text: 16 × "mode":1, 3 × "mode":2, 26 × "mode":3.
        #expect(modes.filter { $0 == .noFix }.count == 16)
        #expect(modes.filter { $0 == .twoDimensional }.count == 3)
        #expect(modes.filter { $0 == .threeDimensional }.count == 26)
    }

    @Test func ubloxWithoutFixNeverHasAPosition() throws {
        let tpvs = try decoded("ublox-lea-5q").compactMap { if case .tpv(let tpv) = $0 { tpv } else { nil } }
        #expect(tpvs.count == 28)
        #expect(tpvs.allSatisfy { !$0.mode.hasFix && $0.latitude == nil })
    }
}
