/// A GPX route (`<rte>`): an ordered list of route points (`<rtept>`) leading to a destination.
public struct GPXRoute: Sendable, Hashable {
    /// The route's `<name>`, `nil` when absent.
    public var name: String?
    /// The route points in file order.
    public var points: [GPXPoint]

    /// Creates a route.
    public init(name: String? = nil, points: [GPXPoint] = []) {
        self.name = name
        self.points = points
    }
}
