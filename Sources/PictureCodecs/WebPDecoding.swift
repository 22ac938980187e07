// WebP through libwebp's own scaled decode: its rescaler writes the picture at the
// size it is stored at straight into our buffer, so a 4096x4096 photo never exists
// at full size (a whole decode through SDL2_image took 213 MB and ten times as long).
// An animated WebP, which that decode refuses, gives its first frame, as a GIF does.

import CPictureDecoders
import Localization
import Pictures

extension SDLPictureCodec {
    /// What SDL2_image said for the same failures, kept so a refusal reads the same
    /// whichever decoder met the file.
    static let webpFeaturesFailed = "WebPGetFeatures has failed"
    static let webpDecodeFailed = "Failed to decode WEBP"

    /// A WebP decoded to the size `downscaled(toLongSide: longSide)` gives it, which
    /// makes that downscale a no-op.
    func decodeWebP(_ bytes: [UInt8], fileName: String, longSide: Int) throws(PictureImportError) -> PictureBitmap {
        var width: Int32 = 0, height: Int32 = 0, hasAlpha: Int32 = 0, hasAnimation: Int32 = 0
        let features = bytes.withUnsafeBufferPointer { buffer in
            pd_webp_features(buffer.baseAddress, buffer.count, &width, &height, &hasAlpha, &hasAnimation)
        }
        guard features == Int32(PD_WEBP_OK), width > 0, height > 0 else {
            throw .damaged(file: fileName, reason: Self.webpFeaturesFailed)
        }
        if hasAnimation != 0 { return try decodeFirstWebPFrame(bytes, fileName: fileName).downscaled(toLongSide: max(1, longSide)) }
        let size = PictureBitmap.downscaledSize(width: Int(width), height: Int(height), toLongSide: max(1, longSide))
        let count = size.width * size.height * 4
        var status: Int32 = -1
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            status = bytes.withUnsafeBufferPointer { input in
                pd_webp_decode_scaled(input.baseAddress, input.count, Int32(size.width), Int32(size.height),
                                        output.baseAddress, count)
            }
            // On failure the bytes are never read: the array is dropped below.
            if status != Int32(PD_WEBP_OK), let base = output.baseAddress { base.initialize(repeating: 0, count: count) }
            initialized = count
        }
        guard status == Int32(PD_WEBP_OK) else { throw .damaged(file: fileName, reason: Self.webpDecodeFailed) }
        return PictureBitmap(width: size.width, height: size.height, pixels: pixels)
    }

    /// The first frame of an animated WebP at its canvas size (within the cap on whole
    /// decodes, which the import has checked the canvas against).
    private func decodeFirstWebPFrame(_ bytes: [UInt8], fileName: String) throws(PictureImportError) -> PictureBitmap {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        let status = bytes.withUnsafeBufferPointer { input in
            pd_webp_first_frame(input.baseAddress, input.count, PictureImporter.maxWholeDecodePixels, &pixels, &width, &height)
        }
        guard status == Int32(PD_WEBP_OK), let pixels, width > 0, height > 0 else {
            if status == Int32(PD_WEBP_OUT_OF_MEMORY) {
                throw .damaged(file: fileName, reason: tr("there is not enough memory to decode it"))
            }
            throw .damaged(file: fileName, reason: Self.webpDecodeFailed)
        }
        defer { pd_webp_free_frame(pixels) }
        return PictureBitmap(width: Int(width), height: Int(height),
                             pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
    }
}
