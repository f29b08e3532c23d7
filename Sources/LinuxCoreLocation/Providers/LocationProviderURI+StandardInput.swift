extension LocationProviderURI {
    /// The paths other than `-` that name standard input: a file provider reads them as `-`.
    ///
    /// Under `/dev/`, they were taken for a serial device: a pipe was read live and retried at its end (a trial of
    /// the tool), where `nmea:-` replays it to its end.
    static let standardInputPaths: Set<String> = ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]

    /// Whether the path names standard input: `-`, `/dev/stdin`, `/dev/fd/0` or `/proc/self/fd/0`.
    ///
    /// **Linux only.** The `nmea:` and `gpx:` providers read any of them as standard input, whatever it is (a pipe,
    /// a FIFO, a file, a terminal). Looks at the path only; thread-safe.
    public var namesStandardInput: Bool { path == "-" || Self.standardInputPaths.contains(path) }
}
