/// A reference that does not keep its object alive, for registries of objects that come and go (the managers of
/// an app, the mailboxes of callback threads).
struct WeakReference<Object: AnyObject> {
    /// The object, or `nil` once it is gone.
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
