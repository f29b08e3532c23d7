/// The DBus module: a small client of the D-Bus wire protocol, with no runtime library.
///
/// It marshals the types a desktop service client needs (`y b n q i u x t d s o g a v ( ) { }`), frames and
/// parses messages, authenticates with SASL `EXTERNAL` and talks to a bus over a Unix domain socket
/// (``DBusConnection``). Source: the D-Bus Specification, version 0.41 ("Message Protocol", "Authentication
/// Protocol", "Message Bus Specification").
public enum DBus {
    /// The largest message this module reads or writes by default: 1 MiB.
    ///
    /// The specification allows 128 MiB; services like GeoClue send messages of a few hundred bytes, so a
    /// smaller cap bounds the memory a misbehaving peer can make a client allocate. A larger message is not read
    /// into memory: a connection skips it (see ``DBusConnection``), and it fails only what waited for it.
    public static let defaultMaximumMessageSize = 1 << 20

    /// The longest message the specification allows on any bus: 128 MiB.
    ///
    /// A message that claims to be longer cannot have come through a bus (the system bus allows 32 MiB by
    /// default): the stream is broken, and a connection that reads one closes.
    public static let protocolMaximumMessageSize = 1 << 27

    /// The longest the specification lets an array's contents be, in bytes: 64 MiB.
    public static let maximumArrayLength = 1 << 26

    /// How deeply containers may nest (arrays, structures and variants together), as the specification limits
    /// signatures to 32 nested arrays plus 32 nested structures.
    public static let maximumNestingDepth = 64

    /// Seconds a client waits for a reply by default: 5.
    public static let defaultReplyTimeout: Double = 5

    /// The well-known name of the message bus itself.
    public static let busName = "org.freedesktop.DBus"
    /// The object path of the message bus itself.
    public static let busPath = "/org/freedesktop/DBus"
    /// The bus interface (`Hello`, `AddMatch`, `NameHasOwner`, …).
    public static let busInterface = "org.freedesktop.DBus"
    /// The standard properties interface (`Get`, `Set`, `GetAll`).
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"
    /// The system bus address when `DBUS_SYSTEM_BUS_ADDRESS` is unset.
    public static let defaultSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"
}
