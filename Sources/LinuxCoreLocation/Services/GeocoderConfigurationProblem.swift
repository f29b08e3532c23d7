/// Why a `CORELOCATION_GEOCODER` value names no geocoding service that a request could use: the kind of problem,
/// for a program to act on, and a line saying it, for a person.
///
/// **Linux only.** Returned by ``CLGeocoder/configurationProblem(forService:)``. The line is the reason that a
/// request through the same value gives in its `CLError(.network)`. `corelocation` ends with status 64 (usage) for a
/// malformed value, 66 (no input) for a file that cannot be read and 65 (data error) for one that is no GeoNames
/// file, whatever the line says.
public struct GeocoderConfigurationProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    public enum Kind: Sendable, Equatable {
        /// The value has none of the forms of a service: `https://HOST[/PATH]`, `http://HOST[:PORT][/PATH]`,
        /// `geonames:PATH` with a path.
        case malformedValue
        /// The value names a GeoNames file that cannot be opened for reading: it is missing, not readable by the
        /// process, or no regular file (a directory, a device such as `/dev/null`, a FIFO).
        case unreadableFile
        /// The value names a file that can be read but is no GeoNames file: it is empty, not UTF-8 text, or none of
        /// its lines is a place (19 tab-separated columns with a coordinate), as `/etc/passwd`.
        case invalidFile
    }

    /// What is wrong with the value.
    public let kind: Kind
    /// One line naming the variable, its value and the problem:
    /// `CORELOCATION_GEOCODER=bogus names no geocoding service; use …`,
    /// `CORELOCATION_GEOCODER=geonames:/x: cannot read the file: No such file or directory`,
    /// `CORELOCATION_GEOCODER=geonames:/x: the file is empty, not a GeoNames file`.
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
