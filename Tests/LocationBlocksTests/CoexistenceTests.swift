import Foundation
import LinuxCoreLocation
import Testing

@testable import LocationBlocks

@Suite struct CoexistenceTests {
    static let script: [ScriptedLocationProvider.Step] = [
        .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1)])), .init(at: 2, .fixLost),
        .init(at: 3, .locations([fix(3, at: 3)])),
    ]

    /// Installs the delegate before or after the blocks, runs the script and returns what each received.
    static func run(delegateFirst: Bool) -> (delegate: [String], blocks: [String]) {
        let harness = BlocksHarness(script)
        let delegate = RecordingDelegate()
        let blocks = Recorder()
        let manager = harness.makeManager { manager in
            if delegateFirst { manager.delegate = delegate }
            manager.didUpdateLocationsBlock = { _, fixes in
                blocks.record("locations \(fixes.map(\.coordinate.latitude))")
            }
            manager.didFailWithErrorBlock = { _, error in blocks.record("error \(code(error))") }
            manager.startUpdatingLocation { _, location, _, _ in
                if let location { blocks.record("fix \(location.coordinate.latitude)") }
            }
            if !delegateFirst { manager.delegate = delegate }
        }
        harness.advance(by: 3)
        _ = manager
        return (delegate.recorder.events, blocks.events)
    }

    @Test(arguments: [true, false]) func delegateAndBlocksEachReceiveEveryEventOnce(delegateFirst: Bool) {
        let (delegate, blocks) = Self.run(delegateFirst: delegateFirst)
        #expect(delegate == ["locations [1.0, 2.0]", "error locationUnknown", "locations [3.0]"])
        #expect(
            blocks == [
                "fix 1.0", "fix 2.0", "locations [1.0, 2.0]", "error locationUnknown", "fix 3.0", "locations [3.0]",
            ])
    }

    @Test func replacingTheDelegateKeepsTheBlocks() {
        let harness = BlocksHarness(Self.script)
        let first = RecordingDelegate()
        let second = RecordingDelegate()
        let blocks = Recorder()
        let manager = harness.makeManager { manager in
            manager.delegate = first
            manager.didUpdateLocationsBlock = { _, fixes in blocks.record("\(fixes.count)") }
            manager.startUpdatingLocation()
        }
        harness.advance(by: 1)
        harness.on(manager) { $0.delegate = second }
        harness.advance(by: 2)
        harness.on(manager) { $0.delegate = nil }
        #expect(first.recorder.events == ["locations [1.0, 2.0]"])
        #expect(second.recorder.events == ["error locationUnknown", "locations [3.0]"])
        #expect(blocks.events == ["2", "1"])
        #expect(harness.on(manager) { $0.delegate == nil && $0.didUpdateLocationsBlock != nil })
    }
}
