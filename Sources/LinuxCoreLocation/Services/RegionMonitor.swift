/// The regions an app monitors and what was last decided about each: the decision logic of region
/// monitoring, fed fix by fix.
///
/// Regions keep the order they were added in; adding one whose identifier is already monitored replaces it
/// (in place) and forgets the old state. States change only on fixes that ``RegionHysteresis`` finds
/// decisive; the first decisive fix gives a determination only, later changes give a determination and an
/// entry or exit (when the region's `notifyOnEntry` / `notifyOnExit` allows it), as Apple does.
struct RegionMonitor {
    /// What a fix caused for one region.
    enum Event: Sendable {
        /// `didDetermineState`: the first determination, or a change.
        case determined(CLRegionState, CLRegion)
        /// `didEnterRegion`.
        case entered(CLRegion)
        /// `didExitRegion`.
        case exited(CLRegion)

        /// The region the event is about.
        var region: CLRegion {
            switch self {
            case .determined(_, let region), .entered(let region), .exited(let region): region
            }
        }
    }

    /// Why a region was refused.
    enum Refusal: Error {
        case unsupported, tooLarge, limitReached
    }

    private struct Entry {
        let region: CLCircularRegion
        var state: CLRegionState
    }

    /// The most regions monitored at once.
    let limit: Int
    /// The largest radius accepted, in metres.
    let maximumRadius: CLLocationDistance
    private var entries: [Entry] = []

    init(limit: Int, maximumRadius: CLLocationDistance) {
        self.limit = limit
        self.maximumRadius = maximumRadius
    }

    /// The monitored regions, in the order they were added.
    var regions: [CLRegion] { entries.map(\.region) }

    /// Whether nothing is monitored.
    var isEmpty: Bool { entries.isEmpty }

    /// Starts monitoring `region`, replacing a region with the same identifier; throws a ``Refusal`` for a
    /// region that is not a valid circle, too large, or one more than ``limit``.
    mutating func add(_ region: CLRegion) throws(Refusal) {
        guard let circle = region.asCircularRegion, circle.radius > 0, CLLocationCoordinate2DIsValid(circle.center)
        else { throw .unsupported }
        guard circle.radius <= maximumRadius else { throw .tooLarge }
        if let index = entries.firstIndex(where: { $0.region.identifier == region.identifier }) {
            entries[index] = Entry(region: circle, state: .unknown)
            return
        }
        guard entries.count < limit else { throw .limitReached }
        entries.append(Entry(region: circle, state: .unknown))
    }

    /// Stops monitoring the region with `identifier`, if any.
    mutating func remove(identifier: String) {
        entries.removeAll { $0.region.identifier == identifier }
    }

    /// The last decided state of the monitored region with `identifier`; `.unknown` before the first decisive
    /// fix or when no such region is monitored.
    func state(of identifier: String) -> CLRegionState {
        entries.first { $0.region.identifier == identifier }?.state ?? .unknown
    }

    /// Applies one fix to every region and returns what changed, in region order.
    mutating func update(with fix: CLLocation) -> [Event] {
        var events: [Event] = []
        for index in entries.indices {
            let entry = entries[index]
            let hysteresis = RegionHysteresis(center: entry.region.center, radius: entry.region.radius)
            guard let decided = hysteresis.decide(fix), decided != entry.state else { continue }
            entries[index].state = decided
            events.append(.determined(decided, entry.region))
            guard entry.state != .unknown else { continue }
            if decided == .inside, entry.region.notifyOnEntry { events.append(.entered(entry.region)) }
            if decided == .outside, entry.region.notifyOnExit { events.append(.exited(entry.region)) }
        }
        return events
    }
}
