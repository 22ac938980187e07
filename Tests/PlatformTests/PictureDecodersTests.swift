import CPictureDecoders
import Foundation
import PictureCodecs
import Pictures
import Platform
import Testing

/// The C decoders on their own, called as Platform calls them: a good picture of each
/// format comes back whole at its size, and one cut short is refused with a reason
/// that fits the caller's buffer, never read past its end (AddressSanitizer runs these).
@Suite("The C picture decoders")
struct PictureDecodersTests {
    static let width = 12, height = 8

    /// A smooth opaque gradient, so a lossy format keeps it close.
    static let bitmap: PictureBitmap = {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { pixels += [UInt8(x * 20), UInt8(y * 30), 128, 255] }
        }
        return PictureBitmap(width: width, height: height, pixels: pixels)
    }()

    /// A 1x1 GIF whose one pixel is red.
    static let redPixelGIF: [UInt8] = Array("GIF89a".utf8) + [
        0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x2C, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    static func message(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func jpeg(_ bytes: [UInt8]) -> (status: Int32, width: Int32, height: Int32, pixels: [UInt8], message: String) {
        var width: Int32 = 0, height: Int32 = 0
        var pixels = [UInt8](repeating: 0, count: Self.width * Self.height * 4)
        var message = [CChar](repeating: 0, count: Int(PD_MESSAGE_LENGTH))
        let status = bytes.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                message.withUnsafeMutableBufferPointer { text in
                    pd_jpeg_decode(input.baseAddress, UInt(input.count), 8, 8, 100, 16, 5, 64 << 20, output.baseAddress,
                                   output.count, nil, nil, &width, &height, text.baseAddress)
                }
            }
        }
        return (status, width, height, pixels, Self.message(message))
    }

    static func png(_ bytes: [UInt8]) -> (status: Int32, width: Int32, height: Int32, pixels: [UInt8], message: String) {
        var width: Int32 = 0, height: Int32 = 0
        var output: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: Int(PD_MESSAGE_LENGTH))
        let status = bytes.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                pd_png_decode(input.baseAddress, input.count, Int32(Self.width), 5, &output, &width, &height, text.baseAddress)
            }
        }
        defer { pd_png_free(output) }
        let pixels = output.map { Array(UnsafeBufferPointer(start: $0, count: Int(width * height * 4))) } ?? []
        return (status, width, height, pixels, Self.message(message))
    }

    @Test("a JPEG and a PNG come back at their size, the PNG exact and the JPEG close")
    func jpegAndPNGDecode() throws {
        let codec = SDLPictureCodec()
        let jpeg = Self.jpeg(try codec.encode(Self.bitmap, as: .jpeg))
        #expect(jpeg.status == Int32(PD_JPEG_OK), "\(jpeg.message)")
        #expect(jpeg.width == Int32(Self.width) && jpeg.height == Int32(Self.height))
        let worst = zip(jpeg.pixels, Self.bitmap.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst < 24, "JPEG strays \(worst) from the picture")
        let png = Self.png(try codec.encode(Self.bitmap, as: .png))
        #expect(png.status == Int32(PD_PNG_OK), "\(png.message)")
        #expect(png.width == Int32(Self.width) && png.height == Int32(Self.height))
        #expect(png.pixels == Self.bitmap.pixels)
    }

    @Test("a GIF's first frame and a WebP come back at their size")
    func gifAndWebPDecode() throws {
        var width: Int32 = 0, height: Int32 = 0
        var output: UnsafeMutablePointer<UInt8>?
        let gif = Self.redPixelGIF.withUnsafeBufferPointer { pd_gif_decode($0.baseAddress, $0.count, 1 << 20, &output, &width, &height) }
        defer { pd_gif_free(output) }
        #expect(gif == Int32(PD_GIF_OK) && width == 1 && height == 1)
        #expect(output.map { Array(UnsafeBufferPointer(start: $0, count: 4)) } == [255, 0, 0, 255])

        var encoded: UnsafeMutablePointer<UInt8>?
        let size = Self.bitmap.pixels.withUnsafeBufferPointer {
            pd_webp_encode_rgba($0.baseAddress, Int32(Self.width), Int32(Self.height), 95, &encoded)
        }
        defer { pd_webp_free(encoded) }
        let webp = try #require(encoded.map { Array(UnsafeBufferPointer(start: $0, count: size)) })
        var hasAlpha: Int32 = 0, animated: Int32 = 0
        #expect(webp.withUnsafeBufferPointer { pd_webp_features($0.baseAddress, $0.count, &width, &height, &hasAlpha, &animated) } == Int32(PD_WEBP_OK))
        #expect(width == Int32(Self.width) && height == Int32(Self.height) && animated == 0)
        var pixels = [UInt8](repeating: 0, count: Self.width * Self.height * 4)
        let status = webp.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { pd_webp_decode_scaled(input.baseAddress, input.count, 6, 4, $0.baseAddress, 6 * 4 * 4) }
        }
        #expect(status == Int32(PD_WEBP_OK), "a half-size decode by libwebp's rescaler")
    }

    @Test("a picture cut short is refused as ending early or damaged, with a reason that fits its buffer", arguments: [0.3, 0.6, 0.9])
    func truncatedPicturesAreRefused(keeping fraction: Double) throws {
        let codec = SDLPictureCodec()
        func cut(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.prefix(Int(Double(bytes.count) * fraction))) }
        let jpeg = Self.jpeg(cut(try codec.encode(Self.bitmap, as: .jpeg)))
        // Ending early has a reason of its own; libjpeg's refusals carry its message.
        #expect(jpeg.status == Int32(PD_JPEG_ENDS_EARLY) || (jpeg.status == Int32(PD_JPEG_DAMAGED) && !jpeg.message.isEmpty),
                "\(jpeg.status) \(jpeg.message)")
        #expect(jpeg.message.utf8.count < Int(PD_MESSAGE_LENGTH))
        let png = Self.png(cut(try codec.encode(Self.bitmap, as: .png)))
        #expect(png.status == Int32(PD_PNG_ENDS_EARLY) || (png.status == Int32(PD_PNG_DAMAGED) && !png.message.isEmpty),
                "\(png.status) \(png.message)")
        #expect(png.message.utf8.count < Int(PD_MESSAGE_LENGTH))
        var width: Int32 = 0, height: Int32 = 0
        var output: UnsafeMutablePointer<UInt8>?
        let gif = cut(Self.redPixelGIF).withUnsafeBufferPointer { pd_gif_decode($0.baseAddress, $0.count, 1 << 20, &output, &width, &height) }
        defer { pd_gif_free(output) }
        #expect(gif != Int32(PD_GIF_OK) && output == nil)
    }
}
