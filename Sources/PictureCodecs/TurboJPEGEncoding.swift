// Stored photos written by TurboJPEG straight from our RGBA pixels: one call, no
// surface and no row-by-row conversion (SDL2_image's JPEG writer took several times
// as long, which an import waits for).

import CTurboJPEG
import Localization
import Pictures

extension SDLPictureCodec {
    /// `bitmap` as a baseline JPEG at `quality`, chroma subsampled 4:2:0 as cameras do.
    static func encodeJPEG(_ bitmap: PictureBitmap, quality: Int32) throws(PictureImportError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw .encodingFailed(reason: tr("TurboJPEG could not start")) }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = bitmap.pixels.withUnsafeBufferPointer { pixels in
            tjCompress2(handle, pixels.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height), Int32(TJPF_RGBA.rawValue),
                        // The fast forward DCT: at quality 90 its error is far below the quantizer's.
                        &output, &size, Int32(TJSAMP_420.rawValue), quality, TJFLAG_FASTDCT)
        }
        defer { tjFree(output) }
        guard status == 0, let output, size > 0 else {
            let reason = tjGetErrorStr2(handle).map { String(cString: $0) } ?? tr("TurboJPEG could not write it")
            throw .encodingFailed(reason: reason)
        }
        return [UInt8](UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
