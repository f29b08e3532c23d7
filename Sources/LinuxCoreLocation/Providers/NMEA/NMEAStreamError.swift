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
        }
    }
}
