/// Why an NMEA stream could not be opened or read.
public enum NMEAStreamError: Error, CustomStringConvertible {
    /// A system call failed: the file, device or address, what was attempted, and `errno`.
    case system(String, String, Int32)
    /// The baud rate is not one of the standard rates.
    case unsupportedBaudRate(String, Int)
    /// The host name could not be resolved.
    case unresolvedHost(String, String)
    /// A recording on standard input cannot be read again.
    case notRewindable(String)
    /// A pseudo-terminal slave named by its number (`/dev/pts/3`, not a symbolic link to it) or by a descriptor
    /// (`/dev/fd/5`, `/proc/self/fd/5`) closed, or could not be opened, as the second value says (`the
    /// pseudo-terminal closed`, `cannot open: No such file or directory`): it is neither reopened nor waited for,
    /// because the kernel gives its number to the next program that asks for a pseudo-terminal, which would then be
    /// read instead.
    case pseudoTerminalNotReopened(String, String)
    /// A device other than a pseudo-terminal, named by a descriptor (`/dev/fd/5`, `/proc/1234/fd/5`), ended its
    /// stream, or could not be opened, as the second value says (`its stream ended`, `cannot open: No such file or
    /// directory`): it is neither reopened nor waited for, because the descriptor's device is gone for good when its
    /// stream ends, and the descriptor may be closed or hold another file by then.
    case descriptorNotReopened(String, String)
    /// `/dev/tty` was named by a program without a controlling terminal (started by a service, cron or `setsid`):
    /// opening it fails with `ENXIO`, and trying again would not change that.
    case noControllingTerminal(String)

    /// One line, such as `/dev/ttyACM0: cannot open: No such file or directory`.
    public var description: String {
        switch self {
        case .system(let name, let action, let code):
            "\(name): \(action): \(NMEAFileDescriptor.describe(errorNumber: code))"
        case .unsupportedBaudRate(let name, let rate):
            "\(name): unsupported baud rate \(rate); expected one of "
                + NMEAFileDescriptor.supportedBaudRates.map(String.init).joined(separator: ", ")
        case .unresolvedHost(let name, let reason): "\(name): cannot resolve the host: \(reason)"
        case .notRewindable(let name): "\(name): standard input cannot be read again"
        case .pseudoTerminalNotReopened(let name, let what):
            "\(name): \(what); a pseudo-terminal named by its number or by a descriptor is neither reopened nor "
                + "waited for, because the kernel gives its number to the next program that opens one; name a symbolic "
                + "link to it instead (socat's link=/tmp/gps0), which is reopened when it points to a new one"
        case .descriptorNotReopened(let name, let what):
            "\(name): \(what); a device named by a descriptor (/dev/fd/N, /proc/PID/fd/N) is opened once: the "
                + "descriptor's device is gone for good when its stream ends; name the device itself, which is "
                + "reopened when it comes back"
        case .noControllingTerminal(let name):
            "\(name): cannot open: \(NMEAFileDescriptor.describe(errorNumber: ENXIO)): this program has no controlling "
                + "terminal (started by a service, cron or setsid); name the terminal's device"
        }
    }
}
