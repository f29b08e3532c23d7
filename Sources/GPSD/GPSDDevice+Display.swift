extension GPSDDevice {
    /// `path` as it may be shown to a person: a network source's password replaced by `***`.
    ///
    /// gpsd serves network sources as devices named by their URL, and an NTRIP caster's carries its user and
    /// password (`ntrip://user:secret@caster:2101/MOUNT`); a list of gpsd's devices written to a terminal or a log
    /// showed the password (a tester saw one in a shared receiver log). Only the part between `://` and the `@`
    /// that ends it, after the user's `:`, is replaced; a path without them (`/dev/ttyUSB0`) is returned as is.
    /// Pure; thread-safe.
    ///
    /// - Parameter path: A device path as gpsd names it.
    /// - Returns: The path with any password replaced.
    public static func displayName(of path: String) -> String {
        guard let scheme = path.range(of: "://") else { return path }
        let rest = path[scheme.upperBound...]
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        guard let at = rest[..<authorityEnd].lastIndex(of: "@"),
            let colon = rest[..<at].firstIndex(of: ":")
        else { return path }
        return String(path[..<rest.index(after: colon)]) + "***" + String(path[at...])
    }
}
