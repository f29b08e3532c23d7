import GPSD

/// Turns a `GPSDClient`'s events into provider events.
///
/// - A TPV with a fix (mode 2/3) becomes ``LocationProviderEvent/locations(_:)`` (see
///   ``GPSDTPV/location(sourceInformation:)``).
/// - A TPV without one (mode 0/1), and a lost connection that the client will retry, become
///   ``LocationProviderEvent/fixLost``, once per outage (again only after a fix).
/// - An ATT with a heading becomes ``LocationProviderEvent/heading(_:)``: `heading` → true heading,
///   `mheading` → magnetic heading (−1 when not reported), heading accuracy −1 (gpsd reports none).
/// - A terminal disconnect (an unsupported protocol version, an unusable endpoint) becomes
///   ``LocationProviderEvent/failed(_:)`` with `CLError(.network)`.
/// - A TPV or ATT whose `time` fails ``FixTime`` (before 1980, more than a day ahead of `now`) is skipped and
///   counted in ``skipped``; so is a TPV with a fix but no `time` (issue 15): stamping it with `now` would mix
///   the clock's time base with the receiver's (a replayed log's fixes jumped from today back to 2020). So is a TPV
///   whose horizontal error (`eph`, else `epx` and `epy`) is beyond ``FixLimits/maximumAccuracy``: its fix would
///   be invalid (accuracy −1), and managers would discard it without a word.
/// - A line the client skipped (``GPSDEvent/protocolError(_:)``) that was, or may have been, a TPV — class `TPV`,
///   invalid JSON, an overlong line — is a skipped fix too, counted in ``skipped`` by cause (`TPV field "lat" out
///   of range`); its value is named only when `LocationProviders.diagnosticsIncludeFieldValues` is on (issue 16:
///   such TPVs vanished without a word). Other classes' bad lines are not fixes and are left to the client's
///   statistics.
///
/// Only one of gpsd's devices is followed (``GPSDDeviceChoice``): the one `?device=` names, else the first with a
/// fix; the other devices' TPVs and ATTs are left out.
///
/// An `ERROR` gpsd answers a command with (`No such device as /dev/ttyACM9` for a `?device=` it does not serve) is
/// written to standard error, once per message: ignored, it left the provider waiting in silence.
///
/// Fixes carry a ``GNSSSourceInformation``: the TPV's mode, and the dilutions and satellite counts of the latest
/// SKY of the same device (cleared when the connection is lost). Everything else (greeting, devices, SKY, GST,
/// skipped lines) produces nothing. A value type, confined to the client's serial event queue.
struct GPSDEventTranslator {
    /// Names the provider in the warnings written to standard error.
    let source: String
    let sourceInformation: CLLocationSourceInformation
    /// Reports skipped because of their time.
    private(set) var skipped: SkippedFixes
    private var reportedLost = false
    /// The latest SKY report, whose dilutions and satellites the next fixes carry.
    private var sky: GPSDSky?
    /// The device whose reports are translated.
    private(set) var devices: GPSDDeviceChoice
    /// Where lines go.
    private let announce: @Sendable (String) -> Void
    /// The messages of gpsd's `ERROR` replies already written.
    private var errorsSaid: Set<String> = []

    /// Creates a translator.
    ///
    /// - Parameters:
    ///   - source: Names the provider in its lines on standard error.
    ///   - sourceInformation: The flags every fix carries.
    ///   - device: The device `?device=` names, or `nil` to follow the first device with a fix.
    ///   - announce: Where lines go; standard error by default.
    init(
        source: String, sourceInformation: CLLocationSourceInformation, device: String? = nil,
        announce: @escaping @Sendable (String) -> Void = { Diagnostics.warn($0) }
    ) {
        self.source = source
        self.sourceInformation = sourceInformation
        self.announce = announce
        skipped = SkippedFixes(source: source, announce: announce)
        devices = GPSDDeviceChoice(source: source, configured: device, announce: announce)
    }

