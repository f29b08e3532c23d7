import Foundation
import Testing

@testable import NMEA0183

@Suite struct SentenceDecodingTests {
    @Test func gga() throws {
        // The classic example with its published checksum 47.
        let sentence = try NMEASentence(
            parsing: Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".utf8))
        let gga = try GGASentence(sentence)
        #expect(sentence.talker == "GP" && sentence.type == "GGA" && sentence.fieldCount == 14)
        #expect(gga.time == NMEATimeOfDay(hour: 12, minute: 35, second: 19))
        #expect(close(gga.latitude, 48.1173))
        #expect(close(gga.longitude, 11.516666666666667))
        #expect(gga.quality == .autonomous && gga.satellitesUsed == 8)
        #expect(gga.hdop == 0.9 && gga.altitudeMSL == 545.4 && gga.geoidSeparation == 46.9)
        #expect(gga.differentialAge == nil && gga.differentialStation == nil)
    }

    @Test func rmc() throws {
        guard case .rmc(let rmc, _)? = message("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        else {
            Issue.record("not an RMC")
            return
        }
        #expect(rmc.isValid)
        #expect(close(rmc.speed, 22.4 * 1852 / 3600))
        #expect(rmc.course == 84.4)
        #expect(rmc.date == NMEADate(year: 1994, month: 3, day: 23))
        #expect(rmc.magneticVariation == -3.1)
        #expect(rmc.mode == nil)
    }

    @Test(arguments: [("230379", 2079), ("230380", 1980), ("010100", 2000), ("311299", 1999)])
    func rmcTwoDigitYearPivot(_ field: String, _ year: Int) throws {
        guard case .rmc(let rmc, _)? = message("GPRMC,000000,A,4807.038,N,01131.000,E,0,0,\(field),,,A") else {
            Issue.record("not an RMC")
            return
        }
        #expect(rmc.date?.year == year)
    }

    @Test func gllWithSouthWestSigns() throws {
        guard case .gll(let gll, _)? = message("GPGLL,4916.45,S,12311.12,W,225444,A,A") else {
            Issue.record("not GLL")
            return
        }
        #expect(close(gll.latitude, -(49 + 16.45 / 60)))
        #expect(close(gll.longitude, -(123 + 11.12 / 60)))
        #expect(gll.time == NMEATimeOfDay(hour: 22, minute: 54, second: 44) && gll.isValid)
    }

    @Test func gnsMultiConstellationMode() throws {
        let sentence = try NMEASentence(
            parsing: Array(
                "$GNGNS,043539.00,4333.190206,N,00127.618380,E,AAAAN,14,1.3,250.8,50.0,,,V*62".utf8))
        let gns = try GNSSentence(sentence)
        #expect(close(gns.latitude, 43 + 33.190206 / 60))
        #expect(close(gns.longitude, 1 + 27.618380 / 60))
        #expect(gns.quality == .autonomous && gns.satellitesUsed == 14)
        #expect(gns.altitudeMSL == 250.8 && gns.geoidSeparation == 50.0 && gns.hdop == 1.3)
        guard case .gns(let none, _)? = message("GNGNS,074150.799,,,,,NNNN,00,,,0.0,,0000") else {
            Issue.record("not GNS")
            return
        }
        #expect(none.quality == .invalid && none.latitude == nil)
    }

    @Test(arguments: [
        // (body, course, speed m/s): lettered, old four-field form, km/h only, empty.
        ("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K", 54.7 as Double?, 5.5 * 1852 / 3600 as Double?),
        ("GPVTG,054.7,034.4,005.5,010.2", 54.7, 5.5 * 1852 / 3600),
        ("GPVTG,054.7,T,,M,,N,036.0,K,A", 54.7, 10.0),
        ("GPVTG,,T,,M,,N,,K,N", nil, nil),
    ])
    func vtg(_ body: String, _ course: Double?, _ speed: Double?) throws {
        guard case .vtg(let vtg, _)? = message(body) else {
            Issue.record("not VTG")
            return
        }
        #expect(vtg.course == course)
        if let speed { #expect(close(vtg.speed, speed)) } else { #expect(vtg.speed == nil) }
    }

    @Test func gsaClassicAndNMEA41() throws {
        guard case .gsa(let classic, _)? = message("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1") else {
            Issue.record("not GSA")
            return
        }
        #expect(classic.fixMode == 3 && classic.satellites == [4, 5, 9, 12, 24])
        #expect(classic.pdop == 2.5 && classic.hdop == 1.3 && classic.vdop == 2.1 && classic.systemID == nil)
        let modern = try GSASentence(
            try NMEASentence(parsing: Array("$GNGSA,A,3,68,69,70,78,84,85,,,,,,,1.5,1.3,1.0,2*3D".utf8)))
        #expect(modern.systemID == 2 && modern.satellites.count == 6)
        // SiRF's non-standard decimal in field 18 is ignored, not a system id and not an error.
        let sirf = try GSASentence(
            try NMEASentence(parsing: Array("$GPGSA,A,3,25,32,,,,,,,,,,,5.1,1.3,4.9,3.3*3D".utf8)))
        #expect(sirf.systemID == nil && sirf.vdop == 4.9)
        // Any other malformed system id is ignored with a warning; the DOPs are kept.
        guard case .gsa(let odd, _)? = message("GPGSA,A,3,25,32,,,,,,,,,,,5.1,1.3,4.9,x") else {
            Issue.record("not GSA")
            return
        }
        #expect(odd.systemID == nil && odd.vdop == 4.9 && odd.ignoredFields.map(\.field) == [18])
    }

    @Test func gsvWithAndWithoutSignalID() throws {
        let classic = try GSVSentence(
            try NMEASentence(
                parsing: Array(
                    "$GPGSV,2,1,08,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45*75".utf8)))
        #expect(classic.totalSentences == 2 && classic.sentenceNumber == 1 && classic.satellitesInView == 8)
        #expect(classic.satellites.first == GSVSentence.Satellite(id: 1, elevation: 40, azimuth: 83, snr: 46))
        #expect(classic.satellites.count == 4 && classic.signalID == nil)
        let galileo = try GSVSentence(
            try NMEASentence(
                parsing: Array(
                    "$GAGSV,2,1,07,36,76,149,45,09,47,142,50,04,40,062,35,11,26,120,44,7*73".utf8)))
        #expect(galileo.signalID == 7 && galileo.satellites.map(\.id) == [36, 9, 4, 11])
    }

    @Test func gstAndGbs() throws {
        let gst = try GSTSentence(try NMEASentence(parsing: Array("$GNGST,181141.00,46,,,,4.7,1.9,5.3*4A".utf8)))
        #expect(gst.rangeRMS == 46 && gst.semiMajor == nil && gst.altitudeSigma == 5.3)
        #expect(close(gst.horizontalSigma, (4.7 * 4.7 + 1.9 * 1.9).squareRoot()))
        let gbs = try GBSSentence(
            try NMEASentence(parsing: Array("$GNGBS,181141.00,4.7,1.9,5.3,87,,-54902.0,57.5*41".utf8)))
        #expect(gbs.latitudeError == 4.7 && gbs.altitudeError == 5.3 && gbs.failedSatellite == 87)
    }

    @Test func zda() throws {
        let zda = try ZDASentence(try NMEASentence(parsing: Array("$GPZDA,201530.00,04,07,2002,00,00*60".utf8)))
        #expect(zda.date == NMEADate(year: 2002, month: 7, day: 4))
        #expect(zda.time == NMEATimeOfDay(hour: 20, minute: 15, second: 30))
        guard case .zda(let impossible, _)? = message("GPZDA,201530.00,31,02,2002,00,00") else {
            Issue.record("not ZDA")
            return
        }
        #expect(impossible.date == nil && impossible.ignoredFields.map(\.fieldName) == ["day"])
    }

    @Test(arguments: [
        // (sentence, true heading, magnetic heading)
        ("GNHDT,244.28,T", 244.28 as Double?, nil as Double?),
        ("HCHDG,101.1,,,7.1,W", 94.0, 101.1),  // true = 101.1 − 7.1 (west variation subtracts)
        ("HCHDG,98.3,1.5,E,12.6,E", 112.4, 99.8),  // magnetic = 98.3 + 1.5 (east deviation adds); + 12.6
        ("HCHDG,98.3,1.5,W,12.6,W", 84.2, 96.8),  // magnetic = 98.3 − 1.5; true = 96.8 − 12.6
        ("HCHDG,355.0,,,10.0,E", 5.0, 355.0),  // wraps past north
        ("HCHDG,2.0,3.0,W,,", nil, 359.0),  // no variation: magnetic only, wrapped
        ("HCHDG,98.3,,,,", nil, 98.3),  // no deviation, no variation: the sensor heading is the magnetic one
        ("HCHDM,238.5,M", nil, 238.5),
        ("GNTHS,244.28,A", 244.28, nil),
    ])
    func headings(_ body: String, _ trueHeading: Double?, _ magneticHeading: Double?) throws {
        let heading = try #require(decode(framed(body)).events.headings.first)
        if let trueHeading {
            #expect(close(heading.trueHeading, trueHeading, 1e-9))
        } else {
            #expect(heading.trueHeading == nil)
        }
        if let magneticHeading {
            #expect(close(heading.magneticHeading, magneticHeading, 1e-9))
        } else {
            #expect(heading.magneticHeading == nil)
        }
    }

    @Test func invalidOrEmptyHeadingsGiveNone() {
        #expect(decode(framed("GNTHS,244.28,V")).events.headings.isEmpty)
        #expect(decode(framed("GNHDT,,T")).events.headings.isEmpty)
        #expect(decode(framed("HCHDG,,,,,")).events.headings.isEmpty)
    }

    @Test func unknownAndProprietaryPassThroughRaw() throws {
        let (events, decoder) = decode(
            framed("PSRFEPE,074155.799,A,1.3,10.59,52.97,0.6,180.0") + framed("INDPT,2.2,0.0")
                + "!AIVDM,1,1,,A,13aEOK?P00PD2wVMdLDRhgvL289?,0*26\r\n")
        let raws = events.messages.compactMap { if case .other(let raw) = $0 { raw } else { nil } }
        #expect(raws.map(\.address) == ["PSRFEPE", "INDPT", "AIVDM"])
        #expect(raws[0].isProprietary && raws[0].talker == "P" && raws[0].type == "SRFEPE")
        #expect(raws[0].fields == ["074155.799", "A", "1.3", "10.59", "52.97", "0.6", "180.0"])
        #expect(raws[1].field(1) == "2.2" && raws[1].field(9) == "")
        #expect(raws[2].isEncapsulated)
        #expect(decoder.statistics.unknownSentences == 3 && decoder.statistics.rejectedSentences == 0)
    }

    @Test(arguments: ["GP", "GN", "GL", "GA", "GB", "BD", "GQ", "QZ", "GI", "IN", "HE", "II", "IM"])
    func anyTalker(_ talker: String) {
        let (events, _) = decode(framed("\(talker)GGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,"))
        #expect(events.fixes.map(\.talker) == [talker])
    }

    @Test func nmea4TrailingFieldsTolerated() {
        // RMC with mode and navigational status (4.1), GGA with an extra trailing field (SiRF).
        let text =
            framed("GNRMC,074155.799,A,3114.8770,N,12135.2463,E,0.30,4.94,250215,,,A,V")
            + framed("GNGGA,074155.799,3114.8770,N,12135.2463,E,1,05,1.3,156.9,M,8.3,M,,0000,4.9")
        let (events, decoder) = decode(text)
        #expect(decoder.statistics.acceptedSentences == 2)
        #expect(events.fixes.count == 1 && events.fixes.first?.altitudeMSL == 156.9)
    }
}
