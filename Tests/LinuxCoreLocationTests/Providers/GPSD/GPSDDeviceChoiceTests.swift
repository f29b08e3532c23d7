import Foundation
import GPSD
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Issue 32, item 3: two receivers on one gpsd made a zig-zag track; the provider follows one device.
@Suite struct GPSDDeviceChoiceTests {
    private let now = Date(timeIntervalSince1970: 1_796_100_000)

    /// A TPV with a fix from `device` at `latitude`, `second` seconds after 2026-11-30T06:36:00Z.
    ///
    /// `yearsAhead` moves its time that many years (of 365 days) later.
    private static func fix(_ device: String?, _ latitude: Double, second: Int, yearsAhead: Int = 0) -> GPSDEvent {
        var tpv = GPSDTPV(mode: .threeDimensional)
        tpv.device = device
        tpv.latitude = latitude
        tpv.longitude = latitude < 0 ? 151.2 : 4.8
        tpv.time = Date(timeIntervalSince1970: 1_796_020_560 + Double(second) + Double(yearsAhead) * 365 * 86_400)
        return .report(.tpv(tpv))
    }

    private static func noFix(_ device: String) -> GPSDEvent {
        var tpv = GPSDTPV(mode: .noFix)
        tpv.device = device
        return .report(.tpv(tpv))
    }

    private static func active(_ path: String) -> GPSDDevice {
        GPSDDevice(path: path, activated: Date(timeIntervalSince1970: 1_796_020_000))
    }

    /// The translator's outputs for `events`, as latitudes, `lost` and `heading`, and the lines it announced.
    private func translate(_ events: [GPSDEvent], device: String? = nil) -> (outputs: [String], lines: [String]) {
        let lines = Locked<[String]>([])
        var translator = GPSDEventTranslator(
            source: "gpsd://test",
            sourceInformation: CLLocationSourceInformation(
                softwareSimulationState: false, andExternalAccessoryState: true),
            device: device, announce: { line in lines.withLock { $0.append(line) } })
        let outputs = events.compactMap { event -> String? in
            switch translator.translate(event, now: now) {
            case .locations(let fixes)?: return fixes.map { "\($0.coordinate.latitude)" }.joined(separator: ",")
            case .fixLost?: return "lost"
            case .heading?: return "heading"
            case .failed?: return "failed"
            case .finished?: return "finished"
            case nil: return nil
            }
        }
        return (outputs, lines.withLock { $0 })
    }

