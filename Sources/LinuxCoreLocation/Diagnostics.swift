/// Messages for the person running the program, on standard error.
enum Diagnostics {
    private static let shown = Protected<Set<String>>([])

    /// Writes `message` to standard error, prefixed with `LinuxCoreLocation: `.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("LinuxCoreLocation: \(message)\n".utf8))
    }

    /// Writes `message` once per process for `key`; later calls with the same key do nothing.
    static func hint(_ key: String, _ message: String) {
        guard shown.withLock({ $0.insert(key).inserted }) else { return }
        warn(message)
    }
}
