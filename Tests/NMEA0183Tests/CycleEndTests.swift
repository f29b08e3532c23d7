import Foundation
import SharedTestSupport
import Testing

@testable import NMEA0183

/// Epochs closed at the receiver's cycle end (issue 31: a live fix arrived one epoch late) and by a pause.
@Suite struct CycleEndTests {
    static let live: NMEADecoderOptions = {
        var options = NMEADecoderOptions()
        options.closesEpochAtCycleEnd = true
        return options
    }()

    static func gga(_ second: Int) -> String {
        framed(String(format: "GPGGA,1200%02d.00,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,", second))
    }

    static func rmc(_ second: Int) -> String {
        framed(String(format: "GPRMC,1200%02d.00,A,4807.038,N,01131.000,E,022.4,084.4,010125,003.1,W,A", second))
    }

    static func gst(_ second: Int) -> String {
        framed(String(format: "GPGST,1200%02d.00,1.0,2.0,1.5,30.0,1.2,0.9,2.2", second))
    }

    /// Feeds each cycle in turn and returns, after each, the seconds of the fixes it completed.
    static func fixesPerCycle(_ cycles: [String], options: NMEADecoderOptions = live) -> [[Int]] {
        var decoder = NMEADecoder(options: options)
        return cycles.map { cycle in
            decoder.feed(cycle).fixes.map { Int($0.timeOfDay.secondsSinceMidnight.rounded()) % 60 }
        }
    }

    @Test func anEpochClosesAtTheCycleEndOnceItIsLearned() {
        let cycles = (0..<5).map { Self.gga($0) + framed("GPGSA,A,3,04,05,09,12,,,,,,,,,2.5,1.3,2.1") + Self.rmc($0) }
        // Epochs 0 to 2 close when the next begins (RMC is taken as the end, then confirmed twice, coming once per
        // cycle); from epoch 3 on, at the RMC.
        #expect(Self.fixesPerCycle(cycles) == [[], [0], [1], [2, 3], [4]])
        #expect(Self.fixesPerCycle(cycles, options: NMEADecoderOptions()) == [[], [0], [1], [2], [3]])
        // The same fixes either way (the sentences' events come in another order around them).
        var live = NMEADecoder(options: Self.live)
        var file = NMEADecoder()
        let text = cycles.joined()
        let (liveFixes, fileFixes) = ((live.feed(text) + live.finish()).fixes, (file.feed(text) + file.finish()).fixes)
        #expect(liveFixes.count == 5 && liveFixes == fileFixes)
    }

    @Test func aGSVEndsTheCycleOnlyWithItsLastPart() {
        let cycles = (0..<5).map {
            Self.gga($0) + Self.rmc($0) + framed("GPGSV,2,1,05,04,30,100,40,05,40,200,41,09,50,300,42,12,60,050,43")
                + framed("GPGSV,2,2,05,15,70,150,44")
        }
        #expect(Self.fixesPerCycle(cycles) == [[], [0], [1], [2, 3], [4]])
    }

    @Test func headingsAtAnotherRateNeitherEndNorBreakTheCycle() {
        let headings = String(repeating: framed("HEHDT,10.0,T"), count: 3)
        let cycles = (0..<5).map { Self.gga($0) + Self.rmc($0) + headings }
        var decoder = NMEADecoder(options: Self.live)
        var fixes: [[Int]] = []
        var headingCount = 0
        for cycle in cycles {
            let events = decoder.feed(cycle)
            fixes.append(events.fixes.map { Int($0.timeOfDay.secondsSinceMidnight.rounded()) % 60 })
            headingCount += events.headings.count
        }
        #expect(fixes == [[], [0], [1], [2, 3], [4]])
        #expect(headingCount == 15)
    }

