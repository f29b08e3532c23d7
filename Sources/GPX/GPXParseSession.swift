import Foundation

/// One read of a GPX document: turns the elements ``GPXXMLScanner`` finds into ``GPXEvent``s, on demand.
///
/// Holds only the point being read and the text of the open leaf element, so memory stays bounded however long
/// the document is. Held by one ``GPXEventStream``, used on one thread at a time.
struct GPXParseSession: ~Copyable {
    /// The longest text of a read element, in UTF-8 bytes; longer text is an error.
    static let maximumTextBytes = GPXXMLScanner.maximumTextBytes

    /// A point under construction.
    struct PendingPoint {
        var kind: GPXElementRole.PointKind
        /// The element's name as written, for diagnostics.
        var element: String
        var point = GPXPoint(latitude: 0, longitude: 0)
        var extensionSpeed: Double?
        var extensionCourse: Double?
        var isSkipped = false
    }

    let source: String
    let mode: GPXReader.Mode
    /// Whether diagnostics quote the invalid value (``GPXReader/includesValues``).
    let includesValues: Bool
    private var scanner: GPXXMLScanner
    var summary = GPXReadSummary()
    /// The roles of the open elements, innermost last: `roles[0..<roleCount]`.
    ///
    /// At most one per element the scanner holds open (``GPXXMLScanner/maximumDepth``). Fixed storage: a Swift
    /// array's append and removal checked its buffer's uniqueness and capacity at every tag.
    private let roles = UnsafeMutablePointer<GPXElementRole>.allocate(capacity: GPXXMLScanner.maximumDepth)
    private var roleCount = 0
    /// The root's namespace, in which every GPX element must be.
    private var gpxNamespace: (kind: GPXXMLNamespaces.Kind, uri: [UInt8])?
    private var metadata = GPXMetadata()
    private var metadataDelivered = false
    /// The point being read, while ``isReadingPoint``.
    var pending = PendingPoint(kind: .trackPoint, element: "")
    var isReadingPoint = false
    /// The name of the last point element as written (usually `trkpt`), reused while it does not change.
    private var pointElement: (bytes: [UInt8], name: String) = ([], "")
    var routeName: String?
    var trackName: String?
    /// The line of the open field element's start tag.
    var fieldLine = 0
    /// Events found and not yet returned: at most two per step (the metadata, then what followed it).
    ///
    /// Their values stay in the session until the next step, and each event is made as it is returned: an event
    /// holds a whole point (about 200 bytes and its name's reference), which a queue of events copied several times.
    private var firstFound: Found?
    private var secondFound: Found?
    private var ended = false
    /// The first invalid value in strict mode, thrown once the element that holds it is read.
    var failure: GPXDiagnostic?
    var hasFailed = false
    /// The error that stopped reading; thrown again by every later ``next()``.
    private var stop: GPXDiagnostic?
    private var hasStopped = false

    /// Starts reading the document `input` delivers.
    init(_ input: GPXXMLInput, mode: GPXReader.Mode, includesValues: Bool = true) {
        scanner = GPXXMLScanner(input)
        source = input.name
        self.mode = mode
        self.includesValues = includesValues
    }

    deinit {
        roles.deinitialize(count: roleCount)
        roles.deallocate()
    }

    /// The role of the innermost open element, if any.
    @inline(__always)
    private var innermostRole: GPXElementRole? { roleCount > 0 ? roles[roleCount - 1] : nil }

    /// The next event in file order, or `nil` after the last.
    ///
    /// - Throws: The first ``GPXDiagnostic`` (malformed XML, a refused declaration, not GPX, an invalid value in
    ///   strict mode); once thrown, every later call throws it again.
    mutating func next() throws(GPXDiagnostic) -> GPXEvent? {
        // The event is made once, out of the reading loop: made in it, its 192 bytes were copied about five times.
        guard let found = try nextFound() else { return nil }
        return event(found)
    }

    /// What the next event is, reading as far as it needs; `nil` after the last.
    private mutating func nextFound() throws(GPXDiagnostic) -> Found? {
        if hasStopped, let stop { throw stop }
        while true {
            if let found = firstFound {
                firstFound = secondFound
                secondFound = nil
                return found
            }
            if ended { return nil }
            do throws(GPXDiagnostic) {
                try step()
                if hasFailed, let failure { throw failure }
            } catch {
                stop = error
                hasStopped = true
                scanner.input.close()
                throw error
            }
        }
    }

    /// Releases the input (the file descriptor); later calls of ``next()`` return `nil`.
    mutating func close() {
        scanner.input.close()
        ended = true
        firstFound = nil
        secondFound = nil
    }

    @inline(__always)
    private mutating func step() throws(GPXDiagnostic) {
        switch try scanner.next() {
        case .startElement: try startElement()
        case .endElement: endElement()
        case .endOfDocument:
            ended = true
            scanner.input.close()
            guard scanner.sawRootElement else {
                throw GPXDiagnostic(kind: .notGPX, source: source, message: "no root element")
            }
        }
    }

    /// What a found event is; its values are the session's.
    enum Found {
        /// ``GPXEvent/metadata(_:)`` of the metadata read.
        case metadata
        /// The point just read, as ``GPXEvent/waypoint(_:)``, ``GPXEvent/routePoint(_:)`` or
        /// ``GPXEvent/trackPoint(_:)`` after its kind.
        case point
        case routeStarted, trackStarted, segmentStarted
        /// ``GPXEvent/routeEnded(name:)`` with the route's name.
        case routeEnded
        /// ``GPXEvent/trackEnded(name:)`` with the track's name.
        case trackEnded
    }

