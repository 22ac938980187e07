// BitfieldBMP owns decoding the 16- and 32-bit BMPs whose pixels are bit fields: the
// plain (BI_RGB) ones and those with colour masks (BI_BITFIELDS, BI_ALPHABITFIELDS),
// whatever header carries the masks (after a 40-byte header, or in a V2, V3, V4 or V5
// one). SDL2_image refused masks its pixel formats have no name for ("Unknown pixel
// format") and took a BI_RGB file's reserved byte for alpha; here every mask of
// contiguous bits is read, and a BI_RGB file is opaque, as its format says. Other BMPs
// (paletted, 24-bit, run-length coded, OS/2) are left to the general decoder.

import Localization

/// A 16- or 32-bit BMP's pixels, read through its masks.
public enum BitfieldBMP {
    /// The picture in `bytes`, or nil when it is not a BMP this decodes (the caller's
    /// general decoder takes it). `maxPixels` bounds what it allocates.
    public static func decode(_ bytes: [UInt8], fileName: String, maxPixels: Int) throws(PictureImportError) -> PictureBitmap? {
        let r = ByteReader(bytes)
        guard r.matches(Array("BM".utf8), at: 0), let dataOffset = r.uint32LE(at: 10), let headerSize = r.uint32LE(at: 14),
              headerSize >= 40, let rawWidth = r.uint32LE(at: 18), let rawHeight = r.uint32LE(at: 22),
              let bitsPerPixel = r.uint16LE(at: 28), let compression = r.uint32LE(at: 30),
              bitsPerPixel == 16 || bitsPerPixel == 32, compression == 0 || compression == 3 || compression == 6
        else { return nil }
        let width = Int(Int32(bitPattern: rawWidth)), signedHeight = Int(Int32(bitPattern: rawHeight))
        let height = abs(signedHeight)
        guard width > 0, height > 0 else { throw .damaged(file: fileName, reason: tr("it has no pixels")) }
        guard width <= maxPixels / height else { throw .tooManyPixels(file: fileName, width: width, height: height) }

        let masks: [UInt32]
        if compression == 0 {
            // No masks: 5-5-5 or 8-8-8, the top bits unused (never alpha).
            masks = bitsPerPixel == 16 ? [0x7C00, 0x03E0, 0x001F, 0] : [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0]
        } else {
            // A V2+ header holds the masks (V3+ an alpha mask too); after a 40-byte one
            // they follow it, four with BI_ALPHABITFIELDS.
            let inHeader = headerSize >= 52
            let hasAlpha = inHeader ? headerSize >= 56 : compression == 6
            let read = (0..<(hasAlpha ? 4 : 3)).map { r.uint32LE(at: 54 + $0 * 4) }
            guard read.allSatisfy({ $0 != nil }) else { throw .truncated(file: fileName, format: "BMP") }
            masks = read.map { $0 ?? 0 } + (hasAlpha ? [] : [0])
        }
        let fields = masks.map(Field.init)
        let limit: UInt32 = bitsPerPixel == 16 ? 0xFFFF : 0xFFFF_FFFF
        guard fields[0...2].allSatisfy({ $0.bits > 0 }), fields.allSatisfy({ $0.isContiguous }),
              masks.allSatisfy({ $0 & ~limit == 0 })
        else { throw .damaged(file: fileName, reason: tr("its colour masks are not ones a BMP can have")) }

        let bytesPerPixel = Int(bitsPerPixel) / 8
        let rowBytes = (width * bytesPerPixel + 3) / 4 * 4
        let start = Int(dataOffset)
        guard start >= 0, start <= bytes.count, rowBytes <= (bytes.count - start) / height else {
            throw .truncated(file: fileName, format: "BMP")
        }
        let hasAlpha = fields[3].bits > 0
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var anyAlpha = false
        bytes.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for row in 0..<height {
                    // Bottom-up unless the height is negative.
                    let fileRow = signedHeight < 0 ? row : height - 1 - row
                    var from = start + fileRow * rowBytes
                    var to = row * width * 4
                    for _ in 0..<width {
                        var value = UInt32(source[from]) | UInt32(source[from + 1]) << 8
                        if bytesPerPixel == 4 { value |= UInt32(source[from + 2]) << 16 | UInt32(source[from + 3]) << 24 }
                        target[to] = fields[0].value(of: value)
                        target[to + 1] = fields[1].value(of: value)
                        target[to + 2] = fields[2].value(of: value)
                        let alpha = hasAlpha ? fields[3].value(of: value) : 255
                        target[to + 3] = alpha
                        if alpha != 0 { anyAlpha = true }
                        from += bytesPerPixel
                        to += 4
                    }
                }
            }
        }
        // An alpha mask over all-zero alpha is a writer that left the field empty, not a
        // picture no one could see: it is shown opaque (as SDL2_image and browsers do).
        if hasAlpha && !anyAlpha {
            for index in stride(from: 3, to: pixels.count, by: 4) { pixels[index] = 255 }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }

    /// One channel's mask: where its bits start and how many there are.
    struct Field {
        let mask: UInt32
        let shift: UInt32
        let bits: UInt32

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            bits = UInt32(mask.nonzeroBitCount)
        }

        /// True when the mask's bits are one run (0 counts: the channel is absent).
        var isContiguous: Bool { mask == 0 || (mask >> shift) & ((mask >> shift) &+ 1) == 0 }

        /// The channel of `pixel` scaled to 0...255.
        @inline(__always)
        func value(of pixel: UInt32) -> UInt8 {
            guard bits > 0 else { return 0 }
            let raw = UInt64((pixel & mask) >> shift), most = (UInt64(1) << UInt64(bits)) - 1
            return UInt8((raw * 255 + most / 2) / most)
        }
    }
}
