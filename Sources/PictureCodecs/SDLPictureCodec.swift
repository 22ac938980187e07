// SDLPictureCodec turns picture files into RGBA bitmaps and back, for importing
// pictures and writing the stored copies. Decoders are picked for untrusted files:
// libjpeg-turbo and libpng with limits on work, time and memory, libwebp scaled as
// it decodes, giflib for GIFs, SDL2_image for everything else; TurboJPEG writes
// stored photos, SDL2_image stored PNGs. No SDL or C type leaves it.

import CPictureDecoders
import CSDL2
import Foundation
import Localization
import Pictures
import SDLSupport


/// Decodes PNG, JPEG, GIF, BMP and WebP and encodes PNG and JPEG. GIFs (their first
/// frame) go through giflib, 16- and 32-bit BMPs through BitfieldBMP; given a `minimumLongSide`, JPEGs go through libjpeg-turbo
/// and non-interlaced PNGs through libpng, both bounded, and WebPs through libwebp's
/// scaled decode; everything else is decoded whole by SDL2_image, which also writes
/// PNGs (TurboJPEG writes JPEGs). Needs no video or audio subsystem, so it works in
/// the command line and in tests.
public struct SDLPictureCodec: PictureCodec {
    /// JPEG quality for stored photos: visually lossless at phone-photo sizes.
    public static let jpegQuality: Int32 = 90

    /// Progressive scans a JPEG may have: cameras write about ten; thousands are an attack.
    public let maxJPEGScans: Int32

    /// How many times a progressive JPEG's scans may go over all of its blocks: the
    /// standard scan scripts take 5 or 6. A few dozen scans over a big photo otherwise
    /// cost seconds within the scan limit (24 megapixels, 100 scans: 1.8 s of CPU).
    public let maxJPEGPasses: Int32

    public init(maxJPEGScans: Int32 = 100, maxJPEGPasses: Int32 = 16) {
        self.maxJPEGScans = maxJPEGScans
        self.maxJPEGPasses = maxJPEGPasses
    }

