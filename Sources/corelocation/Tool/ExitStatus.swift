/// The exit statuses of `corelocation`, documented in Docs/CLI.md; a contract for scripts.
enum ExitStatus: Int32, CaseIterable {
    /// Success.
    case success = 0
    /// The provider failed: a file that cannot be read, a device or daemon that went away for good.
    case providerFailed = 1
    /// `once`: the timeout passed before a fix met the accuracy; the best fix, if any, was printed.
    case timedOut = 2
    /// Location is unavailable: authorization denied or restricted, no provider, (`once`) one that does not answer,
    /// or (`heading`) one that does not measure heading.
    case unavailable = 3
    /// Bad arguments (BSD `EX_USAGE`); one error line and a hint where help is were printed.
    case usage = 64
    /// The provider's input is not what its scheme says (BSD `EX_DATAERR`): a malformed GPX, a file with no
    /// NMEA sentence.
    case invalidInput = 65
    /// An input file is missing or unreadable (BSD `EX_NOINPUT`).
    case noInput = 66
    /// An output file cannot be created (BSD `EX_CANTCREAT`).
    case cannotCreate = 73
    /// Standard output cannot be written: a full disk, a closed descriptor (BSD `EX_IOERR`); a closed pipe
    /// (`| head`) is not a failure.
    case outputFailed = 74
    /// Hung up (SIGHUP, the terminal closed) after finishing cleanly (128 + SIGHUP).
    case hungUp = 129
    /// Interrupted by Ctrl-C after finishing cleanly (128 + SIGINT).
    case interrupted = 130
    /// Terminated (SIGTERM, as `kill` and service managers send) after finishing cleanly (128 + SIGTERM).
    case terminated = 143
}
