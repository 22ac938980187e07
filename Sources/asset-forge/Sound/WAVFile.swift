/// A canonical 44-byte-header RIFF WAVE file: 16-bit signed little-endian PCM, mono.
enum WAVFile {
    /// `samples` in -1...1 (clamped), one channel.
    static func encode(samples: [Float], sampleRate: Int) -> [UInt8] {
        let channels = 1, bitsPerSample = 16
        let blockAlign = channels * bitsPerSample / 8
        let dataSize = samples.count * blockAlign
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func ascii(_ text: String) { bytes.append(contentsOf: Array(text.utf8)) }
        func u32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) } }
        func u16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { bytes.append(contentsOf: $0) } }
        ascii("RIFF"); u32(36 + dataSize); ascii("WAVE")
        ascii("fmt "); u32(16); u16(1)  // chunk size, PCM
        u16(channels); u32(sampleRate); u32(sampleRate * blockAlign); u16(blockAlign); u16(bitsPerSample)
        ascii("data"); u32(dataSize)
        for sample in samples {
            let value = Int16((max(-1, min(1, sample)) * 32767).rounded())
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }
}
