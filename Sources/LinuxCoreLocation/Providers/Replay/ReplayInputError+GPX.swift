import GPX

extension ReplayInputError {
    /// The error for a GPX document that a replay's reader found unusable (not well-formed, a refused DTD, a value
    /// beyond the reader's limits): its source and line, and the element concerned before the reader's reason
    /// (`<trkpt> …`).
    ///
    /// An I/O error (`GPXDiagnostic.Kind.io`) is no bad input: a replay leaves it as thrown. Used by the GPX replay
    /// and by `corelocation plot`, so that both say a broken file in the same words.
    ///
    /// - Parameter diagnostic: The reader's diagnostic.
    public init(_ diagnostic: GPXDiagnostic) {
        self.init(
            source: diagnostic.source, line: diagnostic.line,
            reason: (diagnostic.element.map { "<\($0)> " } ?? "") + diagnostic.message)
    }
}
