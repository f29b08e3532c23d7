import Foundation
import Testing

@testable import LinuxCoreLocation
@testable import NMEA0183

/// Headings through the NMEA providers: one per epoch, on the stream's own time base, wherever they start in a log.
@Suite struct NMEAProviderHeadingTests {
    @Test func hdtAndThsGiveOneHeadingPerEpochThroughTheManager() throws {
        var log = ""
        for second in 0..<5 {
            let time = "12000\(second)"
            log += nmeaSentence("GNRMC,\(time),A,4807.038,N,01131.000,E,0.1,10.0,230324,,,A")
            log += nmeaSentence("GNTHS,24\(second).5,A") + nmeaSentence("GNHDT,24\(second).5,T")
        }
        let path = temporaryLog(log)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max"))
        let (collector, finished) = playThroughManager(provider, headings: true)
        #expect(finished)
        #expect(collector.headings.map(\.trueHeading) == [240.5, 241.5, 242.5, 243.5, 244.5])
        #expect(collector.headings.map(\.timestamp) == collector.locations.map(\.timestamp))
    }

    @Test func headingsAfterTheFirst64KiBAreFound() throws {
        var log = ""
        for second in 0..<1_200 {
            let time = String(format: "%02d%02d%02d", 12 + second / 3600, second / 60 % 60, second % 60)
            log += nmeaSentence("GPRMC,\(time),A,4807.038,N,01131.000,E,0.1,10.0,230324,,,A")
        }
        log += nmeaSentence("HEHDT,123.4,T")
        #expect(log.utf8.count > 65_536)
        let path = temporaryLog(log)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max"))
        #expect(provider.capabilities.contains(.heading))
        let (collector, finished) = playThroughManager(provider, headings: true)
        #expect(finished && collector.headings.map(\.trueHeading) == [123.4])
        let plain = temporaryLog(nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.1,10.0,230324,,,A"))
        defer { try? FileManager.default.removeItem(atPath: plain) }
        #expect(!(try NMEAProviderFactory.make(LocationProviderURI("nmea:\(plain)"))).capabilities.contains(.heading))
    }

    @Test func magneticOnlyHeadingsHaveTrueHeadingMinusOne() throws {
        let log =
            nmeaSentence("GPRMC,120000,A,4807.038,N,01131.000,E,0.1,10.0,230324,,,A") + nmeaSentence("HCHDG,98.3,,,,")
        var translator = NMEAEventTranslator(
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: true, andExternalAccessoryState: false))
        var decoder = NMEADecoder()
        let headings: [CLHeading] = (decoder.feed(log) + decoder.finish()).compactMap { event in
            guard case .heading(let heading)? = translator.translate(event, clockDate: nil)?.event else { return nil }
            return heading
        }
        #expect(headings.map(\.magneticHeading) == [98.3] && headings.map(\.trueHeading) == [-1])
    }

    @Test func liveHeadingsUseTheStreamsDateNotTheClocks() throws {
        // A live stream whose fixes carry their own date, yesterday evening (a recording served over TCP): its
        // headings are dated like its fixes. Placing their time of day on the clock's day stamped them 6 hours in
        // the future.
        let streamTime = Date(timeIntervalSince1970: 1_536_349_258)  // 2018-09-07T19:40:58Z
        let clock = Date(timeIntervalSince1970: 1_536_414_058)  // 2018-09-08T13:40:58Z
        var translator = NMEAEventTranslator(
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true))
        var decoder = NMEADecoder()
        let log =
            nmeaSentence("GPGGA,194058,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            + nmeaSentence("GPRMC,194058,A,4807.038,N,01131.000,E,0.1,10.0,070918,,,A")
            + nmeaSentence("HEHDT,274.07,T")
            + nmeaSentence("GPGGA,194059,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let items = (decoder.feed(log) + decoder.finish()).compactMap { translator.translate($0, clockDate: clock) }
        let fixTimes = items.compactMap {
            if case .locations(let fixes) = $0.event { fixes.first?.timestamp } else { nil }
        }
        let headingTimes = items.compactMap {
            if case .heading(let heading) = $0.event { heading.timestamp } else { nil }
        }
        #expect(fixTimes == [streamTime, streamTime.addingTimeInterval(1)])
        #expect(headingTimes == [streamTime])
    }
}
