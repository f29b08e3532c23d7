import Foundation
import Testing

@testable import LinuxCoreLocation

private let junction = CLLocationCoordinate2D(latitude: 40.4168, longitude: -3.7038)

/// The service events as letters: L for locations, P for pause, R for resume.
private func letters(_ events: [DelegateEvent]) -> String {
    events.map { event in
        switch event {
        case .locations: return "L"
        case .paused: return "P"
        case .resumed: return "R"
        default: return "?"
        }
    }.joined()
}

@Suite struct PauseTests {
    @Test func stationaryTimesDependOnTheActivity() {
        #expect(PauseDetector.stationaryTime(for: .automotiveNavigation) == 300)
        #expect(PauseDetector.stationaryTime(for: .other) == 300)
        #expect(PauseDetector.stationaryTime(for: .fitness) == 600)
        #expect(PauseDetector.stationaryTime(for: .otherNavigation) == 600)
        #expect(PauseDetector.stationaryTime(for: .airborne) == 900)
    }

    @Test func detectorPausesAtTheDeadlineAndResumesOnAClearMove() {
        var detector = PauseDetector()
        let start = Date(timeIntervalSince1970: 0)
        #expect(detector.update(with: fix(0, from: junction), at: start, activity: .fitness) == nil)
        #expect(detector.update(with: fix(20, from: junction), at: start + 599, activity: .fitness) == nil)
        #expect(detector.update(with: fix(5, from: junction), at: start + 600, activity: .fitness) == .paused)
        #expect(detector.update(with: fix(5, from: junction), at: start + 900, activity: .fitness) == nil)
        // 40 m away with 20 m uncertainty could still be within 25 m: no resume.
        #expect(
            detector.update(with: fix(40, from: junction, accuracy: 20), at: start + 960, activity: .fitness) == nil)
        #expect(
            detector.update(with: fix(40, from: junction, accuracy: 10), at: start + 970, activity: .fitness)
                == .resumed)
        #expect(!detector.isPaused)
    }

    @Test func updatesPauseAfterStandingStillAndResumeOnMoving() {
        // Drive for 3 minutes, stand at the junction with 10 m of jitter for 8 minutes, drive off.
        var fixes = [0, 600, 1200].map { fix(Double($0), from: junction, azimuth: 90) }
        fixes += (0..<8).map { fix(1200 + Double($0 % 2) * 10, from: junction, azimuth: 90) }
        fixes += [fix(1300, from: junction, azimuth: 90), fix(1900, from: junction, azimuth: 90)]
        let harness = ManagerHarness(track(fixes, every: 60))
        let manager = harness.makeManager { manager in
            manager.activityType = .automotiveNavigation
            manager.startUpdatingLocation()
        }
        harness.advance(by: 60 * Double(fixes.count))
        // Standing since t = 180 s; the first fix at or after 480 s pauses; fixes at 540 and 600 s are held
        // back; the fix at 780 s, 100 m on, resumes and is delivered.
        #expect(letters(harness.delegate.serviceEvents) == "LLLLLLLPRLL")
        _ = manager
    }

    @Test func noPauseWhenDisabled() {
        let fixes = (0..<12).map { _ in fix(0, from: junction) }
        let harness = ManagerHarness(track(fixes, every: 60))
        let manager = harness.makeManager { manager in
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
        }
        harness.advance(by: 720)
        #expect(letters(harness.delegate.serviceEvents) == String(repeating: "L", count: 12))
        _ = manager
    }
}
