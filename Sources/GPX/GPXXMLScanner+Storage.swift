extension GPXXMLScanner {
    /// The scanner's fixed memory, allocated once when reading starts and released with the scanner: the read
    /// buffer, the current tag, its attributes, the collected text and the byte-class tables.
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

        init() {
            attributes.initialize(repeating: Attribute(name: 0..<0, colon: nil, value: 0..<0), count: maximumAttributes)
            textClasses.initialize(from: GPXXMLCharacters.textClasses, count: 256)
            attributeClasses.initialize(from: GPXXMLCharacters.attributeClasses, count: 256)
            nameClasses.initialize(from: GPXXMLCharacters.nameClasses, count: 256)
        }

        deinit {
            for pointer in [buffer, latin1Bytes, tag, text, textClasses, attributeClasses, nameClasses] {
                pointer.deallocate()
            }
            attributes.deinitialize(count: maximumAttributes)
            attributes.deallocate()
        }
    }
}
