/// The primitive reads of the pickle format: little-endian integers, strings, lines.
extension PickleReader {
    mutating func byte() throws(Failure) -> UInt8 {
        guard offset < bytes.count else { throw Failure(offset: offset, reason: "the file ends inside a pickle") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func unsigned(_ count: Int) throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(try byte()) << (8 * index) }
        return value
    }

    /// A two's-complement little-endian integer of `count` bytes (LONG1); at most 8 bytes fit an `Int`.
    mutating func long(count: Int) throws(Failure) -> Int {
        guard count <= 8 else { throw Failure(offset: offset, reason: "an integer of \(count) bytes is too long") }
        guard count > 0 else { return 0 }
        let raw = try unsigned(count)
        let shift = UInt64(64 - 8 * count)
        return Int(Int64(bitPattern: raw << shift) >> Int64(shift))
    }

    mutating func bigEndian8() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(try byte()) }
        return value
    }

    mutating func take(_ count: Int) throws(Failure) -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else {
            throw Failure(offset: offset, reason: "a value of \(count) bytes runs past the end of the file")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func text(count: Int) throws(Failure) -> String {
        let start = offset
        guard let string = String(validating: try take(count), as: UTF8.self) else {
            throw Failure(offset: start, reason: "a string that is not UTF-8")
        }
        return string
    }

    /// The text up to the next newline (GLOBAL's module and name), without the newline.
    mutating func line() throws(Failure) -> String {
        var characters: [UInt8] = []
        while true {
            let next = try byte()
            if next == 0x0A { break }
            characters.append(next)
        }
        return String(decoding: characters, as: UTF8.self)
    }
}
