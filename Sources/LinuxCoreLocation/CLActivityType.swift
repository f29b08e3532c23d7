/// The kind of activity the app tracks, used to decide when updates pause; Apple's raw values.
///
/// Source: Apple's CoreLocation documentation (`CLActivityType`).
public enum CLActivityType: Int, Sendable {
    /// An unknown activity. Raw value 1.
    case other = 1
    /// Navigation in a car or other motor vehicle. Raw value 2.
    case automotiveNavigation = 2
    /// Walking, running, cycling and other fitness activity. Raw value 3.
    case fitness = 3
    /// Other navigation: boats, trains, planes on the ground. Raw value 4.
    case otherNavigation = 4
    /// Flight. Raw value 5.
    case airborne = 5
}