    /// A timed sentence after the learned end forgets it, without a duplicate fix.
    ///
    /// A receiver that appends a timed GST to some cycles: the learned end (RMC) was wrong for them. The GST's
    /// epoch is not reported twice, and the end is learned anew.
    @Test func aTimedSentenceAfterTheEndForgetsItWithoutADuplicateFix() {
        let plain = (0..<4).map { Self.gga($0) + Self.rmc($0) }
        let withGST = (4..<9).map { Self.gga($0) + Self.rmc($0) + Self.gst($0) }
        // Epoch 4 closes at its RMC; its GST repeats its time: no second fix, and the end is learned anew (GST).
        #expect(
            Self.fixesPerCycle(plain + withGST) == [[], [0], [1], [2, 3], [4], [], [5], [6, 7], [8]])
    }

    /// Content for a fix after the learned end forgets it.
    ///
    /// Content for a fix between the learned end and the next timed sentence (a VTG after the RMC) shows the end
    /// was wrong; the VTG's speed must not be taken for the next epoch's while the end is trusted. A GSA there is
    /// no such sign (it counts for its epoch or the one before).
    @Test func untimedContentAfterTheEndForgetsIt() {
        let vtg = framed("GPVTG,054.7,T,034.4,M,005.5,N,010.2,K,A")
        let gsa = framed("GPGSA,A,3,04,05,09,12,,,,,,,,,2.5,1.3,2.1")
        let plain = (0..<4).map { Self.gga($0) + Self.rmc($0) }
        #expect(
            Self.fixesPerCycle(plain + [Self.gga(4) + Self.rmc(4) + vtg, Self.gga(5) + Self.rmc(5)]) == [
                [], [0], [1], [2, 3], [4], [],
            ])
        #expect(
            Self.fixesPerCycle(plain + [Self.gga(4) + Self.rmc(4) + gsa, Self.gga(5) + Self.rmc(5)]) == [
                [], [0], [1], [2, 3], [4], [5],
            ])
    }

    /// An AIS receiver's encapsulated sentences on the same line (`!AIVDM`, as in gpsd's `ais-nmea.log`) are not
    /// part of the receiver's cycle, even when one comes last in several cycles.
    @Test func encapsulatedSentencesNeverEndACycle() {
        let ais = "!AIVDM,1,1,,B,13aGrVHP000J8VDN?5B@0?wR06bL,0*29\r\n"
        let cycles = (0..<5).map { Self.gga($0) + Self.rmc($0) + ais }
        #expect(Self.fixesPerCycle(cycles) == [[], [0], [1], [2, 3], [4]])
        let aisFirst = (0..<5).map { ais + Self.gga($0) + ais + Self.rmc($0) }
        #expect(Self.fixesPerCycle(aisFirst) == [[], [0], [1], [2, 3], [4]])
    }

    /// A receiver whose cycles are each followed by a pause (1 Hz, closed by the quiet gap) teaches its end too:
    /// from the fourth cycle on, no pause is needed.
    @Test func epochsClosedByPausesTeachTheCycleEnd() {
        var decoder = NMEADecoder(options: Self.live)
        var closedByPause = 0
        var fixes: [[Int]] = []
        for second in 0..<5 {
            let events = decoder.feed(Self.gga(second) + Self.rmc(second))
            var seconds = events.fixes.map { Int($0.timeOfDay.secondsSinceMidnight.rounded()) % 60 }
            if decoder.hasOpenEpoch {
                closedByPause += 1
                seconds += decoder.closeEpoch().fixes.map { Int($0.timeOfDay.secondsSinceMidnight.rounded()) % 60 }
            }
            fixes.append(seconds)
        }
        #expect(fixes == [[0], [1], [2], [3], [4]])
        #expect(closedByPause == 3)
    }

    @Test func closingAnEpochByHandReportsItOnce() {
        var decoder = NMEADecoder()
        #expect(decoder.feed(Self.gga(0)).fixes.isEmpty && decoder.hasOpenEpoch)
        #expect(decoder.closeEpoch().fixes.map(\.altitudeMSL) == [545.4])
        #expect(!decoder.hasOpenEpoch)
        // The rest of the same epoch after the pause is not reported again; the next epoch is.
        #expect(decoder.feed(Self.rmc(0)).fixes.isEmpty)
        #expect((decoder.feed(Self.gga(1)) + decoder.finish()).fixes.count == 1)
        #expect(decoder.statistics.fixes == 2)
        #expect(decoder.closeEpoch().isEmpty)
    }

    /// Live decoding of every shared log gives the file decoding's fixes.
    ///
    /// On every shared receiver log, closing epochs at the cycle end gives the same fixes as closing them when the
    /// next begins: the same times, positions, altitudes, speeds, courses and horizontal accuracies. Only what a GSA
    /// sent after the cycle end says (fix mode, PDOP, VDOP, vertical accuracy) may go to the next fix, and an epoch
    /// may start at an earlier line.
    @Test(GpsdRegressionLog.needsFolders) func liveDecodingOfEverySharedLogGivesTheSameFixes() throws {
        var logs = 0
        for folder in ["gpsd-logs", "gpsd-suite"] {
            guard let directory = SharedData.folder(folder) else { return }
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            where name.hasSuffix(".log") {
                let data = try Data(contentsOf: directory.appendingPathComponent(name))
                var file = NMEADecoder()
                var live = NMEADecoder(options: Self.live)
                let fileFixes = (file.feed(data) + file.finish()).fixes.map(Self.essentials)
                let liveFixes = (live.feed(data) + live.finish()).fixes.map(Self.essentials)
                #expect(liveFixes == fileFixes, "\(folder)/\(name)")
                logs += 1
            }
        }
        #expect(logs >= 96)
    }

    /// A fix's values that do not come from GSA.
    static func essentials(_ fix: NMEAFix) -> [Double?] {
        [
            fix.timestamp?.timeIntervalSince1970, fix.timeOfDay.secondsSinceMidnight, fix.latitude, fix.longitude,
            fix.altitudeMSL, fix.speed, fix.course, fix.horizontalAccuracy, fix.satellitesUsed.map(Double.init),
        ]
    }
}
