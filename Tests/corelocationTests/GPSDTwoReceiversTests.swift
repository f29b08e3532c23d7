import Foundation
import SharedTestSupport
import Testing

/// Issue 32, item 3: two receivers on one gpsd, fixes alternating between Lyon and Sydney, made one zig-zag track.
@Suite struct GPSDTwoReceiversTests {
    /// Fixes of two devices, alternating, a second apart: Sydney's device reports first.
    private static let reports: [String] = (1...4).flatMap { second in
        [
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2026-12-06T06:00:0\#(second).000Z","lat":-33.9,"lon":151.2}"#,
            #"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"time":"2026-12-06T06:00:0\#(second).000Z","lat":45.7,"lon":4.8}"#,
        ]
    }

    @Test func watchFollowsTheFirstDeviceWithAFixAndSaysSo() async throws {
        let gpsd = try ScriptedGPSD(lines: Self.reports, devices: ["/dev/ttyUSB0", "/dev/ttyACM0"])
        let run = try await Tool.run(["watch", "--provider", gpsd.uri, "--format", "jsonl", "--count", "4"])
        #expect(run.status == 0, "\(run.error)")
        let latitudes = try run.jsonObjects().compactMap { $0["latitude"] as? Double }
        #expect(latitudes == [-33.9, -33.9, -33.9, -33.9])
        #expect(
            run.error.contains(
                "\(gpsd.uri): following /dev/ttyACM0, the first device with a fix; gpsd also serves /dev/ttyUSB0, "
                    + "whose reports are left out (choose a device with ?device=PATH)"), "\(run.error)")
    }

    @Test func providersNamesTheReceiversAndHowToChoose() async throws {
        let gpsd = try ScriptedGPSD(lines: [], devices: ["/dev/ttyUSB0", "/dev/ttyACM0"])
        let run = try await Tool.run(["providers"], environment: ["CORELOCATION_PROVIDER": gpsd.uri])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.lines.contains(
                "devices     /dev/ttyUSB0, /dev/ttyACM0  2 receivers: the first to report a fix is followed, the others "
                    + "left out; choose one with --provider \"\(gpsd.uri)?device=/dev/ttyACM0\""), "\(run.output)")
    }

    /// A tester's: `?device=` naming a device gpsd does not serve read "following /dev/ttyNOPE (?device=); also
    /// served: …", as if it were served.
    @Test func providersSaysWhenTheChosenDeviceIsNotServed() async throws {
        let gpsd = try ScriptedGPSD(lines: [], devices: ["/dev/ttyUSB0"])
        let run = try await Tool.run(
            ["providers"], environment: ["CORELOCATION_PROVIDER": gpsd.uri + "?device=/dev/ttyNOPE"])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.lines.contains(
                "devices     /dev/ttyUSB0  ?device= names /dev/ttyNOPE, which gpsd does not serve: choose one of these"),
            "\(run.output)")
    }
}