    /// A configured device missing from gpsd's list is said once until it appears.
    ///
    /// `?device=` naming a device gpsd does not serve waited in silence (a typo in the path looked like a receiver
    /// without a fix).
    @Test func aConfiguredDeviceGpsdDoesNotServeIsNamedOnceUntilItAppears() {
        let (outputs, lines) = translate(
            [
                .devices([Self.active("/dev/ttyUSB0")]),
                .devices([Self.active("/dev/ttyUSB0")]),  // a reconnection's list: said already
                Self.fix("/dev/ttyUSB0", 45.7, second: 1),  // another device's fix: left out
                .device(Self.active("/dev/ttyACM9")),
                Self.fix("/dev/ttyACM9", 45.8, second: 2),
                .devices([]),
            ], device: "/dev/ttyACM9")
        #expect(outputs == ["45.8"])
        #expect(
            lines == [
                "gpsd://test: gpsd does not serve /dev/ttyACM9 (it serves /dev/ttyUSB0); waiting for it to appear",
                "gpsd://test: gpsd does not serve /dev/ttyACM9 (it serves no device yet); waiting for it to appear",
            ])
        #expect(translate([.devices([Self.active("/dev/ttyACM9")])], device: "/dev/ttyACM9").lines.isEmpty)
    }

    /// The line naming the devices left out does not show a network source's password.
    @Test func aCastersPasswordIsNotShown() {
        let caster = "ntrip://user:secret@caster.example:2101/MOUNT"
        let (_, lines) = translate([
            .devices([Self.active("/dev/ttyUSB0"), Self.active(caster)]), Self.fix("/dev/ttyUSB0", 45.7, second: 1),
        ])
        #expect(
            lines == [
                "gpsd://test: following /dev/ttyUSB0, the first device with a fix; gpsd also serves "
                    + "ntrip://user:***@caster.example:2101/MOUNT, whose reports are left out "
                    + "(choose a device with ?device=PATH)"
            ])
    }

    /// gpsd's ERROR replies are said, each message once.
    ///
    /// gpsd 3.22 answers `?WATCH` for a device it has not opened with an ERROR, and then sends nothing: the
    /// provider ignored it and waited in silence.
    @Test func gpsdsErrorRepliesAreSaidOnce() {
        let refusal = GPSDEvent.errorReply(GPSDErrorReply(message: "No such device as /dev/ttyACM9"))
        let (outputs, lines) = translate([refusal, refusal], device: "/dev/ttyACM9")
        #expect(outputs.isEmpty)
        #expect(lines == ["gpsd://test: gpsd answered with an error: No such device as /dev/ttyACM9"])
    }

    @Test func theFirstDeviceWithAFixIsFollowedAndTheOtherNamed() {
        let (outputs, lines) = translate([
            .devices([Self.active("/dev/ttyUSB0"), Self.active("/dev/ttyACM0")]),
            Self.noFix("/dev/ttyUSB0"),  // no device followed yet: a loss is reported
            Self.fix("/dev/ttyACM0", -33.9, second: 1),
            Self.fix("/dev/ttyUSB0", 45.7, second: 1),
            Self.fix("/dev/ttyACM0", -33.9, second: 2),
            Self.noFix("/dev/ttyUSB0"),  // the other device's loss of fix is not ours
            Self.fix("/dev/ttyUSB0", 45.7, second: 2),
            Self.fix("/dev/ttyACM0", -33.9, second: 3),
        ])
        #expect(outputs == ["lost", "-33.9", "-33.9", "-33.9"])
        #expect(
            lines == [
                "gpsd://test: following /dev/ttyACM0, the first device with a fix; gpsd also serves /dev/ttyUSB0, "
                    + "whose reports are left out (choose a device with ?device=PATH)"
            ])
    }

    /// A device whose every fix is refused is not followed; the device is chosen by its first fix that is used.
    ///
    /// Issue 32's retest: with `bu353-glonass.log` (every fix dated 2034, refused) and `hemi.log` on one gpsd, the
    /// provider followed the first device to send a fix report, refused all of them, and left the other's out: no fix
    /// at all.
    @Test func aDeviceWhoseFixesAreRefusedIsNotFollowed() {
        let (outputs, lines) = translate([
            Self.fix("/dev/pts/3", 45.7, second: 1, yearsAhead: 8),
            Self.fix("/dev/pts/4", -33.9, second: 1),
            Self.fix("/dev/pts/3", 45.7, second: 2, yearsAhead: 8),
            Self.fix("/dev/pts/4", -33.9, second: 2),
        ])
        #expect(outputs == ["-33.9", "-33.9"])
        #expect(lines.count == 2 && lines[0].hasPrefix("gpsd://test: fix skipped: time 2034-11-28T06:36:01Z"))
        #expect(
            lines.last
                == "gpsd://test: following /dev/pts/4, the first device with a fix; gpsd also serves /dev/pts/3, "
                + "whose reports are left out (choose a device with ?device=PATH)")
    }

    @Test func aDeviceSeenOnlyLaterIsNamedWhenItAppears() {
        let (outputs, lines) = translate([
            Self.fix("/dev/ttyUSB0", 45.7, second: 1),
            Self.fix("/dev/ttyUSB0", 45.7, second: 2),
            Self.fix("/dev/ttyACM0", -33.9, second: 2),
            Self.fix("/dev/ttyUSB0", 45.7, second: 3),
        ])
        #expect(outputs == ["45.7", "45.7", "45.7"])
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("gpsd://test: following /dev/ttyUSB0, the first device with a fix;") == true)
    }

    @Test func theDeviceNamedByTheURIIsFollowedSilently() {
        let (outputs, lines) = translate(
            [
                .devices([Self.active("/dev/ttyUSB0"), Self.active("/dev/ttyACM0")]),
                Self.fix("/dev/ttyUSB0", 45.7, second: 1),
                Self.fix("/dev/ttyACM0", -33.9, second: 1),
            ], device: "/dev/ttyACM0")
        #expect(outputs == ["-33.9"])
        #expect(lines.isEmpty)
    }

    @Test func whenTheFollowedDeviceGoesTheNextWithAFixIsFollowed() {
        let (outputs, lines) = translate([
            Self.fix("/dev/ttyUSB0", 45.7, second: 1),
            Self.fix("/dev/ttyACM0", -33.9, second: 1),
            .device(GPSDDevice(path: "/dev/ttyUSB0")),  // inactive: unplugged
            Self.fix("/dev/ttyACM0", -33.9, second: 2),
        ])
        #expect(outputs == ["45.7", "-33.9"])
        #expect(lines.last == "gpsd://test: /dev/ttyUSB0 is gone; following the next device that reports a fix")
    }

    @Test func reportsWithoutADeviceCountAsTheFollowedDevices() {
        let (outputs, lines) = translate([
            Self.fix(nil, 45.7, second: 1),
            Self.fix("/dev/ttyUSB0", 45.6, second: 2),
            Self.fix(nil, 45.5, second: 3),
        ])
        #expect(outputs == ["45.7", "45.6", "45.5"])
        #expect(lines.isEmpty)
    }

    @Test func headingsOfAnotherDeviceAreLeftOut() {
        var attitude = GPSDAttitude(device: "/dev/ttyACM0", time: Date(timeIntervalSince1970: 1_796_020_561))
        attitude.heading = 90
        var ours = attitude
        ours.device = "/dev/ttyUSB0"
        let (outputs, _) = translate([
            Self.fix("/dev/ttyUSB0", 45.7, second: 1), .report(.attitude(attitude)), .report(.attitude(ours)),
        ])
        #expect(outputs == ["45.7", "heading"])
    }
}
