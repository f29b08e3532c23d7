/// What the fixes of one provider event mean for one app's monitored regions: taken once, for every manager of the
/// app (``LocationApp``).
///
/// Made by the hub when it hands the event to the managers of an app that monitors regions, and carried with the
/// fixes to each callback thread; taken (the fixes applied to the regions) by the first manager still alive that
/// handles them, or when the app makes its next decision.
final class RegionDecision: @unchecked Sendable {
    /// The app whose regions the fixes are applied to.
    let app: LocationApp
    /// The decision's place among the app's: each manager reports the events of a decision once, in this order.
    let number: Int
    /// The valid fixes of the event, oldest first.
    let fixes: [CLLocation]
    /// The region events each fix caused, in fix order; `nil` until the decision is taken.
    ///
    /// Written and read under the app's lock only (``LocationApp/events(of:)``).
    var events: [[RegionMonitor.Event]]?

    init(app: LocationApp, number: Int, fixes: [CLLocation]) {
        self.app = app
        self.number = number
        self.fixes = fixes
    }
}