    public func decode(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        defer { SDLThreadState.releaseOffMainThread() }  // imports run on background queues
        if bytes.count > 6, bytes[0] == 0x47, bytes[1] == 0x49, bytes[2] == 0x46 { return try decodeGIF(bytes, fileName: fileName) }
        // JPEGs whole through the bounded libjpeg decode too (JPEG sides are at most
        // 65535): SDL2_image's own took CMYK's channels in the wrong order.
        if bytes.count > 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF {
            return try decode(bytes, fileName: fileName, minimumLongSide: 65_535)
        }
        // 16- and 32-bit BMPs by their masks: SDL2_image refuses masks it has no format
        // for, and takes a plain 32-bit file's unused byte for alpha.
        if let bitmap = try BitfieldBMP.decode(bytes, fileName: fileName, maxPixels: PictureImporter.maxWholeDecodePixels) {
            return bitmap
        }
        let loaded: UnsafeMutablePointer<SDL_Surface>? = StderrSilencer.silenced {
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(raw.count)) else { return nil }
                return IMG_Load_RW(stream, 1)
            }
        }
        guard let loaded else {
            // TRANSLATORS: the reasons a picture could not be decoded are shown in brackets: "'photo.png' could not be decoded (the decoder gave up)".
            throw .damaged(file: fileName, reason: Self.lastError(or: tr("the decoder gave up")))
        }
        defer { SDL_FreeSurface(loaded) }
        // Normalise whatever the decoder produced (paletted GIF, 24-bit JPEG...) to RGBA.
        guard let rgba = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            throw .damaged(file: fileName, reason: Self.lastError(or: tr("cannot convert its pixels")))
        }
        defer { SDL_FreeSurface(rgba) }
        let width = Int(rgba.pointee.w), height = Int(rgba.pointee.h), pitch = Int(rgba.pointee.pitch)
        guard width > 0, height > 0, let source = rgba.pointee.pixels else {
            throw .damaged(file: fileName, reason: tr("it has no pixels"))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBytes { destination in
            guard let target = destination.baseAddress else { return }
            for row in 0..<height {
                (target + row * width * 4).copyMemory(from: source + row * pitch, byteCount: width * 4)
            }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }

    /// How long one JPEG decode may take.
    public static let jpegSecondsBudget = 3.0
    /// libjpeg's own buffers (a progressive file's coefficients) at most.
    public static let jpegMemoryBytes = 160 * 1024 * 1024

    /// JPEGs go through libjpeg-turbo, decoded straight to the smallest DCT scale that
    /// covers `minimumLongSide`, bounded in scans, time and memory; WebPs through
    /// libwebp's scaled decode, straight to the size they are stored at; other formats
    /// through SDL2_image, whole.
    public func decode(_ bytes: [UInt8], fileName: String, minimumLongSide: Int) throws(PictureImportError) -> PictureBitmap {
        defer { SDLThreadState.releaseOffMainThread() }  // imports run on background queues
        if bytes.count > 8, bytes[0] == 0x89, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 {
            if let decoded = try decodePNG(bytes, fileName: fileName, minimumLongSide: minimumLongSide) { return decoded }
            return try decode(bytes, fileName: fileName)  // interlaced: whole, within the import's cap
        }
        if bytes.count > 16, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return try decodeWebP(bytes, fileName: fileName, longSide: minimumLongSide)
        }
        guard bytes.count > 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF else {
            return try decode(bytes, fileName: fileName)
        }
        var width: Int32 = 0, height: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { pd_jpeg_dimensions($0.baseAddress, UInt($0.count), &width, &height) }
        let scale = read == 1 ? JPEGScale.smallest(covering: max(1, minimumLongSide), width: Int(width), height: Int(height)) : .full
        if read == 1, let downscaler = RowDownscaler(width: scale.scaled(Int(width)), height: scale.scaled(Int(height)),
                                                     toLongSide: max(1, minimumLongSide)) {
            return try decodeJPEG(bytes, fileName: fileName, scale: scale, downscaler: downscaler)
        }
        return try decodeJPEG(bytes, fileName: fileName, scale: scale, width: read == 1 ? Int(width) : 0,
                              height: read == 1 ? Int(height) : 0)
    }

    /// A JPEG through libjpeg-turbo at `scale`, each row folded into `downscaler` as it
    /// is decoded: the result is already at the size asked for.
    func decodeJPEG(_ bytes: [UInt8], fileName: String, scale: JPEGScale, downscaler: RowDownscaler) throws(PictureImportError) -> PictureBitmap {
        guard downscaler.width * downscaler.height <= PictureImporter.maxPixels else {
            throw .tooManyPixels(file: fileName, width: downscaler.width, height: downscaler.height)
        }
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(PD_MESSAGE_LENGTH))
        let context = Unmanaged.passUnretained(downscaler).toOpaque()
        let status = bytes.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { text in
                pd_jpeg_decode(buffer.baseAddress, UInt(buffer.count), Int32(scale.numerator), Int32(scale.denominator),
                                 maxJPEGScans, maxJPEGPasses, Self.jpegSecondsBudget, Self.jpegMemoryBytes, nil,
                                 downscaler.width * downscaler.height * 4,
                                 { context, row in
                                     guard let context, let row else { return }
                                     Unmanaged<RowDownscaler>.fromOpaque(context).takeUnretainedValue().add(row: row)
                                 },
                                 context, &decodedWidth, &decodedHeight, text.baseAddress)
            }
        }
        try Self.checkJPEGStatus(status, message: message, fileName: fileName, maxScans: maxJPEGScans, maxPasses: maxJPEGPasses)
        guard let bitmap = downscaler.finish() else { throw .truncated(file: fileName, format: "JPEG") }
        return bitmap
    }

    /// Turns a bounded decode's status into the error a user reads.
    static func checkJPEGStatus(
        _ status: Int32, message: [CChar], fileName: String, maxScans: Int32, maxPasses: Int32
    ) throws(PictureImportError) {
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case PD_JPEG_OK: return
        case PD_JPEG_TOO_MANY_SCANS:
            // TRANSLATORS: why a JPEG was refused; %d is the most progressive scans taken.
            throw .damaged(file: fileName, reason: tr("it has more than %d progressive scans, far more than any camera writes", Int(maxScans)))
        case PD_JPEG_TOO_MUCH_WORK:
            // TRANSLATORS: why a JPEG was refused; %d is the most passes over the picture taken.
            throw .damaged(file: fileName, reason: tr("its progressive scans go over the picture more than %d times, far more than any camera's do",
                                                      Int(maxPasses)))
        case PD_JPEG_TOO_SLOW:
            // TRANSLATORS: why a picture was refused; %d is a number of seconds.
            throw .damaged(file: fileName, reason: tr("decoding it took longer than %d s", Int(Self.jpegSecondsBudget)))
        case PD_JPEG_ENDS_EARLY:
            throw .truncated(file: fileName, format: "JPEG")
        case PD_JPEG_NO_MEMORY:
            // TRANSLATORS: why a JPEG was refused; %d is a number of megabytes.
            throw .damaged(file: fileName, reason: tr("decoding it would take more than %d MB of memory", Self.jpegMemoryBytes >> 20))
        default:
            throw .damaged(file: fileName, reason: detail.isEmpty ? tr("libjpeg gave up") : detail)
        }
    }

    /// The DCT scale a JPEG is decoded at for `minimumLongSide`: the smallest that covers
    /// it. Full size when libjpeg cannot read the header (the decode then says why).
    public static func jpegScale(_ bytes: [UInt8], minimumLongSide: Int) -> JPEGScale {
        var width: Int32 = 0, height: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { pd_jpeg_dimensions($0.baseAddress, UInt($0.count), &width, &height) }
        guard read == 1 else { return .full }
        return JPEGScale.smallest(covering: max(1, minimumLongSide), width: Int(width), height: Int(height))
    }

    /// A JPEG of `width` x `height` (as its header says; 0 when unread) through
    /// libjpeg-turbo at `scale`, bounded in scans, time and memory, decoded straight
    /// into the bitmap's own storage.
    func decodeJPEG(_ bytes: [UInt8], fileName: String, scale: JPEGScale, width: Int, height: Int) throws(PictureImportError) -> PictureBitmap {
        let outWidth = scale.scaled(width), outHeight = scale.scaled(height)
        // The import checks the claimed size first; this holds whoever calls (JPEG sides
        // are at most 65535, so the product cannot overflow).
        guard outWidth * outHeight <= PictureImporter.maxPixels else {
            throw .tooManyPixels(file: fileName, width: width, height: height)
        }
        let count = outWidth * outHeight * 4
        var decodedWidth: Int32 = 0, decodedHeight: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(PD_MESSAGE_LENGTH))
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            status = bytes.withUnsafeBufferPointer { buffer in
                message.withUnsafeMutableBufferPointer { text in
                    pd_jpeg_decode(buffer.baseAddress, UInt(buffer.count), Int32(scale.numerator), Int32(scale.denominator),
                                     maxJPEGScans, maxJPEGPasses, Self.jpegSecondsBudget, Self.jpegMemoryBytes, output.baseAddress, count,
                                     nil, nil, &decodedWidth, &decodedHeight, text.baseAddress)
                }
            }
            // A refused file's rows were never all written: zeroed, then dropped below.
            if status != Int32(PD_JPEG_OK), let base = output.baseAddress { base.initialize(repeating: 0, count: count) }
            initialized = count
        }
        try Self.checkJPEGStatus(status, message: message, fileName: fileName, maxScans: maxJPEGScans, maxPasses: maxJPEGPasses)
        guard decodedWidth > 0, decodedHeight > 0, Int(decodedWidth) == outWidth, Int(decodedHeight) == outHeight else {
            throw .damaged(file: fileName, reason: tr("it has no pixels"))
        }
        return PictureBitmap(width: outWidth, height: outHeight, pixels: pixels)
    }

    /// The first frame of a GIF through giflib: SDL2_image's own GIF reader crashed on
    /// a 149-byte file the picture fuzzer made.
    private func decodeGIF(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { buffer in
            pd_gif_decode(buffer.baseAddress, buffer.count, PictureImporter.maxWholeDecodePixels, &pixels, &width, &height)
        }
        switch Int(status) {
        case PD_GIF_OK: break
        case PD_GIF_NO_FRAME: throw .damaged(file: fileName, reason: tr("it has no picture in it"))
        case PD_GIF_FRAME_OUTSIDE: throw .damaged(file: fileName, reason: tr("a frame lies outside the picture's own size"))
        case PD_GIF_NO_MEMORY: throw .damaged(file: fileName, reason: tr("there is not enough memory to decode it"))
        default: throw .damaged(file: fileName, reason: tr("giflib could not read it"))
        }
        guard let pixels, width > 0, height > 0 else { throw .damaged(file: fileName, reason: tr("it has no pixels")) }
        defer { pd_gif_free(pixels) }
        return PictureBitmap(width: Int(width), height: Int(height),
                             pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    /// How long one PNG decode may take.
    public static let pngSecondsBudget = 10.0

    /// A PNG read row by row through libpng and averaged down as it goes to at least
    /// `minimumLongSide`: memory follows the output, whatever the file claims. Nil for
    /// an interlaced file, which the caller decodes whole.
    private func decodePNG(_ bytes: [UInt8], fileName: String, minimumLongSide: Int) throws(PictureImportError) -> PictureBitmap? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(PD_MESSAGE_LENGTH))
        let status = bytes.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { text in
                pd_png_decode(buffer.baseAddress, buffer.count, Int32(max(1, minimumLongSide)), Self.pngSecondsBudget,
                                &pixels, &width, &height, text.baseAddress)
            }
        }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case PD_PNG_OK: break
        case PD_PNG_INTERLACED: return nil
        case PD_PNG_ENDS_EARLY: throw .truncated(file: fileName, format: "PNG")
        case PD_PNG_TOO_SLOW:
            throw .damaged(file: fileName, reason: tr("decoding it took longer than %d s", Int(Self.pngSecondsBudget)))
        case PD_PNG_NO_MEMORY: throw .damaged(file: fileName, reason: tr("there is not enough memory to decode it"))
        default: throw .damaged(file: fileName, reason: detail.isEmpty ? tr("libpng gave up") : detail)
        }
        guard let pixels, width > 0, height > 0 else { throw .damaged(file: fileName, reason: tr("it has no pixels")) }
        defer { pd_png_free(pixels) }
        return PictureBitmap(width: Int(width), height: Int(height),
                             pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }

    public func encode(_ bitmap: PictureBitmap, as format: StoredPictureFormat) throws(PictureImportError) -> [UInt8] {
        defer { SDLThreadState.releaseOffMainThread() }  // imports run on background queues
        if format == .jpeg { return try Self.encodeJPEG(bitmap, quality: Self.jpegQuality) }
        var pixels = bitmap.pixels
        let result: [UInt8]? = pixels.withUnsafeMutableBytes { raw -> [UInt8]? in
            guard let base = raw.baseAddress,
                  let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    base, Int32(bitmap.width), Int32(bitmap.height), 32, Int32(bitmap.width * 4),
                    SDL_PIXELFORMAT_RGBA32.rawValue)
            else { return nil }
            defer { SDL_FreeSurface(surface) }
            // PNG can exceed the raw size slightly (filter bytes, zlib framing);
            // this bound covers the worst case with room to spare.
            let capacity = bitmap.width * bitmap.height * 4 + bitmap.height * 2 + 64 * 1024
            var output = [UInt8](repeating: 0, count: capacity)
            let written: Int = output.withUnsafeMutableBytes { out in
                guard let outBase = out.baseAddress, let stream = SDL_RWFromMem(outBase, Int32(out.count)) else { return -1 }
                defer { SDL_RWclose(stream) }
                guard IMG_SavePNG_RW(surface, stream, 0) == 0 else { return -1 }
                return Int(SDL_RWtell(stream))
            }
            guard written > 0 else { return nil }
            output.removeSubrange(written...)
            return output
        }
        guard let result else { throw .encodingFailed(reason: Self.lastError(or: tr("SDL2_image could not write it"))) }
        return result
    }

    private static func lastError(or fallback: String) -> String {
        guard let message = SDL_GetError() else { return fallback }
        let text = String(cString: message)
        return text.isEmpty ? fallback : text
    }
}
