import LinuxCoreLocation

/// An environment variable `corelocation` reads, declared once for `corelocation help` and the manual page.
struct ToolEnvironment: Sendable {
    /// `CORELOCATION_PROVIDER`.
    let name: String
    /// What it holds, in a few words.
    let summary: String
    /// What the manual page says of it.
    let details: String

    /// Every variable, in the order the help lists them.
    static let all = [
        ToolEnvironment(
            name: "CORELOCATION_PROVIDER", summary: "a provider URI",
            details: "The provider of every command without --provider, as a URI (see --provider); a value that "
                + "cannot be used is a usage error, and no command falls back to another provider then."),
        ToolEnvironment(
            name: "CORELOCATION_AUTHORIZATION", summary: "the initial authorization status",
            details: "The authorization status the tool starts with: "
                + LocationAuthorization.statusNames.joined(separator: ", ")
                + "; denied or restricted makes every command exit with status 3, another name is a usage error. "
                + "Unset, the tool asks for when-in-use authorization, which is granted."),
        ToolEnvironment(
            name: "CORELOCATION_GEOCODER", summary: "the geocoding service of %address",
            details: "The reverse geocoder of the %address placeholders and of CoreLocationCLI's JSON object: "
                + "https://HOST (a Nominatim server, asked through the curl program) or geonames:/path/cities500.txt "
                + "(offline). Unset, addresses are empty."),
    ]
}
