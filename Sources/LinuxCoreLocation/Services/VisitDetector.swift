import Foundation

/// Dwell detection behind visit monitoring: turns a stream of fixes into arrivals and departures.
///
/// A *dwell* starts at a fix. Each later fix is compared with the dwell's centre (the mean position of the
/// dwell's fixes), `d` metres away, with accuracy `a`, on a circle of `r` = ``radius`` metres:
/// - within (`d ≤ r`: the fix's position is within the radius) — the fix joins the dwell;
///   once the dwell has lasted ``dwellTime`` seconds on the manager's clock, an arrival is reported
///   (arrival date = the dwell's first fix, departure date `Date.distantFuture`);
/// - surely outside (`d − a > r`) — the device has left: if the arrival was reported, a visit with both dates
///   is reported (departure date = the time of the last fix in the dwell), and a new dwell starts at this fix;
/// - straddling the boundary — ignored.
///
/// The visit's coordinate is the dwell's centre and its accuracy the mean horizontal accuracy of its fixes.
struct VisitDetector {
    /// The radius of a place, in metres (a Linux choice: Apple publishes none): a house or a shop with its
    /// parking, while GPS noise of a few tens of metres stays within it.
    static let defaultRadius: CLLocationDistance = 100
    /// How long the device must stay before an arrival is reported, in seconds (a Linux choice: 10 minutes,
    /// longer than a red light or a delivery stop).
    static let defaultDwellTime: TimeInterval = 600

    private struct Dwell {
        var x = 0.0, y = 0.0, z = 0.0
        var accuracySum = 0.0
        var count = 0
        let start: Date
        var lastInside: Date
        var arrived = false

        init(_ fix: CLLocation, at now: Date) {
            start = now
            lastInside = now
            add(fix, at: now)
        }

        /// The mean of the fixes' directions from the Earth's centre, which stays right across the antimeridian.
        var centre: CLLocationCoordinate2D {
            CLLocationCoordinate2D(
                latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
        }

        var accuracy: CLLocationAccuracy { accuracySum / Double(count) }

        mutating func add(_ fix: CLLocation, at now: Date) {
            let latitude = fix.coordinate.latitude * .pi / 180
            let longitude = fix.coordinate.longitude * .pi / 180
            x += cos(latitude) * cos(longitude)
            y += cos(latitude) * sin(longitude)
            z += sin(latitude)
            accuracySum += fix.horizontalAccuracy
            count += 1
            lastInside = now
        }

        func visit(departure: Date) -> CLVisit {
            CLVisit(arrivalDate: start, departureDate: departure, coordinate: centre, horizontalAccuracy: accuracy)
        }
    }

    var radius: CLLocationDistance
    var dwellTime: TimeInterval
    private var dwell: Dwell?

    init(radius: CLLocationDistance = defaultRadius, dwellTime: TimeInterval = defaultDwellTime) {
        self.radius = radius
        self.dwellTime = dwellTime
    }

    /// Applies a fix received at `now`; returns the arrival or departure it completes, if any.
    mutating func update(with fix: CLLocation, at now: Date) -> CLVisit? {
        guard var current = dwell else {
            dwell = Dwell(fix, at: now)
            return nil
        }
        let distance = geodesicDistance(current.centre, fix.coordinate)
        if distance <= radius {
            current.add(fix, at: now)
            defer { dwell = current }
            guard !current.arrived, now.timeIntervalSince(current.start) >= dwellTime else { return nil }
            current.arrived = true
            return current.visit(departure: .distantFuture)
        }
        guard distance - fix.horizontalAccuracy > radius else { return nil }
        dwell = Dwell(fix, at: now)
        return current.arrived ? current.visit(departure: current.lastInside) : nil
    }
}