    /// The provider event for `event`, if any; `now` dates reports that carry no time.
    mutating func translate(_ event: GPSDEvent, now: Date) -> LocationProviderEvent? {
        switch event {
        case .report(.tpv(let tpv)):
            guard tpv.mode.hasFix, tpv.latitude != nil, tpv.longitude != nil else {
                // A 2D/3D report without lat/lon says nothing new; a loss of fix counts for the followed device.
                return tpv.mode.hasFix || !devices.concerns(tpv.device) ? nil : lost()
            }
            // Another device's reports are left out unseen; the device is chosen by its first fix that is used, so
            // a receiver whose every fix is refused (a time years ahead) is not followed for ever.
            guard devices.concerns(tpv.device) else { return nil }
            guard let time = tpv.time else {
                skipped.skip("no time", "no time (gpsd omits it until the receiver reports a date; none is invented)")
                return nil
            }
            guard isUsable(time, now: now),
                let location = tpv.location(sourceInformation: information(for: tpv)),
                hasAccuracy(location, tpv),
                devices.admitsFix(from: tpv.device)
            else { return nil }
            reportedLost = false
            return .locations([location])
        case .protocolError(let error):
            if let cause = Self.skippedFixCause(error) {
                let detail =
                    LocationProviders.diagnosticsIncludeFieldValues ? "\(error)" : "line \(error.line): \(cause)"
                skipped.skip(cause, detail)
            }
            return nil
        case .report(.sky(let report)):
            sky = report
            return nil
        case .report(.attitude(let attitude)):
            guard devices.concerns(attitude.device), let heading = Self.direction(attitude.heading),
                isUsable(attitude.time, now: now)
            else { return nil }
            return .heading(
                CLHeading(
                    magneticHeading: Self.direction(attitude.magneticHeading) ?? -1, trueHeading: heading,
                    headingAccuracy: -1, timestamp: attitude.time ?? now))
        case .devices(let list):
            devices.list(list)
            return nil
        case .device(let device):
            devices.update([device])
            return nil
        case .disconnected(let reason, retryAfter: nil):
            sky = nil
            return .failed(CLError(.network, userInfo: [NSUnderlyingErrorKey: reason]))
        case .errorReply(let reply):
            if errorsSaid.insert(reply.message).inserted {
                announce(Diagnostics.line(source, "gpsd answered with an error: \(reply.message)"))
            }
            return nil
        case .disconnected(let reason, retryAfter: let delay?):
            sky = nil
            let event = lost()
            if event != nil { Diagnostics.warn("\(source): \(reason); retrying in \(delay) s") }
            return event
        default:
            return nil
        }
    }

    /// Whether a report's time may stamp a fix (no time: the clock's now will); counts it skipped when not.
    private mutating func isUsable(_ time: Date?, now: Date) -> Bool {
        guard let time, let problem = FixTime.problem(with: time, now: now) else { return true }
        skipped.skip(problem, time: time)
        return false
    }

    /// Whether `location`, made from `tpv`, has a horizontal accuracy; counts it skipped when its error estimates
    /// are beyond ``FixLimits/maximumAccuracy`` (the only way a TPV's fix is made invalid: lat and lon are
    /// range-checked when the line is decoded).
    private mutating func hasAccuracy(_ location: CLLocation, _ tpv: GPSDTPV) -> Bool {
        guard location.horizontalAccuracy < 0 else { return true }
        let limit = "\(Int(FixLimits.maximumAccuracy / 1000)) km"
        let estimates = [("eph", tpv.eph), ("epx", tpv.epx), ("epy", tpv.epy)].compactMap { name, value in
            value.map { "\"\(name)\":\($0)" }
        }
        skipped.skip(
            "TPV horizontal error beyond \(limit)",
            "TPV horizontal error beyond \(limit) (\(estimates.joined(separator: ", ")))")
        return false
    }

    /// The source information of a fix from `tpv`: its mode, and the latest SKY's values when that SKY came from
    /// the same device (or either does not say).
    private func information(for tpv: GPSDTPV) -> GNSSSourceInformation {
        let sky = self.sky.flatMap { sky in
            sky.device == nil || tpv.device == nil || sky.device == tpv.device ? sky : nil
        }
        let satellites = sky?.satellites ?? []
        return GNSSSourceInformation(
            sourceInformation, fixMode: GNSSFixMode(rawValue: tpv.mode.rawValue),
            satellitesUsed: sky?.usedSatelliteCount ?? (satellites.isEmpty ? nil : satellites.count(where: \.isUsed)),
            satellitesVisible: sky?.visibleSatelliteCount ?? (satellites.isEmpty ? nil : satellites.count),
            hdop: sky?.hdop, vdop: sky?.vdop, pdop: sky?.pdop)
    }

    /// What is wrong with a skipped line that was or may have been a TPV, without its value; `nil` for a line of
    /// another class.
    private static func skippedFixCause(_ error: GPSDProtocolError) -> String? {
        guard case .undecodable(let decoding) = error.kind else { return "line over gpsd's length limit" }
        guard decoding.className == nil || decoding.className == "TPV" else { return nil }
        switch decoding.reason {
        case .invalidJSON: return "line that is not valid JSON"
        case .notAnObject: return "line that is not a JSON object"
        case .missingClass: return "object without a class"
        case .missingField(let field): return "TPV without \"\(field)\""
        case .wrongType(let field, _, _): return "TPV field \"\(field)\" of the wrong type"
        case .invalidValue(let field, _, _): return "TPV field \"\(field)\" with an invalid value"
        case .outOfRange(let field, _, _): return "TPV field \"\(field)\" out of range"
        }
    }

    private mutating func lost() -> LocationProviderEvent? {
        guard !reportedLost else { return nil }
        reportedLost = true
        return .fixLost
    }

    /// A direction in degrees normalised to 0..<360 (360 reads as 0); `nil` when absent or out of range.
    private static func direction(_ degrees: Double?) -> Double? {
        guard let degrees, degrees >= 0, degrees <= 360 else { return nil }
        return degrees == 360 ? 0 : degrees
    }
}
