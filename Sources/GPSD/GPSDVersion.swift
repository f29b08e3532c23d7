/// gpsd's `VERSION` banner, sent first on every connection.
///
/// Source of semantics: gpsd_json(5), "VERSION". The client checks ``protocolMajor`` against
/// ``GPSD/supportedProtocolMajor`` and refuses any other value.
public struct GPSDVersion: Sendable, Equatable {
    /// The public release level (`release`), for example `3.22`.
    public var release: String
    /// The internal revision-control level (`rev`), if present.
    public var revision: String?
    /// The API major version (`proto_major`); 3 for every gpsd 3.x.
    public var protocolMajor: Int
    /// The API minor version (`proto_minor`); compatible additions increment it.
    public var protocolMinor: Int
    /// The URL of a remote daemon when relayed by `gpspipe`-like tools (`remote`).
    public var remote: String?

    /// Creates a version banner.
    public init(
        release: String, revision: String? = nil, protocolMajor: Int, protocolMinor: Int, remote: String? = nil
    ) {
        self.release = release
        self.revision = revision
        self.protocolMajor = protocolMajor
        self.protocolMinor = protocolMinor
        self.remote = remote
    }
}

extension GPSDVersion {
    init(_ object: JSONObjectReader) throws(GPSDDecodingError) {
        guard let major = try object.int("proto_major") else {
            throw GPSDDecodingError(className: object.className, reason: .missingField("proto_major"))
        }
        self.init(
            release: try object.string("release") ?? "",
            revision: try object.string("rev"),
            protocolMajor: major,
            protocolMinor: try object.int("proto_minor") ?? 0,
            remote: try object.string("remote"))
    }
}
