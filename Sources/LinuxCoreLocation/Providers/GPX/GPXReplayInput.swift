import GPX

/// Where a GPX replay reads its document from.
enum GPXReplayInput: Sendable {
    /// A file, opened afresh for every read.
    case file(URL)
    /// An in-memory document and the name diagnostics use for it.
    case data(Data, name: String)

    /// The name diagnostics use: the file's path or the document's name.
    var name: String {
        switch self {
        case .file(let url): return url.path
        case .data(_, let name): return name
        }
    }

    /// Why the document cannot be read now (``ReplayFileCheck``), or `nil`: always `nil` for data.
    var unavailability: String? {
        switch self {
        case .file(let url): return ReplayFileCheck.unavailability(of: url.path)
        case .data: return nil
        }
    }

    /// The document's events, read on demand by a lenient ``GPXReader``.
    ///
    /// Invalid points are skipped and counted, invalid optional values dropped; diagnostics quote the invalid value
    /// only when ``LocationProviders/diagnosticsIncludeFieldValues`` is on (`--verbose` in the tool), as the NMEA
    /// provider's do. `cancellation` ends a read waiting
    /// on a FIFO or pipe.
    ///
    /// - Throws: ``GPXDiagnostic`` of kind `io` when the file cannot be opened.
    func events(cancellation: GPXReadCancellation? = nil) throws -> GPXEventStream {
        var reader = GPXReader(mode: .lenient)
        reader.includesValues = LocationProviders.diagnosticsIncludeFieldValues
        switch self {
        case .file(let url): return try reader.events(contentsOf: url, cancellation: cancellation)
        case .data(let data, let name): return reader.events(data: data, sourceName: name)
        }
    }
}
