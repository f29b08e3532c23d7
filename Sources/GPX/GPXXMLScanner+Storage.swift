extension GPXXMLScanner {
    /// The scanner's fixed memory, allocated once when reading starts and released with the scanner: the read
    /// buffer, the current tag, its attributes, the collected text, the open elements and the byte-class tables.
    final class Storage {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferCapacity)
        let latin1Bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: bufferCapacity / 2)
        /// Room for a tag at its limit plus one UTF-8 character.
        let tag = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumTagBytes + 4)
        let attributes = UnsafeMutablePointer<Attribute>.allocate(capacity: maximumAttributes)
        /// Room for text at its limit plus one UTF-8 character.
        let text = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumTextBytes + 4)
        let textClasses = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let attributeClasses = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        let nameClasses = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        /// The qualified names of the open elements, one after another: grown by ``growOpenNames(toHold:)``.
        private(set) var openNames = UnsafeMutablePointer<UInt8>.allocate(capacity: initialOpenNameCapacity)
        private(set) var openNameCapacity = initialOpenNameCapacity
        /// Where each open element's name starts in ``openNames``, and the line of its start tag.
        let openNameStarts = UnsafeMutablePointer<Int>.allocate(capacity: maximumDepth)
        let openLines = UnsafeMutablePointer<Int>.allocate(capacity: maximumDepth)

        /// The room for open names at first: a GPX document's take about 40 bytes.
        static let initialOpenNameCapacity = 1024

        init() {
            attributes.initialize(repeating: Attribute(name: 0..<0, colon: nil, value: 0..<0), count: maximumAttributes)
            textClasses.initialize(from: GPXXMLCharacters.textClasses, count: 256)
            attributeClasses.initialize(from: GPXXMLCharacters.attributeClasses, count: 256)
            nameClasses.initialize(from: GPXXMLCharacters.nameClasses, count: 256)
        }

        /// Makes room for `count` bytes of open names (at most ``maximumDepth`` names of ``maximumTagBytes``),
        /// keeping those held; returns the buffer, which may have moved.
        func growOpenNames(toHold count: Int) -> UnsafeMutablePointer<UInt8> {
            guard count > openNameCapacity else { return openNames }
            let capacity = max(count, 2 * openNameCapacity)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: openNames, count: openNameCapacity)
            openNames.deallocate()
            openNames = grown
            openNameCapacity = capacity
            return grown
        }

        deinit {
            for pointer in [buffer, latin1Bytes, tag, text, textClasses, attributeClasses, nameClasses, openNames] {
                pointer.deallocate()
            }
            openNameStarts.deallocate()
            openLines.deallocate()
            attributes.deinitialize(count: maximumAttributes)
            attributes.deallocate()
        }
    }
}
