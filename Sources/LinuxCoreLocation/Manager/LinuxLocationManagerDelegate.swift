/// Linux-only callbacks a delegate can add to ``CLLocationManagerDelegate``.
///
/// **Linux only.**
///
/// Called on the manager's callback thread, like the delegate's other methods.
public protocol LinuxLocationManagerDelegate: CLLocationManagerDelegate {
    /// The provider has no more fixes: a replay reached the end of its file.
    func locationManagerProviderDidFinish(_ manager: CLLocationManager)
}
