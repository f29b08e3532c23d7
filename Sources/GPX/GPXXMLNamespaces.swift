/// The namespace bindings in scope while scanning (Namespaces in XML 1.0), with each URI classified once, when
/// it is declared, as one of the namespaces the reader knows.
///
/// Memory: the bindings of the open elements only (each element's are removed when it closes).
struct GPXXMLNamespaces {
    /// A namespace URI the reader knows, or another.
    enum Kind: Equatable {
        /// No namespace (no default declared, or `xmlns=""`).
        case none
        case gpx10, gpx11
        /// Another URI under `http://www.topografix.com/GPX/`: a GPX root, if a version this module does not know.
        case otherGPX
        case garminTrackPointExtensionV2, osmAnd, linuxCoreLocation
        case other
    }

    /// A prefix bound to a URI: ranges in ``bytes``.
    struct Binding: Equatable {
        var prefix: Range<Int>
        var uri: Range<Int>
        /// The depth of the element that declared it (0: predefined).
        var depth: Int
        var kind: Kind

        /// No namespace.
        static let none = Binding(prefix: 0..<0, uri: 0..<0, depth: 0, kind: .none)
    }

    private static let xmlNamespace = Array("http://www.w3.org/XML/1998/namespace".utf8)
    private static let xmlnsNamespace = Array("http://www.w3.org/2000/xmlns/".utf8)

    /// The prefixes and URIs of ``bindings``, one after another.
    private(set) var bytes: [UInt8]
    private var bindings: [Binding]

    init() {
        bytes = Array("xml".utf8) + Self.xmlNamespace
        bindings = [Binding(prefix: 0..<3, uri: 3..<bytes.count, depth: 0, kind: .other)]
    }

    /// The default namespace in scope: kept as bindings come and go, since every element without a prefix asks.
    private(set) var defaultNamespace = Binding.none

    /// The binding of `prefix` in scope, or `nil` when it is not declared.
    func binding(prefix: UnsafeBufferPointer<UInt8>) -> Binding? {
        bindings.last { bytes[$0.prefix].elementsEqual(prefix) }
    }

    /// The URI of `binding`.
    func uri(of binding: Binding) -> ArraySlice<UInt8> {
        bytes[binding.uri]
    }

    /// Declares `prefix` (empty: the default namespace) as `uri` for an element at `depth` and its content.
    ///
    /// - Returns: Why the declaration is not allowed, or `nil`: a prefix cannot be undeclared (`xmlns:p=""`),
    ///   `xmlns` cannot be declared, and `xml` only as its own namespace, which no other prefix may take.
    mutating func declare(prefix: UnsafeBufferPointer<UInt8>, uri: UnsafeBufferPointer<UInt8>, depth: Int) -> String? {
        let name = String(decoding: prefix, as: UTF8.self)
        if prefix.elementsEqual("xmlns".utf8) { return "the prefix xmlns cannot be declared" }
        if prefix.elementsEqual("xml".utf8) != uri.elementsEqual(Self.xmlNamespace) {
            return "the prefix xml is bound to \(String(decoding: Self.xmlNamespace, as: UTF8.self)) only"
        }
        if uri.elementsEqual(Self.xmlnsNamespace) { return "the xmlns namespace cannot be declared" }
        if !prefix.isEmpty, uri.isEmpty { return "the prefix \(name) cannot be undeclared (xmlns:\(name)=\"\")" }
        let prefixStart = bytes.count
        bytes.append(contentsOf: prefix)
        let uriStart = bytes.count
        bytes.append(contentsOf: uri)
        let binding = Binding(
            prefix: prefixStart..<uriStart, uri: uriStart..<bytes.count, depth: depth, kind: Self.kind(of: uri))
        bindings.append(binding)
        if prefix.isEmpty { defaultNamespace = binding }
        return nil
    }

    /// Removes the bindings declared at `depth`, when its element closes.
    @inline(__always)
    mutating func pop(depth: Int) {
        if let binding = bindings.last, binding.depth == depth { removeBindings(depth: depth) }
    }

    private mutating func removeBindings(depth: Int) {
        while let binding = bindings.last, binding.depth == depth {
            bindings.removeLast()
            bytes.removeSubrange(binding.prefix.lowerBound...)
            if binding.prefix.isEmpty { defaultNamespace = bindings.last { $0.prefix.isEmpty } ?? .none }
        }
    }

    private static func kind(of uri: UnsafeBufferPointer<UInt8>) -> Kind {
        switch String(decoding: uri, as: UTF8.self) {
        case "": .none
        case GPX.namespace10: .gpx10
        case GPX.namespace11: .gpx11
        case let other where other.hasPrefix("http://www.topografix.com/GPX/"): .otherGPX
        case GPX.garminTrackPointExtensionV2: .garminTrackPointExtensionV2
        case GPX.osmAnd: .osmAnd
        case GPX.linuxCoreLocation: .linuxCoreLocation
        default: .other
        }
    }
}
