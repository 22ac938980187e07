import CPictureDecoders
import CTurboJPEG
import Foundation

/// The import benches' test photos, made here every run (nothing large is checked in)
/// and the same every run: gradients, soft shapes and sensor-like noise, so the
/// encoders and decoders work as hard as on a photo, not on flat colour.
enum ImportPhotos {
    enum Failure: Error { case encode(String) }

    /// Opaque RGBA, `width` x `height`.
    static func pixels(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed | 1
        // Soft discs: centre, radius, colour.
        var discs: [(x: Double, y: Double, r: Double, rgb: (Double, Double, Double))] = []
        func random() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        for _ in 0..<7 {
            discs.append((Double(random() % UInt64(width)), Double(random() % UInt64(height)),
                          Double(height) * (0.08 + Double(random() % 100) / 400),
                          (Double(random() % 256), Double(random() % 256), Double(random() % 256))))
        }
        var out = [UInt8](repeating: 255, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let fy = Double(y) / Double(height)
                for x in 0..<width {
                    let fx = Double(x) / Double(width)
                    var r = 40 + 170 * fx, g = 60 + 140 * fy, b = 120 + 80 * sin(6 * fx + 4 * fy)
                    for disc in discs {
                        let dx = Double(x) - disc.x, dy = Double(y) - disc.y
                        let d2 = (dx * dx + dy * dy) / (disc.r * disc.r)
                        if d2 < 1 {
                            let w = 1 - d2 * d2  // soft edge
                            r += (disc.rgb.0 - r) * w; g += (disc.rgb.1 - g) * w; b += (disc.rgb.2 - b) * w
                        }
                    }
                    let noise = random()
                    let p = (y * width + x) * 4
                    buffer[p] = UInt8(clamping: Int(r) + Int(noise & 15) - 8)
                    buffer[p + 1] = UInt8(clamping: Int(g) + Int((noise >> 8) & 15) - 8)
                    buffer[p + 2] = UInt8(clamping: Int(b) + Int((noise >> 16) & 15) - 8)
                }
            }
        }
        return out
    }

    /// A 6000x4000 (24 MP) camera-like JPEG at quality 90, 4:2:0.
    static func jpeg24MP() throws -> [UInt8] {
        let width = 6000, height = 4000
        let rgba = pixels(width: width, height: height, seed: 24)
        guard let handle = tjInitCompress() else { throw Failure.encode("tjInitCompress") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgba.withUnsafeBufferPointer {
            tjCompress2(handle, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGBA.rawValue), &output, &size,
                        Int32(TJSAMP_420.rawValue), 90, 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { throw Failure.encode("tjCompress2") }
        return [UInt8](UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A 4096x4096 lossy WebP at quality 90.
    static func webp4K() throws -> [UInt8] {
        let side = 4096
        let rgba = pixels(width: side, height: side, seed: 4096)
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { pd_webp_encode_rgba($0.baseAddress, Int32(side), Int32(side), 90, &output) }
        defer { pd_webp_free(output) }
        guard size > 0, let output else { throw Failure.encode("WebPEncodeRGBA") }
        return [UInt8](UnsafeBufferPointer(start: output, count: size))
    }
}
