import Foundation
import Testing

@testable import GPSD

@Suite struct DecoderTests {
    @Test func decodesTPVWithEveryModelledMember() throws {
        let line =
            #"{"class":"TPV","device":"/dev/pts/1","status":2,"mode":3,"time":"2015-06-19T18:11:43.250Z","leapseconds":18,"ept":0.005,"lat":48.858370123,"lon":2.294481234,"altHAE":104.3,"altMSL":62.2,"alt":62.1,"epx":1.9,"epy":4.7,"epv":5.3,"track":123.4,"magtrack":119.3,"magvar":4.1,"speed":0.006,"climb":-0.2,"eps":9.4,"epc":10.6,"epd":12.5,"geoidSep":42.1,"eph":17.67,"sep":30.21}"#
        guard case .tpv(let tpv) = try GPSDDecoder.decode(line) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.device == "/dev/pts/1")
        #expect(tpv.mode == .threeDimensional && tpv.mode.hasFix)
        #expect(tpv.status == 2)
        // 2015-06-19T18:11:43Z is 1434737503 s after 1970 (date -u -d ... +%s).
        #expect(tpv.time == Date(timeIntervalSince1970: 1_434_737_503.25))
        #expect(tpv.leapSeconds == 18)
        #expect(tpv.latitude == 48.858370123 && tpv.longitude == 2.294481234)
        #expect(tpv.altitudeHAE == 104.3 && tpv.altitudeMSL == 62.2 && tpv.altitude == 62.1)
        #expect(tpv.geoidSeparation == 42.1)
        #expect(tpv.eph == 17.67 && tpv.epv == 5.3 && tpv.epx == 1.9 && tpv.epy == 4.7 && tpv.ept == 0.005)
        #expect(tpv.speed == 0.006 && tpv.eps == 9.4 && tpv.track == 123.4 && tpv.epd == 12.5)
        #expect(tpv.climb == -0.2 && tpv.epc == 10.6)
        #expect(tpv.magneticTrack == 119.3 && tpv.magneticVariation == 4.1)
    }

    @Test func modesZeroAndOneMeanNoFix() throws {
        for (text, mode) in [("0", GPSDFixMode.unknown), ("1", .noFix), ("2", .twoDimensional)] {
            guard case .tpv(let tpv) = try GPSDDecoder.decode(#"{"class":"TPV","mode":\#(text)}"#) else {
                Issue.record("not a TPV")
                return
            }
            #expect(tpv.mode == mode)
            #expect(tpv.mode.hasFix == (mode == .twoDimensional))
            #expect(tpv.latitude == nil && tpv.time == nil)
        }
        guard case .tpv(let missing) = try GPSDDecoder.decode(#"{"class":"TPV"}"#) else { return }
        #expect(missing.mode == .unknown)
    }

    @Test func acceptsTheOldNumericTime() throws {
        guard case .tpv(let tpv) = try GPSDDecoder.decode(#"{"class":"TPV","mode":2,"time":1434737501.5}"#) else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.time == Date(timeIntervalSince1970: 1_434_737_501.5))
    }

    @Test func isLenientOnNumericStringsAndBooleanNumbers() throws {
        let line = #"{"class":"SKY","hdop":"0.93","uSat":"12","satellites":[{"PRN":"7","used":1,"el":13,"az":306.0}]}"#
        guard case .sky(let sky) = try GPSDDecoder.decode(line) else {
            Issue.record("not a SKY")
            return
        }
        #expect(sky.hdop == 0.93 && sky.usedSatelliteCount == 12)
        #expect(
            sky.satellites == [
                {
                    var satellite = GPSDSatellite(prn: 7, isUsed: true)
                    satellite.elevation = 13
                    satellite.azimuth = 306
                    return satellite
                }()
            ])
    }

    @Test func ignoresUnknownMembersAndClasses() throws {
        guard
            case .tpv(let tpv) = try GPSDDecoder.decode(
                #"{"class":"TPV","mode":2,"lat":1.5,"lon":2.5,"future":{"nested":[1,2]},"ecefx":1e6}"#)
        else {
            Issue.record("not a TPV")
            return
        }
        #expect(tpv.latitude == 1.5 && tpv.longitude == 2.5)
        #expect(try GPSDDecoder.decode(#"{"class":"PPS","real_sec":1}"#) == .unknown(className: "PPS"))
    }

    @Test(arguments: [
        (#"{"class":"TPV","lat":"north"}"#, #"TPV field "lat": expected a number, found "north""#),
        (#"{"class":"TPV","lat":true}"#, #"TPV field "lat": expected a number, found true"#),
        (#"{"class":"TPV","lat":91.0}"#, #"TPV field "lat": 91.0 is outside -90.0...90.0"#),
        (#"{"class":"TPV","mode":2.5}"#, #"TPV field "mode": expected an integer, found 2.5"#),
        (#"{"class":"TPV","mode":7}"#, #"TPV field "mode": 7.0 is outside 0.0...3.0"#),
        (#"{"class":"TPV","time":"yesterday"}"#, #"TPV field "time": "yesterday" is not a valid ISO 8601 time"#),
        (#"{"class":"SKY","satellites":[{"el":3}]}"#, #"SKY is missing required field "PRN""#),
        (#"{"class":"SKY","satellites":{"PRN":3}}"#, #"SKY field "satellites": expected an array, found an object"#),
        (#"{"class":"VERSION","release":"3.22"}"#, #"VERSION is missing required field "proto_major""#),
        (#"[1,2]"#, "expected a JSON object"),
        (#"{"lat":1}"#, #"object has no string member "class""#),
    ])
    func rejectsUnusableMembersWithADiagnostic(line: String, message: String) {
        #expect(throws: GPSDDecodingError.self) { try GPSDDecoder.decode(line) }
        do {
            _ = try GPSDDecoder.decode(line)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func reportsInvalidJSON() {
        do {
            _ = try GPSDDecoder.decode(#"{"class":"TPV","lat":"#)
            Issue.record("decoded truncated JSON")
        } catch {
            guard case .invalidJSON = error.reason else {
                Issue.record("wrong reason \(error.reason)")
                return
            }
            #expect(error.description.hasPrefix("invalid JSON: "))
        }
    }

    @Test func decodesVersionDevicesWatchAndError() throws {
        #expect(
            try GPSDDecoder.decode(
                #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
                == .version(GPSDVersion(release: "3.22", revision: "3.22", protocolMajor: 3, protocolMinor: 14)))
        guard
            case .devices(let devices) = try GPSDDecoder.decode(
                #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","activated":"2026-11-30T06:36:05.596Z","native":0,"bps":4800,"parity":"N","stopbits":1,"cycle":1.00}]}"#
            )
        else {
            Issue.record("not DEVICES")
            return
        }
        #expect(devices.count == 1)
        #expect(devices[0].path == "/dev/pts/1" && devices[0].isActive && devices[0].cycle == 1)
        #expect(devices[0].bitsPerSecond == 4800 && devices[0].parity == "N" && devices[0].stopBits == 1)
        // 2026-11-30T06:36:05Z = 1796020565 s (date -u -d ... +%s).
        #expect(devices[0].activated == Date(timeIntervalSince1970: 1_796_020_565.596))
        guard
            case .watch(let watch) = try GPSDDecoder.decode(
                #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"pps":false,"device":"/dev/ttyUSB0"}"#
            )
        else {
            Issue.record("not WATCH")
            return
        }
        #expect(watch.isEnabled == true && watch.json == true && watch.nmea == false && watch.raw == 0)
        #expect(watch.device == "/dev/ttyUSB0")
        #expect(
            try GPSDDecoder.decode(#"{"class":"ERROR","message":"Unrecognized request '?FOO'"}"#)
                == .error(GPSDErrorReply(message: "Unrecognized request '?FOO'")))
    }

    @Test func deviceDisappearsWhenActivatedIsZeroOrAbsent() throws {
        for line in [
            #"{"class":"DEVICE","path":"/dev/pts/1","activated":0}"#, #"{"class":"DEVICE","path":"/dev/pts/1"}"#,
        ] {
            guard case .device(let device) = try GPSDDecoder.decode(line) else {
                Issue.record("not DEVICE")
                return
            }
            #expect(device.path == "/dev/pts/1")
            #expect(!device.isActive)
        }
        guard
            case .device(let old) = try GPSDDecoder.decode(
                #"{"class":"DEVICE","path":"/dev/gps","activated":1434737501.0}"#)
        else { return }
        #expect(old.isActive && old.activated == Date(timeIntervalSince1970: 1_434_737_501))
    }

    @Test func decodesPollWithEmbeddedReports() throws {
        let line =
            #"{"class":"POLL","time":"2010-06-04T10:31:00.289Z","active":1,"tpv":[{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"lat":46.5,"lon":7.4}],"gst":[{"class":"GST","rms":2.4}],"sky":[{"class":"SKY","hdop":1.1,"satellites":[]}]}"#
        guard case .poll(let poll) = try GPSDDecoder.decode(line) else {
            Issue.record("not POLL")
            return
        }
        #expect(poll.activeDeviceCount == 1)
        #expect(poll.tpv.map(\.latitude) == [46.5] && poll.tpv.map(\.mode) == [.threeDimensional])
        #expect(poll.gst.map(\.rms) == [2.4] && poll.sky.map(\.hdop) == [1.1])
        // 2010-06-04T10:31:00Z = 1275647460 s.
        #expect(poll.time == Date(timeIntervalSince1970: 1_275_647_460.289))
    }

    @Test func decodesAttitudeStatusLetters() throws {
        let line =
            #"{"class":"ATT","time":"2022-03-29T00:38:32.000Z","heading":244.28,"mag_st":"N","pitch":2.77,"pitch_st":"N","roll":-1.5,"roll_st":"L","yaw":3.5,"yaw_st":"N","dip":60.2,"temp":21.5,"mheading":230.1}"#
        guard case .attitude(let att) = try GPSDDecoder.decode(line) else {
            Issue.record("not ATT")
            return
        }
        #expect(att.heading == 244.28 && att.magneticStatus == "N" && att.magneticHeading == 230.1)
        #expect(att.pitch == 2.77 && att.pitchStatus == "N" && att.roll == -1.5 && att.rollStatus == "L")
        #expect(att.yaw == 3.5 && att.yawStatus == "N" && att.dip == 60.2 && att.temperature == 21.5)
        #expect(att.time == Date(timeIntervalSince1970: 1_648_514_312))
    }
}
