/// The exit statuses of `corelocation`, a contract for scripts: ``meaning`` says what each means, for the manual
/// page; Docs/CLI.md explains them.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case providerFailed = 1
    case timedOut = 2
    case unavailable = 3
    /// BSD `EX_USAGE`.
    case usage = 64
    /// BSD `EX_DATAERR`.
    case invalidInput = 65
    /// BSD `EX_NOINPUT`.
    case noInput = 66
    /// BSD `EX_CANTCREAT`.
    case cannotCreate = 73
    /// BSD `EX_IOERR`.
    case outputFailed = 74
    /// 128 + SIGHUP.
    case hungUp = 129
    /// 128 + SIGINT.
    case interrupted = 130
    /// 128 + SIGTERM.
    case terminated = 143

    /// What the status means, in a sentence.
    var meaning: String {
        switch self {
        case .success: "Success: the provider ended, or --count or --duration was reached."
        case .providerFailed:
            "The provider failed: a file that cannot be read to the end, a device or daemon that went away for good."
        case .timedOut:
            "once: the timeout passed, or a replay ended, before a fix met the accuracy; the best fix, if any, was "
                + "printed."
        case .unavailable:
            "Location is unavailable: authorization denied or restricted, no provider (every command but watch, "
                + "which replays the sample), (once) a provider that does not answer, or (heading) one that does not "
                + "measure heading."
        case .usage:
            "Bad arguments, or a CORELOCATION_PROVIDER or CORELOCATION_AUTHORIZATION that cannot be used; one error "
                + "line and a hint where help is were printed."
        case .invalidInput:
            "The provider's input is not what its scheme says: a malformed GPX, a file with no NMEA sentence."
        case .noInput: "An input file is missing or unreadable."
        case .cannotCreate: "An output file cannot be created or written."
        case .outputFailed:
            "Standard output cannot be written: a full disk, a closed descriptor; a reader that closes the pipe "
                + "(| head) is not a failure."
        case .hungUp: "Hung up (SIGHUP, the terminal closed), after finishing the output cleanly."
        case .interrupted: "Interrupted by Ctrl-C (SIGINT), after finishing the output cleanly."
        case .terminated:
            "Terminated (SIGTERM, as kill and service managers send), after finishing the output cleanly."
        }
    }
}