    /// Queues the event `found` unless an invalid value already stopped reading.
    mutating func emit(_ found: Found) {
        guard !hasFailed else { return }
        if firstFound == nil { firstFound = found } else { secondFound = found }
    }

    /// The event `found` stands for, made of the values read.
    ///
    /// Inlined, as the other reads of the session on the way of every point: a call copies the whole session
    /// (about 950 bytes) for its borrow.
    @inline(__always)
    private func event(_ found: Found) -> GPXEvent {
        switch found {
        case .metadata: .metadata(metadata)
        case .point:
            switch pending.kind {
            case .waypoint: .waypoint(pending.point)
            case .routePoint: .routePoint(pending.point)
            case .trackPoint: .trackPoint(pending.point)
            }
        case .routeStarted: .routeStarted
        case .trackStarted: .trackStarted
        case .segmentStarted: .segmentStarted
        case .routeEnded: .routeEnded(name: routeName)
        case .trackEnded: .trackEnded(name: trackName)
        }
    }

    private mutating func deliverMetadata() {
        guard !metadataDelivered else { return }
        metadataDelivered = true
        emit(.metadata)
    }

    private mutating func startElement() throws(GPXDiagnostic) {
        let namespace = scanner.elementNamespace
        let role: GPXElementRole
        if let parent = innermostRole {
            if isGPX(namespace) {
                role = .gpxElement(scanner.localName, under: parent)
            } else {
                role = isReadingPoint ? .extensionElement(scanner.localName, namespace: namespace.kind) : .other
            }
        } else {
            try checkRoot(namespace)
            role = .root
        }
        // The scanner refuses an element deeper than its limit before this; checked again all the same.
        guard roleCount < GPXXMLScanner.maximumDepth else {
            throw scanner.limitExceeded("elements nested deeper than \(GPXXMLScanner.maximumDepth) levels")
        }
        (roles + roleCount).initialize(to: role)
        roleCount += 1
        scanner.collectsText = false
        switch role {
        case .route:
            deliverMetadata()
            routeName = nil
            emit(.routeStarted)
        case .track:
            deliverMetadata()
            trackName = nil
            emit(.trackStarted)
        case .segment:
            emit(.segmentStarted)
        case .point(let kind):
            deliverMetadata()
            beginPoint(kind, element: pointElementName(), line: scanner.tagLine)
        case .field:
            scanner.collectsText = true
            scanner.textCount = 0
            fieldLine = scanner.tagLine
        case .root, .metadata, .other:
            break
        }
    }

    /// The current point element's name as written, for diagnostics.
    private mutating func pointElementName() -> String {
        let bytes = scanner.tagBytes(scanner.elementName)
        if !pointElement.bytes.withUnsafeBufferPointer({ GPXXMLCharacters.equal($0, bytes) }) {
            pointElement = (Array(bytes), String(decoding: bytes, as: UTF8.self))
        }
        return pointElement.name
    }

    /// Whether `namespace` is the root's, the GPX namespace of the document.
    @inline(__always)
    private func isGPX(_ namespace: GPXXMLNamespaces.Binding) -> Bool {
        guard let gpxNamespace, namespace.kind == gpxNamespace.kind else { return false }
        return namespace.kind != .otherGPX || scanner.namespaces.uri(of: namespace).elementsEqual(gpxNamespace.uri)
    }

    /// Checks the root element is `<gpx>` in a GPX namespace or none, and reads its attributes.
    private mutating func checkRoot(_ namespace: GPXXMLNamespaces.Binding) throws(GPXDiagnostic) {
        let isGPXNamespace = [.none, .gpx10, .gpx11, .otherGPX].contains(namespace.kind)
        guard GPXXMLCharacters.equal(scanner.localName, "gpx"), isGPXNamespace else {
            let found = String(decoding: scanner.namespaces.uri(of: namespace), as: UTF8.self)
            throw GPXDiagnostic(
                kind: .notGPX, source: source, line: scanner.tagLine, element: scanner.qualifiedName,
                message:
                    "not a GPX document: expected <gpx> in namespace \(GPX.namespace11), \(GPX.namespace10) or none, found namespace \"\(found)\""
            )
        }
        gpxNamespace = (namespace.kind, Array(scanner.namespaces.uri(of: namespace)))
        metadata.version = scanner.attribute("version").map { String(decoding: $0, as: UTF8.self) }
        metadata.creator = scanner.attribute("creator").map { String(decoding: $0, as: UTF8.self) }
    }

    @inline(__always)
    private mutating func endElement() {
        guard roleCount > 0 else { return }
        roleCount -= 1
        let role = (roles + roleCount).move()
        if case .field = innermostRole { scanner.collectsText = true } else { scanner.collectsText = false }
        switch role {
        case .field(let field): apply(field, text: scanner.text)
        case .point: endPoint()
        case .route: emit(.routeEnded)
        case .track: emit(.trackEnded)
        case .root: deliverMetadata()
        case .metadata, .segment, .other: break
        }
    }

    /// The value of the current point element's attribute `name`.
    @inline(__always)
    func attribute(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        scanner.attribute(name)
    }

    /// The field element that just ended, as written (such as `gpxtpx:speed`), for diagnostics.
    var fieldElement: String { scanner.qualifiedName }

    mutating func setDocumentName(_ name: String?) { metadata.name = name }
    mutating func setDocumentTime(_ time: Date?) { metadata.time = time }
}
