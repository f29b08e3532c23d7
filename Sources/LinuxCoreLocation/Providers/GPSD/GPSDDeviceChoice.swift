import GPSD

/// Which of the receivers gpsd serves a gpsd provider follows.
///
/// gpsd serves every device it has open on one connection, each TPV naming its `device`. A provider that took them
/// all made one track of two receivers, alternating between their positions (issue 32: 45.7° and −33.9° every
/// second, recorded as one zig-zag track). So a provider follows one device: the one named by `?device=` (gpsd is
/// then asked to watch it alone), else the first that reports a fix. Fixes, losses of fix and headings of the other
/// devices are left out. When gpsd serves other devices and the provider chose, one line on standard error says
/// which is followed and names the others, once per device; when the followed device goes away (gpsd announces it
/// inactive), the choice is made again from the next fix. A report without a `device` member cannot be told apart
/// and counts as the followed device's. When gpsd's list of its devices lacks the one `?device=` names, one line
/// says so and names those it does serve, once until the device appears: the provider waits for it, and without
/// the line a typo in the path waited in silence. A value type, confined to the gpsd client's event queue.
struct GPSDDeviceChoice {
    /// Names the provider in its lines, such as `gpsd://127.0.0.1:2947`.
    let source: String
    /// The device `?device=` names, which is followed from the start.
    let configured: String?
    /// The device followed, once chosen.
    private(set) var followed: String?
    /// Active devices gpsd announced (in `DEVICES` or `DEVICE`), and devices whose reports were seen.
    private var known: [String] = []
    /// Devices already named in a line.
    private var named: Set<String> = []
    /// Whether the line saying gpsd lacks the configured device was written since it was last listed.
    private var saidConfiguredIsMissing = false
    private let announce: @Sendable (String) -> Void

    init(source: String, configured: String?, announce: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.configured = configured
        followed = configured
        self.announce = announce
    }

    /// Whether a report with a fix from `device` is the followed device's; the first such report chooses the device
    /// when none is followed yet.
    mutating func admitsFix(from device: String?) -> Bool {
        guard let device else { return true }
        note(device)
        guard let followed else {
            followed = device
            nameOthers()
            return true
        }
        return device == followed
    }

    /// Whether a report without a fix (a loss of fix, a heading) from `device` concerns the followed device: it does
    /// when no device is followed yet, or when it does not say.
    mutating func concerns(_ device: String?) -> Bool {
        guard let device else { return true }
        note(device)
        return followed == nil || device == followed
    }

    /// Takes note of gpsd's list of its devices (`DEVICES`, sent after each connection's `?WATCH`), and says so once
    /// when it lacks the device `?device=` names.
    mutating func list(_ devices: [GPSDDevice]) {
        update(devices)
        guard let configured else { return }
        let served = devices.filter(\.isActive).compactMap(\.path)
        guard !served.contains(configured) else {
            saidConfiguredIsMissing = false
            return
        }
        guard !saidConfiguredIsMissing else { return }
        saidConfiguredIsMissing = true
        announce(
            Diagnostics.line(
                source,
                "gpsd does not serve \(configured) (it serves "
                    + (served.isEmpty ? "no device yet" : Self.shown(served))
                    + "); waiting for it to appear"))
    }

    /// Takes note of what gpsd says about its devices: the `DEVICES` list, or one `DEVICE` appearing or going.
    mutating func update(_ devices: [GPSDDevice]) {
        for device in devices {
            guard let path = device.path else { continue }
            if device.isActive {
                if path == configured { saidConfiguredIsMissing = false }
                note(path)
            } else {
                known.removeAll { $0 == path }
                named.remove(path)
                if path == followed, configured == nil {
                    followed = nil
                    announce(
                        Diagnostics.line(
                            source, "\(Self.shown([path])) is gone; following the next device that reports a fix"))
                }
            }
        }
    }

    private mutating func note(_ path: String) {
        if !known.contains(path) { known.append(path) }
        if followed != nil { nameOthers() }
    }

    /// Device paths as a line shows them: a network source's password replaced (``GPSDDevice/displayName(of:)``).
    private static func shown(_ paths: [String]) -> String {
        paths.map(GPSDDevice.displayName(of:)).joined(separator: ", ")
    }

    /// Says which device is followed and names the others not named yet; silent when `?device=` chose it.
    private mutating func nameOthers() {
        guard let followed, configured == nil else { return }
        let others = known.filter { $0 != followed && !named.contains($0) }
        guard !others.isEmpty else { return }
        named.formUnion(others + [followed])
        announce(
            Diagnostics.line(
                source,
                "following \(Self.shown([followed])), the first device with a fix; gpsd also serves "
                    + "\(Self.shown(others)), whose reports are left out "
                    + "(choose a device with ?device=PATH)"))
    }
}
