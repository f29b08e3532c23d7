import Foundation
import LinuxCoreLocation
import Testing

@testable import corelocation

/// The waiting notice's timetable on plain dates (issue 15's tester, item 19).
@Suite struct WaitingScheduleTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    /// A fix at 0.03 s and nothing after: notices 5, 15, 35, 75 and 135 s after it, each saying that long.
    @Test func silenceIsCountedFromTheLastFix() {
        var schedule = WaitingSchedule(start: start)
        #expect(schedule.next == at(5))
        do {
            let changed = schedule.delivered(count: 1, last: at(0.03), previous: nil)
            #expect(changed)  // seen at the first look
        }
        var notices: [(Date, Int)] = []
        for _ in 0..<5 {
            do {
                let changed = schedule.delivered(count: 1, last: at(0.03), previous: nil)
                #expect(!changed)
            }
            let now = schedule.next
            notices.append((now, schedule.silence(at: now)))
            schedule.noticed(at: now)
        }
        #expect(notices.map(\.0) == [at(5.03), at(15.03), at(35.03), at(75.03), at(135.03)])
        #expect(notices.map(\.1) == [5, 15, 35, 75, 135])
        #expect(schedule.next == at(195.03))  // every 60 s from there
    }

    /// A gpsd epoch every 6 s: the regular gap is not silence; a missed epoch is.
    @Test func aSlowFeedsGapIsNotSilence() {
        var schedule = WaitingSchedule(start: start)
        do {
            let changed = schedule.delivered(count: 1, last: at(1), previous: nil)
            #expect(changed)
        }
        #expect(schedule.next == at(6))
        do {
            let changed = schedule.delivered(count: 2, last: at(7), previous: at(1))
            #expect(changed)
        }
        #expect(schedule.quietLimit == 12)
        #expect(schedule.next == at(19))  // the epochs at 13 and 19 come first
        do {
            let changed = schedule.delivered(count: 4, last: at(19), previous: at(13))
            #expect(changed)
        }
        #expect(schedule.next == at(31))
        do {
            let changed = schedule.delivered(count: 4, last: at(19), previous: at(13))
            #expect(!changed)
        }
        #expect(schedule.silence(at: schedule.next) == 12)
    }

    @Test func gpsdsRetriesAreSaidAsTheyAre() throws {
        let provider = try LocationProviders.provider(for: "gpsd://127.0.0.1:2947")
        #expect(
            WaitingNotice.retrying(provider)
                == "it is tried again every 0.5 s while nothing listens, every 8.0 s at most after other failures")
    }
}
